/**
 * The strings of a `tenuo.yaml` read with Python's semantics, as tenuo-claude (a Python program)
 * reads them: `make_constraint`'s `KIND:REST` forms, `parse_range_spec` with Python's `int()` and
 * `float()`, `str.strip()`'s whitespace, and the truth value of a PyYAML value (`cfg.get(KEY) or
 * DEFAULT`). A form the benchmark cannot map is a reason, never a guess.
 */
import { parseNetwork } from '../../lib/ip.js';
import { compileRegex } from '../../lib/regex.js';
import type { PNode, ScalarValue } from '../../lib/yaml-tree.js';
import { globProblem, urlPatternProblem } from '../../warrant/constraints/pattern-syntax.js';
import { subpathRoot } from '../../warrant/constraints/subpath.js';
import type { Constraint } from '../../warrant/constraints/types.js';

/** make_constraint's forms → a constraint, or why the form cannot be mapped. */
export function constraintOfSpec(kind: string, rest: string): Constraint | string {
  const list = rest.split(',').map(pyStrip);
  switch (kind) {
    case 'subpath':
      if (!rest.startsWith('/') || rest.includes('\0')) return `the subpath root '${rest}' is not an absolute path`;
      return { type: 'subpath', root: subpathRoot(rest, true), caseSensitive: true, allowEqual: true };
    case 'shlex': {
      const allow = list.filter((v) => v !== '');
      return allow.length === 0 ? 'shlex: needs at least one allowed program' : { type: 'shlex', allow };
    }
    case 'regex': {
      const re = compileRegex(rest);
      if (typeof re === 'string') return `the regex does not compile: ${re}`;
      if ('limit' in re) return `the regex cannot be judged here: ${re.limit}`;
      return { type: 'regex', pattern: rest };
    }
    case 'pattern': {
      const p = globProblem(rest);
      return p === undefined ? { type: 'pattern', pattern: rest } : `invalid glob pattern: ${p}`;
    }
    case 'oneof':
      return { type: 'one_of', values: list };
    case 'notoneof':
      return { type: 'not_one_of', excluded: list };
    case 'exact':
      return { type: 'exact', value: rest };
    case 'urlpattern': {
      const p = urlPatternProblem(rest);
      return p === undefined ? { type: 'url_pattern', pattern: rest } : `invalid URL pattern: ${p}`;
    }
    case 'cidr':
      return parseNetwork(rest) === undefined ? `'${rest}' is not a CIDR network such as 10.0.0.0/8` : { type: 'cidr', network: rest };
    case 'range':
      return rangeOf(rest);
    default:
      return `unknown constraint kind '${kind}' (subpath, shlex, regex, pattern, oneof, notoneof, exact, range, urlpattern, cidr)`;
  }
}

/** `range:min,max` (parse_range_spec): either side may be blank, not both; bounds inclusive. */
function rangeOf(rest: string): Constraint | string {
  const comma = rest.indexOf(',');
  if (comma < 0) return "range needs 'min,max' (either side may be blank)";
  const min = rangeBound(rest.slice(0, comma));
  const max = rangeBound(rest.slice(comma + 1));
  if (typeof min === 'string') return min;
  if (typeof max === 'string') return max;
  if (min === null && max === null) return 'range needs at least one bound';
  // Tenuo mints an empty range (it allows nothing); a policy that says so is a mistake to show.
  if (min !== null && max !== null && min > max) return `empty range: ${min} is greater than ${max}`;
  return { type: 'range', min, max, minInclusive: true, maxInclusive: true };
}

/**
 * One side of a range as `_range_bound` reads it: Python's `float(text)` when the text has a `.`
 * or an `e`, else `int(text)` (so `1_000` is 1000 and `0x10` is no number); blank is open.
 */
function rangeBound(side: string): number | null | string {
  const t = pyStrip(side);
  if (t === '') return null;
  const n = t.includes('.') || t.toLowerCase().includes('e') ? pythonFloat(t) : pythonInt(t);
  if (n === undefined) return `range bound '${t}' is not a number`;
  // Python's float overflows to inf (or an int beyond f64 fails): no bound the results can carry.
  if (!Number.isFinite(n)) return `range bound '${t}' is beyond a 64-bit float`;
  return n;
}

/** Python's `int(v)` of a YAML value: an int, a float cut toward zero, a bool as 0 or 1, or text. */
export function pythonIntOf(value: ScalarValue): number | undefined {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  return typeof value === 'string' ? pythonInt(value) : undefined;
}

/** Python's `int(text)` in base 10 on ASCII digits: a sign, digits, `_` between digits. */
function pythonInt(text: string): number | undefined {
  const t = pyStrip(text);
  return /^[+-]?\d(?:_?\d)*$/.test(t) ? Number(t.replace(/_/g, '')) : undefined;
}

/** Python's `float(text)` on finite decimal text: `1.5`, `.5`, `5.`, `1e3`, `1_000.5`. */
function pythonFloat(text: string): number | undefined {
  const t = pyStrip(text);
  const digits = '\\d(?:_?\\d)*';
  const re = new RegExp(`^[+-]?(?:${digits}(?:\\.(?:${digits})?)?|\\.${digits})(?:[eE][+-]?${digits})?$`);
  return re.test(t) ? Number(t.replace(/_/g, '')) : undefined;
}

/**
 * Python's `str.strip()`: the characters `str.isspace()` accepts, which are not JavaScript's
 * `trim()` set (Python strips U+001C..U+001F and U+0085, keeps U+FEFF).
 */
export function pyStrip(text: string): string {
  return text.replace(PY_SPACE_START, '').replace(PY_SPACE_END, '');
}
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PY_SPACE_START = new RegExp(`^[${PY_SPACE}]+`);
const PY_SPACE_END = new RegExp(`[${PY_SPACE}]+$`);

/**
 * Python's truth value of a YAML value as PyYAML loads it: `false`, `null`, `0`, `""`, `[]`, `{}`
 * are false; tenuo-claude reads optional keys with `cfg.get(KEY) or DEFAULT`.
 */
export function pythonTruthy(node: PNode): boolean {
  if (node.kind === 'map') return node.entries.length > 0;
  if (node.kind === 'seq') return node.items.length > 0;
  const v = node.value;
  return !(v === null || v === false || v === '' || v === 0 || v === 0n);
}
