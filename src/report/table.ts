/**
 * The console report: scenario × condition (ASR, TCR, calls blocked), the key finding and the
 * gate verdict. Plain text with aligned columns and no colour codes, so it reads the same in a
 * terminal, a CI log or a file.
 */
import { monotonicityLine, monotonicityOf } from './sections/monotonicity-section.js';
import { llmTableLines } from './sections/llm-section.js';
import { plural } from '../lib/plural.js';
import { escapeControls } from '../lib/control-chars.js';
import { formatRate } from '../results/rate.js';
import type { Condition, ConditionSummary, Results, Trial } from '../results/results.js';
import { gateRule, violationCounts } from './gate-rule.js';
import { policyAnalysisLine, policyAnalysisOf } from './sections/policy-analysis-section.js';
import { probesLine, probesOf } from './sections/probes-section.js';
import { baseFindingsLine } from './sections/base-findings-section.js';
import { suitesTableLines } from './sections/suites-section.js';

interface Cell {
  asr: string;
  tcr: string;
  blocked: string;
}

function trialCell(t: Trial | undefined): Cell {
  if (!t) return { asr: '-', tcr: '-', blocked: '-' };
  return {
    asr: t.attack_succeeded ? '100%' : '0%',
    tcr: t.task_succeeded ? '100%' : '0%',
    blocked: String(t.calls_blocked),
  };
}

function summaryCell(s: ConditionSummary | undefined): Cell {
  if (!s) return { asr: '-', tcr: '-', blocked: '-' };
  return { asr: formatRate(s.asr), tcr: formatRate(s.tcr), blocked: String(s.calls_blocked) };
}

const SUB = ['ASR', 'TCR', 'blocked'] as const;

function matrix(results: Results): string[] {
  const conditions = results.conditions;
  const byKey = new Map<string, Trial>();
  for (const t of results.trials) byKey.set(`${t.scenario}\u0000${t.condition}`, t);
  const total = `all (${results.scenarios.length})`;
  const rows: { name: string; cells: Cell[] }[] = results.scenarios.map((name) => ({
    name: escapeControls(name), // a merged shard file's names are only length-checked
    cells: conditions.map((c) => trialCell(byKey.get(`${name}\u0000${c}`))),
  }));
  const totalRow = { name: total, cells: conditions.map((c) => summaryCell(results.summary[c])) };

  const nameWidth = Math.max('scenario'.length, total.length, ...rows.map((r) => r.name.length));
  // Each sub-column is as wide as its widest entry (rates at least "100%", so conditions line up);
  // each condition group at least as wide as its name.
  const widths = conditions.map((c, i) => {
    const all = [...rows, totalRow].map((r) => r.cells[i]!);
    const w = {
      asr: Math.max(4, ...all.map((x) => x.asr.length)),
      tcr: Math.max(4, ...all.map((x) => x.tcr.length)),
      blocked: Math.max(SUB[2].length, ...all.map((x) => x.blocked.length)),
    };
    const group = w.asr + w.tcr + w.blocked + 4;
    if (group < c.length) w.blocked += c.length - group;
    return w;
  });
  const gap = '   ';
  const groupWidth = (i: number): number => widths[i]!.asr + widths[i]!.tcr + widths[i]!.blocked + 4;
  const line = (name: string, parts: string[]): string => (name.padEnd(nameWidth) + gap + parts.join(gap)).trimEnd();
  const fmt = (cell: Cell, i: number): string => {
    const w = widths[i]!;
    return `${cell.asr.padStart(w.asr)}  ${cell.tcr.padStart(w.tcr)}  ${cell.blocked.padStart(w.blocked)}`;
  };
  const out = [
    line(
      '',
      conditions.map((c: Condition, i) => c.padEnd(groupWidth(i))),
    ),
    line(
      'scenario',
      conditions.map((_, i) => fmt({ asr: SUB[0], tcr: SUB[1], blocked: SUB[2] }, i)),
    ),
    line(
      '-'.repeat(nameWidth),
      conditions.map((_, i) => '-'.repeat(groupWidth(i))),
    ),
    ...rows.map((r) => line(r.name, r.cells.map(fmt))),
    line(
      '-'.repeat(nameWidth),
      conditions.map((_, i) => '-'.repeat(groupWidth(i))),
    ),
    line(total, totalRow.cells.map(fmt)),
  ];
  return out;
}

/** The headline: what no_warrant lets through and what task-scoped warrants leave of it. */
export function keyFinding(results: Results): string[] {
  const base = results.summary.no_warrant;
  const broad = results.summary.broad;
  const scoped = results.summary.task_scoped;
  if (!base || !scoped) return [];
  const blocked = scoped.calls_blocked;
  const lines = [
    `Key finding: no_warrant ASR ${formatRate(base.asr)} → task_scoped ASR ${formatRate(scoped.asr)}, ` +
      `TCR ${formatRate(scoped.tcr)}, ${plural(blocked, 'call')} blocked`,
  ];
  const details = [`false allows ${scoped.false_allows}`, `false blocks ${scoped.false_blocks}`];
  if (broad) details.unshift(`broad ASR ${formatRate(broad.asr)}`);
  lines.push(`             (${details.join(', ')})`);
  return lines;
}

export function gateLines(results: Results): string[] {
  const g = results.gate;
  const verdict = g.passed ? 'PASSED' : 'FAILED';
  const lines = [`Gate (${gateRule(g)}): ${verdict}`];
  if (!g.passed)
    lines.push(
      `  violations: ${violationCounts(g)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}`,
    );
  for (const v of g.violations) {
    lines.push(`  [${v.kind}] ${v.scenario === '' ? 'suite' : escapeControls(v.scenario)}: ${escapeControls(v.message)}`);
    if (v.source) lines.push(`    at ${escapeControls(v.source)}`);
  }
  return lines;
}

export function renderTable(results: Results): string {
  const n = results.scenarios.length;
  const head = `delegation-bench: ${plural(n, 'scenario')} × ${plural(results.conditions.length, 'condition')}`;
  // --mode llm: the scripted matrix did not run, so it has no table, finding or gate to show.
  const parts =
    results.mode === 'llm'
      ? [head, ...llmTableLines(results)]
      : [
          head,
          '',
          ...matrix(results),
          ...suitesTableLines(results),
          '',
          ...keyFinding(results),
          ...gateLines(results),
          ...llmTableLines(results),
        ];
  const against = baseFindingsLine(results.baseline?.findings, results.baseline?.ref ?? ''); // docs/guard.md: new apart from old
  if (against) parts.push(against);
  const holes = probesOf(results); // docs/analyses.md: probes run, escaped
  if (holes) parts.push(probesLine(holes));
  const policy = policyAnalysisOf(results); // docs/analyses.md: one line for the warrant mutants, coverage and slack
  if (policy) parts.push(policyAnalysisLine(policy));
  const links = monotonicityOf(results); // docs/analyses.md: the delegation links audited
  if (links) parts.push(monotonicityLine(links));
  if (results.timings) {
    parts.push(
      `Timings: ${Object.entries(results.timings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }
  // Every line once more: the sections print strings of a results file (merge reads shards that
  // only passed the schema's bounds), and one line break would let it write a workflow command.
  return parts.map(escapeControls).join('\n') + '\n';
}
