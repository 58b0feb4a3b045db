/** Where a node sits in a scenario, as people write it: `calls[2].args.path`, `environment.files["/a b"]`. */

export type PathSegment = string | number;

export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const s of path) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(s)) out += out === '' ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** `path: message`, or the message alone at the top level. */
export function at(path: readonly PathSegment[], message: string): string {
  const p = formatPath(path);
  return p === '' ? message : `${p}: ${message}`;
}
