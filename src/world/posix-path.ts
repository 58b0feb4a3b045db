/**
 * Lexical POSIX path normalization (`.`, `..`, repeated `/`), as the reference's Subpath does it: a
 * pure string operation, `..` never climbs above the root. Used to canonicalize Subpath roots and to
 * insist that environment file names are written in canonical form.
 */
export function normalizePosixPath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}
