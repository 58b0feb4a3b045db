/**
 * The tightest constraint of the same kind that still allows every legitimate value (issue 10,
 * "slack"). One rule per kind:
 *
 * | kind       | tightest of the same kind                                                    |
 * |------------|------------------------------------------------------------------------------|
 * | subpath    | the deepest common directory of the values (a value that is a directory —   |
 * |            | an ancestor of a file of the scenario's environment or of a call's path —   |
 * |            | counts itself, a file its parent); same case/equality options               |
 * | range      | [min, max] of the values, inclusive                                          |
 * | one_of     | the values used, in the grant's order                                        |
 * | subset     | the elements used, in the grant's order                                      |
 * | shlex      | the allow entries some value needs                                           |
 * | cidr       | the longest prefix holding every address                                     |
 * | all        | its first member that tightens, in place (a `not` member is left as it is)   |
 * | cel, regex, pattern, url_pattern, url_safe, not_one_of, contains, any, not:                |
 * |            | none computed (`null`): no same-kind constraint is derived from examples    |
 * | exact      | itself (already the tightest); wildcard: itself (no narrower wildcard)       |
 *
 * `tightest` returns the suggestion, `null` when none is computed for the kind, or `undefined`
 * when the constraint is already as tight as its kind allows. Every suggestion is checked against
 * every value before it is returned: one that would deny a legitimate call is never made.
 */
import { asNumber, valueEquals } from '../../warrant/constraints/compare.js';
import { parseIp, parseNetwork, type IpAddress } from '../../lib/ip.js';
import { checkConstraint } from '../../warrant/constraints/satisfy.js';
import { shlexCheck } from '../../warrant/constraints/shlex.js';
import { effectiveRoot, normalizePath } from '../../warrant/constraints/subpath.js';
import type { Constraint } from '../../warrant/constraints/types.js';
import type { Value } from '../../warrant/constraint-value.js';

type Of<T extends Constraint['type']> = Extract<Constraint, { type: T }>;

/** Directories the scenario knows of: every proper ancestor of a file or path it mentions. */
export function knownDirectories(paths: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  for (const p of paths) {
    if (!p.startsWith('/')) continue;
    const parts = normalizePath(p)
      .split('/')
      .filter((x) => x !== '');
    for (let i = 0; i < parts.length; i++) dirs.add(`/${parts.slice(0, i).join('/')}`);
  }
  return dirs;
}

function subpath(c: Of<'subpath'>, values: readonly Value[], dirs: ReadonlySet<string>): Constraint | undefined {
  const fold = (s: string): string => (c.caseSensitive ? s : s.toLowerCase());
  let common: string[] | undefined;
  for (const v of values) {
    if (typeof v !== 'string' || !v.startsWith('/')) return undefined;
    const path = normalizePath(v);
    const parts = path.split('/').filter((x) => x !== '');
    const dir = dirs.has(path) ? parts : parts.slice(0, -1);
    const folded = dir.map(fold);
    if (common === undefined) common = folded;
    else {
      let n = 0;
      while (n < common.length && n < folded.length && common[n] === folded[n]) n++;
      common = common.slice(0, n);
    }
  }
  if (common === undefined) return undefined;
  const root = `/${common.join('/')}`;
  const granted = effectiveRoot(c);
  const deeper = root !== granted && root.startsWith(granted === '/' ? '/' : `${granted}/`);
  return deeper ? { ...c, root } : undefined;
}

function range(c: Of<'range'>, values: readonly Value[]): Constraint | undefined {
  const ns = values.map(asNumber);
  if (ns.length === 0 || ns.some((n) => n === undefined || Number.isNaN(n))) return undefined;
  const min = Math.min(...(ns as number[]));
  const max = Math.max(...(ns as number[]));
  if (min === c.min && max === c.max && c.minInclusive && c.maxInclusive) return undefined;
  return { type: 'range', min, max, minInclusive: true, maxInclusive: true };
}

function bits(ip: IpAddress): number[] {
  return Array.from(ip.bytes).flatMap((b) => [7, 6, 5, 4, 3, 2, 1, 0].map((k) => (b >> k) & 1));
}

function formatAddress(ip: IpAddress, prefix: number): string {
  const masked = ip.bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, prefix - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
  if (ip.version === 4) return Array.from(masked).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((masked[i]! << 8) | masked[i + 1]!).toString(16));
  return groups.join(':');
}

function cidr(c: Of<'cidr'>, values: readonly Value[]): Constraint | undefined {
  const net = parseNetwork(c.network);
  if (!net) return undefined;
  const ips = values.map((v) => (typeof v === 'string' ? parseIp(v) : undefined));
  if (ips.length === 0 || ips.some((ip) => ip === undefined || ip.version !== net.address.version)) return undefined;
  const all = (ips as IpAddress[]).map(bits);
  let prefix = 0;
  while (prefix < all[0]!.length && all.every((b) => b[prefix] === all[0]![prefix])) prefix++;
  if (prefix <= net.prefix) return undefined;
  return { type: 'cidr', network: `${formatAddress(ips[0]!, prefix)}/${prefix}` };
}

/**
 * An All, member by member: the first member that tightens, replaced in place. A `not` member is
 * an exclusion added on purpose (init's separator fix, a probe's fix): no example says what else to
 * exclude, so it neither tightens nor makes the All one to look at by hand. Undefined when every
 * other member is as tight as its kind allows; null when one has no rule.
 */
function allOf(c: Of<'all'>, values: readonly Value[], dirs: ReadonlySet<string>): Constraint | null | undefined {
  let noRule = false;
  for (let i = 0; i < c.constraints.length; i++) {
    const m = c.constraints[i]!;
    if (m.type === 'not') continue;
    const t = compute(m, values, dirs);
    if (t === null) noRule = true;
    else if (t !== undefined) return { type: 'all', constraints: c.constraints.map((x, j) => (j === i ? t : x)) };
  }
  return noRule ? null : undefined;
}

function usedOf(list: readonly Value[], used: readonly Value[]): Value[] {
  return list.filter((v) => used.some((u) => valueEquals(u, v)));
}

function compute(c: Constraint, values: readonly Value[], dirs: ReadonlySet<string>): Constraint | null | undefined {
  switch (c.type) {
    case 'subpath':
      return subpath(c, values, dirs);
    case 'range':
      return range(c, values);
    case 'one_of': {
      const used = usedOf(c.values, values);
      return used.length < c.values.length ? { type: 'one_of', values: used } : undefined;
    }
    case 'subset': {
      const elements = values.flatMap((v) => (Array.isArray(v) ? v : []));
      const used = usedOf(c.allowed, elements);
      return used.length < c.allowed.length ? { type: 'subset', allowed: used } : undefined;
    }
    case 'shlex': {
      const used = c.allow.filter((a) => values.some((v) => typeof v === 'string' && shlexCheck([a], v) === undefined));
      return used.length < c.allow.length ? { type: 'shlex', allow: used } : undefined;
    }
    case 'cidr':
      return cidr(c, values);
    case 'all':
      return allOf(c, values, dirs);
    case 'exact':
    case 'wildcard':
    case 'unknown':
      return undefined;
    case 'cel':
    case 'regex':
    case 'pattern':
    case 'url_pattern':
    case 'url_safe':
    case 'not_one_of':
    case 'contains':
    case 'any':
    case 'not':
      return null;
  }
}

/**
 * The tightest same-kind constraint allowing every value in `values` (the legitimate calls'), null
 * when the kind has no rule, undefined when `constraint` is already that tight or no values are
 * known.
 */
export function tightest(constraint: Constraint, values: readonly Value[], dirs: ReadonlySet<string>): Constraint | null | undefined {
  if (values.length === 0) return undefined;
  const t = compute(constraint, values, dirs);
  if (!t) return t;
  // Never suggest what would deny a legitimate call (or what fails to parse as the kind).
  return values.every((v) => checkConstraint(t, v, 'value') === undefined) ? t : undefined;
}
