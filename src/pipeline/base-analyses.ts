/**
 * The analyses' findings apart from the base's (docs/guard.md#findings-already-on-the-base): the
 * probes, mutants and slack run once more on the base's scenarios (the guard's run of them: same
 * seed, same options, the base's own trials), and each head finding is marked `new` or `on_base`
 * by an identity that names the grant and the kind of finding, never a position, a probe's
 * generated value or the order of the run. The base's findings the head no longer has are `fixed`.
 *
 * Fail closed: a head scenario whose base could not be analysed (a base file that did not load or
 * run, an analysis that hit a bound on the base) has all its findings counted new, and
 * `not_compared` says why. Findings of base scenarios the head removed are not counted (the removal
 * is a suite change of its own); findings of scenarios the head added are new.
 */
import { WorkBudget } from '../lib/budget.js';
import { BenchError } from '../lib/errors.js';
import type { RunContext } from '../chains/run-context.js';
import type { BaseRun } from '../guard/index.js';
import { MAX_FIXED_LISTED, type BaseFindings, type BaselineState, type NotCompared } from '../results/base-findings.js';
import type { MutantSurvivor, SlackEntry } from '../results/policy.js';
import type { ProbeEscape } from '../results/probes.js';
import { aggregateAnalyses, analyzeScenario, type AnalysisOptions, type AnalysisSections, type ScenarioAnalyses } from './analyses.js';

/** The head's analysis sections with each finding marked, and the counts against the base. */
export interface MarkedFindings {
  readonly sections: AnalysisSections;
  readonly findings: BaseFindings;
}

interface Finding {
  readonly scenario: string;
  readonly tool: string;
  readonly param: string | null;
}

/**
 * What makes two findings the same finding: the grant (scenario, tool, parameter) and what was
 * found there. A probe's value is generated from the scenario's name and calls, so it is left out:
 * the same hole in the same grant is the same finding however the probes spelled it.
 */
const IDENTITY = {
  probes: (e: ProbeEscape): unknown[] => [e.scenario, e.tool, e.param, e.family],
  mutants: (s: MutantSurvivor): unknown[] => [s.scenario, s.tool, s.param, s.mutation],
  slack: (s: SlackEntry): unknown[] => [s.scenario, s.tool, s.param, s.kind],
} as const;

/** The base's analyses, scenario by scenario, and the base scenarios whose analyses failed. */
function analyzeBase(
  run: BaseRun,
  context: RunContext,
  options: AnalysisOptions,
): { sections: AnalysisSections; failed: Array<{ base: string; reason: string }> } {
  const units: Array<{ analyses: ScenarioAnalyses }> = [];
  const failed: Array<{ base: string; reason: string }> = [];
  for (const scenario of run.scenarios) {
    if (!run.headOf.has(scenario.name)) continue; // removed in the head: nothing to compare with
    const trials = run.trials.filter((t) => t.scenario === scenario.name);
    try {
      units.push({ analyses: analyzeScenario(scenario, context, trials, options, new WorkBudget()) });
    } catch (e) {
      // Our own bound or a harness fault on the base: that scenario's findings are counted new.
      if (!(e instanceof BenchError) || e.kind === 'input') throw e;
      failed.push({ base: scenario.name, reason: `the analyses could not run on the base's scenario ${scenario.name}: ${e.message}` });
    }
  }
  return { sections: aggregateAnalyses(units, options).sections, failed };
}

/** `findings` of the base with their scenario named as the head names it (a rename is one scenario). */
function asHead<T extends Finding>(findings: readonly T[] | undefined, headOf: ReadonlyMap<string, string>): T[] {
  return (findings ?? []).flatMap((f) => {
    const head = headOf.get(f.scenario);
    return head === undefined ? [] : [{ ...f, scenario: head }];
  });
}

function compareKind<T extends Finding>(
  head: readonly T[],
  base: readonly T[],
  baseAsWritten: readonly T[],
  identity: (f: T) => unknown[],
  uncompared: ReadonlySet<string>,
) {
  const key = (f: T): string => JSON.stringify(identity(f));
  const onBase = new Set(base.map(key));
  const inHead = new Set(head.map(key));
  const marked = head.map((f) => {
    const state: BaselineState = !uncompared.has(f.scenario) && onBase.has(key(f)) ? 'on_base' : 'new';
    return { ...f, baseline_state: state };
  });
  // Listed as the base's run wrote them (base name and FILE:LINE:COL), in its order.
  const fixed = baseAsWritten.filter((_, i) => !inHead.has(key(base[i]!)));
  const news = marked.filter((f) => f.baseline_state === 'new').length;
  return {
    marked,
    counts: {
      base: base.length,
      head: head.length,
      new: news,
      on_base: head.length - news,
      fixed: fixed.length,
      fixed_findings: fixed.slice(0, MAX_FIXED_LISTED),
    },
  };
}

/** The base findings that stand for a head scenario, as the base wrote them and as the head names them. */
function pair<T extends Finding>(list: readonly T[] | undefined, run: BaseRun, failed: ReadonlySet<string>): { written: T[]; named: T[] } {
  const written = (list ?? []).filter((f) => run.headOf.has(f.scenario) && !failed.has(f.scenario));
  return { written, named: asHead(written, run.headOf) };
}

/**
 * The head's sections marked against the base's. `head`: the head run's analysis sections (those
 * that ran); `run`: the guard's run of the base.
 */
export function markAgainstBase(head: AnalysisSections, run: BaseRun, context: RunContext, options: AnalysisOptions): MarkedFindings {
  const base = analyzeBase(run, context, options);
  const failedBase = new Set(base.failed.map((f) => f.base));
  const notCompared: NotCompared[] = [
    ...run.unreadable.map((u) => ({ scenario: u.head, reason: u.reason })),
    ...base.failed.map((f) => ({ scenario: run.headOf.get(f.base)!, reason: f.reason })),
  ];
  const uncompared = new Set(notCompared.map((n) => n.scenario));
  const sections: AnalysisSections = { ...head };
  const findings: BaseFindings = { not_compared: notCompared };
  if (head.probes) {
    const b = pair(base.sections.probes?.escapes, run, failedBase);
    const c = compareKind(head.probes.escapes, b.named, b.written, IDENTITY.probes, uncompared);
    sections.probes = { ...head.probes, escapes: c.marked };
    findings.probes = c.counts;
  }
  if (head.mutants) {
    const b = pair(base.sections.mutants?.survivors, run, failedBase);
    const c = compareKind(head.mutants.survivors, b.named, b.written, IDENTITY.mutants, uncompared);
    sections.mutants = { ...head.mutants, survivors: c.marked };
    findings.mutants = c.counts;
  }
  if (head.slack) {
    const b = pair(base.sections.slack, run, failedBase);
    const c = compareKind(head.slack, b.named, b.written, IDENTITY.slack, uncompared);
    sections.slack = c.marked;
    findings.slack = c.counts;
  }
  return { sections, findings };
}
