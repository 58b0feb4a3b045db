/**
 * The scenario's own world (docs/scenarios.md, "Tools"): the tools an agent of this scenario has,
 * which the broad root, the broad grant, the mutants' "one more tool granted", `warrant export`'s
 * root and the tools LLM mode offers are all drawn from. The tools it declares (by hand, from an MCP
 * list, or Claude Code's tools it names) are always in it; the built-in tools are one environment
 * (a mailbox, files, a bank account, a shell, the web) that joins as a whole as soon as the
 * scenario uses any of it: a call names a built-in, or its grant does.
 *
 * Why as a whole and not tool by tool: the built-in suite's agents are offered every built-in in LLM
 * mode (a code reviewer may try to exfiltrate through `http_request`, which no scripted call uses),
 * and `broad` must hold what the agent is offered; an MCP agent that never touches the simulated
 * environment (Jira, Slack, a deploy tool) has none of it, so none of it is offered or granted.
 */
import type { Scenario } from '../model/scenario.js';
import { isBuiltinTool } from '../world/tools.js';
import { writtenGrants } from '../model/agents.js';

/** What the world depends on: the declared tools, the grants (`warrant:` or each agent's), and the calls when there are any. */
export type WorldOf = Pick<Scenario, 'tools' | 'warrant' | 'agents'> & { readonly calls?: readonly { readonly tool: string }[] };

/**
 * Whether the built-in tools are part of the scenario's world. A declared tool of a built-in's
 * name is the scenario's own (it replaces the built-in), so it does not bring the others in.
 */
export function usesBuiltins(scenario: WorldOf): boolean {
  const builtin = (tool: string): boolean => isBuiltinTool(tool) && !Object.prototype.hasOwnProperty.call(scenario.tools, tool);
  return writtenGrants(scenario).some((grants) => Object.keys(grants).some(builtin)) || (scenario.calls ?? []).some((c) => builtin(c.tool));
}
