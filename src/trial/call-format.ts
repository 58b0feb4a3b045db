/** A call as one short line for messages: `read_file(path='/secrets/x')`, long values cut. */
const MAX_VALUE_CHARS = 60;

function formatArg(v: unknown): string {
  let text: string;
  if (typeof v === 'string') text = `'${JSON.stringify(v).slice(1, -1).replace(/'/g, "\\'")}'`;
  else text = JSON.stringify(v) ?? String(v);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

export function formatCall(tool: string, args: Readonly<Record<string, unknown>>): string {
  return `${tool}(${Object.keys(args)
    .map((k) => `${k}=${formatArg(args[k])}`)
    .join(', ')})`;
}
