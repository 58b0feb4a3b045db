import { describe, expect, it } from 'vitest';
import { InputError, parseInputs } from '../../src/action/inputs.js';

const from = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';

function problems(inputs: Record<string, string>): readonly string[] {
  try {
    parseInputs(from(inputs));
  } catch (e) {
    if (e instanceof InputError) return e.problems;
    throw e;
  }
  return [];
}

describe('parseInputs', () => {
  it('gives the documented defaults', () => {
    expect(parseInputs(from({}))).toEqual({
      scenarios: ['builtin'],
      maxAsr: 0,
      minTcr: 1,
      maxFalseAllows: 0,
      maxFalseBlocks: 0,
      githubToken: '',
      comment: 'auto',
      name: 'delegation-bench',
      jobSummary: true,
      badgePath: undefined,
      resultsPath: undefined,
      prNumber: undefined,
      baseline: '',
      allowWidening: false,
      allowSuiteChanges: false,
      requireBaseline: false,
      approvalLabel: 'delegation-bench:approved',
      charts: false,
      mutants: { enabled: true },
      probes: { enabled: true },
      llm: { mode: 'deterministic', model: '', runs: 5, shard: undefined, gateLlm: false, baseURL: undefined, apiKey: undefined },
    });
  });

  it('probes: on or off (on by default); max-escapes a count that gates the escapes', () => {
    expect(parseInputs(from({ probes: 'off' })).probes).toEqual({ enabled: false });
    expect(parseInputs(from({ probes: 'true' })).probes).toEqual({ enabled: true });
    expect(parseInputs(from({ 'max-escapes': '3' })).probes).toEqual({ enabled: true, maxEscapes: 3 });
    expect(parseInputs(from({ 'max-escapes': '0' })).probes).toEqual({ enabled: true, maxEscapes: 0 });
    expect(problems({ probes: 'off', 'max-escapes': '1' })).toEqual(['input max-escapes: needs the probes (probes: on)']);
    expect(problems({ probes: 'maybe' })).toEqual(["input probes: 'maybe' must be on or off (true or false)"]);
    expect(parseInputs(from({ probes: 'false' })).probes).toEqual({ enabled: false });
    expect(problems({ 'max-escapes': '-1' })).toEqual(["input max-escapes: '-1' is not a number of calls (a whole number ≥ 0)"]);
  });

  it('mutants: on or off (on by default); min-mutation-score a percentage that gates the score', () => {
    expect(parseInputs(from({ mutants: 'false' })).mutants).toEqual({ enabled: false });
    expect(parseInputs(from({ 'min-mutation-score': '80%' })).mutants).toEqual({ enabled: true, minScore: 0.8 });
    expect(parseInputs(from({ 'min-mutation-score': '0' })).mutants).toEqual({ enabled: true, minScore: 0 });
    expect(() => parseInputs(from({ mutants: 'false', 'min-mutation-score': '50' }))).toThrow(
      /input min-mutation-score: needs the warrant mutants/,
    );
    // The two analyses read their switch alike: on/off or true/false.
    expect(parseInputs(from({ mutants: 'off' })).mutants).toEqual({ enabled: false });
    expect(parseInputs(from({ mutants: 'on' })).mutants).toEqual({ enabled: true });
    expect(() => parseInputs(from({ mutants: 'yes' }))).toThrow(/input mutants: 'yes' must be on or off \(true or false\)/);
    expect(() => parseInputs(from({ 'min-mutation-score': '101' }))).toThrow(/input min-mutation-score: '101' is not a percentage/);
  });

  it('baseline: a ref, off, or empty for the pull request base; allow-widening a boolean', () => {
    expect(parseInputs(from({ baseline: 'main', 'allow-widening': 'true' }))).toMatchObject({ baseline: 'main', allowWidening: true });
    expect(parseInputs(from({ baseline: 'off' })).baseline).toBe('off');
    expect(() => parseInputs(from({ baseline: '--upload-pack=x' }))).toThrow(/input baseline: .* is not a git ref/);
    expect(() => parseInputs(from({ baseline: 'HEAD:x' }))).toThrow(/input baseline/);
    expect(() => parseInputs(from({ 'allow-widening': 'yes' }))).toThrow(/input allow-widening: 'yes' must be true or false/);
  });

  it('require-baseline: a boolean, false by default, refused beside baseline: off', () => {
    expect(parseInputs(from({})).requireBaseline).toBe(false);
    expect(parseInputs(from({ 'require-baseline': 'true' })).requireBaseline).toBe(true);
    expect(() => parseInputs(from({ 'require-baseline': 'maybe' }))).toThrow(/input require-baseline: 'maybe' must be true or false/);
    expect(() => parseInputs(from({ 'require-baseline': 'true', baseline: 'off' }))).toThrow(
      /input require-baseline: true, but baseline: off turns the comparison off/,
    );
  });

  it('allow-suite-changes: a boolean, false by default', () => {
    expect(parseInputs(from({})).allowSuiteChanges).toBe(false);
    expect(parseInputs(from({ 'allow-suite-changes': 'true' }))).toMatchObject({ allowSuiteChanges: true, allowWidening: false });
    expect(parseInputs(from({ 'allow-suite-changes': 'FALSE' })).allowSuiteChanges).toBe(false);
    expect(() => parseInputs(from({ 'allow-suite-changes': 'yes' }))).toThrow(/input allow-suite-changes: 'yes' must be true or false/);
  });

  it('parses every input', () => {
    const c = parseInputs(
      from({
        scenarios: 'policies/a.yaml, policies/b.yaml\n  builtin\n\npolicies/a.yaml',
        'max-asr': '12.5',
        'min-tcr': '90%',
        'max-false-allows': '2',
        'max-false-blocks': ' 3 ',
        'github-token': 'tok',
        comment: 'always',
        name: 'team.policy-1',
        'job-summary': 'False',
        'badge-path': 'badges',
        'results-path': 'out/results.json',
        'pr-number': '17',
      }),
    );
    expect(c.scenarios).toEqual(['policies/a.yaml', 'policies/b.yaml', 'builtin']);
    expect(c.maxAsr).toBeCloseTo(0.125);
    expect(c.minTcr).toBeCloseTo(0.9);
    expect(c).toMatchObject({ comment: 'always', name: 'team.policy-1', jobSummary: false, badgePath: 'badges' });
    expect(c).toMatchObject({ resultsPath: 'out/results.json', prNumber: 17, githubToken: 'tok' });
    expect(c).toMatchObject({ maxFalseAllows: 2, maxFalseBlocks: 3 });
  });

  it('reads the percentages -0 and .5 as the CLI does: 0 and 0.005', () => {
    const c = parseInputs(from({ 'min-tcr': '-0', 'max-asr': '.5' }));
    expect(Object.is(c.minTcr, 0)).toBe(true);
    expect(c.maxAsr).toBeCloseTo(0.005);
  });

  it.each([
    [{ 'max-asr': '12x' }, "input max-asr: '12x' is not a percentage between 0 and 100"],
    [{ 'max-asr': '-1' }, "input max-asr: '-1' is not a percentage between 0 and 100"],
    [{ 'min-tcr': '100.5' }, "input min-tcr: '100.5' is not a percentage between 0 and 100"],
    [{ 'min-tcr': '0.9e2' }, "input min-tcr: '0.9e2' is not a percentage between 0 and 100"],
    [{ comment: 'yes' }, "input comment: 'yes' must be one of auto, always, off"],
    [{ 'max-false-allows': '-1' }, "input max-false-allows: '-1' is not a number of calls (a whole number ≥ 0)"],
    [{ 'max-false-blocks': '1.5' }, "input max-false-blocks: '1.5' is not a number of calls (a whole number ≥ 0)"],
    [{ 'job-summary': 'maybe' }, "input job-summary: 'maybe' must be true or false"],
    [{ 'pr-number': '#12' }, "input pr-number: '#12' is not a pull request number"],
    [{ 'results-path': 'a\0b' }, "input results-path: 'a\0b' is not a single path"],
  ])('rejects %o with a precise message', (inputs, message) => {
    expect(problems(inputs)).toEqual([message]);
  });

  it.each(['../x', 'a b', 'x-->', '-lead', 'a'.repeat(65)])('rejects the name %j (marker and file names)', (name) => {
    const [p] = problems({ name });
    expect(p).toMatch(/^input name: '.*' must be 1 to 64 letters, digits/);
  });

  it('reports every bad input at once', () => {
    expect(problems({ 'max-asr': 'a', 'min-tcr': 'b', comment: 'c' })).toHaveLength(3);
  });
});
