/**
 * The `baseline` part of an untrusted results file (report-only mode, design §10): checked in full,
 * so that the report can show "Changes against BASE" from it without a malformed part crashing a
 * renderer. It cannot be recomputed (that needs the repository at REF), so it is shown as the file
 * says, like the analyses' findings; the gate's `authority_widened` violations are kept the same way.
 */
import { CONDITIONS } from '../bench/results.js';

type Check = (v: unknown, at: string) => string | undefined;

const MAX_STRING = 100_000;
const MAX_LIST = 10_000;
const MAX_DEPTH = 32;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str: Check = (v, at) => (typeof v === 'string' && v.length <= MAX_STRING ? undefined : `${at}: expected a string`);
const bool: Check = (v, at) => (typeof v === 'boolean' ? undefined : `${at}: expected true or false`);
const count: Check = (v, at) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? undefined : `${at}: expected a count`);
const rate: Check = (v, at) => (typeof v === 'number' && v >= 0 && v <= 1 ? undefined : `${at}: expected a rate between 0 and 1`);
const nullable =
  (c: Check): Check =>
  (v, at) =>
    v === null ? undefined : c(v, at);
const oneOf =
  (...values: readonly unknown[]): Check =>
  (v, at) =>
    values.includes(v) ? undefined : `${at}: expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}`;

/** Plain JSON no deeper than MAX_DEPTH, strings bounded. */
const plain: Check = (v, at) => {
  const walk = (x: unknown, depth: number): boolean => {
    if (depth > MAX_DEPTH) return false;
    if (typeof x === 'string') return x.length <= MAX_STRING;
    if (x === null || typeof x === 'number' || typeof x === 'boolean') return true;
    if (Array.isArray(x)) return x.length <= MAX_LIST && x.every((y) => walk(y, depth + 1));
    if (isObj(x)) return Object.values(x).every((y) => walk(y, depth + 1));
    return false;
  };
  return walk(v, 0) ? undefined : `${at}: expected plain JSON nested at most ${MAX_DEPTH} deep`;
};

function list(each: Check): Check {
  return (v, at) => {
    if (!Array.isArray(v)) return `${at}: expected a list`;
    if (v.length > MAX_LIST) return `${at}: more than ${MAX_LIST} items`;
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

const condition = oneOf(...CONDITIONS);
const decision = oneOf('allow', 'deny');
const denial = shape({ code: str, reason: str });
const baseHead = shape({ base: rate, head: rate });
const args = (v: unknown, at: string): string | undefined => (isObj(v) ? plain(v, at) : `${at}: expected an object`);

const flip = shape({ scenario: str, condition, index: count, tool: str, args, base: decision, head: decision }, { denial, source: str });
const delta = shape({ scenario: str, condition, asr: baseHead, tcr: baseHead });
const widening = shape(
  {
    scenario: str,
    change: str,
    tool: str,
    param: nullable(str),
    base: nullable(str),
    head: str,
    why: str,
    proof: oneOf('proven', 'unproven'),
    counterexample: nullable(shape({ tool: str, args })),
    effect: nullable(shape({ output: str, effects: list(plain), attack: bool, base_denial: denial })),
  },
  { source: str },
);
const narrowing = shape({ scenario: str, change: str, tool: str, param: nullable(str), base: str, head: nullable(str) }, { source: str });

const baseline = shape(
  {
    ref: str,
    commit: str,
    added: list(str),
    removed: list(str),
    deltas: list(delta),
    summary: (v, at) => {
      if (!isObj(v)) return `${at}: expected an object`;
      for (const [k, s] of Object.entries(v)) {
        const p = condition(k, `${at} key '${k}'`) ?? shape({ asr: baseHead, tcr: baseHead })(s, `${at}.${k}`);
        if (p) return p;
      }
      return undefined;
    },
    flips: list(flip),
    widenings: list(widening),
    narrowings: list(narrowing),
    allow_widening: bool,
  },
  { problems: list(str) },
);

/** undefined when `v` is a well-formed, bounded `baseline` part, else where and how it is not. */
export function checkBaseline(v: unknown, at = '$.baseline'): string | undefined {
  return baseline(v, at);
}
