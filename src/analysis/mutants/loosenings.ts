/**
 * Mutation operators (docs/analyses.md, "warrant mutants"): the one-step loosenings of one constraint,
 * one list per constraint kind. A loosening admits every value the original admits and some more;
 * it is what a careless edit of the policy would do. Whether the scripted attacks notice it is
 * the question the mutants' outcomes (outcomes.ts) answer.
 *
 * | kind         | operators (mutation names)                                                   |
 * |--------------|------------------------------------------------------------------------------|
 * | subpath      | `subpath_root_up` (root's parent), `subpath_root_slash` (root `/`)           |
 * | range        | `range_max_widened`, `range_min_widened` (to the parent's bound, else none)  |
 * | one_of       | `one_of_entry_added`                                                         |
 * | subset       | `subset_entry_added`                                                         |
 * | not_one_of   | `not_one_of_entry_dropped` (one mutant per excluded value)                   |
 * | contains     | `contains_entry_dropped` (one mutant per required value)                     |
 * | exact        | `exact_to_pattern` (a string: `value*`; else, or with glob syntax, wildcard) |
 * | pattern      | `pattern_to_wildcard`                                                        |
 * | regex        | `regex_to_wildcard`                                                          |
 * | cel          | `cel_to_wildcard` (the design's "CEL replaced by true")                      |
 * | cidr         | `cidr_prefix_shortened` (one bit shorter), `cidr_any` (`0.0.0.0/0`, `::/0`)  |
 * | url_pattern  | `url_pattern_any_path`, `url_pattern_any_port`, `url_pattern_parent_host`    |
 * |              | (`*.` + the host minus its first label), `url_pattern_any_scheme`            |
 * | url_safe     | `url_safe_allow_private` / `_loopback` / `_metadata` / `_reserved` /         |
 * |              | `_internal_tlds` (a block flag cleared), `url_safe_any_domain` (allow list   |
 * |              | dropped), `url_safe_no_deny_domains`, `url_safe_any_port`                    |
 * | shlex        | `shlex_program_added`                                                        |
 * | all          | `all_member_dropped` (per member; this is how a `not` inside an All is       |
 * |              | dropped), and every member's own loosenings (`all[i].<mutation>`)            |
 * | any          | every branch's own loosenings (`any[i].<mutation>`)                          |
 * | not          | `not_dropped` (the constraint becomes wildcard)                              |
 * | wildcard     | none (nothing is looser)                                                     |
 * | unknown      | none (an unknown type cannot be rewritten; it always denies)                 |
 *
 * Added entries (one_of, subset, shlex) are the first value the scenario's own calls pass for this
 * parameter that the constraint rejects — the loosening an attack would exploit — or, when no call
 * passes one, a sentinel no call uses (from the run's seed), so that the mutant survives and says
 * that no scripted call tries a value outside the list.
 */
import { listContains } from '../../warrant/constraints/compare.js';
import { parseNetwork } from '../../lib/ip.js';
import { shlexCheck } from '../../warrant/constraints/shlex.js';
import { effectiveRoot } from '../../warrant/constraints/subpath.js';
import type { Constraint } from '../../warrant/constraints/types.js';
import { parseUrlPattern } from '../../warrant/constraints/url-pattern.js';
import type { Value } from '../../warrant/constraint-value.js';

export interface Loosening {
  /** The operator's name (see the table above), prefixed by its place inside All/Any. */
  readonly mutation: string;
  /** The loosened constraint. */
  readonly constraint: Constraint;
}

/** What an operator may use besides the constraint itself. */
export interface LooseningContext {
  /** The values the scenario's calls pass for this parameter, in call order. */
  readonly values: readonly Value[];
  /** The parent's (p's root) constraint on this parameter, for bounds a child may not exceed. */
  readonly parent: Constraint | undefined;
  /** A value no call uses, for list entries when no call offers one (computed on demand). */
  readonly sentinel: () => string;
}

/** Bounds the mutants of one constraint (a list of 1,000 excluded values is not 1,000 mutants). */
export const MAX_LOOSENINGS_PER_CONSTRAINT = 32;
const MAX_NESTING = 4;

const WILDCARD: Constraint = { type: 'wildcard' };
const GLOB_SYNTAX = /[*?[\]{}]/;

type Of<T extends Constraint['type']> = Extract<Constraint, { type: T }>;

function subpath(c: Of<'subpath'>): Loosening[] {
  const root = effectiveRoot(c);
  const out: Loosening[] = [];
  if (root.startsWith('/')) {
    const cut = root.replace(/\/+$/, '').lastIndexOf('/');
    const up = cut <= 0 ? '/' : root.slice(0, cut);
    if (up !== root) out.push({ mutation: 'subpath_root_up', constraint: { ...c, root: up } });
    if (up !== '/' && root !== '/') out.push({ mutation: 'subpath_root_slash', constraint: { ...c, root: '/' } });
  }
  return out;
}

function range(c: Of<'range'>, parent: Constraint | undefined): Loosening[] {
  const p = parent?.type === 'range' ? parent : undefined;
  const out: Loosening[] = [];
  // Widened as far as the parent allows: a child wider than its parent is no warrant at all.
  const max = p ? p.max : null;
  if (c.max !== null && c.max !== max) {
    out.push({ mutation: 'range_max_widened', constraint: { ...c, max, maxInclusive: p ? p.maxInclusive : true } });
  }
  const min = p ? p.min : null;
  if (c.min !== null && c.min !== min) {
    out.push({ mutation: 'range_min_widened', constraint: { ...c, min, minInclusive: p ? p.minInclusive : true } });
  }
  return out;
}

/** The first value the calls pass that `rejected` says is outside, else the sentinel. */
function newEntry(values: readonly Value[], rejected: (v: Value) => boolean, sentinel: () => string): Value {
  return values.find(rejected) ?? sentinel();
}

function shlexProgram(c: Of<'shlex'>, ctx: LooseningContext): string {
  for (const v of ctx.values) {
    if (typeof v !== 'string' || shlexCheck(c.allow, v) === undefined) continue;
    // The constraint's own tokenization (whitespace; see shlex.ts): its first token is the program.
    const program = v.trim().split(/\s+/u)[0];
    if (program && shlexCheck([...c.allow, program], v) === undefined) return program;
  }
  return ctx.sentinel();
}

function cidr(c: Of<'cidr'>): Loosening[] {
  const net = parseNetwork(c.network);
  if (!net) return [];
  const address = c.network.includes('/') ? c.network.slice(0, c.network.indexOf('/')) : c.network;
  const out: Loosening[] = [];
  if (net.prefix > 1)
    out.push({ mutation: 'cidr_prefix_shortened', constraint: { type: 'cidr', network: `${address}/${net.prefix - 1}` } });
  if (net.prefix > 0)
    out.push({ mutation: 'cidr_any', constraint: { type: 'cidr', network: net.address.version === 4 ? '0.0.0.0/0' : '::/0' } });
  return out;
}

function urlPattern(c: Of<'url_pattern'>): Loosening[] {
  const spec = parseUrlPattern(c.pattern);
  if (typeof spec === 'string') return [];
  const scheme = spec.schemes.length === 0 ? '*' : spec.schemes[0]!;
  const host = spec.host ?? '';
  const build = (s: string, h: string, port: number | undefined, path: string | undefined): string =>
    `${s}://${h}${port === undefined ? '' : `:${port}`}${path ?? '/*'}`;
  const candidates: [string, string][] = [];
  if (spec.path !== undefined && spec.path !== '/*' && spec.path !== '*') {
    candidates.push(['url_pattern_any_path', build(scheme, host, spec.port, undefined)]);
  }
  if (spec.port !== undefined) candidates.push(['url_pattern_any_port', build(scheme, host, undefined, spec.path)]);
  const labels = host.replace(/^\*\./, '').split('.');
  if (host !== '*' && labels.length > 2) {
    candidates.push(['url_pattern_parent_host', build(scheme, `*.${labels.slice(1).join('.')}`, spec.port, spec.path)]);
  }
  if (spec.schemes.length > 0) candidates.push(['url_pattern_any_scheme', build('*', host, spec.port, spec.path)]);
  return candidates
    .filter(([, p]) => p !== c.pattern && typeof parseUrlPattern(p) !== 'string')
    .map(([mutation, pattern]) => ({ mutation, constraint: { type: 'url_pattern', pattern } }));
}

function urlSafe(c: Of<'url_safe'>): Loosening[] {
  const out: Loosening[] = [];
  const flag = (on: boolean, mutation: string, next: Of<'url_safe'>): void => {
    if (on) out.push({ mutation, constraint: next });
  };
  flag(c.blockPrivate, 'url_safe_allow_private', { ...c, blockPrivate: false });
  flag(c.blockLoopback, 'url_safe_allow_loopback', { ...c, blockLoopback: false });
  flag(c.blockMetadata, 'url_safe_allow_metadata', { ...c, blockMetadata: false });
  flag(c.blockReserved, 'url_safe_allow_reserved', { ...c, blockReserved: false });
  flag(c.blockInternalTlds, 'url_safe_allow_internal_tlds', { ...c, blockInternalTlds: false });
  flag(c.allowDomains !== null, 'url_safe_any_domain', { ...c, allowDomains: null });
  flag(c.denyDomains !== null, 'url_safe_no_deny_domains', { ...c, denyDomains: null });
  flag(c.allowPorts !== null, 'url_safe_any_port', { ...c, allowPorts: null });
  return out;
}

function nested(prefix: string, i: number, inner: Loosening[]): Loosening[] {
  return inner.map((l) => ({ mutation: `${prefix}[${i}].${l.mutation}`, constraint: l.constraint }));
}

function loosen(c: Constraint, ctx: LooseningContext, depth: number): Loosening[] {
  if (depth > MAX_NESTING) return [];
  switch (c.type) {
    case 'subpath':
      return subpath(c);
    case 'range':
      return range(c, ctx.parent);
    case 'one_of': {
      const v = newEntry(ctx.values, (x) => !listContains(c.values, x), ctx.sentinel);
      return [{ mutation: 'one_of_entry_added', constraint: { type: 'one_of', values: [...c.values, v] } }];
    }
    case 'subset': {
      const elements = ctx.values.flatMap((v) => (Array.isArray(v) ? v : []));
      const v = newEntry(elements, (x) => !listContains(c.allowed, x), ctx.sentinel);
      return [{ mutation: 'subset_entry_added', constraint: { type: 'subset', allowed: [...c.allowed, v] } }];
    }
    case 'not_one_of':
      return c.excluded.map((_, i) => ({
        mutation: 'not_one_of_entry_dropped',
        constraint: { type: 'not_one_of', excluded: c.excluded.filter((__, j) => j !== i) },
      }));
    case 'contains':
      return c.required.map((_, i) => ({
        mutation: 'contains_entry_dropped',
        constraint: { type: 'contains', required: c.required.filter((__, j) => j !== i) },
      }));
    case 'exact':
      return [
        {
          mutation: 'exact_to_pattern',
          constraint: typeof c.value === 'string' && !GLOB_SYNTAX.test(c.value) ? { type: 'pattern', pattern: `${c.value}*` } : WILDCARD,
        },
      ];
    case 'pattern':
      return [{ mutation: 'pattern_to_wildcard', constraint: WILDCARD }];
    case 'regex':
      return [{ mutation: 'regex_to_wildcard', constraint: WILDCARD }];
    case 'cel':
      return [{ mutation: 'cel_to_wildcard', constraint: WILDCARD }];
    case 'cidr':
      return cidr(c);
    case 'url_pattern':
      return urlPattern(c);
    case 'url_safe':
      return urlSafe(c);
    case 'shlex':
      return [{ mutation: 'shlex_program_added', constraint: { type: 'shlex', allow: [...c.allow, shlexProgram(c, ctx)] } }];
    case 'all': {
      const out: Loosening[] = [];
      c.constraints.forEach((_, i) => {
        const rest = c.constraints.filter((__, j) => j !== i);
        out.push({ mutation: 'all_member_dropped', constraint: rest.length === 0 ? WILDCARD : { type: 'all', constraints: rest } });
      });
      c.constraints.forEach((m, i) => {
        const inner = loosen(m, { ...ctx, parent: undefined }, depth + 1);
        out.push(
          ...nested(
            'all',
            i,
            inner.map((l) => ({
              ...l,
              constraint: { type: 'all', constraints: c.constraints.map((x, j) => (j === i ? l.constraint : x)) },
            })),
          ),
        );
      });
      return out;
    }
    case 'any': {
      const out: Loosening[] = [];
      c.constraints.forEach((m, i) => {
        const inner = loosen(m, { ...ctx, parent: undefined }, depth + 1);
        out.push(
          ...nested(
            'any',
            i,
            inner.map((l) => ({
              ...l,
              constraint: { type: 'any', constraints: c.constraints.map((x, j) => (j === i ? l.constraint : x)) },
            })),
          ),
        );
      });
      return out;
    }
    case 'not':
      return [{ mutation: 'not_dropped', constraint: WILDCARD }];
    case 'wildcard':
    case 'unknown':
      return [];
  }
}

/** Every one-step loosening of `constraint`, distinct, at most MAX_LOOSENINGS_PER_CONSTRAINT. */
export function loosenings(constraint: Constraint, ctx: LooseningContext): Loosening[] {
  const out: Loosening[] = [];
  for (const l of loosen(constraint, ctx, 0)) {
    if (out.length >= MAX_LOOSENINGS_PER_CONSTRAINT) break;
    // A loosening equal to the original, or to one already listed, would count one gap twice.
    if (sameConstraint(l.constraint, constraint) || out.some((o) => sameConstraint(o.constraint, l.constraint))) continue;
    out.push(l);
  }
  return out;
}

/** Structural equality of two constraints (values compared as the warrant compares them). */
export function sameConstraint(left: Constraint, right: Constraint): boolean {
  return JSON.stringify(left, replacer) === JSON.stringify(right, replacer);
}

function replacer(_key: string, v: unknown): unknown {
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Uint8Array) return Array.from(v);
  return v;
}
