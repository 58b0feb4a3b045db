/**
 * The YAML constraint vocabulary of docs/scenarios.md → the warrant Constraint model. The schema has already
 * checked the shape (one key, right types); this adds what it cannot express — a regex that does not
 * compile, a bad CIDR, an empty range, a relative Subpath root, CEL that does not compile — and fills
 * in the defaults of the reference's constructors (Subpath: case-sensitive, allow_equal; Range:
 * inclusive bounds; UrlSafe: http/https, block private, loopback, metadata and reserved addresses).
 */
import { celCompileError, compileCel, judgeOnlyCall, undeclaredNames } from '../cel/index.js';
import { compileRegex } from '../lib/regex.js';
import type { Warn } from './warnings.js';
import type { Constraint } from '../warrant/constraints/types.js';
import { parseNetwork } from '../lib/ip.js';
import { subpathRoot } from '../warrant/constraints/subpath.js';
import { parseUrlPattern } from '../warrant/constraints/url-pattern.js';
import { globProblem, urlPatternProblem } from '../warrant/constraints/pattern-syntax.js';
import type { Value } from '../warrant/constraint-value.js';
import { at, type PathSegment } from './key-path.js';
import type { PEntry, PMap, PNode } from '../lib/yaml-tree.js';
import { valueFromYaml, type Report } from './value-yaml.js';

/** Maps a character of a scalar's value to its offset in the file (scalar-offset.ts). */
export type Place = (node: PNode, value: string, index: number) => number;

/** Variables a `{cel: ...}` constraint may use: the argument it constrains. */
export const CONSTRAINT_CEL_VARIABLES = ['value'] as const;

/**
 * `skip(node)`: true for a node the schema already reported a problem at or under; such a node is
 * not checked again (one mistake, one message), but the members of an all/any/not still are.
 * `warn` hears what loads but may not do what the author expects (warnings.ts); by default nothing.
 */
export function constraintFromYaml(
  node: PNode,
  path: readonly PathSegment[],
  report: Report,
  skip: (n: PNode) => boolean = () => false,
  place?: Place,
  warn: Warn = () => {},
): Constraint | undefined {
  const combinator = node.kind === 'map' && node.entries.length === 1 && ['all', 'any', 'not'].includes(node.entries[0]!.key);
  if (skip(node) && !combinator) return undefined;
  if (node.kind === 'scalar') {
    if (node.value === 'wildcard') return { type: 'wildcard' };
    report(node.span.start, at(path, `expected a constraint, got ${JSON.stringify(node.value)}`));
    return undefined;
  }
  if (node.kind !== 'map' || node.entries.length !== 1) {
    report(node.span.start, at(path, 'a constraint is `wildcard` or a map with exactly one key'));
    return undefined;
  }
  const e = node.entries[0]!;
  const p = [...path, e.key];
  const v = e.value;
  const bad = (message: string, n: PNode = v): undefined => {
    report(n.span.start, at(p, message));
    return undefined;
  };
  switch (e.key) {
    case 'exact': {
      const value = valueFromYaml(v, p, report);
      return value === undefined ? undefined : { type: 'exact', value };
    }
    case 'pattern': {
      const s = str(v);
      if (s === undefined) return bad('expected a glob pattern string');
      const problem = globProblem(s);
      return problem ? bad(`invalid glob pattern '${s}': ${problem}`) : { type: 'pattern', pattern: s };
    }
    case 'regex': {
      const s = str(v);
      if (s === undefined) return bad('expected a regular expression string');
      // As the authorizer will read it: Rust regex syntax on RE2 (src/lib/regex-rust.ts).
      const re = compileRegex(s);
      if (typeof re === 'string') return bad(`regex does not compile: ${re}`);
      if ('limit' in re) return bad(`regex cannot be judged here: ${re.limit}`);
      return { type: 'regex', pattern: s };
    }
    case 'cidr': {
      const s = str(v);
      if (s === undefined || parseNetwork(s) === undefined) {
        return bad(`invalid CIDR ${JSON.stringify(s ?? null)} (expected an IPv4 or IPv6 network such as 10.0.0.0/8)`);
      }
      return { type: 'cidr', network: s };
    }
    case 'url_pattern': {
      const s = str(v);
      if (s === undefined) return bad('expected a URL pattern string');
      const problem = urlPatternProblem(s);
      if (problem) return bad(`invalid URL pattern '${s}': ${problem}`);
      const dropped = droppedDefaultPort(s);
      if (dropped !== undefined) warn(v.span.start, at(p, dropped));
      return { type: 'url_pattern', pattern: s };
    }
    case 'range':
      return range(v, p, report);
    case 'one_of': {
      const values = valueList(v, p, report);
      return values && { type: 'one_of', values };
    }
    case 'not_one_of': {
      const excluded = valueList(v, p, report);
      return excluded && { type: 'not_one_of', excluded };
    }
    case 'contains': {
      const required = valueList(v, p, report);
      return required && { type: 'contains', required };
    }
    case 'subset': {
      const allowed = valueList(v, p, report);
      return allowed && { type: 'subset', allowed };
    }
    case 'all':
    case 'any': {
      if (v.kind !== 'seq') return skip(v) ? undefined : bad('expected a list of constraints');
      const constraints: Constraint[] = [];
      let ok = true;
      v.items.forEach((item, i) => {
        const c = constraintFromYaml(item, [...p, i], report, skip, place, warn);
        if (c === undefined) ok = false;
        else constraints.push(c);
      });
      return ok ? { type: e.key, constraints } : undefined;
    }
    case 'not': {
      const constraint = constraintFromYaml(v, p, report, skip, place, warn);
      return constraint && { type: 'not', constraint };
    }
    case 'cel': {
      const s = str(v);
      if (s === undefined) return bad('expected a CEL expression string');
      const problem = celProblem(s);
      if (problem) {
        // Placed at the character the parser stopped at, when the caller can map it into the file.
        const offset = celCompileError(s)?.offset;
        const where = offset !== undefined && place !== undefined && v.kind === 'scalar' ? place(v, s, offset) : v.span.start;
        report(where, at(p, `invalid CEL expression: ${problem}`));
        return undefined;
      }
      // sum/first/last are the judges' (docs/effects.md), not Tenuo's: a grant using one would
      // only ever fail at run time, so it is refused here, at the call.
      const judgeOnly = judgeOnlyCall(s);
      if (judgeOnly !== undefined) {
        const where = place !== undefined && v.kind === 'scalar' ? place(v, s, judgeOnly.at) : v.span.start;
        report(
          where,
          at(
            p,
            `invalid CEL expression: ${judgeOnly.name}() is a judge-only function (docs/effects.md); a grant's CEL is Tenuo's dialect, which has no ${judgeOnly.name}()`,
          ),
        );
        return undefined;
      }
      // Tenuo binds an object argument's fields (and not `value`), any other argument as `value`: a
      // name is known only at run time, so an unexpected one is a warning, not a refusal.
      const names = undeclaredNames(s, CONSTRAINT_CEL_VARIABLES);
      if (names.length > 0) {
        warn(
          v.span.start,
          at(
            p,
            `CEL reads ${names.map((n) => `'${n}'`).join(', ')}: bound only when the argument is an object with such a field (Tenuo binds an object's fields, anything else as 'value'); otherwise every call is denied`,
          ),
        );
      }
      return { type: 'cel', expression: s };
    }
    case 'subpath':
      return subpath(v, p, report);
    case 'url_safe':
      return urlSafe(v, p, report);
    case 'shlex': {
      const allow = v.kind === 'map' ? entry(v, 'allow') : undefined;
      const list = allow && strList(allow.value);
      if (list === undefined) return bad('expected {allow: [program, ...]}');
      if (list.some((s) => s === '')) return bad('program names must not be empty', allow!.value);
      return { type: 'shlex', allow: list };
    }
    default:
      report(e.keySpan.start, at(path, `unknown constraint '${e.key}'`));
      return undefined;
  }
}

/**
 * undefined when `expression` compiles (and, with `variables`, reads no other name: judges bind
 * exactly those), else why not; a syntax error says `line:column` within the expression. Verdicts
 * are memoized: a generated suite repeats the same judges a thousand times.
 */
export function celProblem(expression: string, variables?: readonly string[]): string | undefined {
  const key = `${variables?.join(',') ?? '\u0002'}\u0000${expression}`;
  if (celVerdicts.has(key)) return celVerdicts.get(key);
  let verdict: string | undefined;
  try {
    const program = compileCel(expression);
    const unknown = variables === undefined ? [] : program.variables.filter((n) => !variables.includes(n));
    if (unknown.length > 0) {
      verdict = `undeclared variable ${unknown.map((n) => `'${n}'`).join(', ')} (available: ${variables!.join(', ') || 'none'})`;
    }
  } catch (e) {
    verdict = e instanceof Error ? e.message : String(e);
  }
  if (celVerdicts.size >= MAX_CEL_VERDICTS) celVerdicts.clear();
  celVerdicts.set(key, verdict);
  return verdict;
}

const MAX_CEL_VERDICTS = 4096;
const celVerdicts = new Map<string, string | undefined>();

function range(v: PNode, p: readonly PathSegment[], report: Report): Constraint | undefined {
  if (v.kind !== 'map') {
    report(v.span.start, at(p, 'expected {min, max, min_inclusive, max_inclusive}'));
    return undefined;
  }
  const min = num(entry(v, 'min')?.value);
  const max = num(entry(v, 'max')?.value);
  const minInclusive = bool(entry(v, 'min_inclusive')?.value) ?? true;
  const maxInclusive = bool(entry(v, 'max_inclusive')?.value) ?? true;
  for (const [k, n] of [
    ['min', min],
    ['max', max],
  ] as const) {
    const node = entry(v, k)?.value;
    if (node !== undefined && (n === undefined || !Number.isFinite(n))) {
      report(node.span.start, at([...p, k], 'expected a finite number'));
      return undefined;
    }
  }
  if (min !== undefined && max !== undefined) {
    const empty = min > max || (min === max && !(minInclusive && maxInclusive));
    if (empty) {
      report(
        v.span.start,
        at(
          p,
          `empty range: min ${min} is ${min > max ? 'greater than' : 'equal to'} max ${max}${min === max ? ' and a bound is exclusive' : ''}`,
        ),
      );
      return undefined;
    }
  }
  return { type: 'range', min: min ?? null, max: max ?? null, minInclusive, maxInclusive };
}

function subpath(v: PNode, p: readonly PathSegment[], report: Report): Constraint | undefined {
  const rootNode = v.kind === 'map' ? entry(v, 'root')?.value : v;
  const root = rootNode && str(rootNode);
  if (rootNode === undefined || root === undefined) {
    report(v.span.start, at(p, 'expected a root path or {root, allow_equal, case_sensitive}'));
    return undefined;
  }
  const caseSensitive = (v.kind === 'map' ? bool(entry(v, 'case_sensitive')?.value) : undefined) ?? true;
  const allowEqual = (v.kind === 'map' ? bool(entry(v, 'allow_equal')?.value) : undefined) ?? true;
  if (!root.startsWith('/')) {
    report(rootNode.span.start, at(p, `root '${root}' must be an absolute path (starting with /)`));
    return undefined;
  }
  if (root.includes('\0')) {
    report(rootNode.span.start, at(p, 'root must not contain a NUL character'));
    return undefined;
  }
  // As the reference's constructor: the root is stored normalized (and lower-cased when the match
  // ignores case), so `/app/config/` and `/app/./config` grant the same thing.
  return { type: 'subpath', root: subpathRoot(root, caseSensitive), caseSensitive, allowEqual };
}

function urlSafe(v: PNode, p: readonly PathSegment[], report: Report): Constraint | undefined {
  if (v.kind !== 'map') {
    report(v.span.start, at(p, 'expected a map of url_safe options ({} for the defaults)'));
    return undefined;
  }
  const list = (k: string): string[] | null | undefined => {
    const n = entry(v, k)?.value;
    if (n === undefined) return null;
    const l = strList(n);
    if (l === undefined) report(n.span.start, at([...p, k], 'expected a list of strings'));
    return l;
  };
  const flag = (k: string, dflt: boolean): boolean => bool(entry(v, k)?.value) ?? dflt;
  const schemes = list('schemes');
  const allowDomains = list('allow_domains');
  const denyDomains = list('deny_domains');
  let allowPorts: number[] | null = null;
  const portsNode = entry(v, 'allow_ports')?.value;
  if (portsNode !== undefined) {
    const ports = portsNode.kind === 'seq' ? portsNode.items.map((i) => num(i)) : [undefined];
    if (ports.some((n) => n === undefined || !Number.isInteger(n) || n < 0 || n > 65535)) {
      report(portsNode.span.start, at([...p, 'allow_ports'], 'expected a list of port numbers (0-65535)'));
      return undefined;
    }
    allowPorts = ports as number[];
  }
  if (schemes === undefined || allowDomains === undefined || denyDomains === undefined) return undefined;
  return {
    type: 'url_safe',
    schemes: schemes ?? ['http', 'https'],
    allowDomains,
    denyDomains,
    allowPorts,
    blockPrivate: flag('block_private', true),
    blockLoopback: flag('block_loopback', true),
    blockMetadata: flag('block_metadata', true),
    blockReserved: flag('block_reserved', true),
    blockInternalTlds: flag('block_internal_tlds', false),
  };
}

/** A scheme's default port, which the WHATWG URL parser (and Rust's `url` crate) drops. */
const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443, ws: 80, wss: 443, ftp: 21 };

/**
 * The warning for a pattern that writes its scheme's default port (`https://x.com:443/*`): Tenuo's
 * UrlPattern::new keeps `parsed.port()`, which is None for a default port, and a pattern without a
 * port matches every port (`https://x.com:8443/…` too). `*://` is parsed as `https://`.
 */
export function droppedDefaultPort(pattern: string): string | undefined {
  const sep = pattern.indexOf('://');
  const written = pattern.slice(0, sep).toLowerCase();
  const scheme = written === '*' ? 'https' : written;
  const authority = pattern.slice(sep + 3).split(/[/?#]/, 1)[0] ?? '';
  const m = /:(\d+)$/.exec(authority.slice(authority.lastIndexOf('@') + 1));
  if (m === null || Number(m[1]) !== DEFAULT_PORTS[scheme]) return undefined;
  const spec = parseUrlPattern(pattern);
  if (typeof spec === 'string' || spec.port !== undefined) return undefined;
  const as = written === '*' ? ` (a '*://' pattern is parsed as https)` : '';
  return (
    `url_pattern '${pattern}': :${m[1]} is ${scheme}'s default port, which Tenuo drops when it parses the pattern${as}, ` +
    `and a pattern without a port matches every port (${scheme}://…:8443/ too); ` +
    `leave the port out, or add url_safe with allow_ports: [${m[1]}] beside it (all: [...]) to allow that port only`
  );
}

function valueList(v: PNode, p: readonly PathSegment[], report: Report): Value[] | undefined {
  if (v.kind !== 'seq') {
    report(v.span.start, at(p, 'expected a list of values'));
    return undefined;
  }
  // A sequence node reads as a list value (or undefined, its problems reported).
  return valueFromYaml(v, p, report) as Value[] | undefined;
}

function entry(m: PMap, key: string): PEntry | undefined {
  return m.entries.find((e) => e.key === key);
}

function str(n: PNode | undefined): string | undefined {
  return n?.kind === 'scalar' && typeof n.value === 'string' ? n.value : undefined;
}

function num(n: PNode | undefined): number | undefined {
  if (n?.kind !== 'scalar') return undefined;
  return typeof n.value === 'bigint' || typeof n.value === 'number' ? Number(n.value) : undefined;
}

function bool(n: PNode | undefined): boolean | undefined {
  return n?.kind === 'scalar' && typeof n.value === 'boolean' ? n.value : undefined;
}

function strList(n: PNode): string[] | undefined {
  if (n.kind !== 'seq') return undefined;
  const out: string[] = [];
  for (const item of n.items) {
    const s = str(item);
    if (s === undefined) return undefined;
    out.push(s);
  }
  return out;
}
