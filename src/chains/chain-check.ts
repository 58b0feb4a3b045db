/**
 * What `run` would refuse, found when a scenario is loaded: the loader builds the scenario's real
 * delegation chains, broad and task_scoped, with the same builder a run uses (conditions.ts). A
 * refusal becomes a problem at the line that causes it (the grant, its parameter, the custom
 * tools) instead of a harness error that aborts the run, so a file `validate` accepts sets up
 * every condition. (A scripted call's proof-of-possession cannot fail to sign: the loader already
 * bounds what it could refuse, integers to 64 bits and nesting to fewer levels than it allows.)
 *
 * Whether a chain can be built does not depend on the run's seed (keys and ids only change bytes),
 * so one fixed seed serves a load on its own (`validate`). A run hands its own context instead: the
 * chains built here are then the ones its trials use (run-context.ts keeps them by scenario), built
 * once.
 */
import { compareUtf8 } from '../lib/bytes.js';
import { describeConstraint } from '../warrant/describe.js';
import { isWarrantError } from '../warrant/errors.js';
import { broadGrants, RunContext } from './run-context.js';
import { describeError, HarnessError } from '../model/errors.js';
import type { AgentDecl, Scenario } from '../model/scenario.js';

/** Where a refusal points: the custom tools, the warrant, or a grant (and its parameter). */
export type ChainProblemSite =
  | { readonly kind: 'tools' }
  | { readonly kind: 'warrant' }
  | { readonly kind: 'grant'; readonly tool: string; readonly param?: string }
  /** An agent of `agents:` (its grant, a tool of it, a parameter): the builder refused its warrant. */
  | { readonly kind: 'agent'; readonly agent: string; readonly tool?: string; readonly param?: string };

export interface ChainProblem {
  readonly site: ChainProblemSite;
  readonly message: string;
}

const CHECK_SEED = 'delegation-bench validate';

/**
 * The builder's own words, without the warrant id (the seed's, not the user's) and the link
 * prefix. A possessive apostrophe is written as ’ so that a problem's bounding of quoted values
 * (bounded.ts) does not read it as the start of a quote.
 */
function builderReason(e: unknown): string {
  const cause = e instanceof HarnessError ? e.cause : e;
  if (!isWarrantError(cause)) return describeError(cause).replace(/(\w)'s\b/g, '$1’s');
  const what = cause.message.replace(/^link \d+ \([^)]*\): /, '').replace(/^tools widen the parent's: /, '');
  return `${cause.code}: ${what}`.replace(/(\w)'s\b/g, '$1’s');
}

/**
 * Builds chains for many scenarios; the keys are derived once (about a millisecond each), when the
 * first scenario is checked, unless the run's context is given.
 */
export class ChainCheck {
  #context: RunContext | undefined;

  constructor(context?: RunContext) {
    this.#context = context;
  }

  check(scenario: Scenario): ChainProblem[] {
    const context = (this.#context ??= new RunContext(CHECK_SEED));
    if (scenario.agents !== undefined) return checkTopology(context, scenario);
    const broad = attempt(() => context.chainOf(scenario, 'broad'));
    if (broad.error !== undefined) {
      // The root holds every tool the scenario has: too many custom tools or parameters for a warrant.
      return [
        {
          site: { kind: 'tools' },
          message: `the root warrant of the planner cannot hold these tools, so no run can start: ${builderReason(broad.error)}`,
        },
      ];
    }
    const scoped = attempt(() => context.chainOf(scenario, 'task_scoped'));
    return scoped.error === undefined ? [] : [this.locate(context, scenario, scoped.error)];
  }

  /** The grant the builder refuses: the first tool (in the builder's order) that fails on its own. */
  private locate(context: RunContext, scenario: Scenario, error: unknown): ChainProblem {
    const reason = builderReason(error);
    for (const tool of Object.keys(scenario.warrant).sort(compareUtf8)) {
      const only = { ...scenario, warrant: { [tool]: scenario.warrant[tool]! } };
      const alone = attempt(() => context.chainOf(only, 'task_scoped'));
      if (alone.error === undefined) continue;
      const why = builderReason(alone.error);
      const param = Object.keys(scenario.warrant[tool]!.constraints).find((p) => why.includes(` ${tool}.${p}: `));
      return {
        site: { kind: 'grant', tool, ...(param !== undefined ? { param } : {}) },
        message: grantMessage(scenario, tool, param, why),
      };
    }
    return {
      site: { kind: 'warrant' },
      message: `the root warrant of the planner cannot issue this warrant, so task_scoped cannot be set up: ${reason}`,
    };
  }
}

function grantMessage(scenario: Scenario, tool: string, param: string | undefined, why: string): string {
  const root = broadGrants(scenario)[tool];
  const held =
    param !== undefined && root !== undefined && Object.prototype.hasOwnProperty.call(root.constraints, param)
      ? root.constraints[param]!
      : undefined;
  const note =
    held !== undefined && held.type !== 'wildcard'
      ? ` (the root holds ${tool}.${param} as ${JSON.stringify(describeConstraint(held))})`
      : '';
  return `the root warrant of the planner cannot issue this grant, so task_scoped cannot be set up: ${why}${note}`;
}

/**
 * An `agents:` scenario: every agent the builder refuses, under broad (the root cannot hold the
 * world's tools) or task_scoped (a grant its parent cannot give), each at its grant: all at once,
 * an agent below a refused one left out (it cannot be built either way).
 */
function checkTopology(context: RunContext, scenario: Scenario): ChainProblem[] {
  const broad = context.topologyOf(scenario, 'broad').failures;
  if (broad.length > 0) {
    return [
      {
        site: { kind: 'tools' },
        message: `the root warrant of agent '${broad[0]!.agent.name}' cannot hold these tools, so no run can start: ${builderReason(broad[0]!.error)}`,
      },
    ];
  }
  return context.topologyOf(scenario, 'task_scoped').failures.map((f) => locateAgent(context, scenario, f.agent, f.error));
}

/** The tool of a refused agent's grant that fails on its own (in the builder's order), else the grant. */
function locateAgent(context: RunContext, scenario: Scenario, agent: AgentDecl, error: unknown): ChainProblem {
  const who =
    agent.from === null
      ? `the org cannot mint agent '${agent.name}' this grant`
      : `agent '${agent.from}' cannot grant '${agent.name}' this`;
  for (const tool of Object.keys(agent.grant).sort(compareUtf8)) {
    const only: AgentDecl = { ...agent, grant: { [tool]: agent.grant[tool]! } };
    const copy: Scenario = { ...scenario, agents: scenario.agents!.map((a) => (a.name === agent.name ? only : a)) };
    const refused = context.topologyOf(copy, 'task_scoped').failures.find((f) => f.agent.name === agent.name);
    if (refused === undefined) continue;
    const why = builderReason(refused.error);
    const param = Object.keys(agent.grant[tool]!.constraints).find((p) => why.includes(` ${tool}.${p}: `));
    return {
      site: { kind: 'agent', agent: agent.name, tool, ...(param !== undefined ? { param } : {}) },
      message: `${who}, so task_scoped cannot be set up: ${why}`,
    };
  }
  return { site: { kind: 'agent', agent: agent.name }, message: `${who}, so task_scoped cannot be set up: ${builderReason(error)}` };
}

function attempt(f: () => unknown): { error?: unknown } {
  try {
    f();
    return {};
  } catch (e) {
    return { error: e ?? new Error('undefined thrown') };
  }
}
