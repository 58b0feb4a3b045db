/**
 * The guard over topologies (docs/guard.md, docs/scenarios.md#agents): a scenario with `agents:`
 * has one task_scoped grant per agent, and an agent's calls are checked against its own warrant's
 * grant. So its grants are compared agent by agent, by name: each agent as a scenario of its own
 * whose task_scoped grant is that agent's (what the widenings' witness replay then checks through a
 * chain that ends in that grant). Without `agents:` the agents are the implicit `worker` (the
 * scenario's `warrant:`) and `planner` (the broad root). An agent the base did not have compares
 * against no grant at all (everything it holds is new authority); one the head dropped, against none.
 */
import { broadGrants } from '../chains/run-context.js';
import { agentNames, IMPLICIT_PLANNER, IMPLICIT_WORKER } from '../model/agents.js';
import type { Scenario } from '../model/scenario.js';
import type { ToolGrants } from '../warrant/constraints/types.js';
import type { Pair } from './widenings.js';

/** The pair itself when neither side has `agents:`; else one pair per agent name either side has. */
export function agentPairs(pair: Pair): readonly Pair[] {
  if (pair.base.agents === undefined && pair.head.agents === undefined) return [pair];
  const names = [...new Set([...agentNames(pair.base.agents), ...agentNames(pair.head.agents)])];
  return names.map((name) => ({ base: asAgent(pair.base, name), head: asAgent(pair.head, name) }));
}

/** `scenario` as if `agent` were its only worker: its grant, its positions, the calls it makes. */
function asAgent(scenario: Scenario, agent: string): Scenario {
  const { agents, ...flat } = scenario;
  const decl = agents?.find((a) => a.name === agent);
  // Without `agents:` only the implicit planner holds the broad root: any other name is an agent
  // this side does not have, so it holds nothing (else a new agent would compare against the root).
  const implicit = (): ToolGrants =>
    agent === IMPLICIT_WORKER ? scenario.warrant : agent === IMPLICIT_PLANNER ? broadGrants(scenario) : {};
  const grant: ToolGrants = agents === undefined ? implicit() : (decl?.grant ?? {});
  const calls = scenario.calls
    .filter((c) => (c.agent ?? (agents === undefined ? IMPLICIT_WORKER : undefined)) === agent)
    .map(({ agent: _made, ...call }) => call);
  return {
    ...flat,
    warrant: grant,
    calls,
    ...(decl !== undefined ? { warrantSource: decl.grantSource, grantSources: decl.grantSources } : {}),
  };
}
