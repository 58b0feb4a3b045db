/**
 * Warnings of the scenario loader: things that load but may not do what the author expects (a CEL
 * constraint reading a name that is bound only for some arguments). They never fail a load; the
 * CLI prints them on stderr after loading (drainLoaderWarnings). Offsets are resolved to
 * FILE:LINE:COL by the parser, which sets the current file (beginFile).
 */
export interface LoaderWarning {
  readonly file: string;
  readonly offset: number;
  readonly message: string;
}

const MAX_WARNINGS = 1000;
const pending: LoaderWarning[] = [];
let currentFile = '';

/** The file whose offsets the next warnings refer to. */
export function beginFile(file: string): void {
  currentFile = file;
}

export function warnLoader(offset: number, message: string): void {
  if (pending.length < MAX_WARNINGS) pending.push({ file: currentFile, offset, message });
}

/** The warnings so far, removed. */
export function drainLoaderWarnings(): LoaderWarning[] {
  return pending.splice(0, pending.length);
}
