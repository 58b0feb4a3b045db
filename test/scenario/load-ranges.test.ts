/**
 * A run may load its files in ranges, each on another thread (pipeline/shard.ts): the ranges'
 * loads, gathered in file order, are the load of the whole list — the same scenarios, or the same
 * problems in the same order (a duplicate name across ranges included).
 */
import { describe, expect, it } from 'vitest';
import { generateSuite } from '../helpers/generated-suite.js';
import { ChainCheck } from '../../src/chains/chain-check.js';
import { RunContext } from '../../src/chains/run-context.js';
import { resolveInputs } from '../../src/scenario/files.js';
import { gatherFileLoads, loadFileRange, loadScenarioFileSet } from '../../src/scenario/load-yaml.js';
import { ScenarioError } from '../../src/scenario/errors.js';

/** The load of `dir` gathered from ranges cut at `cuts`, each with a context of its own. */
async function inRanges(dir: string, cuts: readonly number[]) {
  const { files, problems } = await resolveInputs([dir], dir);
  const bounds = [0, ...cuts, files.length];
  const loads = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    loads.push(...(await loadFileRange(files.slice(bounds[i], bounds[i + 1]), new ChainCheck(new RunContext('ranges')))));
  }
  return gatherFileLoads(files, loads, problems);
}

const failure = (f: () => unknown): Promise<string> =>
  Promise.resolve()
    .then(f)
    .then(
      () => 'loaded',
      (e: unknown) => (e instanceof ScenarioError ? e.format() : String(e)),
    );

describe('a load gathered from ranges of the files', () => {
  it('gives the scenarios and warnings of the whole load', async () => {
    const dir = generateSuite(12);
    const whole = await loadScenarioFileSet([dir], dir);
    const ranges = await inRanges(dir, [5, 6]);
    expect(ranges.scenarios).toEqual(whole.scenarios);
    expect(ranges.warnings).toEqual(whole.warnings);
    expect(ranges.files).toBe(12);
  });

  it('reports every problem of every range, in order, and a name defined in two ranges', async () => {
    const dir = generateSuite(12, (text, i) => {
      if (i === 1 || i === 10) return text.replace(/^calls:/m, 'extra: 1\ncalls:');
      if (i === 2 || i === 8) return text.replace(/^name:.*$/m, 'name: twice');
      return text;
    });
    const whole = await failure(() => loadScenarioFileSet([dir], dir));
    expect(whole).toContain("duplicate scenario name 'twice'");
    expect(whole.match(/unknown key 'extra'/g)).toHaveLength(2);
    expect(await failure(() => inRanges(dir, [4]))).toBe(whole);
    expect(await failure(() => inRanges(dir, [1, 2, 9]))).toBe(whole);
  });

  it('refuses a list whose loads are missing a file', async () => {
    const dir = generateSuite(3);
    const { files } = await resolveInputs([dir], dir);
    const loads = await loadFileRange(files.slice(0, 2), new ChainCheck());
    expect(() => gatherFileLoads(files, loads, [])).toThrow('scenario file #3 was not loaded');
  });
});
