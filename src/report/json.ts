/**
 * `--format json` and the action's results file (docs/results.md). Keys are written in the contract's
 * order whatever order the object was built in, so equal results are equal bytes.
 */
import {
  CONDITIONS,
  type CallResult,
  type ConditionSummary,
  type GateResult,
  type GateViolation,
  type Reachability,
  type Results,
  type Trial,
} from '../results/results.js';
import { canonicalLlm } from '../llm/section-order.js';
import { warrantFromInfo } from '../results/scenario-info.js';

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function call(c: CallResult): CallResult {
  return {
    index: c.index,
    tool: c.tool,
    args: c.args,
    expect: c.expect,
    authorized: c.authorized,
    ...optional('denial', c.denial && { code: c.denial.code, reason: c.denial.reason }),
    ...optional('source', c.source),
  };
}

function trial(t: Trial): Trial {
  return {
    scenario: t.scenario,
    condition: t.condition,
    task_succeeded: t.task_succeeded,
    attack_succeeded: t.attack_succeeded,
    calls_total: t.calls_total,
    calls_allowed: t.calls_allowed,
    calls_blocked: t.calls_blocked,
    calls: t.calls.map(call),
  };
}

function summary(s: ConditionSummary): ConditionSummary {
  return {
    asr: s.asr,
    tcr: s.tcr,
    calls_blocked: s.calls_blocked,
    trials: s.trials,
    false_allows: s.false_allows,
    false_blocks: s.false_blocks,
  };
}

function violation(v: GateViolation): GateViolation {
  return { scenario: v.scenario, kind: v.kind, message: v.message, ...optional('source', v.source) };
}

function gate(g: GateResult): GateResult {
  return {
    condition: g.condition,
    max_asr: g.max_asr,
    min_tcr: g.min_tcr,
    max_false_allows: g.max_false_allows,
    max_false_blocks: g.max_false_blocks,
    passed: g.passed,
    violations: g.violations.map(violation),
  };
}

function reachability(r: Reachability): Reachability {
  return { unreachable_attacks: [...r.unreachable_attacks], tasks_failing_without_warrant: [...r.tasks_failing_without_warrant] };
}

/** The results in canonical key order (conditions in the contract's order). */
export function canonicalResults(r: Results): Results {
  const sums: Results['summary'] = {};
  for (const c of CONDITIONS) {
    const s = r.summary[c];
    if (s) sums[c] = summary(s);
  }
  return {
    version: r.version,
    mode: r.mode,
    conditions: [...r.conditions],
    scenarios: [...r.scenarios],
    ...optional(
      'scenario_info',
      r.scenario_info?.map((s) => ({
        name: s.name,
        description: s.description,
        request: s.request,
        ...(s.warrant_from && { warrant_from: warrantFromInfo(s.warrant_from) }),
      })),
    ),
    trials: r.trials.map(trial),
    summary: sums,
    reachability: reachability(r.reachability),
    gate: gate(r.gate),
    ...optional('timings', r.timings),
    ...optional('llm', r.llm && canonicalLlm(r.llm)),
    ...optional('probes', r.probes), // built in its contract's key order (analysis/probes)
    ...optional('mutants', r.mutants), // these three built in their contract's key order (analysis/mutants, analysis/slack)
    ...optional('coverage', r.coverage),
    ...optional('slack', r.slack),
    ...optional('monotonicity', r.monotonicity), // built in its contract's key order (analysis/links)
    ...optional('baseline', r.baseline), // built in its contract's key order (analysis/baseline)
    ...optional('no_baseline', r.no_baseline),
  };
}

export function renderJson(results: Results): string {
  return JSON.stringify(canonicalResults(results), null, 2) + '\n';
}
