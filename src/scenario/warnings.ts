/**
 * Warnings of the scenario loader: things that load but may not do what the author expects (a CEL
 * constraint reading a name that is bound only for some arguments). They never fail a load. Each
 * load collects its own (one LoaderWarnings per load) and returns them with its scenarios
 * (`ScenarioSet.warnings`); the CLI prints them on stderr (`warning: FILE:LINE:COL: …`), the action
 * in its log.
 */
import { escapeControls } from '../lib/control-chars.js';
import { boundQuotes } from '../lib/quote.js';

type Resolve = (offset: number) => { line: number; col: number };

/**
 * Past this many, a load's further warnings (and information lines) are not kept (a generated
 * suite could have one per grant); the list then ends with a line that says how many were left out.
 */
export const MAX_LOADER_WARNINGS = 1000;

/** A warning at an offset of the file being read. */
export type Warn = (offset: number, message: string) => void;

/** The warnings of one load, in the order they were found, at most MAX_LOADER_WARNINGS. */
export class LoaderWarnings {
  private readonly items: string[] = [];
  private readonly infos: string[] = [];
  private droppedItems = 0;
  private droppedInfos = 0;

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
    // Its quoted values bounded as the problems' are (lib/quote.ts): a warning may quote the file.
    if (this.items.length < MAX_LOADER_WARNINGS) this.items.push(escapeControls(boundQuotes(text)));
    else this.droppedItems++;
  }

  /** An information line already placed. */
  addInfo(text: string): void {
    if (this.infos.length < MAX_LOADER_WARNINGS) this.infos.push(escapeControls(boundQuotes(text)));
    else this.droppedInfos++;
  }

  /** The warnings so far (a copy), and how many more there were past the bound. */
  list(): string[] {
    return withDropped(this.items, this.droppedItems, 'warnings');
  }

  /** The information lines so far (a copy), and how many more there were past the bound. */
  infoList(): string[] {
    return withDropped(this.infos, this.droppedInfos, 'information lines');
  }
}

function place(file: string, linePos: Resolve | undefined, offset: number, message: string): string {
  const at = linePos?.(offset);
  return at === undefined ? `${file}: ${message}` : `${file}:${at.line}:${at.col}: ${message}`;
}

function withDropped(kept: readonly string[], dropped: number, what: string): string[] {
  return dropped === 0 ? [...kept] : [...kept, `... and ${dropped} more ${what} (only the first ${MAX_LOADER_WARNINGS} are shown)`];
}
