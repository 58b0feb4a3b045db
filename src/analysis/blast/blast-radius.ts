/**
 * Blast radius per agent (docs/analyses.md#blast-radius): for a scenario with `agents:`, what a
 * compromise of each agent reaches under task_scoped. An injected agent holds its key and its
 * chain, so it can
 * - call any tool its own warrant allows: each of the scenario's attacks (`expect: deny` calls) is
 *   signed with the agent's key and decided by the real authorizer against the agent's whole chain,
 *   whichever agent the scenario has making it;
 * - mint children: any grant within its own, down to its chain's max_depth. The grants its
 *   descendants hold were accepted from it (or from agents it could stand in for), so an attack one
 *   of them can carry out is within its reach too (`attacks_by_delegation`: non-empty when a child
 *   holds more than its parent, a monotonicity escape).
 * So a team sees that a compromised planner reaches what its workers reach, and more.
 */
import type { WorkBudget } from '../../lib/budget.js';
import type { RunContext } from '../../chains/run-context.js';
import type { AgentAuthority } from '../../chains/topology.js';
import { ORG } from '../../model/agents.js';
import { formatSource } from '../../model/errors.js';
import type { Scenario, ScenarioCall } from '../../model/scenario.js';
import type { AgentBlast, ScenarioBlast } from '../../results/blast-radius.js';
import { bindCall, isAllowed } from '../../trial/harness.js';
import { describeTools } from '../../warrant/describe.js';

/** The scenario's attacks: its `expect: deny` calls with their 1-based index, bound as a trial binds them. */
function attacksOf(scenario: Scenario): { call: ScenarioCall; index: number }[] {
  return scenario.calls.flatMap((call, i) =>
    call.expect === 'deny' ? [{ call: { ...call, args: bindCall(scenario, call) }, index: i + 1 }] : [],
  );
}

/** The attacks one agent's own warrant allows, each decided on a fresh trial's authority, signed with its key. */
function reachableBy(
  scenario: Scenario,
  context: RunContext,
  agent: AgentAuthority,
  attacks: readonly { call: ScenarioCall; index: number }[],
  budget?: WorkBudget,
): number[] {
  const delegations = context.delegations(scenario, 'task_scoped', budget)!;
  const own = delegations.of(agent.name);
  return attacks.filter((a) => isAllowed(own, scenario, { ...a.call, agent: agent.name }, a.index)).map((a) => a.index);
}

/** The blast radius of each agent of an `agents:` scenario; undefined for a scenario without agents. */
export function blastRadius(scenario: Scenario, context: RunContext, budget?: WorkBudget): ScenarioBlast | undefined {
  if (scenario.agents === undefined) return undefined;
  const chains = context.agentChains(scenario, 'task_scoped');
  const attacks = attacksOf(scenario);
  const own = new Map(chains.agents.map((a) => [a.name, reachableBy(scenario, context, a, attacks, budget)] as const));
  const childrenOf = (name: string): string[] => chains.agents.filter((a) => a.parent === name).map((a) => a.name);
  const below = (name: string): string[] => childrenOf(name).flatMap((c) => [c, ...below(c)]);
  const agents: AgentBlast[] = chains.agents.map((a) => {
    const warrant = a.chain[a.chain.length - 1]!.payload;
    const mine = own.get(a.name)!;
    const viaChildren = new Set(below(a.name).flatMap((d) => own.get(d)!));
    const decl = scenario.agents!.find((d) => d.name === a.name);
    return {
      agent: a.name,
      parent: a.parent ?? ORG,
      depth: a.depth,
      grant: describeTools(warrant.tools),
      attacks: mine,
      attacks_by_delegation: [...viaChildren].filter((i) => !mine.includes(i)).sort((x, y) => x - y),
      may_delegate: warrant.maxDepth > warrant.depth,
      depth_left: Math.max(0, warrant.maxDepth - warrant.depth),
      children: childrenOf(a.name),
      ...(decl !== undefined ? { source: formatSource(decl.source) } : {}),
    };
  });
  return { scenario: scenario.name, condition: 'task_scoped', attacks_total: attacks.length, agents };
}
