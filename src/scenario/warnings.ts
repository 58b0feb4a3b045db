/**
 * Warnings of the scenario loader: things that load but may not do what the author expects (a CEL
 * constraint reading a name that is bound only for some arguments). They never fail a load; the
 * CLI prints them on stderr (`warning: FILE:LINE:COL: …`) after loading (drainLoaderWarnings).
 * The parser names the file being read and how its offsets map to lines (beginFile).
 */
type Resolve = (offset: number) => { line: number; col: number };

const MAX_WARNINGS = 1000;
const pending: string[] = [];
let currentFile = '';
let resolve: Resolve | undefined;

/** The file whose offsets the next warnings refer to. */
export function beginFile(file: string, linePos?: Resolve): void {
  currentFile = file;
  resolve = linePos;
}

export function warnLoader(offset: number, message: string): void {
  if (pending.length >= MAX_WARNINGS) return;
  const at = resolve?.(offset);
  pending.push(at === undefined ? `${currentFile}: ${message}` : `${currentFile}:${at.line}:${at.col}: ${message}`);
}

/** The warnings so far (FILE:LINE:COL: message), removed. */
export function drainLoaderWarnings(): string[] {
  return pending.splice(0, pending.length);
}

const infos: string[] = [];

/** What the loader read or inferred that the author should see (`info: FILE:LINE:COL: …`); never a problem. */
export function infoLoader(offset: number, message: string): void {
  if (infos.length >= MAX_WARNINGS) return;
  const at = resolve?.(offset);
  infos.push(at === undefined ? `${currentFile}: ${message}` : `${currentFile}:${at.line}:${at.col}: ${message}`);
}

/** The loader's information lines so far (FILE:LINE:COL: message), removed. */
export function drainLoaderInfo(): string[] {
  return infos.splice(0, infos.length);
}
