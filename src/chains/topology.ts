/**
 * A scenario's agents as real warrant chains (docs/scenarios.md#agents): for one warranted
 * condition, each agent's name, key, parent and chain (its warrant stack, root first). An agent the
 * org mints holds a root warrant; every other one holds a warrant its parent granted with its own
 * key, so an agent at depth d holds a chain of d + 1 warrants, verified whole on every call.
 *
 * - broad: each agent gets everything its parent may give (the org's root: the scenario's broad
 *   grant; a child: its parent's whole grant);
 * - task_scoped: each agent gets its declared grant.
 *
 * The builder is Tenuo's (warrant/builder.ts): a grant it refuses (wider than the parent's, too
 * deep) is a failure of that agent, and none of its descendants can be built. Without `agents:` the
 * run context builds the two implicit agents itself (planner: [root], worker: [root, q]).
 */
import { grant, mint } from '../warrant/builder.js';
import type { ToolGrants } from '../warrant/constraints/types.js';
import type { SigningKey } from '../warrant/keys.js';
import type { SignedWarrant } from '../warrant/types.js';
import type { AgentDecl, Topology } from '../model/scenario.js';
import { SimulatedClock, deriveBytes, seededRandom } from './seed.js';
import type { Authorizer } from '../warrant/authorize.js';
import { isWarrantError } from '../warrant/errors.js';
import { defaultAgent, IMPLICIT_PLANNER, IMPLICIT_WORKER } from '../model/agents.js';
import { describeError, HarnessError } from '../model/errors.js';
import type { Condition } from '../model/condition.js';
import type { Scenario } from '../model/scenario.js';

/** Everything a trial needs to sign and check calls under a warranted condition. */
export interface Delegation {
  readonly condition: Exclude<Condition, 'no_warrant'>;
  readonly chain: readonly SignedWarrant[]; // [p's root warrant, q's warrant]; with agents: the calling agent's chain
  readonly holder: SigningKey; // q (or the calling agent): signs every call's proof-of-possession
  readonly warrantId: Uint8Array; // q's warrant id (the PoP names it)
  readonly authorizer: Authorizer; // one per trial, with its own clock (the run shares its verification cache)
  readonly clock: SimulatedClock; // the trial's own clock, at the epoch until the first call
}

/**
 * One trial's authority for every agent of its scenario: one clock and one authorizer (calls of
 * different agents advance the same simulated time), a Delegation per agent that signs with its key
 * and presents its chain.
 */
export interface AgentDelegations {
  readonly clock: SimulatedClock;
  /** The agent's delegation; `agent` undefined: the scenario's default agent (its only leaf). */
  of(agent: string | undefined): Delegation;
}

/** One agent under one condition: what h26s's delegation steps and the harness sign and check with. */
export interface AgentAuthority {
  readonly name: string;
  /** The agent that granted its warrant; null when the org key minted it. */
  readonly parent: string | null;
  /** 0 for an agent the org mints; its chain holds depth + 1 warrants. */
  readonly depth: number;
  /** Signs this agent's proofs-of-possession and the warrants it grants. */
  readonly key: SigningKey;
  /** Root first; the last warrant is this agent's own. */
  readonly chain: readonly SignedWarrant[];
}

/** Every agent of a scenario under one warranted condition, parents first. */
export interface AgentChains {
  readonly condition: 'broad' | 'task_scoped';
  readonly agents: readonly AgentAuthority[];
}

/** The agent of that name, or undefined. */
export function agentIn(chains: AgentChains, name: string): AgentAuthority | undefined {
  return chains.agents.find((a) => a.name === name);
}

/** An agent whose warrant the builder refused (its descendants are then not built at all). */
export interface AgentFailure {
  readonly agent: AgentDecl;
  readonly error: unknown;
}

/** What building a declared topology needs from the run's context. */
export interface TopologyInputs {
  readonly seed: string;
  /** The scenario's name: it labels the warrants' ids, so two scenarios never share them. */
  readonly scenario: string;
  readonly condition: 'broad' | 'task_scoped';
  readonly org: SigningKey;
  readonly keyOf: (agent: string) => SigningKey;
  /** The broad grant of the scenario's world (run-context.ts broadGrants): what the org may give. */
  readonly broad: ToolGrants;
  readonly rootTtlSeconds: number;
  readonly childTtlSeconds: number;
  /** Called before each warrant is signed (the context counts its signing work). */
  readonly onSign?: () => void;
}

/**
 * Builds every agent's chain, parents first, as far as the builder allows: the agents built and
 * the failures (one per refused agent; its descendants are left out).
 */
export function buildTopology(topology: Topology, inputs: TopologyInputs): { agents: AgentAuthority[]; failures: AgentFailure[] } {
  const built = new Map<string, AgentAuthority>();
  const failed = new Set<string>();
  const failures: AgentFailure[] = [];
  for (const decl of topology) {
    if (decl.from !== null && !built.has(decl.from)) {
      failed.add(decl.name); // below a refused agent: nothing to grant from
      continue;
    }
    try {
      built.set(decl.name, buildAgent(decl, decl.from === null ? undefined : built.get(decl.from)!, inputs));
    } catch (error) {
      failed.add(decl.name);
      failures.push({ agent: decl, error });
    }
  }
  return { agents: topology.filter((d) => built.has(d.name)).map((d) => built.get(d.name)!), failures };
}

function buildAgent(decl: AgentDecl, parent: AgentAuthority | undefined, inputs: TopologyInputs): AgentAuthority {
  const key = inputs.keyOf(decl.name);
  const clock = new SimulatedClock();
  const random = seededRandom(inputs.seed, [inputs.scenario, inputs.condition, 'agent', decl.name]);
  inputs.onSign?.();
  if (parent === undefined) {
    const root = mint({
      issuer: inputs.org,
      holder: key.publicKey,
      tools: inputs.condition === 'broad' ? inputs.broad : decl.grant,
      ttlSeconds: inputs.rootTtlSeconds,
      clock: clock.now,
      random,
    });
    return { name: decl.name, parent: null, depth: 0, key, chain: [root] };
  }
  const own = parent.chain[parent.chain.length - 1]!;
  const child = grant({
    parent: own,
    signer: parent.key,
    holder: key.publicKey,
    tools: inputs.condition === 'broad' ? own.payload.tools : decl.grant,
    ttlSeconds: inputs.childTtlSeconds,
    clock: clock.now,
    random,
  });
  return { name: decl.name, parent: parent.name, depth: parent.depth + 1, key, chain: [...parent.chain, child] };
}

/** The 32-byte Ed25519 seed of a declared agent's key: from the run's seed and the agent's name. */
export function agentSeed(seed: string, agent: string): Uint8Array {
  return deriveBytes(seed, ['key', 'agent', agent]);
}

/** Throws the builder's first refusal as a harness error naming the agent (a run cannot be set up). */
export function firstFailure(scenario: string, condition: string, failures: readonly AgentFailure[]): void {
  const first = failures[0];
  if (first === undefined) return;
  const why = isWarrantError(first.error) ? `${first.error.code}: ${first.error.message}` : describeError(first.error);
  throw new HarnessError(
    `scenario '${scenario}', condition ${condition}: cannot build the warrant of agent '${first.agent.name}': ${why}`,
    scenario,
    condition,
    undefined,
    { cause: first.error },
  );
}

/**
 * One trial's delegations over `chains`: a Delegation per agent, made on first use, sharing the
 * trial's authorizer and clock. A call under an agent the scenario does not have, or without one
 * when there is no default, is a harness error (the loader refuses both).
 */
export function agentDelegations(scenario: Scenario, chains: AgentChains, authorizer: Authorizer, clock: SimulatedClock): AgentDelegations {
  const fallback = defaultAgent(scenario.agents);
  const made = new Map<string, Delegation>();
  const condition: Exclude<Condition, 'no_warrant'> = chains.condition;
  return {
    clock,
    of: (agent) => {
      const name = agent ?? fallback;
      const found = name === undefined ? undefined : agentIn(chains, name);
      if (found === undefined)
        throw new HarnessError(
          `scenario '${scenario.name}', condition ${condition}: ${name === undefined ? 'one agent must be chosen (a call without agent:, LLM mode, an analysis) and several agents are leaves; this needs a topology with one leaf' : `no agent '${name}'`}`,
          scenario.name,
          condition,
        );
      let d = made.get(found.name);
      if (d === undefined) {
        const own = found.chain[found.chain.length - 1]!;
        d = { condition, chain: found.chain, holder: found.key, warrantId: own.payload.id, authorizer, clock };
        made.set(found.name, d);
      }
      return d;
    },
  };
}

/** The implicit agents of a scenario without `agents:`: the planner holds [root], the worker [root, q]. */
export function implicitAgents(
  condition: 'broad' | 'task_scoped',
  built: { readonly root: SignedWarrant; readonly q: SignedWarrant },
  keys: { readonly p: SigningKey; readonly q: SigningKey },
): AgentChains {
  return {
    condition,
    agents: [
      { name: IMPLICIT_PLANNER, parent: null, depth: 0, key: keys.p, chain: [built.root] },
      { name: IMPLICIT_WORKER, parent: IMPLICIT_PLANNER, depth: 1, key: keys.q, chain: [built.root, built.q] },
    ],
  };
}

/** A run's built topologies, by scenario object (weakly held) and condition. */
export class TopologyCache {
  private readonly byScenario = new WeakMap<Scenario, Map<string, ReturnType<typeof buildTopology>>>();

  get(scenario: Scenario, condition: string, build: () => ReturnType<typeof buildTopology>): ReturnType<typeof buildTopology> {
    let kept = this.byScenario.get(scenario);
    if (kept === undefined) this.byScenario.set(scenario, (kept = new Map()));
    let built = kept.get(condition);
    if (built === undefined) kept.set(condition, (built = build()));
    return built;
  }
}
