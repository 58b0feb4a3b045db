/**
 * The report of a run that stopped before it had results (invalid scenario files, a base that
 * cannot be read, the benchmark itself failing): "not evaluated", with the reason and no green
 * mark. The action writes it to the sticky comment and the job summary like any report, so that
 * a comment computed for an earlier commit never stays up under a red check (docs/action.md).
 */
import type { ScenarioProblem } from '../scenario/errors.js';
import { plural } from '../lib/plural.js';
import { codeSpan } from './escape.js';
import { escapeText } from './escape.js';
import { computedForLine, reportMarker, type ComputedFor } from './markdown.js';

export interface NotEvaluatedOptions {
  name: string;
  /** Why the run stopped, one line or a few (shown as text, escaped). */
  reason: string;
  /** The scenario files' problems, when they are why. */
  problems?: readonly ScenarioProblem[];
  /** Upper bound on the problems listed; the rest are counted. */
  maxProblems?: number;
  computedFor?: ComputedFor;
  runUrl?: string;
}

const DEFAULT_MAX = 200;
/** A reason is a message of this tool, or of git or the file system: bounded all the same. */
const MAX_REASON = 4000;

export function renderNotEvaluated(options: NotEvaluatedOptions): string {
  const title = options.name === 'delegation-bench' ? 'delegation-bench' : `delegation-bench: ${escapeText(options.name)}`;
  const lines = [reportMarker(options.name), '', `## ${title} (⚠️ not evaluated)`, ''];
  const line = computedForLine(options.computedFor);
  if (line) lines.push(line, '');
  const reason = options.reason.length > MAX_REASON ? `${options.reason.slice(0, MAX_REASON - 1)}…` : options.reason;
  lines.push(`**Not evaluated:** the run stopped before it had results, so there is no verdict for this commit. ${escapeText(reason)}`);
  const problems = options.problems ?? [];
  if (problems.length > 0) {
    const max = options.maxProblems ?? DEFAULT_MAX;
    const files = new Set(problems.map((p) => p.file)).size;
    lines.push('', `${plural(problems.length, 'problem')} in ${plural(files, 'scenario file')}:`, '');
    for (const p of problems.slice(0, max)) {
      const where = p.line > 0 ? `${p.file}:${p.line}:${p.col}` : p.file;
      lines.push(`- ${codeSpan(where)}: ${escapeText(p.message)}`);
    }
    if (problems.length > max) lines.push(`- … and ${problems.length - max} more (the step's log lists them all)`);
  }
  const run = options.runUrl && /^https?:\/\/[^\s()<>]+$/.test(options.runUrl) ? ` · [workflow run](${options.runUrl})` : '';
  lines.push('', `<sub>delegation-bench · not evaluated${run}</sub>`);
  return `${lines.join('\n')}\n`;
}
