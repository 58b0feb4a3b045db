/**
 * The markdown report's "Scenarios" section: per scenario, its description and the user's request,
 * so a reader knows what each row of the tables is about. Short (each text cut to one line of
 * MAX_TEXT characters) and escaped: it comes from scenario files, and in report-only mode from a
 * results file that a fork's pull request may have written.
 */
import type { Results } from '../../results/results.js';

/** The report's escapers (markdown.ts). */
export interface TextEscaper {
  /** Markdown prose: one line, no HTML, no emphasis or link tricks, no @mentions. */
  text(s: string): string;
}

const MAX_TEXT = 200;

function cut(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= MAX_TEXT ? one : `${one.slice(0, MAX_TEXT - 1)}…`;
}

/** '' when the results carry no scenario_info (older files, LLM-only runs). */
export function renderScenariosSection(r: Results, esc: TextEscaper): string {
  const info = r.scenario_info;
  if (info === undefined || info.length === 0) return '';
  const lines = info.map((s) => {
    const description = s.description.trim() === '' ? '' : `: ${esc.text(cut(s.description))}`;
    const request = s.request.trim() === '' ? '' : ` — request: ${esc.text(cut(s.request))}`;
    const from = s.warrant_from
      ? ` — grant read from the Tenuo token ${esc.text(cut(s.warrant_from.from))} (leaf ${esc.text(cut(s.warrant_from.leaf))}), re-granted under the benchmark's chain: the holder key is the benchmark's, not the token's`
      : '';
    return `- **${esc.text(s.name)}**${description}${request}${from}`;
  });
  return `### Scenarios\n\n${lines.join('\n')}`;
}
