/**
 * Warnings of the scenario loader: things that load but may not do what the author expects (a CEL
 * constraint reading a name that is bound only for some arguments). They never fail a load. Each
 * load collects its own (one LoaderWarnings per load) and returns them with its scenarios
 * (`ScenarioSet.warnings`); the CLI prints them on stderr (`warning: FILE:LINE:COL: …`), the action
 * in its log.
 */
import { escapeControls } from '../lib/control-chars.js';

type Resolve = (offset: number) => { line: number; col: number };

/** Past this many, a load's further warnings are dropped (a generated suite could have one per grant). */
export const MAX_LOADER_WARNINGS = 1000;

/** A warning at an offset of the file being read. */
export type Warn = (offset: number, message: string) => void;

/** The warnings of one load, in the order they were found, at most MAX_LOADER_WARNINGS. */
export class LoaderWarnings {
  private readonly items: string[] = [];
  private readonly infos: string[] = [];

  /** A Warn that places offsets in `file` (its line map: `linePos`). */
  inFile(file: string, linePos?: Resolve): Warn {
    return (offset, message) => this.add(place(file, linePos, offset, message));
  }

  /**
   * Like inFile, for what the loader read or inferred that the author should see (`validate` prints
   * it as `info: FILE:LINE:COL: …`): never a problem, never a warning.
   */
  infoInFile(file: string, linePos?: Resolve): Warn {
    return (offset, message) => this.addInfo(place(file, linePos, offset, message));
  }

  /** A warning already placed (`FILE:LINE:COL: message`); one line, as the problems are (formatProblem). */
  add(text: string): void {
    if (this.items.length < MAX_LOADER_WARNINGS) this.items.push(escapeControls(text));
  }

  /** An information line already placed. */
  addInfo(text: string): void {
    if (this.infos.length < MAX_LOADER_WARNINGS) this.infos.push(escapeControls(text));
  }

  /** The warnings so far (a copy). */
  list(): string[] {
    return [...this.items];
  }

  /** The information lines so far (a copy). */
  infoList(): string[] {
    return [...this.infos];
  }
}

function place(file: string, linePos: Resolve | undefined, offset: number, message: string): string {
  const at = linePos?.(offset);
  return at === undefined ? `${file}: ${message}` : `${file}:${at.line}:${at.col}: ${message}`;
}
