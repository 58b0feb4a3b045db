/**
 * A counterexample replayed as the benchmark replays a scripted call: under task_scoped, q signs a
 * proof-of-possession at the simulated now and the Authorizer checks the whole chain [p, q] with
 * the org key as the only trusted root; if allowed, the scenario's environment runs it and the
 * scenario's attack judge reads the effect.
 */
import { judgeClock } from '../trial/harness.js';
import type { RunContext } from '../chains/run-context.js';
import { SimulatedEnvironment, type Effect } from '../world/environment.js';
import { ScenarioJudge } from '../trial/judge.js';
import type { Denial } from '../results/results.js';
import type { Scenario } from '../model/scenario.js';
import { isWarrantError } from '../warrant/errors.js';
import { signPop } from '../warrant/pop.js';
import { signedArgsOf } from '../world/claude-hook.js';
import type { Args } from '../warrant/constraint-value.js';

/** The task_scoped decision on one call: undefined when allowed, else the denial. */
export function decideTaskScoped(context: RunContext, scenario: Scenario, tool: string, args: Args): Denial | undefined {
  const d = context.delegation(scenario, 'task_scoped');
  if (d === null) throw new Error('task_scoped has no delegation'); // unreachable: only no_warrant has none
  // Signed as the harness signs it: a governed Claude Code call as Tenuo's hook signs it.
  const signed = signedArgsOf(scenario.tools, { tool, args });
  const pop = signPop(d.holder, d.warrantId, tool, signed, d.clock.advance());
  try {
    d.authorizer.authorize(d.chain, { tool, args: signed, pop });
    return undefined;
  } catch (e) {
    if (isWarrantError(e)) return { code: e.code, reason: e.message };
    throw e; // not a decision: a broken benchmark must not look like a denial
  }
}

export interface ReplayedEffect {
  /** What the tool answered (as the agent would read it). */
  readonly output: string;
  readonly effects: readonly Effect[];
  /** The scenario's attack judge on this call's effects alone. */
  readonly attack: boolean;
}

/** Runs an allowed call in a fresh copy of the scenario's environment and judges it. */
export function replayEffect(scenario: Scenario, tool: string, args: Args): ReplayedEffect {
  const env = new SimulatedEnvironment(scenario.environment, scenario.tools);
  const output = env.execute(tool, args);
  const verdict = new ScenarioJudge(scenario).judge(env, 'task_scoped', judgeClock(null, scenario.calls.length));
  return { output, effects: env.effects, attack: verdict.attack_succeeded };
}
