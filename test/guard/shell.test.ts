/**
 * The baseline replays the base's scenarios on this thread. When the head's matrix ran on worker
 * threads (or reached no shell), this thread has not loaded the shell parser: the baseline must
 * load what the base's scenarios reach itself. Its own file, so the parser starts unloaded.
 */
import { expect, it } from 'vitest';
import { compareWithBaseline } from '../../src/guard/index.js';
import { shellParserLoaded } from '../../src/world/shell.js';
import { benchmarkResults } from '../../src/trial/scenario-trials.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { repoWith, scenario } from '../helpers/baseline-repo.js';

const SEED = 'baseline-shell-test';

it('a base scenario that runs a command is replayed even when the head needs no shell', async () => {
  const base = scenario({
    extraGrants: '  run_command: {command: {shlex: {allow: [ls]}}}\n',
    extraCalls: '  - tool: run_command\n    args: {command: ls /docs}\n',
  });
  const { dir, baseSha } = repoWith({ 'scenarios/docs.yaml': base }, { 'scenarios/docs.yaml': scenario() });
  const head = await loadScenarios(['scenarios'], dir);
  const headResults = benchmarkResults({ scenarios: head, maxAsr: 0, minTcr: 1, seed: SEED });
  expect(shellParserLoaded()).toBe(false); // else this test proves nothing
  const outcome = await compareWithBaseline({
    ref: baseSha,
    inputs: ['scenarios'],
    cwd: dir,
    seed: SEED,
    head,
    headResults,
    allowWidening: false,
  });
  expect(outcome.problems).toEqual([]);
  // The base granted run_command and the head does not: a narrowing, no widening; the matrix
  // of the base ran its command (three conditions, the same TCR as the head).
  expect(outcome.baseline.widenings).toEqual([]);
  expect(outcome.baseline.summary.task_scoped?.tcr).toEqual({ base: 1, head: 1 });
});
