/**
 * A trial's delegation-level steps (docs/results.md, "Steps"): what each step of the scenario did
 * under the trial's condition and Tenuo's reason. Present on a trial only when its scenario has
 * steps, so the results of a suite without steps are unchanged. Key order is the order written.
 */
import type * as z from 'zod';
import { count, flag, list, oneOf, plainObject, positive, record, text } from './checks.js';
import { denialSchema } from './denial.js';
import { FRAME_BOUNDS, MAX_ARGS_DEPTH, MAX_CALLS_PER_TRIAL } from './limits.js';

const str = text(FRAME_BOUNDS.maxString);

export const StepResultSchema = record({
  index: positive, // 1-based position among the scenario's steps
  kind: oneOf(['delegate', 'warrant_of', 'replay', 'splice']),
  after_call: count, // the ordinary calls that come before it (0: before the first)
  agent: str, // who acts: the delegating agent, or the caller
  expect: oneOf(['allow', 'deny']),
  /** `accepted`: as asked; `shortened`: a child accepted with a lifetime cut to its parent's expiry; `refused`. */
  outcome: oneOf(['accepted', 'shortened', 'refused']),
  authorized: flag, // a warrant was accepted / the call ran: outcome is not `refused`
  denial: denialSchema(FRAME_BOUNDS.maxString).optional(), // Tenuo's reason, when refused
  to: str.optional(), // delegate: the child
  expires_at: count.optional(), // delegate: the child's expiry (unix seconds), when accepted under a warrant
  requested_expires_at: count.optional(), // delegate, shortened: the expiry asked for
  warrant_of: str.optional(), // warrant_of: whose chain was presented
  replay: positive.optional(), // replay: the call whose PoP signature was reused
  parents_of: str.optional(), // splice: whose parents the caller's warrant was put under
  tool: str.optional(), // a call-making step: the call, its arguments as authorized
  args: plainObject<Record<string, unknown>>({ maxDepth: MAX_ARGS_DEPTH }, `nested deeper than ${MAX_ARGS_DEPTH} levels`).optional(),
  source: str.optional(), // FILE:LINE:COL of the step
});

export const StepResultsSchema = list(StepResultSchema, MAX_CALLS_PER_TRIAL, `more than ${MAX_CALLS_PER_TRIAL} steps`);

export type StepResult = z.infer<typeof StepResultSchema>;
