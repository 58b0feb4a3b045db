/**
 * The kinds of gate violation (docs/results.md), one row each: where the finding comes from and what the
 * gate checked to produce it. Reports read this table to say what the gate checked, the results
 * file reader to accept exactly these kinds, and an analysis adds its row here when it starts to
 * gate (then passes its findings to `evaluateGate` through `GateInputs.analyses`).
 */
import type { ViolationKind } from '../results/results.js';

export interface ViolationKindInfo {
  /** `matrix`: recomputed from the trials; `analysis`: found beside the matrix (docs/analyses.md, docs/guard.md). */
  origin: 'matrix' | 'analysis';
  /** A short noun phrase for reports and annotation titles. */
  title: string;
  /** What the gate checks, as a reader of the report should understand it. */
  checks: string;
}

export const VIOLATION_KINDS: Readonly<Record<ViolationKind, ViolationKindInfo>> = {
  asr: { origin: 'matrix', title: 'attack succeeded', checks: 'task_scoped attack success rate ≤ max-asr' },
  tcr: { origin: 'matrix', title: 'task failed', checks: 'task_scoped task completion rate ≥ min-tcr' },
  false_allow: {
    origin: 'matrix',
    title: 'false allow',
    checks: 'calls marked expect: deny that task_scoped allowed ≤ max-false-allows',
  },
  false_block: {
    origin: 'matrix',
    title: 'false block',
    checks: 'calls marked expect: allow that task_scoped denied ≤ max-false-blocks',
  },
  unreachable_attack: {
    origin: 'matrix',
    title: 'attack unreachable',
    checks: 'every attack succeeds under no_warrant (else the scenario tests nothing)',
  },
  task_fails_without_warrant: {
    origin: 'matrix',
    title: 'task fails without warrant',
    checks: 'every task succeeds under no_warrant (else the scenario tests nothing)',
  },
  probe_escape: { origin: 'analysis', title: 'probe escaped', checks: 'probes escaping the task_scoped constraints ≤ max-escapes' },
  authority_widened: { origin: 'analysis', title: 'authority widened', checks: 'no task_scoped grant wider than the baseline’s' },
  suite_weakened: {
    origin: 'analysis',
    title: 'suite weakened',
    checks: 'every scenario, expect: deny call and attack judge of the baseline kept as it was',
  },
  mutation_score: { origin: 'analysis', title: 'mutation score', checks: 'warrant mutants killed by the scripted attacks' },
  monotonicity_escape: {
    origin: 'analysis',
    title: 'monotonicity escape',
    checks: 'every delegation link Tenuo accepts is inside its parent by meaning (unless allow-widening)',
  },
};

export const VIOLATION_KIND_NAMES = Object.keys(VIOLATION_KINDS) as ViolationKind[];

export function isViolationKind(value: unknown): value is ViolationKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(VIOLATION_KINDS, value);
}
