/**
 * The `blast_radius` and `analyses_skipped` parts of the results JSON (docs/results.md), present
 * only for scenarios that declare `agents:` (docs/scenarios.md#agents): what a compromise of each
 * agent reaches under task_scoped, and the analyses that do not handle a topology yet. Report-only
 * mode does not read them back, so their bounds are a section's.
 */
import * as z from 'zod';
import { count, flag, list, plainObject, positive, record, text } from './checks.js';
import { SECTION_BOUNDS, SECTION_PLAIN } from './limits.js';

const str = text(SECTION_BOUNDS.maxString);
const many = <T extends z.ZodType>(item: T) => list(item, SECTION_BOUNDS.maxItems);

/** One agent: its chain's effective grant, the scenario's attacks it could carry out, what it may delegate. */
export const AgentBlastSchema = record({
  agent: str,
  /** The agent that granted its warrant, or `org` (the org key minted it). */
  parent: str,
  /** 0 for an agent the org mints; its chain holds depth + 1 warrants. */
  depth: count,
  /** The grant its chain ends in, the one the authorizer checks its calls against (scenario syntax). */
  grant: plainObject<Record<string, unknown>>(SECTION_PLAIN, `expected plain JSON nested at most ${SECTION_PLAIN.maxDepth} deep`),
  /** The scenario's `expect: deny` calls (1-based indices) the real authorizer allows under its own warrant, signed with its key. */
  attacks: many(positive),
  /**
   * Attacks its own warrant denies but a descendant's allows: a compromised agent can mint its
   * children those grants again (Tenuo accepted them from it), so they are within its reach too.
   */
  attacks_by_delegation: many(positive),
  /** Whether its warrant lets it mint a child (its depth is below its max_depth): the links it could add. */
  may_delegate: flag,
  /** Delegations its chain still allows below it (max_depth − depth). */
  depth_left: count,
  /** The agents it delegates to in the scenario. */
  children: many(str),
  /** FILE:LINE:COL of the agent under `agents:`. */
  source: str.optional(),
});

export const ScenarioBlastSchema = record({
  scenario: str,
  condition: oneCondition(),
  /** The scenario's `expect: deny` calls, as the attacks' denominator. */
  attacks_total: count,
  agents: many(AgentBlastSchema),
});

function oneCondition() {
  return z.literal('task_scoped', { error: 'expected task_scoped' });
}

/** An analysis that did not run on a scenario, and why (never a silent wrong answer). */
export const AnalysisSkipSchema = record({ scenario: str, analysis: str, reason: str });

export type AgentBlast = z.infer<typeof AgentBlastSchema>;
export type ScenarioBlast = z.infer<typeof ScenarioBlastSchema>;
export type AnalysisSkip = z.infer<typeof AnalysisSkipSchema>;
