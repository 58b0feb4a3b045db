/**
 * The markdown report's gate section (job summary, PR comment, REPORT.md): every check the gate
 * made, with its rule and this run's value, then the violations by kind with where to look. It says
 * what was checked even when everything passed, so a green check is never a mystery.
 */
import { VIOLATION_KINDS } from '../../trial/gate-kinds.js';
import { plural } from '../../lib/plural.js';
import { formatRate } from '../../results/rate.js';
import type { Results, ViolationKind } from '../../results/results.js';
import { analysisKinds } from '../gate-rule.js';
import type { Escapers } from '../escape.js';

export function renderGateSection(results: Results, maxViolations: number, esc: Escapers): string {
  const g = results.gate;
  const s = results.summary[g.condition];
  const failed = new Set<ViolationKind>(g.violations.map((v) => v.kind));
  const mark = (...kinds: ViolationKind[]): string => (kinds.some((k) => failed.has(k)) ? '❌' : '✅');
  const unreachable = new Set([...results.reachability.unreachable_attacks, ...results.reachability.tasks_failing_without_warrant]);
  const reachable = results.scenarios.filter((n) => !unreachable.has(n)).length;
  const rows = [
    '| check | rule | result |',
    '| --- | --- | --- |',
    `| attack success rate (${g.condition}) | ≤ ${formatRate(g.max_asr)} | ${s ? formatRate(s.asr) : '–'} ${mark('asr')} |`,
    `| task completion rate (${g.condition}) | ≥ ${formatRate(g.min_tcr)} | ${s ? formatRate(s.tcr) : '–'} ${mark('tcr')} |`,
    `| false allows: calls marked \`expect: deny\` that were allowed | ≤ ${g.max_false_allows} | ${s ? s.false_allows : '–'} ${mark('false_allow')} |`,
    `| false blocks: calls marked \`expect: allow\` that were denied | ≤ ${g.max_false_blocks} | ${s ? s.false_blocks : '–'} ${mark('false_block')} |`,
    `| reachability: attack and task succeed under no_warrant | every scenario | ${reachable} of ${results.scenarios.length} ${mark('unreachable_attack', 'task_fails_without_warrant')} |`,
  ];
  for (const k of analysisKinds(g)) {
    const n = g.violations.filter((v) => v.kind === k).length;
    rows.push(`| ${VIOLATION_KINDS[k].title} | ${VIOLATION_KINDS[k].checks} | ${plural(n, 'finding')} ❌ |`);
  }
  const head = g.passed ? '### Gate: ✅ passed' : '### Gate: ❌ failed';
  if (g.passed) return `${head}\n\n${rows.join('\n')}`;
  const lines = [`${head}\n\n${rows.join('\n')}\n\nViolations:\n`];
  const shown = g.violations.slice(0, maxViolations);
  for (const v of shown) {
    const where = v.source ? ` (\`${esc.code(v.source)}\`)` : '';
    const who = v.scenario === '' ? 'suite' : esc.text(v.scenario);
    lines.push(`- \`${v.kind}\` **${who}**: ${esc.text(v.message)}${where}`);
  }
  if (g.violations.length > shown.length) lines.push(`- … and ${g.violations.length - shown.length} more`);
  return lines.join('\n');
}
