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
import { SimulatedClock, seededRandom } from './seed.js';

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
