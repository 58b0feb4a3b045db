/**
 * Kinds no automaton carries (cidr, url_pattern, subpath, shlex, url_safe, cel, contains, subset,
 * and a regex whose program the automata do not follow) are ATOMS: their outcome on a value is left
 * free, but tied to other atoms by rules, each proven against the kind's meaning (the argument is
 * beside each rule). A rule says, for two atoms i and j:
 * - `implies`: every value i allows, j allows;
 * - `sameErrors`: i and j error on the same values;
 * - `disjoint`: no value is allowed by both.
 * A pair no rule relates is left free: fewer proofs, never a wrong one.
 */
import { parseCel } from '../../cel/parse.js';
import { celCompileError } from '../../cel/index.js';
import type { Expr } from '../../cel/ast.js';
import { networkBounds, networkContains, parseNetwork, type IpAddress, type IpNetwork } from '../../lib/ip.js';
import { listContains } from '../constraints/compare.js';
import { compileGlob, MAX_GLOB_WORK } from '../constraints/glob.js';
import { effectiveRoot, subpathRoot } from '../constraints/subpath.js';
import type { Constraint } from '../constraints/types.js';
import { parseUrlPattern, type UrlPatternSpec } from '../constraints/url-pattern.js';
import { MAX_URL_LENGTH } from '../constraints/url.js';
import { complement, intersect, wordsDfa, allStrings, type Work } from './automata.js';
import { globRegular } from './string-kinds.js';
import type { DFA } from 'refa';

type Of<T extends Constraint['type']> = Extract<Constraint, { type: T }>;

export interface Relation {
  readonly implies: boolean;
  readonly sameErrors: boolean;
  readonly disjoint: boolean;
}

const NONE: Relation = { implies: false, sameErrors: false, disjoint: false };

/**
 * The longest string on which the kind does not error, when there is one: an IP address is at most
 * 45 characters (lib/ip.ts), a URL at most MAX_URL_LENGTH (url.ts refuses longer); beyond, cidr
 * and url_pattern error on every string.
 */
export function longestNonError(constraint: Constraint): number | undefined {
  return constraint.type === 'cidr' ? 45 : constraint.type === 'url_pattern' ? MAX_URL_LENGTH : undefined;
}

/** Whether the kind can error on a value of any type once its own parameters are valid (satisfy.ts). */
export function canError(constraint: Constraint): boolean {
  return (
    constraint.type === 'cidr' ||
    constraint.type === 'url_pattern' ||
    constraint.type === 'cel' ||
    constraint.type === 'regex' ||
    constraint.type === 'pattern' ||
    constraint.type === 'unknown'
  );
}

// ------------------------------------------------------------------------------------------------
// cidr: allows a string that parses as an IP address inside the network; errors on a string that
// is not an IP address (the same strings for every valid network). So N1 ⊆ N2 (same version, the
// wider prefix holding N1's first address) is `implies`, and networks that share no address are
// `disjoint`.
// ------------------------------------------------------------------------------------------------

function netWithin(inner: IpNetwork, outer: IpNetwork): boolean {
  if (inner.address.version !== outer.address.version || inner.prefix < outer.prefix) return false;
  return networkContains(outer, networkBounds(inner).first);
}

function cidrRelation(a: Of<'cidr'>, b: Of<'cidr'>): Relation {
  const na = parseNetwork(a.network);
  const nb = parseNetwork(b.network);
  if (!na || !nb) return NONE;
  return { implies: netWithin(na, nb), sameErrors: true, disjoint: !netWithin(na, nb) && !netWithin(nb, na) };
}

// ------------------------------------------------------------------------------------------------
// url_pattern (url-pattern.ts `urlPatternMatches`): a string that is not a URL errors; a URL is
// allowed when its scheme is among the pattern's (any when none), its host matches, its port
// (explicit or the scheme's default) equals the pattern's when it has one, and its path matches
// the path glob when the pattern has one (`*` and `/*` match any path; a path that is no valid
// glob matches itself only). The head's pattern H is within the base's B when each part of every
// URL H allows satisfies B's part:
// - schemes: B any, or H's non-empty and among B's;
// - host: B any (`*` or none); or B `*.s` and H `*.t` with t = s or t ending in `.s`; or H exact
//   (lower-case, since H's schemes are all special, whose hosts the URL parser lower-cases) and
//   that host matches B; or both exact and equal ignoring case;
// - port: B none, or H the same port;
// - path: B none, or H's path language within B's (automata; B's glob small enough that no URL
//   path, at most MAX_URL_LENGTH characters, reaches the glob's work bound, which would error).
// ------------------------------------------------------------------------------------------------

const SPECIAL = new Set(['http', 'https', 'ws', 'wss', 'ftp']);
const matchesAnyPath = (p: string | undefined): boolean => p === undefined || p === '*' || p === '/*';

function hostWithin(b: UrlPatternSpec, h: UrlPatternSpec): boolean {
  if (b.host === undefined || b.host === '*') return true;
  if (h.host === undefined || h.host === '*') return false;
  if (b.host.startsWith('*.')) {
    const s = b.host.slice(2);
    if (h.host.startsWith('*.')) {
      const t = h.host.slice(2);
      return t === s || t.endsWith(`.${s}`);
    }
    if (h.schemes.length === 0 || !h.schemes.every((x) => SPECIAL.has(x)) || h.host !== h.host.toLowerCase()) return false;
    return h.host === s || h.host.endsWith(`.${s}`);
  }
  return !h.host.startsWith('*.') && b.host.toLowerCase() === h.host.toLowerCase();
}

function pathDfa(p: string, work: Work): DFA | undefined {
  // url-pattern.ts pathMatches: a path that is no valid glob matches itself only.
  if (typeof compileGlob(p) === 'string') return wordsDfa([p], work);
  const r = globRegular(p, work);
  return r.ok ? r.dfa : undefined;
}

/** Whether every URL path glob `p` can see stays within the glob's work bound. */
function pathGlobBounded(p: string | undefined): boolean {
  if (matchesAnyPath(p)) return true;
  const g = compileGlob(p!);
  return typeof g === 'string' || (g.tokens.length + 1) * MAX_URL_LENGTH <= MAX_GLOB_WORK;
}

function pathWithin(b: string | undefined, h: string | undefined, work: Work): boolean {
  if (matchesAnyPath(b)) return true;
  if (matchesAnyPath(h) || !pathGlobBounded(b)) return false;
  const hd = pathDfa(h!, work);
  const bd = pathDfa(b!, work);
  if (hd === undefined || bd === undefined) return false;
  return intersect(hd, complement(bd, allStrings(), work), work).isEmpty;
}

export function urlPatternWithin(base: string, head: string, work: Work): boolean {
  const b = parseUrlPattern(base);
  const h = parseUrlPattern(head);
  if (typeof b === 'string' || typeof h === 'string') return false;
  if (b.schemes.length > 0 && (h.schemes.length === 0 || !h.schemes.every((s) => b.schemes.includes(s)))) return false;
  if (!hostWithin(b, h)) return false;
  if (b.port !== undefined && h.port !== b.port) return false;
  return pathWithin(b.path, h.path, work);
}

function urlPatternRelation(a: Of<'url_pattern'>, b: Of<'url_pattern'>, work: Work): Relation {
  const sa = parseUrlPattern(a.pattern);
  const sb = parseUrlPattern(b.pattern);
  if (typeof sa === 'string' || typeof sb === 'string') return NONE;
  return {
    implies: urlPatternWithin(b.pattern, a.pattern, work),
    sameErrors: pathGlobBounded(sa.path) && pathGlobBounded(sb.path),
    disjoint: false,
  };
}

// ------------------------------------------------------------------------------------------------
// subpath (subpath.ts): allows an absolute string without NUL whose normalized form N (lower-cased
// when case-insensitive) is the root R (with allow_equal) or starts with P = R without trailing
// `/` plus `/`; never errors. Both sides normalize alike, so the head's strictly-under paths are
// the base's when P_head starts with P_base, and the head's root (allow_equal) when it is R_base
// (the base allowing equality) or starts with P_base. A case-insensitive head under a
// case-sensitive base: never (`/APP/…`; lower-casing is not one-to-one: the Kelvin sign). A
// case-insensitive base over a case-sensitive head: the head's root lower-cased, when ASCII. A
// root not in its constructor form (decoded from a token as written) or a Windows root: no rule.
// ------------------------------------------------------------------------------------------------

const prefixOf = (root: string): string => `${root.replace(/\/+$/, '')}/`;

export function subpathWithin(base: Of<'subpath'>, head: Of<'subpath'>): boolean {
  let headRoot = effectiveRoot(head);
  const baseRoot = effectiveRoot(base);
  if (!headRoot.startsWith('/') || !baseRoot.startsWith('/')) return false;
  if (baseRoot !== subpathRoot(baseRoot, base.caseSensitive) || headRoot !== subpathRoot(headRoot, head.caseSensitive)) return false;
  if (base.caseSensitive && !head.caseSensitive) return false;
  if (!base.caseSensitive && head.caseSensitive) {
    if (!/^[\x00-\x7f]*$/.test(headRoot)) return false;
    headRoot = headRoot.toLowerCase();
  }
  const basePrefix = prefixOf(baseRoot);
  if (!prefixOf(headRoot).startsWith(basePrefix)) return false;
  return !head.allowEqual || headRoot.startsWith(basePrefix) || (base.allowEqual && headRoot === baseRoot);
}

// ------------------------------------------------------------------------------------------------
// cel (cel.ts, src/cel/evaluate.ts): allows when the expression yields exactly `true`. `a && b`
// yields a bool: false unless `a` is truthy, else whether `b` is truthy (an error in either is an
// error). So a head `c1 && … && cn` (n ≥ 2) allows only where every ci is truthy. A base made of
// conjuncts d1 … dm (m ≥ 2) allows exactly where every dj is truthy: within the head when every
// dj is one of the ci (the same syntax tree, so the same value on the same bindings, and no more
// work than the head spent). A single-conjunct base d allows only where d is exactly `true`: the
// rule needs d to yield a bool whenever it yields (a comparison, `!`, `has`, `&&`, or a call of
// startsWith, endsWith, contains or matches, whose functions return bools or fail:
// src/cel/functions.ts), so that truthy is true. Anything else: no rule.
// ------------------------------------------------------------------------------------------------

function conjuncts(e: Expr): Expr[] {
  return e.kind === 'and' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

const BOOL_OPS = new Set(['==', '!=', '<', '<=', '>', '>=', 'in']);
const BOOL_FUNCTIONS = new Set(['startsWith', 'endsWith', 'contains', 'matches']);
const yieldsBool = (e: Expr): boolean =>
  e.kind === 'not' ||
  e.kind === 'has' ||
  e.kind === 'and' ||
  (e.kind === 'binary' && BOOL_OPS.has(e.op)) ||
  (e.kind === 'call' && BOOL_FUNCTIONS.has(e.fn));

function shape(e: Expr): string {
  return JSON.stringify(e, (k, v: unknown) =>
    k === 'at' ? undefined : typeof v === 'bigint' ? `${v}n` : typeof v === 'number' && Object.is(v, -0) ? '-0' : v,
  );
}

export function celWithin(base: string, head: string): boolean {
  if (celCompileError(base) !== undefined || celCompileError(head) !== undefined) return false;
  let b: Expr[];
  let h: Expr[];
  try {
    b = conjuncts(parseCel(base));
    h = conjuncts(parseCel(head));
  } catch {
    return false;
  }
  if (h.length < 2) return false;
  if (b.length === 1 && !yieldsBool(b[0]!)) return false;
  const have = new Set(h.map(shape));
  return b.every((d) => have.has(shape(d)));
}

// ------------------------------------------------------------------------------------------------
// shlex (shlex.ts): the command is refused for its characters and its program's `..` whatever the
// allow list, then allowed when the program or its basename is in the list: a list within the
// base's allows no more. contains: a list holding every required value; requiring more allows
// less. subset: a list whose every member is allowed; allowing fewer allows less. None of the
// three errors.
// ------------------------------------------------------------------------------------------------

const within = (small: readonly unknown[], big: readonly unknown[]): boolean => small.every((x) => big.includes(x));

// ------------------------------------------------------------------------------------------------
// url_safe (url-safe.ts `urlSafeCheck`): a URL is refused at the first step that refuses it (null
// byte, parse, scheme, no host, port, localhost, internal TLD, metadata host, the IP ranges, or for
// a name the allow list, then the deny list); never an error. The head H refuses whatever the
// base B refuses when at each step H is at least as strict: H's schemes among B's; B's port list
// (when set) holds H's (set too); every block flag B sets, H sets; every host H's allow list
// admits, B's admits (B without a list admits all); every host B's deny list names, H's names.
// A list entry `d` admits the host d, `*.d` the host d and every host ending in `.d` (lower-case).
// ------------------------------------------------------------------------------------------------

/** Every host `inner`'s entries admit is admitted by one of `outer`'s. */
function domainsCovered(inner: readonly string[], outer: readonly string[]): boolean {
  const o = outer.map((x) => x.toLowerCase());
  return inner.every((raw) => {
    const d = raw.toLowerCase();
    const bare = d.startsWith('*.') ? d.slice(2) : d;
    return o.some((p) => p === d || (p.startsWith('*.') && (bare === p.slice(2) || bare.endsWith(p.slice(1)))));
  });
}

export function urlSafeWithin(parent: Of<'url_safe'>, child: Of<'url_safe'>): boolean {
  const lower = (xs: readonly string[]): string[] => xs.map((x) => x.toLowerCase());
  if (!within(lower(child.schemes), lower(parent.schemes))) return false;
  if (parent.allowPorts && (!child.allowPorts || !within(child.allowPorts, parent.allowPorts))) return false;
  const flags: (keyof Of<'url_safe'>)[] = ['blockPrivate', 'blockLoopback', 'blockMetadata', 'blockReserved', 'blockInternalTlds'];
  if (flags.some((f) => parent[f] === true && child[f] !== true)) return false;
  if (parent.allowDomains && (!child.allowDomains || !domainsCovered(child.allowDomains, parent.allowDomains))) return false;
  if (parent.denyDomains && (!child.denyDomains || !domainsCovered(parent.denyDomains, child.denyDomains))) return false;
  return true;
}

export function relate(left: Constraint, right: Constraint, work: Work): Relation {
  if (left.type === 'cidr' && right.type === 'cidr') return cidrRelation(left, right);
  if (left.type === 'url_pattern' && right.type === 'url_pattern') return urlPatternRelation(left, right, work);
  if (left.type === 'subpath' && right.type === 'subpath') return { ...NONE, implies: subpathWithin(right, left) };
  if (left.type === 'cel' && right.type === 'cel') return { ...NONE, implies: celWithin(right.expression, left.expression) };
  if (left.type === 'shlex' && right.type === 'shlex') return { ...NONE, implies: within(left.allow, right.allow) };
  if (left.type === 'url_safe' && right.type === 'url_safe') return { ...NONE, implies: urlSafeWithin(right, left) };
  if (left.type === 'contains' && right.type === 'contains')
    return { ...NONE, implies: right.required.every((r) => listContains(left.required, r)) };
  if (left.type === 'subset' && right.type === 'subset')
    return { ...NONE, implies: left.allowed.every((x) => listContains(right.allowed, x)) };
  return NONE;
}

// ------------------------------------------------------------------------------------------------
// Values to try as witnesses, from an atom's own parameters (each is checked by the evaluator).
// ------------------------------------------------------------------------------------------------

function ipText(ip: IpAddress): string {
  if (ip.version === 4) return Array.from(ip.bytes).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i]! << 8) | ip.bytes[i + 1]!).toString(16));
  return groups.join(':');
}

/** The string literals of an expression, at most 16: values it compares against. */
function celStrings(expression: string): string[] {
  const out = new Set<string>();
  const visit = (x: unknown): void => {
    if (out.size >= 16 || x === null || typeof x !== 'object') return;
    const node = x as { kind?: unknown; value?: unknown };
    if (node.kind === 'literal' && typeof node.value === 'string') out.add(node.value);
    for (const v of Object.values(x)) visit(v);
  };
  try {
    visit(parseCel(expression));
  } catch {
    return [];
  }
  return [...out];
}

export function atomSamples(constraint: Constraint): string[] {
  switch (constraint.type) {
    case 'cidr': {
      const n = parseNetwork(constraint.network);
      if (!n) return [];
      const { first, last } = networkBounds(n);
      return [ipText(first), ipText(last)];
    }
    case 'url_pattern': {
      const s = parseUrlPattern(constraint.pattern);
      if (typeof s === 'string') return [];
      const host = s.host === undefined || s.host === '*' ? 'example.com' : s.host.replace(/^\*\./, 'x.');
      const port = s.port === undefined ? '' : `:${s.port}`;
      const path = (s.path ?? '/').replace(/\*\*/g, 'x').replace(/\*/g, 'x').replace(/\?/g, 'x');
      const scheme = s.schemes[0] ?? 'https';
      return [`${scheme}://${host}${port}${path}`, `${scheme}://${host}${port}${path.replace(/\/$/, '')}/x`];
    }
    case 'subpath': {
      const root = constraint.root.replace(/\/+$/, '');
      return [`${root}/x`, constraint.root, `${root}x/y`];
    }
    case 'shlex':
      return constraint.allow.flatMap((a) => [a, `${a} x`]);
    case 'cel':
      return celStrings(constraint.expression).flatMap((s) => [s, `${s}x`, `x${s}`]);
    default:
      return [];
  }
}
