/**
 * Report-only mode reads a results JSON written by an earlier run, often one from a fork's pull
 * request downloaded as an artifact: untrusted input. Its shape is checked in full before anything
 * renders it, and a bad file is one clear message naming the first wrong field.
 */
import { readFile, stat } from 'node:fs/promises';
import { CONDITIONS, type Results } from '../bench/results.js';

export class ResultsFileError extends Error {
  override readonly name = 'ResultsFileError';
}

const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ITEMS = 1_000_000;

export async function readResultsFile(file: string): Promise<Results> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (e) {
    throw new ResultsFileError(`results-path ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size > MAX_BYTES) throw new ResultsFileError(`results-path ${file}: ${size} bytes is over the ${MAX_BYTES}-byte limit`);
  const text = await readFile(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsFileError(`results-path ${file}: not JSON (${(e as Error).message})`);
  }
  const problem = checkResults(data);
  if (problem) throw new ResultsFileError(`results-path ${file}: not a delegation-bench results file: ${problem}`);
  return data as Results;
}

type Check = (v: unknown, at: string) => string | undefined;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str: Check = (v, at) => (typeof v === 'string' && v.length <= 100_000 ? undefined : `${at}: expected a string`);
const bool: Check = (v, at) => (typeof v === 'boolean' ? undefined : `${at}: expected true or false`);
const count: Check = (v, at) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? undefined : `${at}: expected a count (integer ≥ 0)`;
const rate: Check = (v, at) =>
  typeof v === 'number' && v >= 0 && v <= 1 ? undefined : `${at}: expected a rate between 0 and 1`;
const oneOf =
  (...values: readonly unknown[]): Check =>
  (v, at) =>
    values.includes(v) ? undefined : `${at}: expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}`;
const condition = oneOf(...CONDITIONS);

function list(each: Check): Check {
  return (v, at) => {
    if (!Array.isArray(v)) return `${at}: expected a list`;
    if (v.length > MAX_ITEMS) return `${at}: more than ${MAX_ITEMS} items`;
    for (let i = 0; i < v.length; i++) {
      const p = each(v[i], `${at}[${i}]`);
      if (p) return p;
    }
    return undefined;
  };
}

function shape(fields: Record<string, Check>, optional: Record<string, Check> = {}): Check {
  return (v, at) => {
    if (!isObj(v)) return `${at}: expected an object`;
    for (const [k, check] of Object.entries(fields)) {
      if (!(k in v)) return `${at}.${k}: missing`;
      const p = check(v[k], `${at}.${k}`);
      if (p) return p;
    }
    for (const [k, check] of Object.entries(optional)) {
      if (v[k] === undefined) continue;
      const p = check(v[k], `${at}.${k}`);
      if (p) return p;
    }
    return undefined;
  };
}

const call = shape(
  {
    index: count,
    tool: str,
    args: (v, at) => (isObj(v) ? undefined : `${at}: expected an object`),
    expect: oneOf('allow', 'deny'),
    authorized: bool,
  },
  { denial: shape({ code: str, reason: str }), source: str },
);

const trial = shape({
  scenario: str,
  condition,
  task_succeeded: bool,
  attack_succeeded: bool,
  calls_total: count,
  calls_allowed: count,
  calls_blocked: count,
  calls: list(call),
});

const conditionSummary = shape({
  asr: rate,
  tcr: rate,
  calls_blocked: count,
  trials: count,
  false_allows: count,
  false_blocks: count,
});

const violation = shape(
  { scenario: str, kind: oneOf('attack_succeeded', 'task_failed', 'asr_above_max', 'tcr_below_min'), message: str },
  { source: str },
);

const results = shape(
  {
    version: oneOf(1),
    mode: oneOf('deterministic'),
    conditions: list(condition),
    scenarios: list(str),
    trials: list(trial),
    summary: (v, at) => {
      if (!isObj(v)) return `${at}: expected an object`;
      for (const [k, s] of Object.entries(v)) {
        const p = condition(k, `${at} key '${k}'`) ?? conditionSummary(s, `${at}.${k}`);
        if (p) return p;
      }
      return undefined;
    },
    gate: shape({
      condition: oneOf('task_scoped'),
      max_asr: rate,
      min_tcr: rate,
      passed: bool,
      violations: list(violation),
    }),
  },
  { timings: (v, at) => (isObj(v) ? undefined : `${at}: expected an object`) },
);

/** undefined when `data` is a well-formed Results, else where and how it is not. */
export function checkResults(data: unknown): string | undefined {
  const p = results(data, '$');
  if (p) return p;
  const r = data as Results;
  // A gate that says it passed while listing violations (or the reverse) is not to be believed.
  if (r.gate.passed !== (r.gate.violations.length === 0)) {
    return '$.gate: passed disagrees with its violations';
  }
  return undefined;
}
