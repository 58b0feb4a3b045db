/**
 * The action's one mapping of the error model (ARCHITECTURE.md, "Errors"): whatever stops the step
 * before it has results becomes its failure message here, by the error's `kind`, and nowhere else.
 *
 * - `input`: what to fix (the inputs, a scenario's problems, a results or shard file, the base).
 * - `harness`: the benchmark machinery failed: never reported as a policy's decision.
 * - `decision`, or anything outside the model: a bug of ours if it gets here; rethrown, so `run`
 *   fails the step with its name and keeps its stack in the debug log.
 */
import { BaselineError } from '../guard/errors.js';
import { isBenchError } from '../lib/errors.js';
import { ScenarioError, type ScenarioProblem } from '../scenario/errors.js';
import { InputError } from './inputs.js';

/** Why a run stopped before results: the reason, and the scenario files' problems when they are why. */
export interface Stopped {
  readonly reason: string;
  readonly problems?: readonly ScenarioProblem[];
}

/** The step's failure message for `error`, and what the not-evaluated report says. */
export interface StepFailure {
  readonly message: string;
  readonly stopped: Stopped;
}

/** What the step was doing when it failed, for the messages that name it. */
export interface FailureContext {
  /** The base the pipeline compared against, when it did. */
  readonly baselineRef?: string | undefined;
}

/** The failure `error` means for the step; rethrows a decision or an error outside the model. */
export function stepFailure(error: unknown, context: FailureContext = {}): StepFailure {
  // The base's errors are input errors (a ref, a checkout); named with the ref only this step knows.
  if (error instanceof BaselineError) return failure(`baseline ${context.baselineRef}: ${error.code}: ${error.message}`);
  if (!isBenchError(error) || error.kind === 'decision') throw error;
  if (error.kind === 'harness') return failure(`the benchmark itself failed (not a policy decision): ${error.message}`);
  if (error instanceof ScenarioError) {
    // The run page and the comment show what to fix too, not only the log (the step still fails).
    return { message: `${error.message}:\n${error.format()}`, stopped: { reason: `${error.message}.`, problems: error.problems } };
  }
  if (error instanceof InputError) return failure(`invalid input:\n${error.problems.map((p) => `  ${p}`).join('\n')}`);
  return failure(error.message);
}

function failure(message: string): StepFailure {
  return { message, stopped: { reason: message } };
}
