/**
 * Everything wrong with a set of scenario files, reported at once. A `ScenarioError` is bad input
 * (exit code 2), never a bug: it carries positioned problems and formats them as
 * `FILE:LINE:COL: message`, sorted by file then position, so an editor or a CI log can jump to each.
 */
import { escapeControls } from '../lib/control-chars.js';
import { boundMessage } from '../lib/quote.js';
import { BenchError } from '../lib/errors.js';

export interface ScenarioProblem {
  file: string; // as the user named it
  line: number; // 1-based; 0 for a problem with the file as a whole (missing, too large, ...)
  col: number; // 1-based; 0 with line 0
  message: string;
}

export class ScenarioError extends BenchError {
  override readonly name = 'ScenarioError';
  readonly code = 'scenario_invalid';
  readonly kind = 'input' as const;
  readonly problems: readonly ScenarioProblem[];

  constructor(problems: readonly ScenarioProblem[]) {
    // Every problem, wherever it was made, quotes at most MAX_QUOTED_CHARS of a file (lib/quote.ts).
    const sorted = sortProblems(problems.map((p) => ({ ...p, message: boundMessage(p.message) })));
    super(summary(sorted));
    this.problems = sorted;
  }

  /** One `FILE:LINE:COL: message` line per problem (`FILE: message` for whole-file problems). */
  format(): string {
    return this.problems.map(formatProblem).join('\n');
  }
}

/** One line, whatever the file's names and text hold (control characters as `\xNN`). */
export function formatProblem(problem: ScenarioProblem): string {
  const file = escapeControls(problem.file);
  const message = escapeControls(problem.message);
  return problem.line > 0 ? `${file}:${problem.line}:${problem.col}: ${message}` : `${file}: ${message}`;
}

function summary(problems: readonly ScenarioProblem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  const n = problems.length;
  // Not "scenario files": a problem may sit in a file a scenario reads (a governance policy).
  return `${n} problem${n === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
}

/** By file name (code units), then line and column; at one position, in the order found (stable). */
export function sortProblems(problems: readonly ScenarioProblem[]): ScenarioProblem[] {
  return [...problems].sort((a, b) => cmp(a.file, b.file) || a.line - b.line || a.col - b.col);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
