/**
 * The job summary: the full report, appended to the step's GITHUB_STEP_SUMMARY file. GitHub drops
 * a step summary over 1 MiB entirely, so the report is fitted into what is left of that budget,
 * with the renderer dropping detail first.
 */
import { appendFile, stat } from 'node:fs/promises';
import type { Results } from '../bench/results.js';
import { renderMarkdown, type MarkdownOptions } from '../report/markdown.js';

export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
const MARGIN_BYTES = 1024;

/**
 * The report rendered to at most `maxBytes` bytes of UTF-8. The renderer's limit is in characters,
 * so it is tightened until the bytes fit (a few rounds at most: each shrinks by the overshoot).
 */
export function renderWithinBytes(results: Results, o: Omit<MarkdownOptions, 'maxChars'>, maxBytes: number): string {
  let text = renderMarkdown(results, o);
  let maxChars = Math.min(text.length, maxBytes);
  for (let round = 0; round < 8 && Buffer.byteLength(text, 'utf8') > maxBytes; round++) {
    text = renderMarkdown(results, { ...o, maxChars });
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes <= maxBytes) break;
    maxChars = Math.max(64, Math.floor((maxChars * maxBytes) / bytes) - 16);
  }
  return text;
}

export async function writeJobSummary(
  file: string,
  results: Results,
  o: Omit<MarkdownOptions, 'maxChars'>,
): Promise<{ bytes: number }> {
  let used = 0;
  try {
    used = (await stat(file)).size;
  } catch {
    used = 0; // not there yet: appendFile creates it
  }
  const budget = Math.max(0, SUMMARY_LIMIT_BYTES - used - MARGIN_BYTES);
  const text = renderWithinBytes(results, o, budget);
  await appendFile(file, text, 'utf8');
  return { bytes: Buffer.byteLength(text, 'utf8') };
}
