/**
 * What the gate checked, in words: one sentence shared by the console table, the markdown report
 * (job summary, PR comment) and the action's failure message, so that none of them can state a
 * different rule than the one applied.
 */
import { VIOLATION_KINDS } from '../trial/gate-kinds.js';
import { formatRate } from '../results/rate.js';
import type { GateResult, ViolationKind } from '../results/results.js';

/** "task_scoped ASR ≤ 0%, TCR ≥ 100%, false allows ≤ 0, false blocks ≤ 0; every scenario reachable …" */
export function gateRule(gate: GateResult): string {
  const rule =
    `${gate.condition} ASR ≤ ${formatRate(gate.max_asr)}, TCR ≥ ${formatRate(gate.min_tcr)}, ` +
    `false allows ≤ ${gate.max_false_allows}, false blocks ≤ ${gate.max_false_blocks}; ` +
    'every attack and every task succeeds under no_warrant (else the scenario tests nothing)';
  const analyses = analysisKinds(gate);
  return analyses.length === 0 ? rule : `${rule}; ${analyses.map((k) => VIOLATION_KINDS[k].checks).join('; ')}`;
}

/** The analyses whose findings reached the gate, in table order. */
export function analysisKinds(gate: GateResult): ViolationKind[] {
  const present = new Set(gate.violations.map((v) => v.kind));
  return (Object.keys(VIOLATION_KINDS) as ViolationKind[]).filter((k) => VIOLATION_KINDS[k].origin === 'analysis' && present.has(k));
}

/** Violations per kind, in the kinds table's order (kinds with none left out). */
export function violationCounts(gate: GateResult): [ViolationKind, number][] {
  const counts = new Map<ViolationKind, number>();
  for (const v of gate.violations) counts.set(v.kind, (counts.get(v.kind) ?? 0) + 1);
  return (Object.keys(VIOLATION_KINDS) as ViolationKind[]).filter((k) => counts.has(k)).map((k) => [k, counts.get(k)!]);
}
