/**
 * Differential test: random CEL expressions and bindings, evaluated by evaluateCel (src/cel, the dialect
 * of Tenuo's cel-interpreter 0.10) and by @bufbuild/cel (the CEL spec, support/reference.ts). They
 * must agree — both give a value, CEL-equal and of the same CEL type recursively, or both refuse —
 * except on an expression using a construct where Tenuo's crate departs from the spec
 * (TENUO_DEPARTURES, each naming the crate's source; each behaviour is asserted exactly in
 * tenuo-corpus.test.ts).
 *
 * The generator is typed, to reach deep into well-typed territory, with a share of ill-typed
 * subexpressions (a value of another type where one type is expected) and of failing ones (`1/0`,
 * an index out of range, a missing key) on either side of `&&`, `||`, `?:` and inside macros.
 *
 * Shapes on which the reference itself is wrong by the CEL spec (langdef) or the conformance data
 * are not generated; each exclusion below says which and why (see REFERENCE BUGS). Shapes the spec
 * leaves to the implementation are not generated either (see UNSPECIFIED).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../../src/cel/index.js';
import { CelMap, CelUint, INT64_MAX, INT64_MIN, UINT64_MAX, celEquals } from '../../src/cel/value.js';
import type { CelKey, CelValue } from '../../src/cel/value.js';
import { deepType, render } from './support/dialect.js';
import { referenceRun, type RunResult } from './support/reference.js';

// ---------------------------------------------------------------------------------------------
// Exclusions
//
// REFERENCE BUGS (@bufbuild/cel 0.6.1 against the spec), not generated:
//  1. String ordering compares UTF-16 code units, the spec says code points (langdef, "Equality and
//     Ordering"): '\uFFFF' < '😀' is false there. Generated strings have no code point in
//     U+E000..U+FFFF, where the two orders differ.
//  2. Map literals with an int and a uint key of the same value ({0: 1, 0u: 2}) are accepted; the
//     conformance suite wants an error (fields/qualified_identifier_resolution/
//     map_value_repeat_key_heterogeneous). Literal int keys and uint keys come from disjoint pools.
//  3. has(e.f) on a value that is neither a map nor a message gives false; the spec says error
//     (langdef, "Field Selection", has() case 5). has() is generated on maps only.
//  4. Invalid escapes ('\0', '\08', '\e', '\400') and \u / \U escapes in bytes literals are
//     accepted; the spec's ESCAPE production refuses the former, and says \u and \U are "valid only
//     for string literals". Literals are drawn from valid pools.
//  5. Integer literals beyond int64 (9223372036854775808) and uint64 are accepted as values; CEL's
//     int and uint are 64-bit. Literals are drawn from in-range pools (int64 min is written
//     -9223372036854775808, one literal).
//  6. String-to-number conversions go through JavaScript's BigInt() and Number(): int('') and
//     uint('') are 0, int(' 1'), int('0x10'), int('0b1'), uint('+1') succeed, and double() of an
//     invalid string is NaN instead of an error (of 'inf' too, which strconv.ParseFloat reads as
//     +Inf). Conversion arguments come from pools of strings on which these agree with cel-go's
//     strconv (valid decimals, out-of-range decimals, 'abc').
//  7. matches() exists only in receiver form (s.matches(re)); the spec also lists the global
//     matches(s, re) (langdef, "List of Standard Definitions"). Only the receiver form is generated.
//  8. A unary operator applied to its own result is dropped by the parser whatever the operand:
//     !!1 is 1, --'a' is 'a', -(-(1u)) is 1u; the spec has !_ on bool and -_ on int and double
//     only, so these are errors. A negation's operand never starts with the same operator.
//  9. A uint above int64 max divided by 1u fails with "int overflow" (18446744073709551615u / 1u).
//     The divisor of a uint division comes from a pool without 1u.
// 10. A bool indexes a list (['x', 'y'][true] is 'y'); the spec has _[_] on (list, int) only.
//     List indices are never bools.
// 11. A repeated uint key in a map literal ({1u: 1, 1u: 2}) is not refused, as repeated int, string
//     and bool keys are. A uint key appears once in a generated map literal.
//
// UNSPECIFIED (implementation-defined, not generated):
//  - string(double): the text of a double (cel-go prints 1e6 as "1e+06", JavaScript as "1000000";
//    infinities differ too). string() of a double is generated only for literals whose text is the
//    same either way, and doubles do not otherwise reach string().
//  - int64 min % -1: cel-go raises an overflow error, the reference gives 0; the spec does not say.
//    The right operand of % never is -1.
//  - map() and filter() over a map (langdef: "not supported when e is a map"; newer
//    implementations iterate the keys). Only lists are mapped and filtered.
//  - Leading zeros in integer literals (01), which cel-go reads as octal.
//  - bool('T') and bool('F'): cel-go's strconv.ParseBool accepts them, both evaluators here refuse
//    them; the conformance data has neither. Left out of the pool.

type Ty = 'int' | 'uint' | 'double' | 'bool' | 'string' | 'bytes' | 'null' | 'list' | 'map' | 'type';
const TYPES: readonly Ty[] = ['int', 'uint', 'double', 'bool', 'string', 'bytes', 'null', 'list', 'map', 'type'];

/** A name in scope: a binding or a comprehension variable; 'dyn' when its values are of any type. */
interface Var {
  readonly name: string;
  readonly ty: Ty | 'dyn';
  /** For lists and maps: the type of elements / keys, so that macros know what their variable holds. */
  readonly elem?: Ty | 'dyn';
}
type Scope = readonly Var[];

const BINDINGS: Scope = [
  { name: 'i', ty: 'int' },
  { name: 'j', ty: 'int' },
  { name: 'u', ty: 'uint' },
  { name: 'd', ty: 'double' },
  { name: 's', ty: 'string' },
  // A qualified binding name (the dialect's `.`-qualified identifiers).
  { name: 'req.user', ty: 'string' },
  { name: 'b', ty: 'bytes' },
  { name: 't', ty: 'bool' },
  { name: 'n', ty: 'null' },
  { name: 'li', ty: 'list', elem: 'int' },
  { name: 'ls', ty: 'list', elem: 'string' },
  { name: 'lm', ty: 'list', elem: 'dyn' },
  { name: 'm', ty: 'map', elem: 'string' },
  { name: 'mi', ty: 'map', elem: 'dyn' },
];

/** Comprehension variable names; `i` shadows a binding on purpose. */
const ITER_VARS = ['x', 'y', 'x', 'i'] as const;

interface Opts {
  /**
   * Types whose values must not reach the top of this expression: inside string() no double may
   * (UNSPECIFIED, string(double)); inside int(), uint(), double() and bool() no string but those of
   * the pools (REFERENCE BUGS 6). Then neither ill-typed substitutions nor `dyn` variables are
   * used, and only lists of the expected type are indexed.
   */
  readonly exclude: ReadonlySet<Ty>;
}
const PLAIN: Opts = { exclude: new Set() };
const NO_DOUBLE: Opts = { exclude: new Set<Ty>(['double']) };
const NO_STRING: Opts = { exclude: new Set<Ty>(['string']) };
/** `opts` with one more excluded type. */
const excluding = (opts: Opts, t: Ty): Opts => ({ exclude: new Set([...opts.exclude, t]) });

// ---------------------------------------------------------------------------------------------
// Literal pools (valid CEL text only: REFERENCE BUGS 4, 5)

const raw = String.raw;
const INT_LITS = [
  '0',
  '1',
  '2',
  '3',
  '7',
  '42',
  '(-1)',
  '(-7)',
  '2147483647',
  '9223372036854775807',
  '(-9223372036854775808)',
  '0x7fffffffffffffff',
  '0xFF',
  '(-0x10)',
];
const UINT_LITS = ['0u', '1u', '3u', '7u', '42U', '4294967296u', '9223372036854775808u', '18446744073709551615u', '0xFFu'];
const DOUBLE_LITS = [
  '0.0',
  '1.5',
  '(-2.5)',
  '.5',
  '1e3',
  '2.5e-3',
  '1e300',
  '(-1e300)',
  '1e-300',
  '6.02e23',
  '1e308',
  '(-0.0)',
  '3.0',
  '9.223372036854775807e18',
];
/** Doubles whose string() text is the same in cel-go and JavaScript (UNSPECIFIED, string(double)). */
const SAFE_DOUBLE_LITS = ['0.0', '1.5', '(-0.25)', '100.0', '0.1', '123.456', '(-4.5e-3)', '3.0'];
const STRING_LITS = [
  "'abc'",
  '"abc"',
  "''",
  '""',
  "'a'",
  "'b'",
  "'ab'",
  "' '",
  "'é'",
  "'😀'",
  "'中文'",
  "'ß'",
  raw`'\u00e9'`,
  raw`'\U0001F600'`,
  raw`'\x41'`,
  raw`'\X41'`,
  raw`'\101'`,
  raw`'\377'`,
  raw`'a\nb'`,
  raw`'\t'`,
  raw`'\\'`,
  raw`'\''`,
  raw`"\""`,
  raw`'\"'`,
  raw`'\a\b\f\v\r'`,
  raw`'\`'`,
  "'''tri'ple'''",
  '"""tri"ple"""',
  "'''multi\nline'''",
  raw`r'raw\n'`,
  raw`R"\d+"`,
  "'%s'",
  "'a.b'",
  "'10.0.0.1'",
  "'192.168.1.1'",
  "'10.0.0.0/8'",
  "'::1'",
  "'fd00::1'",
  "'8.8.8.8'",
];
const BYTES_LITS = [
  "b'abc'",
  "b''",
  raw`b'\xff'`,
  raw`b'\377'`,
  raw`B"\x00\x01"`,
  "b'é'",
  raw`br'\n'`,
  "b'''x'y'''",
  raw`b'\303\251'`,
  raw`b'\xc3'`,
  "b'a'",
];
/** Regular expressions for matches(): RE2 syntax, Unicode classes, and invalid patterns. */
const REGEX_LITS = [
  "'^a'",
  "'b$'",
  "'a.c'",
  "'[0-9]+'",
  "'^$'",
  "'(?i)AB'",
  "'é'",
  "'^.$'",
  raw`'\\d'`,
  raw`'\\w+'`,
  raw`'\\p{L}'`,
  "'a|b'",
  "'(a)(b)?'",
  "'x{2,}'",
  raw`r'^\S+$'`,
  "''",
  "'('",
  "'[a-'",
  "'a**'",
  "'(?=a)'",
  raw`'\\1'`,
];
/** Strings for int(): valid decimals, out of range, and plainly invalid (REFERENCE BUGS 6). */
const INT_STRINGS = [
  "'0'",
  "'42'",
  "'-7'",
  "'+7'",
  "'9223372036854775807'",
  "'9223372036854775808'",
  "'-9223372036854775808'",
  "'-9223372036854775809'",
  "'1.5'",
  "'abc'",
  "'1e3'",
];
/** Strings for uint() (no sign: REFERENCE BUGS 6). */
const UINT_STRINGS = ["'0'", "'42'", "'18446744073709551615'", "'18446744073709551616'", "'-1'", "'abc'", "'1.5'"];
/** Strings for double(): valid only (REFERENCE BUGS 6). */
const DOUBLE_STRINGS = ["'0'", "'1.5'", "'-0.0'", "'1e3'", "'-2.5e-3'", "'.5'", "'NaN'", "'Infinity'", "'-Infinity'", "'1e400'", "'123'"];
/** Strings for bool() (no 'T'/'F': UNSPECIFIED). */
const BOOL_STRINGS = ["'true'", "'false'", "'TRUE'", "'FALSE'", "'True'", "'False'", "'1'", "'0'", "'t'", "'f'", "'maybe'", "'TrUe'", "''"];
/** Boolean-looking expressions that fail, for either side of && and ||. */
const FAILING_BOOLS = [
  '1/0 == 1',
  'li[100] == 0',
  'm.nokey == 1',
  "int('x') == 1",
  "'a' < 1",
  '1 + 1u == 2',
  'i / 0 == 0',
  '[1][2] > 0',
  '{}.a',
  "{'a': 1}['b'] > 0",
];
/** Map literal keys: int and uint pools are disjoint (REFERENCE BUGS 2); bad keys included. */
const MAP_KEYS = ['1', '2', '(-3)', '5u', '6u', "'a'", "'b'", "'k'", 'true', 'false'];
const BAD_MAP_KEYS = ['1.5', 'null', '[1]', 'b"k"'];
const TYPE_NAMES = ['int', 'uint', 'double', 'bool', 'string', 'bytes', 'list', 'map', 'null_type', 'type'];

// ---------------------------------------------------------------------------------------------
// The generator

type Gen = fc.Arbitrary<string>;
type Option = readonly [weight: number, make: () => Gen];

/** Picks one option by weight, building only the chosen arbitrary (so recursion stays lazy). */
function pick(options: readonly Option[]): Gen {
  const total = options.reduce((n, [w]) => n + w, 0);
  return fc.integer({ min: 0, max: total - 1 }).chain((k) => {
    for (const [w, make] of options) {
      if (k < w) return make();
      k -= w;
    }
    throw new Error('unreachable');
  });
}

const lit = (pool: readonly string[]): Gen => fc.constantFrom(...pool);

/** `a op b`, usually parenthesized; without parentheses CEL's precedence decides (both sides parse the same text). */
function binary(a: Gen, op: string, b: Gen): Gen {
  return fc.tuple(a, b, fc.integer({ min: 0, max: 3 })).map(([x, y, p]) => (p === 0 ? `${x} ${op} ${y}` : `(${x} ${op} ${y})`));
}

function vars(scope: Scope, ty: Ty): Var[] {
  return scope.filter((v) => v.ty === ty);
}

/** An expression meant to be of type `ty` (occasionally of another type: ill-typed on purpose). */
function expr(ty: Ty, depth: number, scope: Scope, opts: Opts): Gen {
  const dyn = opts.exclude.size > 0 ? [] : scope.filter((v) => v.ty === 'dyn');
  const options: Option[] = [[depth > 0 ? 3 : 10, () => leaf(ty, scope)]];
  if (dyn.length > 0) options.push([1, () => fc.constantFrom(...dyn.map((v) => v.name))]);
  if (depth > 0) {
    options.push([10, () => compound(ty, depth - 1, scope, opts)]);
    // Ill-typed: any other type where `ty` is expected.
    const others = TYPES.filter((t) => t !== ty && !opts.exclude.has(t));
    options.push([1, () => fc.constantFrom(...others).chain((t) => expr(t, depth - 1, scope, opts))]);
    // A conditional of this type; its condition may fail.
    options.push([
      1,
      () =>
        fc
          .tuple(cond(depth - 1, scope), expr(ty, depth - 1, scope, opts), expr(ty, depth - 1, scope, opts))
          .map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
    ]);
  }
  return pick(options);
}

/** A condition: usually a boolean, sometimes a failing one. */
function cond(depth: number, scope: Scope): Gen {
  return pick([
    [5, () => expr('bool', depth, scope, PLAIN)],
    [1, () => lit(FAILING_BOOLS).map((e) => `(${e})`)],
  ]);
}

function leaf(ty: Ty, scope: Scope): Gen {
  const named = vars(scope, ty).map((v) => v.name);
  const withVars = (g: Gen): Gen =>
    named.length > 0
      ? pick([
          [2, () => g],
          [1, () => fc.constantFrom(...named)],
        ])
      : g;
  switch (ty) {
    case 'int':
      return withVars(lit(INT_LITS));
    case 'uint':
      return withVars(lit(UINT_LITS));
    case 'double':
      return withVars(lit(DOUBLE_LITS));
    case 'bool':
      return withVars(lit(['true', 'false']));
    case 'string':
      return withVars(lit(STRING_LITS));
    case 'bytes':
      return withVars(lit(BYTES_LITS));
    case 'null':
      return withVars(lit(['null']));
    case 'list':
      return withVars(lit(['[]', '[1, 2, 3]', "['a', 'b']", "[1, 'a', 2.5, true, null]", '[[1], [2, 3]]', '[1u, 2u]']));
    case 'map':
      return withVars(lit(['{}', "{'a': 1, 'b': 2}", "{1: 'one', 2: 'two'}", "{'a': {'b': 1}}", '{true: 1, false: 0}', "{5u: 'five'}"]));
    case 'type':
      return lit(TYPE_NAMES);
  }
}

/** A list expression with what its elements are (for macros and `in`). */
function iterable(depth: number, scope: Scope, opts: Opts): fc.Arbitrary<{ text: string; elem: Ty | 'dyn' }> {
  const lists = scope.filter((v) => v.ty === 'list');
  const literalOf = (t: Ty): fc.Arbitrary<{ text: string; elem: Ty | 'dyn' }> =>
    fc.array(expr(t, Math.max(0, depth - 1), scope, opts), { maxLength: 4 }).map((xs) => ({ text: `[${xs.join(', ')}]`, elem: t }));
  return fc.oneof(
    fc.constantFrom(...lists.map((v) => ({ text: v.name, elem: v.elem ?? ('dyn' as const) }))),
    fc.constantFrom<Ty>('int', 'string', 'double', 'uint', 'bool', 'list').chain(literalOf),
  );
}

/** A map expression with what its keys are. has() is generated on these only (REFERENCE BUGS 3). */
function mapExpr(depth: number, scope: Scope, opts: Opts): fc.Arbitrary<{ text: string; elem: Ty | 'dyn' }> {
  const maps = scope.filter((v) => v.ty === 'map');
  return fc.oneof(
    fc.constantFrom(...maps.map((v) => ({ text: v.name, elem: v.elem ?? ('dyn' as const) }))),
    mapLiteral(depth, scope, opts).map((text) => ({ text, elem: 'dyn' as const })),
    fc.constant({ text: "{'a': {'b': 1}}.a", elem: 'string' as const }),
  );
}

/** A map literal: keys from the pools (duplicates and bad keys happen), values of any type. */
function mapLiteral(depth: number, scope: Scope, opts: Opts): Gen {
  const key = pick([
    [12, () => lit(MAP_KEYS)],
    [1, () => lit(BAD_MAP_KEYS)],
    [1, () => lit(['s', 'i', 't'])],
  ]);
  const value = fc.constantFrom<Ty>('int', 'string', 'bool', 'double', 'list').chain((t) => expr(t, Math.max(0, depth - 1), scope, opts));
  return (
    fc
      .array(fc.tuple(key, value), { maxLength: 3 })
      // REFERENCE BUGS 11: a uint key appears once.
      .filter((es) => {
        const uintKeys = es.map(([k]) => k).filter((k) => k.endsWith('u'));
        return new Set(uintKeys).size === uintKeys.length;
      })
      .map((es) => `{${es.map(([k, v]) => `${k}: ${v}`).join(', ')}}`)
  );
}

/** A macro over a list or a map, its body seeing the new variable (and the outer ones). */
function macro(result: 'bool' | 'list', depth: number, scope: Scope, opts: Opts): Gen {
  const source = result === 'bool' ? fc.oneof(iterable(depth, scope, opts), mapExpr(depth, scope, opts)) : iterable(depth, scope, opts);
  return fc.tuple(source, fc.constantFrom(...ITER_VARS)).chain(([src, v]) => {
    const inner: Scope = [...scope.filter((x) => x.name !== v), { name: v, ty: src.elem }];
    if (result === 'bool') {
      return fc
        .tuple(fc.constantFrom('all', 'exists', 'exists_one'), cond(depth, inner))
        .map(([name, body]) => `${src.text}.${name}(${v}, ${body})`);
    }
    return pick([
      [
        2,
        () =>
          fc
            .constantFrom<Ty>('int', 'string', 'bool', 'list')
            .chain((t) => expr(t, depth, inner, opts))
            .map((body) => `${src.text}.map(${v}, ${body})`),
      ],
      [
        1,
        () =>
          fc
            .tuple(
              cond(depth, inner),
              fc.constantFrom<Ty>('int', 'string').chain((t) => expr(t, depth, inner, opts)),
            )
            .map(([p, body]) => `${src.text}.map(${v}, ${p}, ${body})`),
      ],
      [2, () => cond(depth, inner).map((p) => `${src.text}.filter(${v}, ${p})`)],
    ]);
  });
}

const NUMERIC: readonly Ty[] = ['int', 'uint', 'double'];

const notNegated = (x: string): boolean => !x.startsWith('-');

function compound(ty: Ty, depth: number, scope: Scope, opts: Opts): Gen {
  const e = (t: Ty, o: Opts = opts): Gen => expr(t, depth, scope, o);
  const num = (): Gen => fc.constantFrom(...NUMERIC).chain((t) => e(t));
  const anyTy = (): Gen => fc.constantFrom(...TYPES).chain((t) => e(t));
  switch (ty) {
    case 'int':
      return pick([
        [3, () => fc.constantFrom('+', '-', '*', '/').chain((op) => binary(e('int'), op, e('int')))],
        // UNSPECIFIED: the right operand of % is never -1.
        [1, () => binary(e('int'), '%', lit(['0', '1', '2', '3', '(-3)', '7', '9223372036854775807']))],
        // REFERENCE BUGS 8: a unary operator is not applied to its own result.
        [
          1,
          () =>
            e('int')
              .filter(notNegated)
              .map((x) => `-(${x})`),
        ],
        [
          1,
          () =>
            fc.constantFrom('size', '').chain((f) =>
              fc
                .constantFrom<Ty>('string', 'bytes', 'list', 'map')
                .chain((t) => e(t))
                .map((x) => (f === '' ? `${x}.size()` : `size(${x})`)),
            ),
        ],
        [
          2,
          () =>
            pick([
              [2, () => e('double', NO_STRING)],
              [1, () => e('uint', NO_STRING)],
              [1, () => lit(INT_STRINGS)],
              [1, () => e('int', NO_STRING)],
            ]).map((x) => `int(${x})`),
        ],
        [
          2,
          () =>
            fc
              // REFERENCE BUGS 10: the index is never a bool.
              .tuple(iterable(depth, scope, opts), e('int', excluding(opts, 'bool')))
              .filter(([l]) => opts.exclude.size === 0 || l.elem === 'int')
              .map(([l, k]) => `${l.text}[${k}]`),
        ],
        [1, () => fc.tuple(lit(["{'a': 1, 'b': 2}", 'm']), lit(["'a'", "'b'", "'z'", 's'])).map(([mm, k]) => `${mm}[${k}]`)],
      ]);
    case 'uint':
      return pick([
        [3, () => fc.constantFrom('+', '-', '*').chain((op) => binary(e('uint'), op, e('uint')))],
        // REFERENCE BUGS 9: the divisor is never 1u.
        [1, () => binary(e('uint'), '/', lit(['0u', '2u', '3u', '7u', '4294967296u', '18446744073709551615u']))],
        [1, () => binary(e('uint'), '%', e('uint'))],
        [
          2,
          () =>
            pick([
              [2, () => e('int', NO_STRING)],
              [1, () => e('double', NO_STRING)],
              [1, () => lit(UINT_STRINGS)],
              [1, () => e('uint', NO_STRING)],
            ]).map((x) => `uint(${x})`),
        ],
      ]);
    case 'double':
      return pick([
        [3, () => fc.constantFrom('+', '-', '*', '/').chain((op) => binary(e('double'), op, e('double')))],
        [
          1,
          () =>
            e('double')
              .filter(notNegated)
              .map((x) => `-(${x})`),
        ],
        [
          2,
          () =>
            pick([
              [2, () => e('int', NO_STRING)],
              [1, () => e('uint', NO_STRING)],
              [1, () => lit(DOUBLE_STRINGS)],
              [1, () => e('double', NO_STRING)],
            ]).map((x) => `double(${x})`),
        ],
      ]);
    case 'bool':
      return pick([
        [4, () => fc.tuple(num(), fc.constantFrom('==', '!=', '<', '<=', '>', '>='), num()).map(([a, op, b]) => `(${a} ${op} ${b})`)],
        [
          2,
          () =>
            fc
              .constantFrom<Ty>('string', 'bytes', 'bool')
              .chain((t) => fc.tuple(e(t), fc.constantFrom('<', '<=', '>', '>=', '==', '!='), e(t)))
              .map(([a, op, b]) => `(${a} ${op} ${b})`),
        ],
        [2, () => fc.tuple(anyTy(), fc.constantFrom('==', '!='), anyTy()).map(([a, op, b]) => `(${a} ${op} ${b})`)],
        [3, () => fc.tuple(cond(depth, scope), fc.constantFrom('&&', '||'), cond(depth, scope)).map(([a, op, b]) => `(${a} ${op} ${b})`)],
        [
          1,
          () =>
            cond(depth, scope)
              .filter((x) => !x.startsWith('!'))
              .map((x) => `!(${x})`),
        ],
        [2, () => fc.tuple(anyTy(), iterable(depth, scope, opts)).map(([x, l]) => `(${x} in ${l.text})`)],
        [1, () => fc.tuple(anyTy(), mapExpr(depth, scope, opts)).map(([x, mm]) => `(${x} in ${mm.text})`)],
        [
          2,
          () =>
            fc.tuple(e('string'), fc.constantFrom('contains', 'startsWith', 'endsWith'), e('string')).map(([a, f, b]) => `${a}.${f}(${b})`),
        ],
        // REFERENCE BUGS 7: only the receiver form of matches().
        [2, () => fc.tuple(e('string'), lit(REGEX_LITS)).map(([a, re]) => `${a}.matches(${re})`)],
        [3, () => macro('bool', depth, scope, opts)],
        [1, () => fc.tuple(mapExpr(depth, scope, opts), fc.constantFrom('a', 'b', 'k', 'z')).map(([mm, f]) => `has(${mm.text}.${f})`)],
        [1, () => fc.tuple(anyTy(), lit(TYPE_NAMES)).map(([x, tn]) => `type(${x}) == ${tn}`)],
        [
          1,
          () =>
            pick([
              [3, () => lit(BOOL_STRINGS)],
              [1, () => e('bool', NO_STRING)],
            ]).map((x) => `bool(${x})`),
        ],
        [1, () => fc.tuple(e('string'), e('string')).map(([a, c]) => `net_in_cidr(${a}, ${c})`)],
        [1, () => e('string').map((a) => `net_is_private(${a})`)],
      ]);
    case 'string':
      return pick([
        [3, () => binary(e('string'), '+', e('string'))],
        [
          2,
          () =>
            // UNSPECIFIED: no double reaches string() but a few literals printed alike everywhere.
            pick([
              [1, () => e('int', NO_DOUBLE)],
              [1, () => e('uint', NO_DOUBLE)],
              [1, () => e('bytes', NO_DOUBLE)],
              [1, () => e('string', NO_DOUBLE)],
              [1, () => lit(SAFE_DOUBLE_LITS)],
            ]).map((x) => `string(${x})`),
        ],
        [1, () => fc.tuple(lit(['ls', "['x', 'y']"]), e('int', excluding(opts, 'bool'))).map(([l, k]) => `${l}[${k}]`)],
        [1, () => fc.constantFrom('m', "{'a': 'x'}").map((mm) => `${mm}.a`)],
        [1, () => fc.constant('req.user')],
      ]);
    case 'bytes':
      return pick([
        [2, () => binary(e('bytes'), '+', e('bytes'))],
        [2, () => e('string').map((x) => `bytes(${x})`)],
      ]);
    case 'null':
      return pick([
        [1, () => lit(['null', '[null][0]', 'dyn(null)'])],
        [1, () => e('null').map((x) => `dyn(${x})`)],
      ]);
    case 'list':
      return pick([
        [2, () => fc.array(anyTy(), { maxLength: 4 }).map((xs) => `[${xs.join(', ')}]`)],
        [2, () => binary(e('list'), '+', e('list'))],
        [3, () => macro('list', depth, scope, opts)],
        [1, () => e('list').map((x) => `dyn(${x})`)],
      ]);
    case 'map':
      return pick([
        [3, () => mapLiteral(depth, scope, opts)],
        [1, () => e('map').map((x) => `dyn(${x})`)],
      ]);
    case 'type':
      return pick([
        [3, () => anyTy().map((x) => `type(${x})`)],
        [1, () => anyTy().map((x) => `type(type(${x}))`)],
      ]);
  }
}

/** A compound expression at the top, mostly a condition (what warrants and judges write). */
const expression: Gen = pick([
  [4, () => compound('bool', 3, BINDINGS, PLAIN)],
  [2, () => compound('list', 3, BINDINGS, PLAIN)],
  [2, () => compound('int', 3, BINDINGS, PLAIN)],
  [1, () => fc.constantFrom(...TYPES).chain((t) => compound(t, 3, BINDINGS, PLAIN))],
]);

// ---------------------------------------------------------------------------------------------
// Bindings

/** Characters of generated strings: none in U+E000..U+FFFF (REFERENCE BUGS 1). */
const CHARS = ['a', 'b', 'z', 'A', ' ', '.', '/', '0', '1', '%', 'é', 'ß', '中', '😀', '\n', '"', "'", '\\'];
const str = fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 6 });
const int = fc.oneof(
  fc.constantFrom(0n, 1n, -1n, 2n, 7n, INT64_MAX, INT64_MIN, 2n ** 31n, -(2n ** 53n)),
  fc.bigInt({ min: -10n, max: 10n }),
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
);
const uint = fc
  .oneof(
    fc.constantFrom(0n, 1n, 7n, INT64_MAX, INT64_MAX + 1n, UINT64_MAX),
    fc.bigInt({ min: 0n, max: 10n }),
    fc.bigInt({ min: 0n, max: UINT64_MAX }),
  )
  .map((v) => new CelUint(v));
const double = fc.oneof(
  fc.constantFrom(0, -0, 0.5, 1.5, -2.25, 3, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e300, 2 ** 53, 9.3e18),
  fc.double(),
  fc.integer({ min: -10, max: 10 }),
);
/** Elements of `lm`: doubles only from the safe literals' values (UNSPECIFIED, string(double)). */
const dynScalar = fc.oneof(int, str, fc.constantFrom(1.5, -0.25, 100, 0.1), fc.boolean(), fc.constant(null), uint);

function mapOf(entries: readonly (readonly [CelKey, CelValue])[]): CelMap {
  const m = new CelMap();
  for (const [k, v] of entries) m.add(k, v); // a repeated key keeps the first entry
  return m;
}

const bindings: fc.Arbitrary<Record<string, CelValue>> = fc.record({
  i: int,
  j: int.filter((v) => v !== -1n), // UNSPECIFIED: int64 min % -1
  u: uint,
  d: double,
  s: str,
  'req.user': str,
  b: fc.uint8Array({ maxLength: 5 }),
  t: fc.boolean(),
  n: fc.constant(null),
  li: fc.array(int, { maxLength: 4 }),
  ls: fc.array(str, { maxLength: 4 }),
  lm: fc.array(dynScalar, { maxLength: 4 }),
  m: fc.array(fc.tuple(fc.constantFrom('a', 'b', 'k', 'z', 'é'), int), { maxLength: 4 }).map(mapOf),
  mi: fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.bigInt({ min: -3n, max: 3n }),
          fc.bigInt({ min: 0n, max: 6n }).map((v) => new CelUint(v)),
        ),
        str,
      ),
      { maxLength: 4 },
    )
    .map(mapOf),
});

// ---------------------------------------------------------------------------------------------
// The property

function describeResult(r: RunResult): string {
  return r.ok ? `${render(r.value)} : ${deepType(r.value)}` : `error (${r.stage}): ${r.error}`;
}

function hasNaN(v: CelValue): boolean {
  if (typeof v === 'number') return Number.isNaN(v);
  if (v instanceof CelMap) return [...v].some(([, x]) => hasNaN(x));
  if (Array.isArray(v)) return (v as readonly CelValue[]).some(hasNaN);
  return false;
}

/** Agreement: both values, CEL-equal (NaN matching NaN) and of the same type recursively; or both refusals. */
function agree(ours: RunResult, ref: RunResult): boolean {
  if (ours.ok !== ref.ok) return false;
  if (!ours.ok || !ref.ok) return true;
  const equal = celEquals(ours.value, ref.value) || (hasNaN(ours.value) && render(ours.value) === render(ref.value));
  return equal && render(ours.value) === render(ref.value) && deepType(ours.value) === deepType(ref.value);
}

/**
 * Where evaluateCel (the reference's CEL: Tenuo's cel-interpreter 0.10) departs from @bufbuild/cel (the
 * spec): a disagreement is accepted only on an expression using one of these constructs, each
 * counted and each required to occur (the seed is fixed). The behaviours themselves are asserted
 * case by case in tenuo-corpus.test.ts and listed in docs/cel.md.
 */
const TENUO_DEPARTURES: readonly { readonly id: string; readonly source: string; readonly construct: RegExp }[] = [
  {
    id: 'no-type-functions',
    source: 'context.rs Context::default',
    construct: /\b(type|dyn|bool)\(|==\s*(int|uint|double|bool|string|bytes|list|map|null_type|type)\b/,
  },
  {
    id: 'logic-truthiness-and-errors',
    source: 'objects.rs Value::resolve (LOGICAL_*, CONDITIONAL), macros.rs',
    construct: /&&|\|\||\?|!\(|\.(all|exists|exists_one|filter|map)\(/,
  },
  { id: 'index-null-and-keys', source: 'objects.rs Value::resolve (INDEX), Map::get, Key', construct: /\[|\bin\b/ },
  { id: 'string-size-bytes', source: 'functions.rs size', construct: /size\(/ },
  { id: 'string-in-string', source: 'objects.rs Value::resolve (IN: String, String)', construct: /\bin\b/ },
  { id: 'bytes-order-and-concat', source: 'objects.rs PartialOrd / ops::Add (no Bytes)', construct: /\b[bB]r?['"]|bytes\(|\bby\b/ },
  { id: 'string-escapes', source: 'antlr/src/parse.rs parse_quoted_string', construct: /\\['"X]|'''|"""/ },
  { id: 'map-keys-exact', source: 'objects.rs Key, PartialEq for Map', construct: /\du\s*:|\{[^}]*\d\s*:/ },
  {
    id: 'numeric-cross-compare',
    source: 'objects.rs PartialOrd / PartialEq (i64 as f64)',
    construct: /e18|9223372036854775807|18446744073709551615u|9223372036854775808u/,
  },
  { id: 'conversions', source: 'functions.rs int / uint / double / string', construct: /\b(int|uint|double|string)\(/ },
  { id: 'null-ordering', source: 'objects.rs PartialOrd ((Null, Null))', construct: /null/ },
  { id: 'operator-runs-and-negation', source: 'antlr/src/parser.rs visit_Negate / objects.rs NEGATE', construct: /-\(/ },
  { id: 'hex-negative', source: 'antlr/src/parser.rs visit_Int ("-0x10" parsed as decimal)', construct: /-0x/ },
  { id: 'contains-any-argument', source: 'functions.rs contains (a non-string argument: false)', construct: /\.contains\(/ },
  { id: 'rust-regex', source: 'functions.rs matches (Rust regex syntax and Unicode classes)', construct: /\.matches\(/ },
  { id: 'no-qualified-names', source: 'objects.rs Value::resolve (Select on the variable `req`)', construct: /\breq\.user\b/ },
];

describe('evaluateCel agrees with the reference (@bufbuild/cel) where Tenuo does not depart', () => {
  it('on random expressions and bindings', () => {
    let values = 0;
    let refusals = 0;
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(expression, bindings, (expr, env) => {
        const ours = evaluateCel(expr, env);
        const ref = referenceRun(expr, env);
        if (ours.ok && ref.ok) values++;
        if (!ours.ok && !ref.ok) refusals++;
        if (agree(ours, ref)) return;
        const departure = TENUO_DEPARTURES.find((d) => d.construct.test(expr));
        expect(departure, `${expr}\n  evaluateCel:    ${describeResult(ours)}\n  reference: ${describeResult(ref)}`).toBeDefined();
        seen.set(departure!.id, (seen.get(departure!.id) ?? 0) + 1);
      }),
      { seed: 20240611, numRuns: 2000 },
    );
    console.log(
      `differential: ${values} values and ${refusals} refusals agree; departures: ${[...seen].map(([id, n]) => `${id} ${n}`).join(', ')}`,
    );
    // The generator must reach both outcomes in earnest, or the agreement says little.
    expect(values).toBeGreaterThan(300);
    expect(refusals).toBeGreaterThan(100);
    expect(seen.size).toBeGreaterThan(0);
  });

  // The shapes the generator leaves out because @bufbuild/cel is wrong on them (REFERENCE BUGS):
  // what it gives, and what the spec wants (an error, or a value). Each is asserted on it, so that
  // an exclusion goes once @bufbuild/cel is fixed; evaluateCel gives the spec's answer, or, where
  // TENUO says so, the answer of Tenuo's crate (with the source that decides it).
  const TENUO: Readonly<Record<string, readonly [answer: string, source: string]>> = {
    '{0: 1, 0u: 2}[0]': ['1 : int', 'objects.rs Key (Int(0) and Uint(0) are two keys), Map::get'],
    'has(1.a)': ['false : bool', 'objects.rs Value::resolve (Select test on a non-map: false)'],
    "uint('+1')": ['1u : uint', "functions.rs uint (str::parse::<u64> accepts '+')"],
    '!!1': ['false : bool', 'antlr/src/parser.rs visit_LogicalNot (one !), objects.rs to_bool'],
    '{1u: 1, 1u: 2}.size()': ['1 : int', 'objects.rs Value::resolve (Expr::Map: HashMap::insert, last wins)'],
  };
  const REFERENCE_BUGS: readonly (readonly [bug: number, expr: string, reference: string, spec: string])[] = [
    [1, raw`'\uFFFF' < '😀'`, 'false : bool', 'true : bool'],
    [2, '{0: 1, 0u: 2}[0]', '1 : int', 'error'],
    [3, 'has(1.a)', 'false : bool', 'error'],
    [4, raw`'\0'`, raw`"\\0" : string`, 'error'],
    [4, raw`'\400'`, raw`"\\400" : string`, 'error'],
    [4, raw`b'\u00e9'`, raw`b"\xe9" : bytes`, 'error'],
    [5, '9223372036854775808', '9223372036854775808 : int', 'error'],
    [5, '18446744073709551616u', '18446744073709551616u : uint', 'error'],
    [6, "int('')", '0 : int', 'error'],
    [6, "int(' 1')", '1 : int', 'error'],
    [6, "int('0x10')", '16 : int', 'error'],
    [6, "uint('+1')", '1u : uint', 'error'],
    [6, "double('abc')", 'double(NaN) : double', 'error'],
    [7, "matches('abc', 'b')", 'error', 'true : bool'],
    [8, '!!1', '1 : int', 'error'],
    [8, '-(-(1u))', '1u : uint', 'error'],
    [9, '18446744073709551615u / 1u', 'error', '18446744073709551615u : uint'],
    [10, "['x', 'y'][true]", '"y" : string', 'error'],
    [11, '{1u: 1, 1u: 2}.size()', '2 : int', 'error'],
  ];
  const outcome = (r: RunResult): string => (r.ok ? `${render(r.value)} : ${deepType(r.value)}` : 'error');

  it.each(REFERENCE_BUGS)(
    'reference bug %i, %s: still wrong on the reference; evaluateCel per the spec or per Tenuo',
    (_bug, expr, reference, spec) => {
      expect(outcome(referenceRun(expr, {})), `${expr} on the reference`).toBe(reference);
      expect(outcome(evaluateCel(expr, {})), `${expr} on evaluateCel (${TENUO[expr]?.[1] ?? 'the spec'})`).toBe(TENUO[expr]?.[0] ?? spec);
    },
  );
});
