/**
 * The replay harness: one trial is one scenario under one condition. The scripted calls are
 * replayed in order; each call's arguments are bound to its tool's signature with the defaults
 * applied, as Tenuo's guard binds them (tools.ts); under a warranted condition q signs a
 * proof-of-possession for the bound call at the simulated now and the authorizer checks the chain
 * [p, q] (with `agents:`, the calling agent signs and its own chain is checked); the environment runs only what was allowed, with the same arguments, and the results
 * show them; at the end the judge reads the effects.
 *
 * Only a WarrantError from the authorizer is a denial. Anything else thrown while signing,
 * authorizing, executing or judging is a HarnessError that aborts the run: a crash that looked
 * like a block would make a broken benchmark report a secure policy.
 */
import type { WorkBudget } from '../lib/budget.js';
import { signPop } from '../warrant/pop.js';
import { SimulatedEnvironment } from '../world/environment.js';
import { EnvironmentLimitError } from '../world/limit.js';
import { HarnessError, describeError, formatSource } from '../model/errors.js';
import type { RunContext, Delegation } from '../chains/run-context.js';
import type { ScenarioJudge } from './judge.js';
import { argsToPlain } from '../world/plain.js';
import { CALL_STEP_SECONDS, SIMULATED_EPOCH } from '../chains/seed.js';
import type { CallResult, Condition, Denial, StepResult, Trial } from '../results/results.js';
import { signatureOf } from '../world/tools.js';
import { bindingOf, callArgs, executedArgs } from '../world/binding.js';
import { popArgsOf, signedArgsOf } from '../world/claude-hook.js';
import { extractConstraints, McpExtractionError } from '../world/mcp-config.js';
import { WarrantError } from '../warrant/errors.js';
import type { Scenario, ScenarioCall } from '../model/scenario.js';
import type { Args } from '../warrant/constraint-value.js';
import { initialAgents, presentedBy, type DecideOptions, type RecordedPop } from './delegation-steps.js';
import { runStep, type StepTrial } from './step-runner.js';
import { stepFalseAllow } from './step-labels.js';
import { defaultAgent } from '../model/agents.js';

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
 * The call's arguments as Tenuo's guard authorizes them: bound to the tool's signature, defaults
 * applied. Throws ArgumentBindingError for a call Python's `sig.bind` would refuse (an argument the
 * signature does not name, a required one left out), and an Error for a tool the scenario does not
 * have: callers that take calls from elsewhere than a loaded scenario (LLM mode) check both first.
 */
export function bindCall(scenario: Scenario, call: Pick<ScenarioCall, 'tool' | 'args'>): Args {
  const sig = signatureOf(call.tool, scenario.tools);
  if (sig === undefined) throw new Error(`unknown tool '${call.tool}'`);
  // As the tool's integration passes it on (world/binding.ts): bound with the defaults under the
  // guard, as sent over MCP (checked against the signature either way).
  return callArgs(sig, Object.prototype.hasOwnProperty.call(scenario.tools, call.tool) ? scenario.tools[call.tool] : undefined, call.args);
}

/**
 * The arguments a result shows: as authorized under the guard and MCP (None stripped; over MCP no
 * defaults), what the grant was checked against. A call the Claude Code hook signs is shown as
 * Claude Code made it (the hook's view, resolved paths and a derived host, is as before: its
 * denial reasons name what was checked).
 */
function shownArgs(scenario: Scenario, call: Pick<ScenarioCall, 'tool' | 'args'>): Args {
  const def = Object.prototype.hasOwnProperty.call(scenario.tools, call.tool) ? scenario.tools[call.tool] : undefined;
  return bindingOf(def) === 'claude-hook' ? call.args : signedArgsOf(scenario.tools, call);
}

/** The arguments the tool runs with once allowed: its own defaults applied, whatever the binding. */
export function executedCall(scenario: Scenario, call: Pick<ScenarioCall, 'tool' | 'args'>): Args {
  return executedArgs(signatureOf(call.tool, scenario.tools)!, call.args);
}

/**
 * Signs and authorizes one call; returns the denial, or undefined when it is allowed (LLM mode uses
 * it per model call). A refusal by one of delegation-bench's own bounds (`evaluation_limit`: CEL
 * cost, regex work, the scenario's work budget) is a harness error: Tenuo would have decided, so
 * counting it as a block would report a decision the policy never made.
 */
export function authorize(
  delegation: Delegation,
  scenario: Scenario,
  call: ScenarioCall,
  index: number,
  options: DecideOptions = {},
): Denial | undefined {
  const denial = decide(delegation, scenario, call, index, options);
  return denial === undefined ? undefined : { code: denial.code, reason: denial.message };
}

/**
 * Whether the authorizer allows the call, exactly as `authorize` decides it (a refusal by one of
 * our own bounds is a harness error here too), for callers that only count denials (probes).
 */
export function isAllowed(delegation: Delegation, scenario: Scenario, call: ScenarioCall, index: number): boolean {
  return decide(delegation, scenario, call, index) === undefined;
}

/**
 * Signs and authorizes one call; returns the authorizer's WarrantError, or undefined when allowed.
 * Throws a HarnessError for `evaluation_limit`: that is our bound, not the policy's decision.
 */
function decide(
  d: Delegation,
  scenario: Scenario,
  call: ScenarioCall,
  index: number,
  options: DecideOptions = {},
): WarrantError | undefined {
  let args: Args;
  let constraintArgs: Args | undefined;
  let refused: WarrantError | undefined;
  try {
    const kept = { tool: call.tool, args: bindCall(scenario, call) };
    args = popArgsOf(scenario.tools, kept);
    const def = Object.prototype.hasOwnProperty.call(scenario.tools, call.tool) ? scenario.tools[call.tool] : undefined;
    if (def?.binding === 'mcp-config' && def.mcpConfig !== undefined) {
      try {
        constraintArgs = extractConstraints(call.tool, def.mcpConfig.rules, kept.args);
      } catch (e) {
        // MCPVerifier refuses the call before the warrant is consulted (JSON-RPC -32602).
        if (!(e instanceof McpExtractionError)) throw e;
        // The agent signed its proof-of-possession all the same (a later step may replay it).
        refused = new WarrantError(
          'constraint_not_satisfied',
          `${call.tool}: refused by the McpConfig extraction (${def.mcpConfig.file}): ${e.message}`,
        );
      }
    }
  } catch (e) {
    // The loader binds every scripted call and LLM mode binds before it asks: this is our failure.
    throw harnessError(scenario, d.condition, call, index, 'cannot bind the arguments to the signature', e);
  }
  const now = d.clock.advance();
  let pop: Uint8Array;
  try {
    pop = options.pop ?? signPop(d.holder, d.warrantId, call.tool, args, now);
  } catch (e) {
    // The harness signs on q's behalf; failing to sign is our failure, not the policy's decision.
    throw harnessError(scenario, d.condition, call, index, 'cannot sign the proof-of-possession', e);
  }
  options.record?.({ chain: d.chain, warrantId: d.warrantId, pop });
  if (refused !== undefined) return refused;
  let denial: WarrantError | undefined;
  try {
    // The denial comes back as a value (decide): a probe run denies tens of thousands of calls.
    denial = d.authorizer.decide(d.chain, { tool: call.tool, args, ...(constraintArgs !== undefined && { constraintArgs }), pop });
  } catch (e) {
    throw harnessError(scenario, d.condition, call, index, 'the authorizer failed', e);
  }
  if (denial?.code === 'evaluation_limit')
    throw harnessError(scenario, d.condition, call, index, 'a limit of delegation-bench stopped the authorizer (evaluation_limit)', denial);
  return denial;
}

/**
 * The judge's clock (Tenuo's CEL time functions): the trial's simulated now after its `calls`
 * calls, one clock step each; the same instant where no delegation keeps a clock (no_warrant, or a
 * replay outside a trial). Every judge of a run reads it, so `time_now()` means the same there.
 */
export function judgeClock(delegation: Pick<Delegation, 'clock'> | null, calls: number): number {
  return delegation?.clock.now() ?? SIMULATED_EPOCH + calls * CALL_STEP_SECONDS;
}

/**
 * One trial: `context` holds the run's keys and warrants (one per run, see RunContext);
 * `budget` is the scenario's work budget, charged by the authorizer and the judge. Each call is
 * signed by its agent's key and checked against that agent's whole chain (model/agents.ts); the
 * scenario's delegation-level steps (step-runner.ts) run between its calls, in the order written.
 */
export function replayTrial(
  scenario: Scenario,
  condition: Condition,
  judge: ScenarioJudge,
  context: RunContext,
  budget?: WorkBudget,
): Trial {
  const env = new SimulatedEnvironment(scenario.environment, scenario.tools);
  // One delegation per agent, one clock and one authorizer for the trial.
  const delegations = context.delegations(scenario, condition, budget);
  const steps = scenario.steps ?? [];
  // With steps, the agents as the steps change them (a new child, a declared agent's new warrant).
  const agents = steps.length > 0 ? initialAgents(context, scenario, condition) : undefined;
  const base = delegations && agents ? delegations.of(agents.first()) : null;
  const pops = new Map<number, RecordedPop>();
  const replayed = new Set(steps.flatMap((s) => (s.kind === 'replay' ? [s.of] : [])));
  const calls: CallResult[] = [];
  const stepResults: StepResult[] = [];
  let allowed = 0;
  /** Decides a call under `d` (null: no_warrant) and runs it when allowed. */
  const runCall = (d: Delegation | null, call: ScenarioCall, index: number, options: DecideOptions): Denial | undefined => {
    const denial = d ? authorize(d, scenario, call, index, options) : undefined;
    if (!denial) {
      try {
        env.execute(call.tool, executedCall(scenario, call));
      } catch (e) {
        const what =
          e instanceof EnvironmentLimitError ? 'the environment cannot judge this call (environment_limit)' : 'the environment failed';
        throw harnessError(scenario, condition, call, index, what, e);
      }
    }
    return denial;
  };
  const stepTrial: StepTrial | undefined =
    agents === undefined
      ? undefined
      : {
          scenario,
          condition,
          seed: context.seed,
          delegation: base,
          agents,
          pops,
          runCall,
          shownArgs: (c) => argsToPlain(shownArgs(scenario, c)),
        };
  let nextStep = 0;
  const runStepsBefore = (callsDone: number): void => {
    while (nextStep < steps.length && steps[nextStep]!.afterCall === callsDone) {
      stepResults.push(runStep(steps[nextStep]!, nextStep + 1, stepTrial!));
      nextStep++;
    }
  };
  scenario.calls.forEach((scripted, i) => {
    const index = i + 1;
    runStepsBefore(i);
    let call: ScenarioCall;
    try {
      call = { ...scripted, args: bindCall(scenario, scripted) };
    } catch (e) {
      throw harnessError(scenario, condition, scripted, index, 'cannot bind the arguments to the signature', e);
    }
    const presented = base && agents ? presentedBy(base, agents, call.agent ?? agents.leaf) : (delegations?.of(call.agent) ?? null);
    const options: DecideOptions = replayed.has(index) ? { record: (pop) => pops.set(index, pop) } : {};
    const denial = runCall(presented, call, index, options);
    if (!denial) allowed++;
    calls.push({
      index,
      tool: call.tool,
      args: argsToPlain(shownArgs(scenario, call)),
      expect: call.expect,
      authorized: denial === undefined,
      ...(denial ? { denial } : {}),
      source: formatSource(call.source),
      // Which agent made it, where the scenario has a topology or the call names one (model/agents.ts).
      ...(scenario.agents !== undefined || call.agent !== undefined ? { agent: call.agent ?? defaultAgent(scenario.agents) } : {}),
    });
  });
  runStepsBefore(scenario.calls.length);
  // Every step is one clock step, and its `after:` more: the judge's clock is the same under every condition.
  const elapsed = scenario.calls.length + steps.reduce((n, s) => n + 1 + s.wait, 0);
  const now = judgeClock(delegations, elapsed);
  const verdict = judge.judge(env, condition, now, budget);
  const damage = judge.damage(env, condition, now, budget);
  return {
    scenario: scenario.name,
    condition,
    task_succeeded: verdict.task_succeeded,
    // A step marked deny that was accepted is an attack that succeeded (step-labels.ts).
    attack_succeeded: verdict.attack_succeeded || stepResults.some(stepFalseAllow),
    ...(damage !== undefined && { damage }),
    calls_total: calls.length,
    calls_allowed: allowed,
    calls_blocked: calls.length - allowed,
    calls,
    ...(steps.length > 0 && { steps: stepResults }),
  };
}
