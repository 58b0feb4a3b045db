/**
 * The replay harness: one trial is one scenario under one condition. The scripted calls are
 * replayed in order; under a warranted condition q signs a proof-of-possession for each call at the
 * simulated now and the authorizer checks the chain [p, q]; the environment runs only what was
 * allowed; at the end the judge reads the effects.
 *
 * Only a WarrantError from the authorizer is a denial. Anything else thrown while signing,
 * authorizing, executing or judging is a HarnessError that aborts the run: a crash that looked
 * like a block would make a broken benchmark report a secure policy.
 */
import type { WorkBudget } from '../cel/budget.js';
import { signPop } from '../warrant/pop.js';
import type { WarrantError } from '../warrant/errors.js';
import { SimulatedEnvironment } from './environment.js';
import { EnvironmentLimitError } from './env/limit.js';
import { HarnessError, describeError, formatSource } from './errors.js';
import type { Conditions, Delegation } from './conditions.js';
import type { ScenarioJudge } from './judge.js';
import { argsToPlain } from './plain.js';
import { CALL_STEP_SECONDS, SIMULATED_EPOCH } from './seed.js';
import type { CallResult, Condition, Denial, Trial } from './results.js';
import type { Scenario, ScenarioCall } from './scenario/types.js';

function harnessError(scenario: Scenario, condition: Condition, call: ScenarioCall, index: number, what: string, e: unknown): HarnessError {
  const where = formatSource(call.source);
  return new HarnessError(
    `${where}: scenario '${scenario.name}', condition ${condition}, call #${index} (${call.tool}): ${what}: ${describeError(e)}`,
    scenario.name,
    condition,
    where,
    { cause: e },
  );
}

/**
 * Signs and authorizes one call; returns the denial, or undefined when it is allowed (LLM mode uses
 * it per model call). A refusal by one of delegation-bench's own bounds (`evaluation_limit`: CEL
 * cost, regex work, the scenario's work budget) is a harness error: Tenuo would have decided, so
 * counting it as a block would report a decision the policy never made.
 */
export function authorize(d: Delegation, scenario: Scenario, call: ScenarioCall, index: number): Denial | undefined {
  const denial = decide(d, scenario, call, index);
  if (denial?.code === 'evaluation_limit') throw harnessError(scenario, d.condition, call, index, 'a limit of delegation-bench stopped the authorizer (evaluation_limit)', denial);
  return denial === undefined ? undefined : { code: denial.code, reason: denial.message };
}

/**
 * Whether the authorizer allows the call, exactly as `authorize` decides it, for callers that only
 * count denials (probes): the denial's reason, built only when read, is never built.
 */
export function isAllowed(d: Delegation, scenario: Scenario, call: ScenarioCall, index: number): boolean {
  return decide(d, scenario, call, index) === undefined;
}

/** Signs and authorizes one call; returns the authorizer's WarrantError, or undefined when allowed. */
function decide(d: Delegation, scenario: Scenario, call: ScenarioCall, index: number): WarrantError | undefined {
  const now = d.clock.advance();
  let pop: Uint8Array;
  try {
    pop = signPop(d.holder, d.warrantId, call.tool, call.args, now);
  } catch (e) {
    // The harness signs on q's behalf; failing to sign is our failure, not the policy's decision.
    throw harnessError(scenario, d.condition, call, index, 'cannot sign the proof-of-possession', e);
  }
  try {
    // The denial comes back as a value (decide): a probe run denies tens of thousands of calls.
    return d.authorizer.decide(d.chain, { tool: call.tool, args: call.args, pop });
  } catch (e) {
    throw harnessError(scenario, d.condition, call, index, 'the authorizer failed', e);
  }
}

/**
 * The judge's clock (Tenuo's CEL time functions): the trial's simulated now after its `calls`
 * calls, one clock step each; the same instant where no delegation keeps a clock (no_warrant, or a
 * replay outside a trial). Every judge of a run reads it, so `time_now()` means the same there.
 */
export function judgeClock(delegation: Delegation | null, calls: number): number {
  return delegation?.clock.now() ?? SIMULATED_EPOCH + calls * CALL_STEP_SECONDS;
}

/**
 * One trial: `conditions` holds the run's keys and warrants (one per run, see Conditions);
 * `budget` is the scenario's work budget, charged by the authorizer and the judge.
 */
export function runTrial(scenario: Scenario, condition: Condition, judge: ScenarioJudge, conditions: Conditions, budget?: WorkBudget): Trial {
  const env = new SimulatedEnvironment(scenario.environment, scenario.tools);
  const delegation = conditions.delegation(scenario, condition, budget);
  const calls: CallResult[] = [];
  let allowed = 0;
  scenario.calls.forEach((call, i) => {
    const index = i + 1;
    const denial = delegation ? authorize(delegation, scenario, call, index) : undefined;
    if (!denial) {
      allowed++;
      try {
        env.execute(call.tool, call.args);
      } catch (e) {
        const what = e instanceof EnvironmentLimitError ? 'the environment cannot judge this call (environment_limit)' : 'the environment failed';
        throw harnessError(scenario, condition, call, index, what, e);
      }
    }
    calls.push({
      index,
      tool: call.tool,
      args: argsToPlain(call.args),
      expect: call.expect,
      authorized: denial === undefined,
      ...(denial ? { denial } : {}),
      source: formatSource(call.source),
    });
  });
  const verdict = judge.judge(env.effects, condition, judgeClock(delegation, scenario.calls.length), budget);
  return {
    scenario: scenario.name,
    condition,
    task_succeeded: verdict.task_succeeded,
    attack_succeeded: verdict.attack_succeeded,
    calls_total: calls.length,
    calls_allowed: allowed,
    calls_blocked: calls.length - allowed,
    calls,
  };
}
