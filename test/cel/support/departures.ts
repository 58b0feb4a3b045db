/**
 * Where the reference's CEL (Tenuo's `cel-interpreter` 0.10 + `cel-parser` 0.10.1) departs from the
 * CEL specification, as rules over a conformance test and our result. Each rule names the crate's
 * source that decides it and matches both a feature of the expression and the shape of the
 * result, so a test is excused only for the departure it actually shows. Used by
 * conformance.test.ts: an in-dialect test that does not meet the spec must match a rule; every rule
 * must match at least one test (so none is dead).
 */

export interface Observed {
  readonly expr: string;
  /** What the suite expects: 'value' or 'error' (or 'other' for out-of-dialect expectations). */
  readonly expected: 'value' | 'error' | 'other';
  /** Our result: a value, or an error message (with the stage). */
  readonly ok: boolean;
  readonly error?: string;
  readonly stage?: 'compile' | 'evaluate';
}

export interface Departure {
  readonly id: string;
  readonly source: string;
  readonly why: string;
  readonly matches: (o: Observed) => boolean;
}

const err = (o: Observed, re: RegExp): boolean => !o.ok && re.test(o.error ?? '');
const valueInsteadOfError = (o: Observed): boolean => o.ok && o.expected === 'error';
const differentValue = (o: Observed): boolean => o.ok && o.expected === 'value';

export const DEPARTURES: readonly Departure[] = [
  {
    id: 'no-type-functions',
    source: 'interpreter/src/context.rs Context::default',
    why: 'no dyn(), type(), bool() and no type values (`int`, `list`, …): undeclared references',
    matches: (o) =>
      err(o, /Undeclared reference to '(dyn|type|bool|int|uint|double|string|bytes|list|map|null_type)'/) &&
      /\b(dyn|type|bool|int|uint|double|string|bytes|list|map|null_type)\b/.test(o.expr),
  },
  {
    id: 'no-qualified-names',
    source: 'interpreter/src/objects.rs Value::resolve (Expr::Select) / context.rs get_variable',
    why: '`a.b.c` is selections on the variable `a`: no dotted variable names, no containers',
    matches: (o) => err(o, /Undeclared reference to '[a-z]+'/) && /^\.?[a-z]+(\.[a-z]+)+$/.test(o.expr.trim()),
  },
  {
    id: 'no-error-absorption',
    source: 'interpreter/src/objects.rs Value::resolve (LOGICAL_AND, LOGICAL_OR) and antlr/src/macros.rs',
    why: '`&&`, `||` and the macros evaluate left to right and propagate the first error (no commutative absorption)',
    matches: (o) => !o.ok && o.stage === 'evaluate' && o.expected === 'value' && /&&|\|\||\.(all|exists)\(/.test(o.expr),
  },
  {
    id: 'truthiness',
    source: 'interpreter/src/objects.rs Value::to_bool',
    why: '`!`, `&&`, `||`, `?:` accept any value by truthiness (`||` yields the deciding operand)',
    matches: (o) => o.ok && /^\s*(!\s*\d|'[^']*'\s*(\|\||&&|\?))/.test(o.expr),
  },
  {
    id: 'operator-runs',
    source: 'antlr/src/parser.rs visit_LogicalNot / visit_Negate',
    why: 'a run of `!` or `-` applies the operator once, whatever its length',
    matches: (o) => differentValue(o) && /(!!|--)/.test(o.expr),
  },
  {
    id: 'negate-wraps',
    source: 'interpreter/src/objects.rs Value::resolve (NEGATE: `-i`, release build without overflow checks)',
    why: '-(i64::MIN) wraps to i64::MIN instead of failing',
    matches: (o) => valueInsteadOfError(o) && /-\(-9223372036854775808\)/.test(o.expr),
  },
  {
    id: 'null-ordering',
    source: 'interpreter/src/objects.rs impl PartialOrd for Value ((Null, Null) => Equal)',
    why: 'null is ordered with null',
    matches: (o) => valueInsteadOfError(o) && /null\s*[<>]=?\s*(null|x)/.test(o.expr),
  },
  {
    id: 'bytes-unordered',
    source: 'interpreter/src/objects.rs impl PartialOrd for Value (no Bytes arm)',
    why: 'bytes have no order',
    matches: (o) => err(o, /can not be compared/) && /\bb['"]/.test(o.expr),
  },
  {
    id: 'no-bytes-concatenation',
    source: 'interpreter/src/objects.rs impl ops::Add for Value (no Bytes arm)',
    why: '`+` is not defined on bytes',
    matches: (o) => err(o, /Unsupported binary operator 'add': Bytes/),
  },
  {
    id: 'index-null',
    source: 'interpreter/src/objects.rs Value::resolve (INDEX: `.unwrap_or(Value::Null)`)',
    why: "indexing past a list's end or by a missing map key is null, and a map index must be an int, uint, bool or string",
    matches: (o) =>
      (valueInsteadOfError(o) && /\]\s*\[\s*-?\d+u?\s*\]\s*$|\}\s*\[\s*(-?\d+u?|true|false)\s*\]\s*$/.test(o.expr)) ||
      err(o, /map index: Float/),
  },
  {
    id: 'map-keys-exact',
    source: 'interpreter/src/objects.rs Key (Int and Uint distinct), PartialEq for Map, IN (contains_key)',
    why: 'map keys int 1 and uint 1 are different keys for ==, `in` and literals',
    matches: (o) => (differentValue(o) || valueInsteadOfError(o)) && /\{[^}]*\d+u?\s*:/.test(o.expr) && /==|\bin\b|\[/.test(o.expr),
  },
  {
    id: 'string-size-bytes',
    source: 'interpreter/src/functions.rs size (String: `s.len()`)',
    why: 'size() of a string counts UTF-8 bytes',
    matches: (o) => differentValue(o) && /size\(/.test(o.expr),
  },
  {
    id: 'conversions',
    source: 'interpreter/src/functions.rs int / string / bytes',
    why: 'int(2^63 as double) saturates instead of failing; string(bytes) is lossy UTF-8; bytes() takes only a string',
    matches: (o) => (valueInsteadOfError(o) && /^(int|string)\(/.test(o.expr.trim())) || err(o, /Unexpected type: got 'Bytes/),
  },
  {
    id: 'escapes-in-strings',
    source: 'antlr/src/parse.rs parse_quoted_string / parse_raw_string',
    why: "\\' in a double-quoted string (and \\\" in a single-quoted one) keeps its backslash; \\X is refused; quotes of the string's kind inside a triple-quoted string toggle; raw strings drop a backslash before a quote of the other kind",
    matches: (o) =>
      (differentValue(o) && /\\['"]/.test(o.expr)) || err(o, /invalid string literal: (InvalidEscape \\X|MissingOpeningQuote)/),
  },
  {
    id: 'bytes-literals',
    source: 'antlr/src/parser.rs visit_Bytes (`&string[2..string.len() - 1]`) / antlr/src/parse.rs parse_bytes',
    why: 'a triple-quoted bytes literal keeps two quotes at each end; only \\x and octal escapes are accepted in bytes',
    matches: (o) => (differentValue(o) && /^\s*b('''|""")/.test(o.expr)) || err(o, /invalid bytes literal/),
  },
  {
    id: 'hex-negative',
    source: 'antlr/src/parser.rs visit_Int (the text "-0x…" is parsed as decimal)',
    why: 'a negative hexadecimal literal is refused',
    matches: (o) => err(o, /invalid int literal/) && /-0x/.test(o.expr),
  },
  {
    id: 'escaped-field-names',
    source: 'antlr/src/parser.rs visit_Select (`id.get_text()` keeps the backticks)',
    why: 'a backtick-quoted field name keeps its backticks',
    matches: (o) => o.ok && /\.`/.test(o.expr),
  },
  {
    id: 'chrono-time',
    source: 'interpreter/src/functions.rs time, interpreter/src/duration.rs (chrono)',
    why: "timestamps and durations follow chrono: years outside 1..9999, to_rfc3339's +00:00, Go-style duration strings, and the get* functions ignore a time zone argument",
    matches: (o) => o.ok && /timestamp\(|duration\(/.test(o.expr),
  },
];

/** The rule a departing test shows, or undefined. */
export function departureOf(o: Observed): Departure | undefined {
  return DEPARTURES.find((d) => d.matches(o));
}
