/** The CLI maps the error model's kind once (src/cli/errors.ts, ARCHITECTURE.md "Errors"). */
import { describe, expect, it } from 'vitest';
import { reportCliError } from '../../src/cli/errors.js';
import { EXIT_USAGE, UsageError, type CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { LlmInputError } from '../../src/llm/errors.js';
import { HarnessError } from '../../src/model/errors.js';
import { PipelineInputError } from '../../src/pipeline/pipeline.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import { WarrantError } from '../../src/warrant/errors.js';
import { TokenImportError } from '../../src/import/token.js';

function fakeIo(): CliIO & { err: string } {
  const io = { err: '', stdout: () => undefined, stderr: (t: string) => void (io.err += t), readStdin: async () => '', cwd: process.cwd() };
  return io;
}

describe('reportCliError: one mapping of kind to exit code and text', () => {
  it.each([
    [new UsageError('--seed must be 1 to 256 characters'), 'delegation-bench run: --seed must be 1 to 256 characters\n'],
    [
      new LlmInputError('bad_shard', '--shard 3/2: INDEX must be 1 to COUNT'),
      'delegation-bench run: --shard 3/2: INDEX must be 1 to COUNT\n',
    ],
    [new PipelineInputError('no scenarios to run'), 'delegation-bench run: no scenarios to run\n'],
    [new TokenImportError('not_a_token', 'not a token'), 'delegation-bench run: not a token\n'],
  ])('input %s: its message, exit 2', (error, text) => {
    const io = fakeIo();
    expect(reportCliError('run', error, io)).toBe(EXIT_USAGE);
    expect(io.err).toBe(text);
  });

  it('a scenario error: every problem as FILE:LINE:COL, then the summary, exit 2', () => {
    const io = fakeIo();
    const error = new ScenarioError([
      { file: 'b.yaml', line: 3, col: 5, message: 'unknown key' },
      { file: 'a.yaml', line: 0, col: 0, message: 'no such file' },
    ]);
    expect(reportCliError('validate', error, io)).toBe(EXIT_USAGE);
    expect(io.err).toBe('a.yaml: no such file\nb.yaml:3:5: unknown key\n2 problems in 2 files\n');
  });

  it('a problem list: one line each, control characters escaped', () => {
    const io = fakeIo();
    const error = Object.assign(new UsageError('x'), { problems: ['t.json:1:2: not JSON', 'bad\x1b[31m'] });
    expect(reportCliError('init', error, io)).toBe(EXIT_USAGE);
    expect(io.err).toBe('t.json:1:2: not JSON\nbad\\x1b[31m\n');
  });

  it('a harness fault: the run is aborted, exit 2, never a gate failure', () => {
    const io = fakeIo();
    expect(reportCliError('run', new HarnessError('the authorizer threw'), io)).toBe(EXIT_USAGE);
    expect(io.err).toBe('delegation-bench run: harness error, run aborted: the authorizer threw\n');
  });

  it('a decision, or an error outside the model, is rethrown (index.ts: internal error)', () => {
    const io = fakeIo();
    const denial = new WarrantError('pop_failed', 'denied');
    expect(() => reportCliError('run', denial, io)).toThrow(denial);
    const bug = new TypeError('x is undefined');
    expect(() => reportCliError('run', bug, io)).toThrow(bug);
    expect(io.err).toBe('');
  });

  it('main maps what a command throws: an input error of the model that no command re-labels', async () => {
    const io = fakeIo();
    // A shard spec the LLM flags refuse: an LlmInputError, reported as before by the one mapping.
    expect(await main(['run', '--mode', 'llm', '--model', 'm', '--shard', '0/2'], io)).toBe(EXIT_USAGE);
    expect(io.err).toMatch(/^delegation-bench run: --shard /);
  });
});
