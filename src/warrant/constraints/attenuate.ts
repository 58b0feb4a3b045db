/**
 * Attenuation (child ⊆ parent), exactly the reference's `Constraint::validate_attenuation` and
 * `ConstraintSet::validate_attenuation` (`constraints.rs`) plus the tool-map rule of chain
 * verification (`planes.rs`: a child tool must be in the parent, or the parent must grant `*`).
 *
 * The lattice: Wildcard accepts any child; nothing but Wildcard accepts Wildcard; same-type pairs
 * follow each type's rule; Exact may replace Pattern, Regex, OneOf, Range, Cidr, UrlPattern,
 * Subpath, UrlSafe and Shlex when its value satisfies the parent; every other pair is refused
 * (fail closed), including OneOf → NotOneOf.
 */
import { checkCel } from '../../cel/index.js';
import { compareUtf8 } from '../../lib/bytes.js';
import { asNumber, listContains, valueEquals } from './compare.js';
import { describeConstraint, showValue } from './format.js';
import { compileGlob, globMatches, globTooLarge } from './glob.js';
import { networkBounds, networkContains, parseIp, parseNetwork } from '../../lib/ip.js';
import { regexMatches } from '../../lib/regex.js';
import { MAX_CONSTRAINT_DEPTH, rangeContains } from './satisfy.js';
import { shlexCheck } from './shlex.js';
import { effectiveRoot, subpathContains } from './subpath.js';
import type { Constraint, ConstraintSet, ToolGrants } from './types.js';
import { parseUrlPattern, urlPatternAttenuation, urlPatternMatches } from './url-pattern.js';
import { urlSafeAttenuation, urlSafeCheck } from './url-safe.js';

type Of<T extends Constraint['type']> = Extract<Constraint, { type: T }>;

const NAMES: Record<Constraint['type'], string> = {
  exact: 'Exact',
  pattern: 'Pattern',
  range: 'Range',
  one_of: 'OneOf',
  regex: 'Regex',
  not_one_of: 'NotOneOf',
  cidr: 'Cidr',
  url_pattern: 'UrlPattern',
  contains: 'Contains',
  subset: 'Subset',
  all: 'All',
  any: 'Any',
  not: 'Not',
  cel: 'Cel',
  wildcard: 'Wildcard',
  subpath: 'Subpath',
  url_safe: 'UrlSafe',
  shlex: 'Shlex',
  unknown: 'Unknown',
};

// ------------------------------------------------------------------------------------------------
// Pattern (glob): only prefix (`a*`) and suffix (`*a`) patterns narrow; anything else needs equality
// ------------------------------------------------------------------------------------------------

type PatternKind = { k: 'exact' } | { k: 'prefix'; s: string } | { k: 'suffix'; s: string } | { k: 'complex' };

function patternKind(p: string): PatternKind {
  const stars = p.split('*').length - 1;
  if (stars === 0) return { k: 'exact' };
  if (stars === 1) {
    if (p.endsWith('*')) return { k: 'prefix', s: p.slice(0, -1) };
    if (p.startsWith('*')) return { k: 'suffix', s: p.slice(1) };
  }
  return { k: 'complex' };
}

function patternAttenuation(parent: string, child: string): string | undefined {
  if (parent === child) return undefined;
  const pk = patternKind(parent);
  const ck = patternKind(child);
  const widened = `Pattern('${child}') is not within Pattern('${parent}')`;
  if (pk.k === 'prefix') {
    if (ck.k === 'prefix' && ck.s.startsWith(pk.s)) return undefined;
    if (ck.k === 'exact' && child.startsWith(pk.s)) return undefined;
  } else if (pk.k === 'suffix') {
    if (ck.k === 'suffix' && ck.s.endsWith(pk.s)) return undefined;
    if (ck.k === 'exact' && child.endsWith(pk.s)) return undefined;
  }
  return widened;
}

// ------------------------------------------------------------------------------------------------
// Range
// ------------------------------------------------------------------------------------------------

function rangeAttenuation(p: Of<'range'>, c: Of<'range'>): string | undefined {
  if (p.min !== null) {
    if (c.min === null) return `min widened from ${p.min} to -inf`;
    if (c.min < p.min) return `min widened from ${p.min} to ${c.min}`;
    if (c.min === p.min && !p.minInclusive && c.minInclusive) return `min ${p.min} made inclusive`;
  }
  if (p.max !== null) {
    if (c.max === null) return `max widened from ${p.max} to inf`;
    if (c.max > p.max) return `max widened from ${p.max} to ${c.max}`;
    if (c.max === p.max && !p.maxInclusive && c.maxInclusive) return `max ${p.max} made inclusive`;
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------
// CEL: syntactic conjunction `(parent) && (extra)` (reference `CelConstraint::validate_attenuation`)
// ------------------------------------------------------------------------------------------------

const RUST_WHITESPACE = /[\t\n\x0b\x0c\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu;

function stripWhitespace(s: string): string {
  return s.replace(RUST_WHITESPACE, '');
}

/** `(…)` whose opening parenthesis closes at the very end (parentheses in strings count too). */
function hasBalancedOuterParens(s: string): boolean {
  if (!s.startsWith('(') || !s.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth === 0 && i !== s.length - 1) return false;
    }
  }
  return depth === 0;
}

function celAttenuation(parent: string, child: string): string | undefined {
  const p = stripWhitespace(parent);
  const c = stripWhitespace(child);
  if (p === c) return undefined;
  const prefix = `(${p})&&`;
  if (!c.startsWith(prefix)) return `child CEL must be '(${parent}) && (<predicate>)'`;
  if (!hasBalancedOuterParens(c.slice(prefix.length))) {
    return `child CEL predicate must be parenthesized: '(${parent}) && (<predicate>)'`;
  }
  // The reference compiles the child (syntax only: variables depend on the argument's shape).
  const bad = checkCel(child);
  return bad === undefined ? undefined : `child CEL ${bad}`;
}

// ------------------------------------------------------------------------------------------------
// The lattice
// ------------------------------------------------------------------------------------------------

function exactUnder(parent: Constraint, child: Of<'exact'>): string | undefined {
  const v = child.value;
  const notIn = `Exact(${showValue(v)}) is not within ${describeConstraint(parent)}`;
  const nonString = `Exact(${showValue(v)}) is not a string, as ${NAMES[parent.type]} requires`;
  switch (parent.type) {
    case 'pattern': {
      const g = compileGlob(parent.pattern);
      if (typeof g === 'string') return `parent pattern is invalid: ${g}`;
      if (typeof v !== 'string') return notIn;
      return globTooLarge(g, v) ?? (globMatches(g, v) ? undefined : notIn);
    }
    case 'regex': {
      const r = regexMatches(parent.pattern, typeof v === 'string' ? v : '');
      if (typeof r === 'string') return `parent regex is invalid: ${r}`;
      return typeof v === 'string' && r ? undefined : notIn;
    }
    case 'one_of':
      return listContains(parent.values, v) ? undefined : notIn;
    case 'range': {
      const n = asNumber(v);
      if (n === undefined) return `Exact(${showValue(v)}) is not a number, as Range requires`;
      return rangeContains(parent, n) ? undefined : notIn;
    }
    case 'cidr': {
      if (typeof v !== 'string') return nonString;
      const net = parseNetwork(parent.network);
      const ip = parseIp(v);
      if (!net) return 'parent network is invalid';
      if (!ip) return `Exact(${showValue(v)}) is not an IP address`;
      return networkContains(net, ip) ? undefined : notIn;
    }
    case 'url_pattern': {
      if (typeof v !== 'string') return nonString;
      const spec = parseUrlPattern(parent.pattern);
      if (typeof spec === 'string') return `parent URL pattern is invalid: ${spec}`;
      return urlPatternMatches(spec, v) === true ? undefined : notIn;
    }
    case 'subpath':
      if (typeof v !== 'string') return nonString;
      return subpathContains(parent, v) ? undefined : notIn;
    case 'url_safe':
      if (typeof v !== 'string') return nonString;
      return urlSafeCheck(parent, v) === undefined ? undefined : notIn;
    case 'shlex':
      if (typeof v !== 'string') return nonString;
      return shlexCheck(parent.allow, v) === undefined ? undefined : notIn;
    default:
      return undefined;
  }
}

const EXACT_PARENTS = new Set<Constraint['type']>([
  'pattern',
  'regex',
  'one_of',
  'range',
  'cidr',
  'url_pattern',
  'subpath',
  'url_safe',
  'shlex',
]);

function attenuation(parent: Constraint, child: Constraint, depth: number): string | undefined {
  if (depth > MAX_CONSTRAINT_DEPTH) return `constraint nesting exceeds ${MAX_CONSTRAINT_DEPTH}`;
  if (parent.type === 'wildcard') return undefined;
  if (child.type === 'wildcard') return `cannot widen ${NAMES[parent.type]} to Wildcard`;
  if (child.type === 'exact' && EXACT_PARENTS.has(parent.type)) return exactUnder(parent, child);
  const incompatible = `${NAMES[parent.type]} cannot be attenuated to ${NAMES[child.type]}`;
  if (parent.type !== child.type) return incompatible;
  switch (parent.type) {
    case 'exact': {
      const c = child as Of<'exact'>;
      return valueEquals(parent.value, c.value) ? undefined : `Exact(${showValue(c.value)}) differs from Exact(${showValue(parent.value)})`;
    }
    case 'pattern':
      return patternAttenuation(parent.pattern, (child as Of<'pattern'>).pattern);
    case 'regex':
      return parent.pattern === (child as Of<'regex'>).pattern
        ? undefined
        : 'a Regex can only be kept as is (or replaced by an Exact value)';
    case 'one_of': {
      const extra = (child as Of<'one_of'>).values.find((v) => !listContains(parent.values, v));
      return extra === undefined ? undefined : `${showValue(extra)} is not in the parent's OneOf`;
    }
    case 'not_one_of': {
      const c = child as Of<'not_one_of'>;
      const removed = parent.excluded.find((v) => !listContains(c.excluded, v));
      return removed === undefined ? undefined : `the child no longer excludes ${showValue(removed)}`;
    }
    case 'range':
      return rangeAttenuation(parent, child as Of<'range'>);
    case 'cidr': {
      const p = parseNetwork(parent.network);
      const c = parseNetwork((child as Of<'cidr'>).network);
      if (!p || !c) return 'invalid CIDR network';
      const { first, last } = networkBounds(c);
      return networkContains(p, first) && networkContains(p, last)
        ? undefined
        : `Cidr('${(child as Of<'cidr'>).network}') is not a subnet of Cidr('${parent.network}')`;
    }
    case 'url_pattern': {
      const p = parseUrlPattern(parent.pattern);
      const c = parseUrlPattern((child as Of<'url_pattern'>).pattern);
      if (typeof p === 'string') return `parent URL pattern is invalid: ${p}`;
      if (typeof c === 'string') return `child URL pattern is invalid: ${c}`;
      return urlPatternAttenuation(p, c);
    }
    case 'contains': {
      const c = child as Of<'contains'>;
      const removed = parent.required.find((v) => !listContains(c.required, v));
      return removed === undefined ? undefined : `the child no longer requires ${showValue(removed)}`;
    }
    case 'subset': {
      const extra = (child as Of<'subset'>).allowed.find((v) => !listContains(parent.allowed, v));
      return extra === undefined ? undefined : `the child allows ${showValue(extra)}, which the parent does not`;
    }
    case 'all': {
      const c = child as Of<'all'>;
      for (const pc of parent.constraints) {
        if (!c.constraints.some((cc) => attenuation(pc, cc, depth + 1) === undefined)) {
          return `the child All drops or widens ${describeConstraint(pc)}`;
        }
      }
      return undefined;
    }
    case 'any': {
      for (const cc of (child as Of<'any'>).constraints) {
        if (!parent.constraints.some((pc) => attenuation(pc, cc, depth + 1) === undefined)) {
          return `the child Any branch ${describeConstraint(cc)} is not within any parent branch`;
        }
      }
      return undefined;
    }
    case 'not': {
      // Negation flips the direction: the child's inner constraint must admit at least the parent's.
      const why = attenuation((child as Of<'not'>).constraint, parent.constraint, depth + 1);
      return why === undefined
        ? undefined
        : `Not requires the child's inner constraint to be at least as permissive as the parent's (${why})`;
    }
    case 'cel':
      return celAttenuation(parent.expression, (child as Of<'cel'>).expression);
    case 'subpath': {
      const c = child as Of<'subpath'>;
      const root = effectiveRoot(c);
      if (!subpathContains(parent, root)) return `Subpath('${c.root}') is not within Subpath('${parent.root}')`;
      if (parent.caseSensitive && !c.caseSensitive) return 'cannot make a case-sensitive Subpath case-insensitive';
      if (!parent.allowEqual && c.allowEqual) return 'cannot turn allow_equal=false into allow_equal=true';
      return undefined;
    }
    case 'url_safe':
      return urlSafeAttenuation(parent, child as Of<'url_safe'>);
    case 'shlex': {
      const extra = (child as Of<'shlex'>).allow.find((b) => !parent.allow.includes(b));
      return extra === undefined ? undefined : `the child allows program '${extra}', which the parent does not`;
    }
    case 'unknown':
      return incompatible;
  }
}

/** undefined when `child` admits no value that `parent` refuses; else why, prefixed with `path`. */
export function checkAttenuation(parent: Constraint, child: Constraint, path: string): string | undefined {
  let why: string | undefined;
  try {
    why = attenuation(parent, child, 0);
  } catch (e) {
    why = `internal error: ${e instanceof Error ? e.message : String(e)}`;
  }
  return why === undefined ? undefined : `${path}: ${why}`;
}

/** The reference's `ConstraintSet::validate_attenuation` for one tool. */
export function checkConstraintSetAttenuation(tool: string, parent: ConstraintSet, child: ConstraintSet): string | undefined {
  if (!parent.allowUnknown && child.allowUnknown) {
    return `${tool}: the child cannot enable allow_unknown when the parent has it disabled`;
  }
  const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
  const parentKeys = Object.keys(parent.constraints).sort(compareUtf8);
  for (const key of parentKeys) {
    if (!has(child.constraints, key)) return `${tool}.${key}: the child drops the parent's constraint`;
    const why = checkAttenuation(parent.constraints[key]!, child.constraints[key]!, `${tool}.${key}`);
    if (why !== undefined) return why;
  }
  // Keyset identity (I4): a non-empty parent fixes the argument names; an empty one is open world.
  if (parentKeys.length > 0) {
    const added = Object.keys(child.constraints)
      .sort(compareUtf8)
      .find((k) => !has(parent.constraints, k));
    if (added !== undefined) return `${tool}.${added}: the child adds an argument the parent does not name`;
  }
  return undefined;
}

/**
 * Child tools ⊆ parent tools (a parent `*` tool covers any name), each tool's constraint set
 * attenuated. undefined when the child grants nothing the parent does not.
 */
export function checkToolAttenuation(parent: ToolGrants, child: ToolGrants): string | undefined {
  const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
  for (const tool of Object.keys(child).sort(compareUtf8)) {
    const p = has(parent, tool) ? parent[tool] : has(parent, '*') ? parent['*'] : undefined;
    if (p === undefined) return `${tool}: tool not granted by the parent`;
    const why = checkConstraintSetAttenuation(tool, p, child[tool]!);
    if (why !== undefined) return why;
  }
  return undefined;
}
