/**
 * The job summary: the full report, appended to the step's summary (the runner's
 * GITHUB_STEP_SUMMARY file). GitHub drops a step summary over 1 MiB entirely, so the report is
 * fitted into what is left of that budget, with the renderer dropping detail first.
 */
import { stat } from 'node:fs/promises';
import type { Results } from '../results/results.js';
import { markdownRenderer, type MarkdownOptions } from '../report/markdown.js';
import { renderNotEvaluated, type NotEvaluatedOptions } from '../report/not-evaluated.js';
import type { SummarySink } from './runner.js';

export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
const MARGIN_BYTES = 1024;

/**
 * The report rendered to at most `maxBytes` bytes of UTF-8. The renderer's limit is in characters,
 * so it is tightened until the bytes fit (a few rounds at most: each shrinks by the overshoot).
 */
export function renderWithinBytes(results: Results, options: Omit<MarkdownOptions, 'maxChars'>, maxBytes: number): string {
  const render = markdownRenderer(results, options); // sections rendered once for every round
  let text = render();
  let maxChars = Math.min(text.length, maxBytes);
  for (let round = 0; round < 8 && Buffer.byteLength(text, 'utf8') > maxBytes; round++) {
    text = render(maxChars);
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes <= maxBytes) break;
    maxChars = Math.max(64, Math.floor((maxChars * maxBytes) / bytes) - 16);
  }
  return text;
}

export async function writeJobSummary(
  summary: SummarySink,
  results: Results,
  options: Omit<MarkdownOptions, 'maxChars'>,
): Promise<{ bytes: number }> {
  const text = renderWithinBytes(results, options, await budgetOf(summary.file));
  await summary.append(text);
  return { bytes: Buffer.byteLength(text, 'utf8') };
}

/**
 * The job summary of a run that stopped before results: "not evaluated", the reason and the
 * scenario files' problems. Fewer problems are listed until the text fits (each is bounded by the
 * loader, so a few rounds at most).
 */
export async function writeNotEvaluatedSummary(
  summary: SummarySink,
  options: Omit<NotEvaluatedOptions, 'maxProblems'>,
): Promise<{ bytes: number }> {
  const budget = await budgetOf(summary.file);
  let max = options.problems?.length ?? 0;
  let text = renderNotEvaluated({ ...options, maxProblems: max });
  while (Buffer.byteLength(text, 'utf8') > budget && max > 0) {
    max = Math.floor(max / 2);
    text = renderNotEvaluated({ ...options, maxProblems: max });
  }
  if (Buffer.byteLength(text, 'utf8') > budget) return { bytes: 0 };
  await summary.append(text);
  return { bytes: Buffer.byteLength(text, 'utf8') };
}

/** What is left of GitHub's 1 MiB for this step's summary file. */
async function budgetOf(file: string): Promise<number> {
  let used: number;
  try {
    used = (await stat(file)).size;
  } catch {
    used = 0; // not there (yet): nothing of the budget is used
  }
  return Math.max(0, SUMMARY_LIMIT_BYTES - used - MARGIN_BYTES);
}
