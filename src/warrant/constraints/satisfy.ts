/**
 * Constraint satisfaction, exactly as the reference's `Constraint::matches` and
 * `ConstraintSet::matches` (`constraints.rs`), with one difference in form: instead of a bool or an
 * error, a denial is a sentence naming the argument path, the received value and the constraint,
 * e.g. `read_file.path: '/secrets/api-keys.json' is outside Subpath('/app/config')`.
 *
 * Never throws on any value: type confusion (a number where a string is expected, a string where a
 * list is expected, an object anywhere) is a denial. Unknown constraint types always deny.
 */
import type { WorkBudget } from '../../lib/budget.js';
import { WarrantError } from '../errors.js';
import { compareUtf8 } from '../../lib/bytes.js';
import type { Args, Value } from '../constraint-value.js';
import { celCheck } from './cel.js';
import { asNumber, kindName, listContains, valueEquals } from './compare.js';
import { describeConstraint, showValue } from './format.js';
import { compileGlob, globMatches, globTooLarge } from './glob.js';
import { networkContains, parseIp, parseNetwork } from '../../lib/ip.js';
import { regexOutcome } from '../../lib/regex.js';
import { shlexCheck } from './shlex.js';
import { subpathContains } from './subpath.js';
import type { Constraint, ConstraintSet } from './types.js';
import { parseUrlPattern, urlPatternMatches } from './url-pattern.js';
import { urlSafeCheck } from './url-safe.js';

/** All/Any/Not nesting; the reference's `MAX_CONSTRAINT_DEPTH`. */
export const MAX_CONSTRAINT_DEPTH = 32;

/** Whether a Range admits `value` (reference `Range::contains_value`; NaN never). */
export function rangeContains(constraint: Extract<Constraint, { type: 'range' }>, value: number): boolean {
  if (Number.isNaN(value)) return false;
  const minOk = constraint.min === null || (constraint.minInclusive ? value >= constraint.min : value > constraint.min);
  const maxOk = constraint.max === null || (constraint.maxInclusive ? value <= constraint.max : value < constraint.max);
  return minOk && maxOk;
}

/**
 * ok, or a failure. `error` marks failures that are errors in the reference (its `matches` returns
 * `Err`, not `false`): an invalid pattern, regex, network or URL pattern, a value that does not
 * parse where the reference parses it, a CEL error, an unknown type, nesting too deep. They deny
 * like any failure, but `Not` does not turn them into a match and `Any` stops at them, as there.
 */
type Verdict = { ok: true } | { ok: false; error: boolean; detail?: string; phrase?: string; limit?: boolean };

const OK: Verdict = { ok: true };
const no = (detail?: string, phrase?: string): Verdict => ({ ok: false, error: false, detail, phrase });
const err = (detail: string, limit = false): Verdict => ({ ok: false, error: true, detail, limit });
/** A refusal by one of delegation-bench's own bounds (not the reference's decision). */
const isLimit = (r: Verdict): boolean => !r.ok && r.limit === true;

function needString(v: Value): Verdict | string {
  return typeof v === 'string' ? v : no(`expected a string, got ${kindName(v)}`);
}

function needList(v: Value): Verdict | readonly Value[] {
  return Array.isArray(v) ? v : no(`expected a list, got ${kindName(v)}`);
}

function judge(c: Constraint, v: Value, depth: number, now: number | undefined, budget: WorkBudget | undefined): Verdict {
  if (depth > MAX_CONSTRAINT_DEPTH) return err(`constraint nesting exceeds ${MAX_CONSTRAINT_DEPTH}`);
  switch (c.type) {
    case 'wildcard':
      return OK;
    case 'exact':
      return valueEquals(c.value, v) ? OK : no(undefined, 'is not');
    case 'one_of':
      return listContains(c.values, v) ? OK : no(undefined, 'is not in');
    case 'not_one_of':
      return listContains(c.excluded, v) ? no(undefined, 'is excluded by') : OK;
    case 'range': {
      const n = asNumber(v);
      if (n === undefined) return no(`expected a number, got ${kindName(v)}`);
      if (Number.isNaN(n)) return no('NaN is never in a range');
      return rangeContains(c, n) ? OK : no(undefined, 'is outside');
    }
    case 'pattern': {
      const g = compileGlob(c.pattern);
      if (typeof g === 'string') return err(`the pattern is invalid: ${g}`);
      const s = needString(v);
      if (typeof s !== 'string') return s;
      const big = globTooLarge(g, s);
      if (big !== undefined) return err(big);
      return globMatches(g, s) ? OK : no(undefined, 'does not match');
    }
    case 'regex': {
      const s = typeof v === 'string' ? v : '';
      const r = regexOutcome(c.pattern, s, undefined, budget);
      if (typeof r === 'object') return err(r.limit, true);
      if (typeof r === 'string') return err(`invalid regex: ${r}`);
      if (typeof v !== 'string') return no(`expected a string, got ${kindName(v)}`);
      return r ? OK : no(undefined, 'does not match');
    }
    case 'cidr': {
      const net = parseNetwork(c.network);
      if (!net) return err('the network is not valid CIDR notation');
      const s = needString(v);
      if (typeof s !== 'string') return s;
      const ip = parseIp(s);
      if (!ip) return err('it is not an IP address');
      return networkContains(net, ip) ? OK : no(undefined, 'is outside');
    }
    case 'url_pattern': {
      const spec = parseUrlPattern(c.pattern);
      if (typeof spec === 'string') return err(`the pattern is invalid: ${spec}`);
      const s = needString(v);
      if (typeof s !== 'string') return s;
      const r = urlPatternMatches(spec, s);
      if (typeof r === 'string') return err(r);
      return r ? OK : no(undefined, 'does not match');
    }
    case 'contains': {
      const list = needList(v);
      if (!Array.isArray(list)) return list as Verdict;
      const missing = c.required.find((r) => !listContains(list, r));
      return missing === undefined ? OK : no(`${showValue(missing)} is missing`);
    }
    case 'subset': {
      const list = needList(v);
      if (!Array.isArray(list)) return list as Verdict;
      const extra = list.find((x) => !listContains(c.allowed, x));
      return extra === undefined ? OK : no(`${showValue(extra)} is not allowed`);
    }
    case 'all': {
      for (const inner of c.constraints) {
        const r = judge(inner, v, depth + 1, now, budget);
        if (!r.ok) {
          const sub = `${describeConstraint(inner)}${r.detail ? `: ${r.detail}` : ''}`;
          return r.error ? err(sub, isLimit(r)) : no(`fails ${sub}`);
        }
      }
      return OK;
    }
    case 'any': {
      for (const inner of c.constraints) {
        const r = judge(inner, v, depth + 1, now, budget);
        if (r.ok) return OK;
        if (r.error) return err(`${describeConstraint(inner)}: ${r.detail ?? 'error'}`, isLimit(r));
      }
      return no(undefined, 'matches no branch of');
    }
    case 'not': {
      const inner = judge(c.constraint, v, depth + 1, now, budget);
      if (inner.ok) return no(undefined, 'is excluded by');
      return inner.error ? inner : OK;
    }
    case 'cel': {
      const r = celCheck(c.expression, v, now, budget);
      if (r === undefined) return OK;
      return r.error ? err(r.reason, r.limit) : no(r.reason);
    }
    case 'subpath': {
      const s = needString(v);
      if (typeof s !== 'string') return s;
      return subpathContains(c, s) ? OK : no(undefined, 'is outside');
    }
    case 'url_safe': {
      const s = needString(v);
      if (typeof s !== 'string') return s;
      const why = urlSafeCheck(c, s);
      return why === undefined ? OK : no(why);
    }
    case 'shlex': {
      const s = needString(v);
      if (typeof s !== 'string') return s;
      const why = shlexCheck(c.allow, s);
      return why === undefined ? OK : no(why);
    }
    case 'unknown':
      return err(`unknown constraint type ID ${c.typeId} (always denied)`);
  }
}

/** The verdict on `value`; never throws. `budget`: the scenario's work budget (src/lib/budget.ts). */
function verdictOf(c: Constraint, value: Value, now: number | undefined, budget?: WorkBudget): Verdict {
  try {
    return judge(c, value, 0, now, budget);
  } catch (e) {
    // Defensive: no input should get here, but a denial is the only safe answer if one does.
    return no(`internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The sentence for a failed verdict: it names `path`, the value and the constraint. */
function reasonOf(r: Verdict & { ok: false }, c: Constraint, value: Value, path: string): string {
  const shown = `${path}: ${showValue(value)}`;
  const desc = describeConstraint(c);
  if (r.phrase !== undefined) return `${shown} ${r.phrase} ${desc}`;
  return `${shown} does not satisfy ${desc}${r.detail ? ` (${r.detail})` : ''}`;
}

/**
 * undefined when `value` satisfies `constraint`; else a reason naming `path`, the value and the constraint.
 * Never throws.
 */
export function checkConstraint(constraint: Constraint, value: Value, path: string, now?: number, budget?: WorkBudget): string | undefined {
  return explainConstraint(constraint, value, path, now, budget)?.why;
}

/**
 * As checkConstraint, with `limit` set when the denial comes from one of delegation-bench's own
 * bounds (CEL cost, regex work) rather than from the constraint. `now`: the run's clock (Unix
 * seconds), read by Tenuo's CEL time functions.
 */
export function explainConstraint(
  constraint: Constraint,
  value: Value,
  path: string,
  now?: number,
  budget?: WorkBudget,
): { why: string; limit: boolean } | undefined {
  const r = verdictOf(constraint, value, now, budget);
  if (r.ok) return undefined;
  return { why: reasonOf(r, constraint, value, path), limit: isLimit(r) };
}

/**
 * What explainConstraint decides, without its sentence (for callers that only count or compare
 * verdicts): `allowed`, `denied`, or `limit` for a refusal by one of our own bounds.
 */
export function constraintOutcome(constraint: Constraint, value: Value, now?: number, budget?: WorkBudget): 'allowed' | 'denied' | 'limit' {
  const r = verdictOf(constraint, value, now, budget);
  return r.ok ? 'allowed' : isLimit(r) ? 'limit' : 'denied';
}

/**
 * The three outcomes the reference tells apart: allowed, denied, or an error (a refusal by one of
 * our own bounds counts as an error: it denies, `not` keeps it, `any` stops at it). For the
 * containment prover (src/warrant/containment/), which composes meanings as this file evaluates.
 */
export function constraintVerdict(constraint: Constraint, value: Value, now?: number): 'allowed' | 'denied' | 'error' {
  const r = verdictOf(constraint, value, now);
  return r.ok ? 'allowed' : r.error ? 'error' : 'denied';
}

/**
 * The reference's `ConstraintSet::matches`, as a WarrantError: an empty set allows any arguments
 * (open world); once a tool has a constraint, an argument it does not name is `unknown_argument`
 * unless `allowUnknown`; a named argument that is missing, or whose value fails, is
 * `constraint_not_satisfied`. Arguments and constraints are visited in sorted order so the
 * reported problem is deterministic.
 */
export function checkConstraintSet(
  tool: string,
  set: ConstraintSet,
  args: Args,
  now?: number,
  budget?: WorkBudget,
): WarrantError | undefined {
  const names = Object.keys(set.constraints).sort(compareUtf8);
  const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
  if (names.length > 0 && !set.allowUnknown) {
    // Sorted only when there is something to report (the first unknown, deterministically).
    const unknowns = Object.keys(args).filter((k) => !has(set.constraints, k));
    const unknown = unknowns.length === 0 ? undefined : unknowns.sort(compareUtf8)[0];
    if (unknown !== undefined) {
      return new WarrantError(
        'unknown_argument',
        `${tool}.${unknown}: argument not allowed by the warrant (closed world; allowed: ${names.join(', ')})`,
      );
    }
  }
  for (const name of names) {
    if (!has(args, name)) {
      // Tenuo's reason (ConstraintSet::matches): a named field the call leaves out denies, even
      // under Wildcard; how the integration binds the call decides what is left out (world/binding.ts).
      return new WarrantError('constraint_not_satisfied', `${tool}.${name}: missing required argument`);
    }
    const c = set.constraints[name]!;
    const value = args[name]!;
    const r = verdictOf(c, value, now, budget);
    if (!r.ok)
      return new WarrantError(isLimit(r) ? 'evaluation_limit' : 'constraint_not_satisfied', reasonOf(r, c, value, `${tool}.${name}`));
  }
  return undefined;
}
