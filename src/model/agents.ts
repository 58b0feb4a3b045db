/**
 * A scenario's agents and who delegates to whom (docs/scenarios.md#agents). Without `agents:` a
 * scenario has two implicit agents, `planner` (the org mints its broad root warrant) and `worker`
 * (the planner grants it the scenario's `warrant:`); with `agents:` it has the ones it declares.
 * This file is the vocabulary only: the loader (src/scenario/parse/agents-section.ts) checks a
 * topology, the chains (src/chains/topology.ts) build it under each condition.
 */
import type { ToolGrants } from '../warrant/constraints/types.js';
import type { Topology } from './scenario.js';

export type { AgentDecl, Topology } from './scenario.js';

/** The parent of an agent the org key mints (`from: org`, or no `from:`). */
export const ORG = 'org';
/** The two implicit agents of a scenario without `agents:` (other layers build on these names). */
export const IMPLICIT_PLANNER = 'planner';
export const IMPLICIT_WORKER = 'worker';
/**
 * Agents one scenario may declare, at most: each is a warrant minted or granted under every
 * warranted condition, so the bound keeps a file's set-up cost small.
 */
export const MAX_AGENTS = 128;

/** An agent's depth in its chain: 0 for an agent the org mints (its warrant is the chain's root). */
export function depthOf(agents: Topology, name: string): number {
  let depth = 0;
  let at = agents.find((a) => a.name === name);
  while (at !== undefined && at.from !== null && depth <= agents.length) {
    const parent = at.from;
    at = agents.find((a) => a.name === parent);
    depth++;
  }
  return depth;
}

/** The agents nobody delegates to, in declaration order: the ones that default to making calls. */
export function leavesOf(agents: Topology): string[] {
  return agents.filter((a) => !agents.some((c) => c.from === a.name)).map((a) => a.name);
}

/** The agent names a scenario has: its declared ones, else the implicit planner and worker. */
export function agentNames(agents: Topology | undefined): string[] {
  return agents === undefined ? [IMPLICIT_PLANNER, IMPLICIT_WORKER] : agents.map((a) => a.name);
}

/** The agent a call without `agent:` is made by: the only leaf, or undefined when there are several. */
export function defaultAgent(agents: Topology | undefined): string | undefined {
  if (agents === undefined) return IMPLICIT_WORKER;
  const leaves = leavesOf(agents);
  return leaves.length === 1 ? leaves[0] : undefined;
}

/**
 * Every grant the file writes: `warrant:`, or each agent's (what the world's tools and the shell
 * parser's need are read from).
 */
export function writtenGrants(scenario: { readonly warrant: ToolGrants; readonly agents?: Topology }): ToolGrants[] {
  return scenario.agents === undefined ? [scenario.warrant] : scenario.agents.map((a) => a.grant);
}
