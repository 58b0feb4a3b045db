/**
 * Findings already on the base raise no annotation on a file (docs/action.md#findings-already-on-the-base):
 * the pull request did not bring them, and the file they sit in may be one it never touched.
 */
import type { GateViolation, Results } from '../results/results.js';
import type { ProbesSection } from '../results/probes.js';
import { policyAnalysisOf } from '../report/sections/policy-analysis-section.js';

/** The probes with only the escapes the pull request brings (all of them without a comparison). */
export function newEscapes(probes: ProbesSection): ProbesSection {
  const escapes = probes.escapes.filter((e) => e.baseline_state !== 'on_base');
  return { ...probes, escaped: escapes.length, escapes };
}

/**
 * A gate violation made only of findings the base already had: a `probe_escape` whose grant's
 * escapes are all on the base, a `mutation_score` whose scenario's survivors are. It still fails
 * the gate (the thresholds judge the head as it is); it is annotated without a file and line.
 */
export function onBaseOnly(results: Results, violation: GateViolation): boolean {
  const v = violation;
  if (v.kind === 'probe_escape') {
    const at = (results.probes?.escapes ?? []).filter((e) => e.scenario === v.scenario && e.source === v.source);
    return at.length > 0 && at.every((e) => e.baseline_state === 'on_base');
  }
  if (v.kind === 'mutation_score') {
    const survivors = (policyAnalysisOf(results)?.mutants.survivors ?? []).filter((s) => s.scenario === v.scenario);
    return survivors.length > 0 && survivors.every((s) => s.baseline_state === 'on_base');
  }
  return false;
}
