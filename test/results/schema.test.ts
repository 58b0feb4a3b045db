/**
 * The results schema (src/results/, docs/results.md): one schema gives the key order written and
 * the bounded checks of an untrusted file. every-section.json holds each section the results JSON
 * has (a run of the built-in suite against a changed base, trimmed, with an LLM section).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { renderJson } from '../../src/report/json.js';
import { ResultsSchema, type Results } from '../../src/results/results.js';
import { checkBaseline, checkLlmSection, checkMonotonicityFindings, checkResults } from '../../src/results/file-checks.js';
import { MAX_TRIALS } from '../../src/results/limits.js';
import { readResultsFile, ResultsFileError } from '../../src/action/results-file.js';
import { BenchError } from '../../src/lib/errors.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/results');
const load = (name: string): any => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
const STEP = { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 };

/** Values that are data, not shaped by the schema: written as they are. */
const DATA = new Set(['args', 'timings', 'effects', 'value', 'canonical']);

/** The same value with every object's keys in reverse order (built in another order); data kept as it is. */
function scrambled(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrambled);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, DATA.has(k) ? v : scrambled(v)]),
  );
}

/**
 * The test's own reading of the schema: where an object of `value` has a key the schema does not
 * list, or keys out of the schema's order. Walks object, array, optional, nullable, pipe and
 * discriminated-union schemas; anything else is a leaf.
 */
function disorder(schema: z.core.$ZodType, value: unknown, at = '$'): string[] {
  if (value === null || value === undefined) return [];
  const def = schema._zod.def as any;
  if (def.type === 'optional' || def.type === 'nullable') return disorder(def.innerType, value, at);
  if (def.type === 'pipe') return disorder(def.out, value, at);
  if (def.type === 'array') return (value as unknown[]).flatMap((v, i) => disorder(def.element, v, `${at}[${i}]`));
  if (def.type === 'union') {
    const option = def.options.find((o: any) => o._zod.def.shape?.[def.discriminator]?._zod.values?.has((value as any)[def.discriminator]));
    return option ? disorder(option, value, at) : [`${at}: no option`];
  }
  if (def.type !== 'object') return [];
  const order = Object.keys(def.shape);
  const keys = Object.keys(value as object);
  const out = keys.filter((k) => !order.includes(k)).map((k) => `${at}.${k}: not in the schema`);
  const positions = keys.map((k) => order.indexOf(k));
  if (positions.some((p, i) => i > 0 && p < positions[i - 1]!)) out.push(`${at}: keys ${keys.join(', ')} out of order`);
  return [...out, ...keys.flatMap((k) => (order.includes(k) ? disorder(def.shape[k], (value as any)[k], `${at}.${k}`) : []))];
}

describe('the results schema', () => {
  it('holds every section the results JSON has', () => {
    const full = load('every-section.json');
    expect(ResultsSchema.safeParse(full).error).toBeUndefined();
    expect(checkResults(full)).toBeUndefined();
    expect(checkBaseline(full.baseline)).toBeUndefined();
    expect(checkMonotonicityFindings(full.monotonicity)).toBeUndefined();
    expect(checkLlmSection(full.llm)).toBeUndefined();
  });

  it('writes every section in the schema’s key order, whatever order it was built in', () => {
    const full = load('every-section.json') as Results;
    const written = renderJson(full);
    expect(renderJson(scrambled(full) as Results)).toBe(written);
    expect(disorder(ResultsSchema, JSON.parse(written))).toEqual([]);
    expect(Object.keys(JSON.parse(written))).toEqual(Object.keys(ResultsSchema.shape).filter((k) => k in full));
    // the fixture holds timings and llm last: written where the contract puts them
    expect(disorder(ResultsSchema, full)).toContain('$: keys ' + Object.keys(full).join(', ') + ' out of order');
  });

  it('writes no key the schema does not know, in any section', () => {
    const full = load('every-section.json');
    full.trials[0].calls[0].extra = 1;
    full.probes.escapes[0].extra = 1;
    full.baseline.widenings[0].extra = 1;
    full.monotonicity.links[0].tools[0].extra = 1;
    full.llm.trials[0].calls[0].extra = 1;
    full.scenario_info[0].warrant_from.extra = 1;
    expect(renderJson(full)).not.toContain('"extra"');
    expect(renderJson(full)).toMatch(/"args": \{\s+"path": "\/a"\s+\}/); // arguments are data, written as they are
  });
});

describe('an older results file', () => {
  it('a token origin written before kind existed is written with kind token first, as it is read', () => {
    const full = load('every-section.json');
    full.scenario_info[0].warrant_from = { token_root: 'r', from: 'w.pem', leaf: 'tnu_wrt_1', token_holder: 'h' };
    expect(checkResults(full)).toBeUndefined();
    expect(JSON.parse(renderJson(full)).scenario_info[0].warrant_from).toStrictEqual({
      kind: 'token',
      from: 'w.pem',
      leaf: 'tnu_wrt_1',
      token_holder: 'h',
      token_root: 'r',
    });
    expect(renderJson(full)).toMatch(/"warrant_from": \{\s+"kind": "token",\s+"from": "w.pem"/);
  });
});

describe('an untrusted results file is refused where the schema says so', () => {
  const passing = (): any => load('passing.json');
  it.each([
    [(r: any) => (r.scenarios[0] = 'x'.repeat(100_001)), '$.scenarios[0]: expected a string of at most 100000 characters'],
    [(r: any) => (r.version = '2'), '$.version: expected 2'],
    [(r: any) => (r.version = 1), '$.version: version 1 comes from an older delegation-bench'],
    [(r: any) => (r.gate.condition = 'broad'), '$.gate.condition: expected one of "task_scoped"'],
    [(r: any) => (r.trials[0].calls_total = 2 ** 53), '$.trials[0].calls_total: expected a count (integer ≥ 0)'],
    [(r: any) => (r.trials[0].calls[0].args = [1]), '$.trials[0].calls[0].args: expected an object'],
    [(r: any) => (r.timings = [1]), '$.timings: expected an object'],
    [(r: any) => (r.no_baseline = 'x'.repeat(2_001)), '$.no_baseline: expected a string of at most 2000 characters'],
    [(r: any) => (r.scenario_info = [{ name: 'a', description: 'd' }]), '$.scenario_info[0].request: missing'],
  ])('case %#: the first wrong value, by its JSON path', (spoil, message) => {
    const r = passing();
    spoil(r);
    expect(checkResults(r)).toContain(message);
  });

  it('a summary keyed by anything but a condition is refused (strict), in the matrix and in the baseline', () => {
    const r = passing();
    r.summary.all = r.summary.broad;
    expect(checkResults(r)).toBe(`$.summary key 'all': expected one of "no_warrant", "broad", "task_scoped"`);
    const loose = passing();
    loose.summary.broad.extra = 1; // a condition's own summary ignores keys it does not know, as before
    expect(checkResults(loose)).toBeUndefined();
    const b = load('every-section.json').baseline;
    b.summary.all = b.summary.broad;
    expect(checkBaseline(b)).toBe(`$.baseline.summary key 'all': expected one of "no_warrant", "broad", "task_scoped"`);
  });

  it('bounds a list by its size before reading its items', () => {
    const r = passing();
    r.trials = Array.from({ length: MAX_TRIALS + 1 }, () => 'not a trial');
    expect(checkResults(r)).toBe(`$.trials: more than ${MAX_TRIALS} trials`);
    const b = load('every-section.json').baseline;
    b.added = Array.from({ length: 10_001 }, () => 5);
    expect(checkBaseline(b)).toBe('$.baseline.added: more than 10000 items');
  });

  it('bounds the baseline’s, the findings’ and the LLM section’s values', () => {
    const full = load('every-section.json');
    const deep = JSON.parse('['.repeat(40) + ']'.repeat(40));
    expect(checkBaseline({ ...full.baseline, flips: [{ ...full.baseline.flips[0], args: { a: deep } }] })).toBe(
      '$.baseline.flips[0].args: expected plain JSON nested at most 32 deep',
    );
    expect(checkBaseline({ ...full.baseline, ref: 'r'.repeat(100_001) })).toBe(
      '$.baseline.ref: expected a string of at most 100000 characters',
    );
    expect(checkBaseline({ ...full.baseline, problems: 'one' })).toBe('$.baseline.problems: expected a list');
    expect(checkMonotonicityFindings({ findings: [{ ...full.monotonicity.findings[0], witness: { tool: 't', args: 5 } }] })).toBe(
      '$.monotonicity.findings[0].witness.args: expected an object',
    );
    expect(checkMonotonicityFindings([])).toBe('$.monotonicity: expected an object');
    expect(checkLlmSection({ ...full.llm, runs: 0 })).toBe('$.llm.runs: expected an integer ≥ 1');
    expect(checkLlmSection({ ...full.llm, config: { ...full.llm.config, temperature: 'hot' } })).toBe(
      '$.llm.config.temperature: expected a number or null',
    );
    const call = { ...full.llm.trials[0].calls[0], args: 5 };
    expect(checkLlmSection({ ...full.llm, trials: [{ ...full.llm.trials[0], calls: [call] }] })).toBe(
      '$.llm.trials[0].calls[0].args: expected an object or null',
    );
    // what is recomputed from the trials is not read: any cells pass the check (the audit compares them)
    expect(checkLlmSection({ ...full.llm, cells: 'anything' })).toBeUndefined();
  });

  it('a refused file is a BenchError of kind input with a stable code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-schema-'));
    writeFileSync(join(dir, 'bad.json'), '{');
    writeFileSync(join(dir, 'list.json'), '[]');
    const refusal = async (name: string) =>
      readResultsFile(join(dir, name), STEP).then(
        () => undefined,
        (e: unknown) => e,
      );
    const notJson = await refusal('bad.json');
    expect(notJson).toBeInstanceOf(BenchError);
    expect(notJson).toMatchObject({ name: 'ResultsFileError', code: 'results_file_unreadable', kind: 'input' });
    expect(await refusal('list.json')).toMatchObject({
      code: 'results_file_malformed',
      message: expect.stringContaining('$: expected an object'),
    });
    expect(await refusal('list.json')).toBeInstanceOf(ResultsFileError);
  });
});
