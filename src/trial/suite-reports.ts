/**
 * The report per suite (docs/results.md#suites): the scenarios grouped by their `suite:`, in the
 * order the suites first appear, each with the summary per condition over its own trials (the
 * same function as the run's summary) and what its manifest says was skipped.
 */
import { CONDITIONS } from '../model/condition.js';
import type { Scenario } from '../model/scenario.js';
import type { ConditionSummary, SuiteReport, Trial } from '../results/results.js';
import type { SuiteManifest } from '../scenario/suite-manifest.js';
import { summarizeCondition } from './metrics.js';

/** Undefined when no scenario names a suite: a run without suites keeps its bytes. */
export function suiteReports(
  scenarios: readonly Scenario[],
  trials: readonly Trial[],
  manifests: ReadonlyMap<string, SuiteManifest> = new Map(),
): SuiteReport[] | undefined {
  const members = new Map<string, Set<string>>();
  for (const s of scenarios) {
    if (s.suite === undefined) continue;
    let names = members.get(s.suite);
    if (names === undefined) members.set(s.suite, (names = new Set()));
    names.add(s.name);
  }
  if (members.size === 0) return undefined;
  const bySuite = new Map<string, Trial[]>([...members.keys()].map((suite) => [suite, []]));
  const suiteOf = new Map<string, string>();
  for (const [suite, names] of members) for (const n of names) suiteOf.set(n, suite);
  for (const t of trials) {
    const suite = suiteOf.get(t.scenario);
    if (suite !== undefined) bySuite.get(suite)!.push(t);
  }
  return [...members].map(([suite, names]) => {
    const mine = bySuite.get(suite)!;
    const m = manifests.get(suite);
    const summary: Partial<Record<(typeof CONDITIONS)[number], ConditionSummary>> = {};
    for (const c of CONDITIONS) summary[c] = summarizeCondition(mine, c);
    return {
      suite,
      scenarios: names.size,
      ...(m?.source !== undefined && { source: m.source }),
      ...(m?.imported !== undefined && { imported: m.imported.length }),
      ...(m && { skipped: m.skipped.map((s) => ({ name: s.name, reason: s.reason })), manifest: m.file }),
      summary,
      // Only the pairs that ran: the finding is counted beside the figures of the same pairs.
      ...(m?.policySufficiency !== undefined && {
        policy_sufficiency: m.policySufficiency
          .filter((f) => names.has(f.scenario))
          .map((f) => ({ scenario: f.scenario, finding: f.finding })),
      }),
    };
  });
}
