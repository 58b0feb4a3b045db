/**
 * Annotations where the change is (docs/guard.md#where-the-change-is): when a pull request widens
 * a grant that lives in another file than the scenario (a `tenuo.yaml`, a token), the scenario's
 * own run fails at its call (an attack that succeeds, a false allow) for the very reason the
 * widening names, with that call as its counterexample. That call's failures are annotated once,
 * at the widening's line in the file the pull request changed, not a second time at a scenario
 * file it did not touch; the step's failure message and the report still list each of them.
 */
import type { GateViolation, Results } from '../results/results.js';

/** What the action annotates: each violation shown, with the failures folded into it. */
export interface FoldedViolation {
  readonly violation: GateViolation;
  /** The other violations this one's annotation stands for (their kind, place and message). */
  readonly folded: readonly string[];
}

const fileOf = (source: string): string => source.replace(/:\d+:\d+$/, '');

export function foldIntoWidenings(results: Results): FoldedViolation[] {
  const violations = results.gate.violations;
  const widenings = results.baseline?.widenings ?? [];
  // The widening whose counterexample is the base's call at this place, when the widening lives in another file.
  const provenAt = (v: GateViolation): number => {
    if (v.kind === 'authority_widened' || v.source === undefined) return -1;
    const w = widenings.find(
      (x) => x.scenario === v.scenario && x.base_source === v.source && x.source !== undefined && fileOf(x.source) !== fileOf(v.source!),
    );
    if (w === undefined) return -1;
    return violations.findIndex((x) => x.kind === 'authority_widened' && x.scenario === w.scenario && x.source === w.source);
  };
  const into = new Map<number, string[]>();
  const hidden = new Set<number>();
  violations.forEach((v, i) => {
    const at = provenAt(v);
    if (at < 0) return;
    hidden.add(i);
    into.set(at, [...(into.get(at) ?? []), `${v.kind} (${v.source}): ${v.message}`]);
  });
  return violations.flatMap((violation, i) => (hidden.has(i) ? [] : [{ violation, folded: into.get(i) ?? [] }]));
}
