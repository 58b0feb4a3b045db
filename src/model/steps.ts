/**
 * Delegation-level steps (docs/scenarios.md#delegation-steps): what a compromised agent does to the
 * delegation itself rather than to a tool. They are written in the scenario's `calls:` list, in
 * order, between the tool calls, and labelled `expect: deny|allow` as calls are:
 *
 *   - `delegate`: an agent mints a child warrant with its own key (a new agent or a declared one);
 *   - `warrant_of`: a call made with another agent's chain, the caller's own key signing the PoP;
 *   - `replay`: a call presented with the PoP signature of an earlier call (#N);
 *   - `splice`: the caller's own warrant presented under another agent's parents.
 *
 * The last three are tool calls and run when allowed (their effects reach the judge). Steps are kept
 * apart from `Scenario.calls`, which stays the list of ordinary calls every analysis reads, so that
 * call numbers (#N in the report, `replay: N`) count ordinary calls only; a step says after how
 * many of them it comes.
 */
import type { Value } from '../warrant/constraint-value.js';
import type { ToolGrants } from '../warrant/constraints/types.js';
import type { SourcePos } from './source.js';

export const STEP_KINDS = ['delegate', 'warrant_of', 'replay', 'splice'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

interface StepBase {
  readonly expect: 'allow' | 'deny';
  readonly source: SourcePos;
  /** How many ordinary calls (`Scenario.calls`) come before it in the file. */
  readonly afterCall: number;
  /** Seconds the simulated clock moves on before the step (`after:`), beyond its one step. */
  readonly wait: number;
}

/** A tool call a step makes: its tool and arguments, bound as the tool's integration binds them. */
export interface StepCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, Value>>;
}

export interface DelegateStep extends StepBase {
  readonly kind: 'delegate';
  /** The delegating agent: its warrant is the parent, its key signs the child. */
  readonly from: string;
  /** The child's name: a new agent (it may delegate and call in turn) or a declared one. */
  readonly to: string;
  readonly grant: ToolGrants;
  /** tool → position of its key under `grant:` (the monotonicity audit points there). */
  readonly grantSources: Readonly<Record<string, SourcePos>>;
  /** Requested lifetime in seconds; absent: the parent's expiry (Tenuo's default). */
  readonly ttl?: number;
  readonly maxDepth?: number;
}

export interface WarrantOfStep extends StepBase {
  readonly kind: 'warrant_of';
  /** The caller: its key signs the PoP. */
  readonly agent: string;
  /** Whose chain is presented. */
  readonly of: string;
  readonly call: StepCall;
}

export interface ReplayStep extends StepBase {
  readonly kind: 'replay';
  readonly agent: string;
  /** The ordinary call (1-based, as results number them) whose chain and PoP signature are reused. */
  readonly of: number;
  /** What the replayed signature is presented for (default: call #of's own tool and arguments). */
  readonly call: StepCall;
}

export interface SpliceStep extends StepBase {
  readonly kind: 'splice';
  readonly agent: string;
  /** The agent whose parents (its chain without its own warrant) are put above the caller's warrant. */
  readonly parentsOf: string;
  readonly call: StepCall;
}

export type ScenarioStep = DelegateStep | WarrantOfStep | ReplayStep | SpliceStep;
export type CallStep = WarrantOfStep | ReplayStep | SpliceStep;

export function isCallStep(step: ScenarioStep): step is CallStep {
  return step.kind !== 'delegate';
}
