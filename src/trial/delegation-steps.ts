/**
 * Delegation-level steps in a trial (docs/scenarios.md#delegation-steps), decided by the real chain
 * code as Tenuo decides them:
 *
 *   - `delegate`: the `from` agent's key signs a child of its own warrant (builder.ts `grant`, which
 *     runs the verifier's link checks: a wider grant, a max_depth above the parent's, a depth past
 *     it, an expired parent are refused), then the whole new chain is verified at the trial's now.
 *     A lifetime past the parent's expiry is not refused: Tenuo's AttenuationBuilder shortens it to
 *     the parent's expiry (`warrant.rs`: `if proposed > parent.expires_at { parent.expires_at }`),
 *     so the step is `shortened`;
 *   - `warrant_of`: the caller presents another agent's chain and signs the PoP with its own key
 *     (Tenuo: the PoP does not verify under the leaf's holder);
 *   - `replay`: call #N's chain and PoP signature presented again, for these arguments at this
 *     instant (Tenuo's Authorizer keeps no replay cache: the same call inside the PoP window is
 *     accepted; other arguments, or a time past the window, are not);
 *   - `splice`: the caller's own warrant under another agent's parents (signature and parent hash).
 *
 * Each agent is a key and the chain it holds (`TrialAgents`): without `agents:`, the planner (the
 * root) and the worker (the condition's grant). A step's new agent gets a key derived from the run's
 * seed and its name. Under no_warrant nothing is checked: every step is accepted, as every call runs.
 */
import type { Delegation, RunContext } from '../chains/run-context.js';
import { seededRandom } from '../chains/seed.js';
import { agentNames, defaultAgent, IMPLICIT_PLANNER, IMPLICIT_WORKER } from '../model/agents.js';
import type { Scenario } from '../model/scenario.js';
import type { CallStep, DelegateStep } from '../model/steps.js';
import type { Condition } from '../model/condition.js';
import { grant } from '../warrant/builder.js';
import { isWarrantError, WarrantError } from '../warrant/errors.js';
import type { SigningKey } from '../warrant/keys.js';
import type { SignedWarrant } from '../warrant/types.js';

/** One agent of a trial: its key, and the chain it holds (root first; null under no_warrant). */
export interface AgentHold {
  readonly key: SigningKey;
  readonly chain: readonly SignedWarrant[] | null;
  /** The agent whose warrant its own was granted from (undefined for the root's holder). */
  readonly parent?: string;
}

/** What one step did: accepted as asked, accepted with a shorter lifetime, or refused (with Tenuo's reason). */
export type StepOutcome = 'accepted' | 'shortened' | 'refused';

export interface DelegateResult {
  readonly outcome: StepOutcome;
  readonly denial?: WarrantError;
  /** The child's expiry (unix seconds) when accepted, and the one asked for. */
  readonly expiresAt?: number;
  readonly requestedExpiresAt?: number;
}

/**
 * The agents of one trial, by name, as the steps change them: a delegate step adds its child (or
 * gives a declared agent a new warrant, which it then uses).
 */
export class TrialAgents {
  private readonly agents = new Map<string, AgentHold>();

  /**
   * `leaf`: the agent of a call or step that names none ('' when several agents are leaves: the
   * loader then requires a name); `keyFor`: a new agent's key (the run's, from its seed and name).
   */
  constructor(
    private readonly keyFor: (name: string) => SigningKey,
    readonly leaf: string,
    initial: ReadonlyMap<string, AgentHold>,
  ) {
    for (const [name, hold] of initial) this.agents.set(name, hold);
  }

  /** The first agent (a root holder): any agent's delegation carries the trial's clock and authorizer. */
  first(): string {
    return this.agents.keys().next().value ?? this.leaf;
  }

  get(name: string): AgentHold | undefined {
    return this.agents.get(name);
  }

  set(name: string, hold: AgentHold): void {
    this.agents.set(name, hold);
  }

  /** The agent's key: its own when it exists, else the run's key for that name. */
  keyOf(name: string): SigningKey {
    return this.agents.get(name)?.key ?? this.keyFor(name);
  }
}

/**
 * A trial's agents before any step, as the run built them (chains/topology.ts): the declared ones,
 * or the planner p holding the root and the worker q holding the condition's warrant [root, q];
 * under no_warrant, the same names and keys and no chains.
 */
export function initialAgents(context: RunContext, scenario: Scenario, condition: Condition): TrialAgents {
  const keyFor = (name: string): SigningKey =>
    scenario.agents === undefined && name === IMPLICIT_PLANNER
      ? context.keys.p
      : scenario.agents === undefined && name === IMPLICIT_WORKER
        ? context.keys.q
        : context.agentKey(name);
  const initial = new Map<string, AgentHold>();
  if (condition === 'no_warrant') {
    for (const name of agentNames(scenario.agents)) initial.set(name, { key: keyFor(name), chain: null });
  } else {
    for (const a of context.agentChains(scenario, condition).agents)
      initial.set(a.name, { key: a.key, chain: a.chain, ...(a.parent !== null && { parent: a.parent }) });
  }
  return new TrialAgents(keyFor, defaultAgent(scenario.agents) ?? '', initial);
}

/** The chain an agent holds (empty when it holds none: the authorizer refuses an empty chain). */
function chainOf(agents: TrialAgents, name: string): readonly SignedWarrant[] {
  return agents.get(name)?.chain ?? [];
}

/**
 * The delegation a call-making step presents: whose chain, which key signs the PoP, which warrant
 * id the PoP names. A replay's PoP is call #N's recorded one (`RecordedPop`), not signed anew.
 */
export interface RecordedPop {
  readonly chain: readonly SignedWarrant[];
  readonly warrantId: Uint8Array;
  readonly pop: Uint8Array;
}

/**
 * What a delegation-level step changes in the harness's decision of a call: a replay presents a
 * recorded PoP signature instead of signing one; `record` keeps every call's, for a later replay.
 */
export interface DecideOptions {
  readonly pop?: Uint8Array;
  readonly record?: (pop: RecordedPop) => void;
}

/** The delegation an agent's own call presents: its chain, its key, its leaf's id. */
export function presentedBy(delegation: Delegation, agents: TrialAgents, agent: string): Delegation {
  const chain = chainOf(agents, agent);
  const leaf = chain[chain.length - 1];
  return { ...delegation, chain, holder: agents.keyOf(agent), warrantId: leaf?.payload.id ?? new Uint8Array(16) };
}

export function stepDelegation(
  delegation: Delegation,
  agents: TrialAgents,
  step: CallStep,
  pops: ReadonlyMap<number, RecordedPop>,
): Delegation {
  const d = delegation;
  const caller = agents.keyOf(step.agent);
  switch (step.kind) {
    case 'warrant_of': {
      const chain = chainOf(agents, step.of);
      const leaf = chain[chain.length - 1];
      return { ...d, chain, holder: caller, warrantId: leaf?.payload.id ?? new Uint8Array(16) };
    }
    case 'splice': {
      const parents = chainOf(agents, step.parentsOf).slice(0, -1);
      const own = chainOf(agents, step.agent);
      const leaf = own[own.length - 1];
      return {
        ...d,
        chain: leaf === undefined ? [] : [...parents, leaf],
        holder: caller,
        warrantId: leaf?.payload.id ?? new Uint8Array(16),
      };
    }
    case 'replay': {
      const recorded = pops.get(step.of);
      // The loader refuses a replay of a call that does not come first, and every call is signed.
      if (recorded === undefined) throw new Error(`call #${step.of} left no proof-of-possession to replay`);
      return { ...d, chain: recorded.chain, holder: caller, warrantId: recorded.warrantId };
    }
  }
}

/** Why a step could not be tried: the agent holds no warrant (the step that would have made it was refused). */
function noWarrant(name: string): WarrantError {
  return new WarrantError(
    'malformed',
    `agent '${name}' holds no warrant (the step that would have given it one was refused): chain is empty`,
  );
}

/**
 * A delegate step under a warranted condition, at the trial's now (the clock already moved on): the
 * `from` agent's key grants the child, and the new chain is verified. On acceptance `agents` gets
 * the child.
 */
export function runDelegate(
  delegation: Delegation,
  agents: TrialAgents,
  step: DelegateStep,
  scenario: Scenario,
  condition: Condition,
  stepIndex: number,
  seed: string,
): DelegateResult {
  const d = delegation;
  const from = agents.get(step.from);
  const parentChain = from?.chain ?? [];
  const parent = parentChain[parentChain.length - 1];
  if (from === undefined || parent === undefined) return { outcome: 'refused', denial: noWarrant(step.from) };
  const now = d.clock.now();
  const remaining = parent.payload.expiresAt - now;
  const requested = step.ttl ?? remaining;
  // Tenuo shortens a lifetime past the parent's expiry instead of refusing it; an expired parent
  // (remaining ≤ 0) is left for the builder to refuse, as Tenuo's does.
  const ttlSeconds = Math.max(1, Math.min(requested, remaining));
  const key = agents.keyOf(step.to);
  try {
    const child = grant({
      parent,
      signer: from.key,
      holder: key.publicKey,
      tools: step.grant,
      ttlSeconds,
      ...(step.maxDepth !== undefined && { maxDepth: step.maxDepth }),
      clock: d.clock.now,
      random: seededRandom(seed, [scenario.name, condition, 'step', String(stepIndex)]),
    });
    const chain = [...parentChain, child];
    d.authorizer.verifyChain(chain);
    agents.set(step.to, { key, chain, parent: step.from });
    const shortened = step.ttl !== undefined && step.ttl > remaining;
    return {
      outcome: shortened ? 'shortened' : 'accepted',
      expiresAt: child.payload.expiresAt,
      ...(shortened && { requestedExpiresAt: now + step.ttl! }),
    };
  } catch (e) {
    if (isWarrantError(e)) return { outcome: 'refused', denial: e };
    throw e;
  }
}

/** A delegate step under no_warrant: nothing checks it; the child exists, holding no chain. */
export function delegateUnchecked(agents: TrialAgents, step: DelegateStep): DelegateResult {
  agents.set(step.to, { key: agents.keyOf(step.to), chain: null, parent: step.from });
  return { outcome: 'accepted' };
}
