/**
 * The shells' default thread count (defaultWorkers, matrix.ts) as they wire it: the CLI's `run`
 * flags and the action's pipeline configuration, the machine's core count given, so that a shell
 * that dropped the analyses (or the count) on its way to defaultWorkers fails here.
 */
import { describe, expect, it } from 'vitest';
import { parseInputs } from '../../src/action/inputs.js';
import { actionPipelineConfig } from '../../src/action/main.js';
import { parseFlags } from '../../src/cli/run.js';

const PLAIN = ['--no-probes', '--no-mutants'];

describe('the CLI: run --workers unset', () => {
  it('is 1 for a plain run on 2 cores or fewer, every core otherwise', () => {
    expect(parseFlags(PLAIN, 2).workers).toBe(1);
    expect(parseFlags(PLAIN, 1).workers).toBe(1);
    expect(parseFlags(PLAIN, 4).workers).toBe(4);
    expect(parseFlags([], 2).workers).toBe(2); // probes and mutants on
    expect(parseFlags(['--no-probes'], 2).workers).toBe(2); // mutants on
    expect(parseFlags(['--no-mutants'], 2).workers).toBe(2); // probes on
  });

  it('--workers wins over the default', () => {
    expect(parseFlags([...PLAIN, '--workers', '3'], 2).workers).toBe(3);
    expect(parseFlags(['--workers', '1'], 8).workers).toBe(1);
  });
});

describe("the action's pipeline configuration", () => {
  const ctx = { workspace: process.cwd() };
  const config = (inputs: Record<string, string>) => parseInputs((n) => inputs[n] ?? (n === 'scenarios' ? 'scenarios' : ''));

  it('runs a plain run on one thread on 2 cores or fewer, every core otherwise', () => {
    const plain = config({ probes: 'off', mutants: 'off' });
    expect(actionPipelineConfig(plain, ctx, undefined, {}, 2).workers).toBe(1);
    expect(actionPipelineConfig(plain, ctx, undefined, {}, 1).workers).toBe(1);
    expect(actionPipelineConfig(plain, ctx, undefined, {}, 4).workers).toBe(4);
    expect(actionPipelineConfig(config({}), ctx, undefined, {}, 2).workers).toBe(2);
    expect(actionPipelineConfig(config({ probes: 'off' }), ctx, undefined, {}, 2).workers).toBe(2);
    expect(actionPipelineConfig(config({ mutants: 'off' }), ctx, undefined, {}, 2).workers).toBe(2);
  });
});
