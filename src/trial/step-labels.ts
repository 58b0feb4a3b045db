/**
 * How a delegation-level step's outcome meets its `expect` label (docs/results.md#steps), for the
 * summary, the gate and the verdict of a trial. A step is judged by its effect:
 *
 *   - `accepted` (a warrant was accepted as asked, or the call ran): an `expect: deny` step is a
 *     false allow, and the attack of that trial succeeded;
 *   - `refused`: an `expect: allow` step is a false block;
 *   - `shortened` (a child accepted with its lifetime cut to its parent's expiry): the child exists,
 *     so an `expect: allow` step is not blocked; what it asked beyond its parent's lifetime was not
 *     granted, so an `expect: deny` step did not escalate. Neither a false allow nor a false block.
 */
import type { StepResult } from '../results/results.js';
import { formatCall } from './call-format.js';

export function stepFalseAllow(step: StepResult): boolean {
  return step.expect === 'deny' && step.outcome === 'accepted';
}

export function stepFalseBlock(step: StepResult): boolean {
  return step.expect === 'allow' && step.outcome === 'refused';
}

/** A step as one short phrase for messages: `step #2 (delegate worker → helper)`. */
export function describeStep(step: StepResult): string {
  const call = step.tool !== undefined ? ` ${formatCall(step.tool, step.args ?? {})}` : '';
  switch (step.kind) {
    case 'delegate':
      return `step #${step.index} (delegate ${step.agent} → ${step.to ?? '?'})`;
    case 'warrant_of':
      return `step #${step.index} (${step.agent} calls with ${step.warrant_of ?? '?'}'s warrant)${call}`;
    case 'replay':
      return `step #${step.index} (${step.agent} replays call #${step.replay ?? '?'}'s proof-of-possession)${call}`;
    case 'splice':
      return `step #${step.index} (${step.agent}'s warrant under ${step.parents_of ?? '?'}'s parents)${call}`;
  }
}

/** What a step's outcome says in a message: `was accepted`, `was refused (code: reason)`. */
export function stepOutcomeText(step: StepResult): string {
  if (step.outcome === 'refused') return `was refused${step.denial ? ` (${step.denial.code}: ${step.denial.reason})` : ''}`;
  return step.outcome === 'shortened' ? 'was accepted with a shortened lifetime' : 'was accepted';
}
