/**
 * The `baseline` part of an untrusted results file (report-only mode, docs/guard.md): checked in full,
 * so that the report can show "Changes against BASE" from it without a malformed part crashing a
 * renderer. It cannot be recomputed (that needs the repository at REF), so it is shown as the file
 * says, like the analyses' findings; its widenings and suite changes are judged again with the
 * step's own allow-widening and allow-suite-changes (results-file.ts).
 */
import { bool, count, isObj, list as listOf, nullable, oneOf, rate, shape, string, type Check } from './json-check.js';
import { CONDITIONS } from './results.js';
import { SUITE_CHANGE_KINDS } from './baseline.js';

const MAX_STRING = 100_000;
const MAX_LIST = 10_000;
const MAX_DEPTH = 32;

const str = string(MAX_STRING);
const list = (each: Check): Check => listOf(each, MAX_LIST);

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
  { source: str, base_scenario: str, base_source: str, base_file: str },
);
const renamed = shape({ base: str, head: str, file: str });
const suiteChange = shape(
  { scenario: str, change: oneOf(...SUITE_CHANGE_KINDS), base: str, head: nullable(str), base_source: str },
  { head_source: str },
);
const narrowing = shape({ scenario: str, change: str, tool: str, param: nullable(str), base: str, head: nullable(str) }, { reason: str, source: str });

const baseline = shape(
  {
    ref: str,
    commit: str,
    added: list(str),
    removed: list(str),
    renamed: list(renamed),
    suite_changes: list(suiteChange),
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
    allow_suite_changes: bool,
  },
  { problems: list(str), approved_by: str },
);

/** undefined when `v` is a well-formed, bounded `baseline` part, else where and how it is not. */
export function checkBaseline(v: unknown, at = '$.baseline'): string | undefined {
  return baseline(v, at);
}

const witness = shape({ tool: str, args });
const finding = shape(
  { scenario: str, link: str, tool: str, witness, proof: str, tenuo_accepted: bool, approved: bool },
  { param: str, source: str },
);

/**
 * The findings of an untrusted file's `monotonicity` section (report-only mode): bounded and
 * shaped, so that they can be judged again with the step's own allow-widening (results-file.ts).
 */
export function checkMonotonicityFindings(v: unknown): string | undefined {
  if (!isObj(v)) return '$.monotonicity: expected an object';
  return list(finding)(v['findings'], '$.monotonicity.findings');
}
