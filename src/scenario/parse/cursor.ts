/**
 * The positioned reader every section of a scenario file shares: the YAML tree with what the schema
 * pass found wrong in it (`tainted`, `failed`: skip it, it was reported), and where each kind of
 * message goes (a problem, a warning, an information line, a problem in another file). One cursor
 * per file read; the sections (environment-section.ts, tools-section.ts, ...) only read through it.
 */
import type { SourcePos } from '../../model/scenario.js';
import type { ScenarioProblem } from '../errors.js';
import type { PEntry, PMap, PNode } from '../../lib/yaml-tree.js';
import type { Warn } from '../warnings.js';

/** Where the file is, for what it reads beside it (`warrant: {from: PATH}`). */
export interface ParseContext {
  /** The file's absolute path (default: `file` resolved against the process's folder). */
  readonly abs?: string;
  /** A folder every file it reads must resolve into (the action's workspace). */
  readonly confine?: string;
  /**
   * Reads a file named by `warrant: {from: PATH}` or `tools: {from: PATH}` instead of the file
   * system (the baseline: at a git ref).
   */
  readonly readTokenFile?: (from: string) => string;
}

/** What a cursor is made of (parseScenarioText builds it once per file). */
export interface CursorParts {
  readonly root: PMap;
  /** At or above a schema problem: its content is not trusted, skip it. */
  readonly tainted: ReadonlySet<PNode>;
  /** A schema problem at this very node: its shape is wrong, skip it and its children. */
  readonly failed: ReadonlySet<PNode>;
  readonly report: (offset: number, message: string) => void;
  /** What loads but may not do what the author expects (warnings.ts). */
  readonly warn: Warn;
  /** What the loader read or inferred that the author should see (validate prints it). */
  readonly info: Warn;
  readonly pos: (offset: number) => SourcePos;
  /** The file's text, to place problems found inside a scalar (a judge, a CEL constraint: scalar-offset.ts). */
  readonly text: string;
  readonly context: ParseContext;
  /** A problem in another file the scenario reads (a governance policy), at its own place. */
  readonly reportElsewhere: (problem: ScenarioProblem) => void;
}

export class ScenarioCursor implements CursorParts {
  readonly root: PMap;
  readonly tainted: ReadonlySet<PNode>;
  readonly failed: ReadonlySet<PNode>;
  readonly report: (offset: number, message: string) => void;
  readonly warn: Warn;
  readonly info: Warn;
  readonly pos: (offset: number) => SourcePos;
  readonly text: string;
  readonly context: ParseContext;
  readonly reportElsewhere: (problem: ScenarioProblem) => void;

  constructor(parts: CursorParts) {
    this.root = parts.root;
    this.tainted = parts.tainted;
    this.failed = parts.failed;
    this.report = parts.report;
    this.warn = parts.warn;
    this.info = parts.info;
    this.pos = parts.pos;
    this.text = parts.text;
    this.context = parts.context;
    this.reportElsewhere = parts.reportElsewhere;
  }

  entry(map: PMap, key: string): PEntry | undefined {
    return map.entries.find((e) => e.key === key);
  }

  /** A top-level string the schema passed (`name:`, `description:`), or undefined. */
  str(key: string): string | undefined {
    const v = this.entry(this.root, key)?.value;
    return v?.kind === 'scalar' && typeof v.value === 'string' && !this.tainted.has(v) ? v.value : undefined;
  }
}

export function scalarText(node: PNode): string {
  return node.kind === 'scalar' && typeof node.value === 'string' ? node.value : '';
}
