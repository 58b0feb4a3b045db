/**
 * Blast radius per agent (docs/analyses.md#blast-radius): for each scenario with `agents:`, a table
 * of what a compromise of each agent reaches under task_scoped: the tools of its chain's effective
 * grant, the scenario's attacks its own warrant lets through (decided by the real authorizer), the
 * attacks it reaches by minting its descendants' grants again, and whether it may delegate. Then
 * the analyses that skipped a topology, with their reason.
 *
 * Everything here comes from scenario files or a results file: prose is escaped, names and values
 * are shown in code spans (escape.ts), and every list is bounded.
 */
import type { AnalysisSkip, ScenarioBlast } from '../../results/blast-radius.js';
import type { Results } from '../../results/results.js';
import { cellCodeSpan, type Escapers } from '../escape.js';

const MAX_SCENARIOS = 20; // tables shown; the rest are counted
const MAX_AGENTS = 50; // rows per table
const MAX_TOOLS = 12; // tools named per row
const MAX_SKIPS = 20;
const MAX_GRANT_CHARS = 160; // of one tool's grant

export function blastRadiusOf(results: Results): readonly ScenarioBlast[] | undefined {
  return results.blast_radius !== undefined && results.blast_radius.length > 0 ? results.blast_radius : undefined;
}

function calls(indices: readonly number[]): string {
  return indices.length === 0 ? 'none' : indices.map((i) => `#${i}`).join(', ');
}

/** Each tool with its constraints, as the scenario would write them (`read_file {"path":{"subpath":"/app"}}`). */
function tools(grant: Readonly<Record<string, unknown>>): string {
  const names = Object.keys(grant);
  if (names.length === 0) return 'none';
  const one = (name: string): string => {
    const text = `${name} ${JSON.stringify(grant[name])}`;
    return cellCodeSpan(text.length <= MAX_GRANT_CHARS ? text : `${text.slice(0, MAX_GRANT_CHARS)}…`);
  };
  const shown = names.slice(0, MAX_TOOLS).map(one).join(', ');
  return names.length > MAX_TOOLS ? `${shown} and ${names.length - MAX_TOOLS} more` : shown;
}

function scenarioTable(s: ScenarioBlast, escapers: Escapers): string {
  const lines = [
    `**${escapers.text(s.scenario)}** (${s.attacks_total} scripted ${s.attacks_total === 1 ? 'attack' : 'attacks'}, \`expect: deny\`):`,
    '',
    '| agent | from | effective grant of its chain | attacks its own warrant allows | more by delegating | may delegate |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const a of s.agents.slice(0, MAX_AGENTS)) {
    const delegate = a.may_delegate ? `yes (${a.depth_left} more ${a.depth_left === 1 ? 'level' : 'levels'})` : 'no';
    lines.push(
      `| ${cellCodeSpan(a.agent)} | ${cellCodeSpan(a.parent)} | ${tools(a.grant)} | ${calls(a.attacks)} | ${calls(a.attacks_by_delegation)} | ${delegate} |`,
    );
  }
  if (s.agents.length > MAX_AGENTS) lines.push(`| … and ${s.agents.length - MAX_AGENTS} more agents | | | | | |`);
  return lines.join('\n');
}

function skipsOf(skips: readonly AnalysisSkip[], escapers: Escapers): string[] {
  if (skips.length === 0) return [];
  const lines = ['', 'Not run on these scenarios (a topology):', ''];
  for (const k of skips.slice(0, MAX_SKIPS))
    lines.push(`- **${escapers.text(k.scenario)}**: ${escapers.text(k.analysis)}: ${escapers.text(k.reason)}`);
  if (skips.length > MAX_SKIPS) lines.push(`- … and ${skips.length - MAX_SKIPS} more`);
  return lines;
}

export function renderBlastRadiusSection(results: Results, escapers: Escapers): string {
  const blasts = blastRadiusOf(results) ?? [];
  const lines = [
    '### Blast radius per agent',
    '',
    'What a compromise of each agent reaches under task_scoped: its own warrant (each attack signed with its key and checked against its whole chain), and what it could mint its children (any grant within its own).',
  ];
  for (const s of blasts.slice(0, MAX_SCENARIOS)) lines.push('', scenarioTable(s, escapers));
  if (blasts.length > MAX_SCENARIOS)
    lines.push('', `… and ${blasts.length - MAX_SCENARIOS} more scenarios (see the results JSON, \`blast_radius\`).`);
  lines.push(...skipsOf(results.analyses_skipped ?? [], escapers));
  return lines.join('\n');
}
