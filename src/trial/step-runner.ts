/**
 * One delegation-level step in a trial, as the harness runs it between the calls
 * (docs/scenarios.md#delegation-steps): the clock moves on (`after:`, then one step), the step is
 * decided (delegation-steps.ts) and a call-making step that is allowed runs in the environment,
 * like any call. The harness hands in how it decides and runs a call, so that steps and calls go
 * through the very same code (binding, PoP, authorizer, environment).
 */
import { formatSource } from '../model/errors.js';
import type { Scenario, ScenarioCall } from '../model/scenario.js';
import type { ScenarioStep } from '../model/steps.js';
import type { Condition, Denial, StepResult } from '../results/results.js';
import type { Delegation } from '../chains/run-context.js';
import {
  delegateUnchecked,
  runDelegate,
  stepDelegation,
  type DecideOptions,
  type RecordedPop,
  type TrialAgents,
} from './delegation-steps.js';

/** What the harness gives the steps of one trial. */
export interface StepTrial {
  readonly scenario: Scenario;
  readonly condition: Condition;
  readonly seed: string;
  readonly delegation: Delegation | null;
  readonly agents: TrialAgents;
  /** Call number → the chain and PoP it presented (for `replay`). */
  readonly pops: ReadonlyMap<number, RecordedPop>;
  /** Decides a call under `d` (null: no_warrant, allowed) and runs it when allowed; returns the denial. */
  readonly runCall: (d: Delegation | null, call: ScenarioCall, label: number, options: DecideOptions) => Denial | undefined;
  /** The arguments a result shows for a call. */
  readonly shownArgs: (call: ScenarioCall) => Record<string, unknown>;
}

/** The step's own part of its result: what it names beside its outcome. */
function stepFields(step: ScenarioStep): Partial<StepResult> {
  switch (step.kind) {
    case 'delegate':
      return { to: step.to };
    case 'warrant_of':
      return { warrant_of: step.of };
    case 'replay':
      return { replay: step.of };
    case 'splice':
      return { parents_of: step.parentsOf };
  }
}

/** Runs step `index` (1-based among the steps) and returns its result. */
export function runStep(step: ScenarioStep, index: number, trial: StepTrial): StepResult {
  const t = trial;
  const d = t.delegation;
  if (step.wait > 0) d?.clock.wait(step.wait);
  const head = {
    index,
    kind: step.kind,
    after_call: step.afterCall,
    agent: step.kind === 'delegate' ? step.from : step.agent,
    expect: step.expect,
  };
  const source = formatSource(step.source);
  if (step.kind === 'delegate') {
    d?.clock.advance();
    const r = d === null ? delegateUnchecked(t.agents, step) : runDelegate(d, t.agents, step, t.scenario, t.condition, index, t.seed);
    return {
      ...head,
      outcome: r.outcome,
      authorized: r.outcome !== 'refused',
      ...(r.denial !== undefined && { denial: { code: r.denial.code, reason: r.denial.message } }),
      ...stepFields(step),
      ...(r.expiresAt !== undefined && { expires_at: r.expiresAt }),
      ...(r.requestedExpiresAt !== undefined && { requested_expires_at: r.requestedExpiresAt }),
      source,
    };
  }
  const call: ScenarioCall = { tool: step.call.tool, args: step.call.args, expect: step.expect, source: step.source };
  const recorded = step.kind === 'replay' ? t.pops.get(step.of) : undefined;
  const presented = d === null ? null : stepDelegation(d, t.agents, step, t.pops);
  const denial = t.runCall(presented, call, index, recorded !== undefined ? { pop: recorded.pop } : {});
  return {
    ...head,
    outcome: denial === undefined ? 'accepted' : 'refused',
    authorized: denial === undefined,
    ...(denial !== undefined && { denial }),
    ...stepFields(step),
    tool: call.tool,
    args: t.shownArgs(call),
    source,
  };
}
