/**
 * The markdown report's "Scenarios" section: per scenario, its description and the user's request,
 * so a reader knows what each row of the tables is about, and where a grant read from a file came
 * from. Short (each text cut to one line of MAX_TEXT characters) and escaped: it comes from scenario
 * and policy files, and in report-only mode from a results file that a fork's pull request may have
 * written.
 */
import type { Results } from '../../results/results.js';
import type { WarrantFromInfo } from '../../results/scenario-info.js';

/** The report's escapers (escape.ts). */
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
export function renderScenariosSection(results: Results, esc: TextEscaper): string {
  const info = results.scenario_info;
  if (info === undefined || info.length === 0) return '';
  const lines = info.map((s) => {
    const description = s.description.trim() === '' ? '' : `: ${esc.text(cut(s.description))}`;
    const request = s.request.trim() === '' ? '' : ` — request: ${esc.text(cut(s.request))}`;
    const from = s.warrant_from ? ` — ${originText(s.warrant_from, esc)}` : '';
    return `- **${esc.text(s.name)}**${description}${request}${from}`;
  });
  return `### Scenarios\n\n${lines.join('\n')}`;
}

/** Where a grant read with `warrant: {from: PATH}` came from, and what the benchmark made of it. */
function originText(w: WarrantFromInfo, esc: TextEscaper): string {
  const t = (v: string): string => esc.text(cut(v));
  return w.kind === 'claude_code_policy'
    ? `grant read from the Claude Code governance policy ${t(w.from)} (sha256 ${t(w.sha256)}, {sandbox} = ${t(w.sandbox)}), ` +
        `re-granted under the benchmark's chain: calls are authorized as Tenuo's hook signs them`
    : `grant read from the Tenuo token ${t(w.from)} (leaf ${t(w.leaf)}), re-granted under the benchmark's chain: the holder key is the benchmark's, not the token's`;
}
