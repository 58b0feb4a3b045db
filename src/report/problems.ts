/**
 * The report of a run that could not start: the scenario files' problems, for the job summary, so
 * that a reader of the run page sees what to fix without opening the log. Every problem is data
 * from the files (names, quoted values), escaped as the main report escapes it.
 */
import type { ScenarioProblem } from '../scenario/errors.js';
import { plural } from '../lib/plural.js';
import { codeSpan } from './code-span.js';
import { escapeText } from './markdown.js';

export interface ProblemsOptions {
  name: string;
  /** Upper bound on the number of problems listed; the rest are counted. */
  maxProblems?: number;
}

const DEFAULT_MAX = 200;

export function renderProblemsMarkdown(problems: readonly ScenarioProblem[], o: ProblemsOptions): string {
  const max = o.maxProblems ?? DEFAULT_MAX;
  const files = new Set(problems.map((p) => p.file)).size;
  const n = problems.length;
  const title = o.name === 'delegation-bench' ? 'delegation-bench' : `delegation-bench: ${escapeText(o.name)}`;
  const lines = [
    `## ${title} (❌ invalid scenario files)`,
    '',
    `${plural(n, 'problem')} in ${plural(files, 'scenario file')}; nothing was run and the gate was not evaluated.`,
    '',
  ];
  for (const p of problems.slice(0, max)) {
    const where = p.line > 0 ? `${p.file}:${p.line}:${p.col}` : p.file;
    lines.push(`- ${codeSpan(where)}: ${escapeText(p.message)}`);
  }
  if (n > max) lines.push(`- … and ${n - max} more (the step's log lists them all)`);
  return `${lines.join('\n')}\n`;
}

