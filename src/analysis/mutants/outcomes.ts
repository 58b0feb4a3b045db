/**
 * Each mutant's outcome, killed, survived or skipped (docs/analyses.md): each mutant is a real
 * warrant, granted by p from p's root (the very root the scenario's trials verified, shared, never
 * minted again) with the builder, and every call it can decide differently is signed by q and
 * authorized against the chain [root, mutant] by an Authorizer, exactly as in a trial.
 *
 * What is re-run, and why that is enough:
 * - Only calls of the mutated tool can change: a mutant changes one tool's grant, and the
 *   reference decides a call from its own tool's grant alone; every other call keeps the decision
 *   its task_scoped trial recorded.
 * - Of those, only the ones the trial denied: every operator loosens (the mutant admits all the
 *   original admits), so an allowed call stays allowed.
 * - A denied call whose arguments the mutated grant still rejects (`checkConstraintSet`, the very
 *   check the authorizer ends with) stays denied without signing a proof for it. Every other one
 *   is signed by q and authorized against [root, mutant] by the Authorizer, which verifies the
 *   mutant's envelope. (`exhaustive: true` skips both shortcuts and authorizes every call of the
 *   tool; a test shows both give the same outcomes.)
 * - A mutant that allows a call marked `expect: deny` that the trial denied is killed at once.
 * - A mutant under which no call is decided differently survives without a replay: the
 *   environment would see the very calls the trial saw, so the judge would say the same.
 * - Only when decisions change and no `expect: deny` call flipped (a denied `expect: allow` call
 *   now allowed) does the environment replay every allowed call in order for the judge, which
 *   kills the mutant if the attack now succeeds.
 * Each call is authorized at the instant the trial authorized it (one clock step per call).
 */
import { signedArgsOf } from '../../world/claude-hook.js';
import { judgeClock } from '../../trial/harness.js';
import { Authorizer } from '../../warrant/authorize.js';
import { grant } from '../../warrant/builder.js';
import { checkConstraintSet } from '../../warrant/constraints/satisfy.js';
import { isWarrantError } from '../../warrant/errors.js';
import { signPop } from '../../warrant/pop.js';
import type { RandomSource, SignedWarrant } from '../../warrant/types.js';
import type { RunContext } from '../../chains/run-context.js';
import { SimulatedEnvironment } from '../../world/environment.js';
import { HarnessError, describeError, formatSource } from '../../model/errors.js';
import { ScenarioJudge } from '../../trial/judge.js';
import type { Trial } from '../../results/results.js';
import type { Scenario, ScenarioCall } from '../../model/scenario.js';
import { CALL_STEP_SECONDS, SIMULATED_EPOCH, deriveBytes, seededRandom } from '../../chains/seed.js';
import { enumerateMutants, type WarrantMutant } from './enumerate.js';

export type MutantStatus = 'killed' | 'survived' | 'skipped';

/** One mutant's outcome: plain data (it crosses threads by structured clone). */
export interface MutantOutcome {
  tool: string;
  param: string | null;
  mutation: string;
  status: MutantStatus;
  /** killed: what killed it; skipped: the builder's error code and reason; survived: absent. */
  reason?: string;
  /** FILE:LINE:COL of the grant the mutant changed (the scenario's, when the tool is not granted). */
  source: string;
}

/** A failure of the analysis machinery (never a policy finding): aborts like a HarnessError. */
function analysisError(scenario: Scenario, what: string, e?: unknown): HarnessError {
  return new HarnessError(
    `scenario '${scenario.name}', warrant mutants: ${what}${e === undefined ? '' : `: ${describeError(e)}`}`,
    scenario.name,
    'task_scoped',
    formatSource(scenario.source),
    e === undefined ? undefined : { cause: e },
  );
}

/** The task_scoped trial of this scenario: the decisions every mutant is compared with. */
export function taskScopedTrial(scenario: Scenario, trials: readonly Trial[]): Trial {
  const t = trials.find((x) => x.scenario === scenario.name && x.condition === 'task_scoped');
  if (!t || t.calls.length !== scenario.calls.length)
    throw analysisError(scenario, 'no task_scoped trial of this scenario to compare with');
  return t;
}

/** A value no call passes, for a list entry no call offers: from the run's seed, per parameter. */
function sentinelFor(seed: string, scenario: string) {
  return (tool: string, param: string): string =>
    `mutant-${Buffer.from(deriveBytes(seed, [scenario, 'mutant-sentinel', tool, param]).subarray(0, 6)).toString('hex')}`;
}

function grantSource(scenario: Scenario, tool: string): string {
  const pos = scenario.grantSources?.[tool] ?? scenario.warrantSource ?? scenario.source;
  return formatSource(pos);
}

class MutantReplayer {
  private now = SIMULATED_EPOCH;
  /** Calls signed by q and sent through the authorizer (for the run's timings). */
  authorizedCalls = 0;
  // One authorizer for all mutants: it remembers the root's verified signature, as a tool server
  // that sees many children of one root would; each mutant's own envelope is still verified.
  private readonly authorizer: Authorizer;
  private judge: ScenarioJudge | undefined;
  // One stream for the mutants' warrant ids, drawn in enumeration order: deterministic, and one
  // key derivation per scenario instead of one per mutant.
  private readonly random: RandomSource;
  private readonly root: SignedWarrant;
  private readonly ttlSeconds: number;

  constructor(
    private readonly scenario: Scenario,
    private readonly context: RunContext,
    private readonly trial: Trial,
    private readonly exhaustive: boolean,
  ) {
    const d = context.delegation(scenario, 'task_scoped');
    if (d === null) throw analysisError(scenario, 'task_scoped has no delegation');
    this.root = d.chain[0]!;
    const q = d.chain[1]!.payload;
    this.ttlSeconds = q.expiresAt - q.issuedAt; // the scenario's own warrant's lifetime
    this.random = seededRandom(context.seed, [scenario.name, 'mutants']);
    this.authorizer = new Authorizer({ trustedRoots: [context.keys.org.publicKey], clock: () => this.now, verified: context.verified });
  }

  mutants(): WarrantMutant[] {
    return enumerateMutants(this.scenario, this.root.payload.tools, sentinelFor(this.context.seed, this.scenario.name));
  }

  replay(mutant: WarrantMutant): MutantOutcome {
    const base = { tool: mutant.tool, param: mutant.param, mutation: mutant.mutation, source: grantSource(this.scenario, mutant.tool) };
    let warrant: SignedWarrant;
    try {
      warrant = grant({
        parent: this.root,
        signer: this.context.keys.p,
        holder: this.context.keys.q.publicKey,
        tools: mutant.grants,
        ttlSeconds: this.ttlSeconds,
        clock: () => SIMULATED_EPOCH,
        random: this.random,
      });
    } catch (e) {
      if (!isWarrantError(e))
        throw analysisError(this.scenario, `granting mutant ${mutant.tool}.${mutant.param ?? '*'} ${mutant.mutation} failed`, e);
      return { ...base, status: 'skipped', reason: `${e.code}: ${e.message}` };
    }
    const calls = this.scenario.calls;
    const allowed = this.trial.calls.map((c) => c.authorized);
    let changed = false;
    const set = mutant.grants[mutant.tool];
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      if (call.tool !== mutant.tool) continue;
      // The shortcut asks the mutated set at the call's own instant (Tenuo's CEL time functions);
      // a refusal by our own bounds is what the authorizer would decide too.
      if (
        !this.exhaustive &&
        (allowed[i] ||
          set === undefined ||
          checkConstraintSet(call.tool, set, signedArgsOf(this.scenario.tools, call), callInstant(i)) !== undefined)
      )
        continue;
      const now = this.allows(warrant, call, i);
      if (now === allowed[i]) continue;
      changed = true;
      allowed[i] = now;
      if (now && call.expect === 'deny') {
        return { ...base, status: 'killed', reason: `call #${i + 1} (${call.tool}) marked expect: deny was allowed` };
      }
    }
    if (!changed || this.trial.attack_succeeded) return { ...base, status: 'survived' };
    return this.attackSucceeds(allowed) ? { ...base, status: 'killed', reason: 'the attack succeeded' } : { ...base, status: 'survived' };
  }

  /** Signs the call as q at the instant of its trial and authorizes it against [root, mutant]. */
  private allows(warrant: SignedWarrant, call: ScenarioCall, i: number): boolean {
    this.now = callInstant(i);
    // Signed as the harness signs it: a governed Claude Code call as Tenuo's hook signs it.
    const args = signedArgsOf(this.scenario.tools, call);
    let pop: Uint8Array;
    try {
      pop = signPop(this.context.keys.q, warrant.payload.id, call.tool, args, this.now);
    } catch (e) {
      throw analysisError(this.scenario, `cannot sign call #${i + 1}`, e);
    }
    this.authorizedCalls++;
    try {
      this.authorizer.authorize([this.root, warrant], { tool: call.tool, args, pop });
      return true;
    } catch (e) {
      // Our own bound is no decision of the mutant's: counting it as a denial would misreport the mutant.
      if (isWarrantError(e) && e.code === 'evaluation_limit')
        throw analysisError(this.scenario, `a limit of delegation-bench stopped the authorizer on call #${i + 1} (evaluation_limit)`, e);
      if (isWarrantError(e)) return false;
      throw analysisError(this.scenario, `the authorizer failed on call #${i + 1}`, e);
    }
  }

  private attackSucceeds(allowed: readonly boolean[]): boolean {
    const env = new SimulatedEnvironment(this.scenario.environment, this.scenario.tools);
    this.scenario.calls.forEach((call, i) => {
      if (!allowed[i]) return;
      try {
        env.execute(call.tool, call.args);
      } catch (e) {
        throw analysisError(this.scenario, `the environment failed on call #${i + 1}`, e);
      }
    });
    this.judge ??= new ScenarioJudge(this.scenario);
    // Judged at the instant the task_scoped trial is: after every call, one clock step each.
    return this.judge.judge(env.effects, 'task_scoped', judgeClock(null, this.scenario.calls.length)).attack_succeeded;
  }
}

/** The simulated instant of call #i+1 in its trial (one clock step per call). */
function callInstant(i: number): number {
  return SIMULATED_EPOCH + (i + 1) * CALL_STEP_SECONDS;
}

export interface MutantReplay {
  outcomes: MutantOutcome[];
  /** Calls signed and authorized against a mutant's chain. */
  authorizedCalls: number;
}

export interface MutantOutcomeOptions {
  /** Authorize every call of the mutated tool, without the two shortcuts (a test compares both). */
  readonly exhaustive?: boolean;
}

/** Every mutant of the scenario's task_scoped warrant, replayed against the trial's calls; outcomes in enumeration order. */
export function replayMutantsWithStats(
  scenario: Scenario,
  context: RunContext,
  trials: readonly Trial[],
  options: MutantOutcomeOptions = {},
): MutantReplay {
  const replayer = new MutantReplayer(scenario, context, taskScopedTrial(scenario, trials), options.exhaustive === true);
  const outcomes = replayer.mutants().map((m) => replayer.replay(m));
  return { outcomes, authorizedCalls: replayer.authorizedCalls };
}

export function replayMutants(
  scenario: Scenario,
  context: RunContext,
  trials: readonly Trial[],
  options: MutantOutcomeOptions = {},
): MutantOutcome[] {
  return replayMutantsWithStats(scenario, context, trials, options).outcomes;
}
