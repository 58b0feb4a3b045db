/** The action maps the error model's kind once (src/action/errors.ts, ARCHITECTURE.md "Errors"). */
import { describe, expect, it } from 'vitest';
import { stepFailure } from '../../src/action/errors.js';
import { InputError } from '../../src/action/inputs.js';
import { BaselineError } from '../../src/guard/errors.js';
import { LlmInputError } from '../../src/llm/errors.js';
import { HarnessError } from '../../src/model/errors.js';
import { EnvironmentLimitError } from '../../src/world/limit.js';
import { PipelineInputError } from '../../src/pipeline/pipeline.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import { WarrantError } from '../../src/warrant/errors.js';

describe('stepFailure: one mapping of kind to the step failure', () => {
  it.each([
    [new PipelineInputError('no scenarios to run'), 'no scenarios to run'],
    [new LlmInputError('merge_mismatch', 'a.json was gated differently from b.json'), 'a.json was gated differently from b.json'],
    [
      new InputError(['input runs: must be a number', 'input shard: bad']),
      'invalid input:\n  input runs: must be a number\n  input shard: bad',
    ],
  ])('input %s: what to fix', (error, message) => {
    expect(stepFailure(error)).toEqual({ message, stopped: { reason: message } });
  });

  it('a scenario error: the summary, the problems, and the problems for the report', () => {
    const error = new ScenarioError([{ file: 's.yaml', line: 2, col: 3, message: 'unknown key' }]);
    expect(stepFailure(error)).toEqual({
      message: '1 problem in 1 file:\ns.yaml:2:3: unknown key',
      stopped: { reason: '1 problem in 1 file.', problems: error.problems },
    });
  });

  it('a base that cannot be read names the ref', () => {
    const error = new BaselineError('baseline_ref_missing', 'fetch it');
    expect(stepFailure(error, { baselineRef: 'main' }).message).toBe('baseline main: baseline_ref_missing: fetch it');
  });

  it.each([new HarnessError('the judge returned a string'), new EnvironmentLimitError('a command line')])(
    'a harness fault %s is never a policy decision',
    (error) => {
      expect(stepFailure(error).message).toBe(`the benchmark itself failed (not a policy decision): ${error.message}`);
    },
  );

  it('a decision, or an error outside the model, is rethrown (run() fails the step with its name)', () => {
    const denial = new WarrantError('pop_failed', 'denied');
    expect(() => stepFailure(denial)).toThrow(denial);
    const bug = new TypeError('x is undefined');
    expect(() => stepFailure(bug)).toThrow(bug);
  });
});
