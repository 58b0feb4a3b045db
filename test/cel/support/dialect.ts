/**
 * Which tests of the official CEL conformance suite (@bufbuild/cel-spec/testdata/conformance.js)
 * fall inside this project's CEL dialect (src/cel), and what each one expects, as our values.
 *
 * The dialect: CEL's core syntax, the standard macros (has, all, exists, exists_one, map with 2 and
 * 3 arguments, filter), the standard functions on the scalar, list and map types, type
 * denotations, and two Tenuo extension functions. Outside it, refused rather than evaluated:
 * timestamps and durations, protocol buffer messages (construction, wrappers, Any, enums, the
 * google.protobuf types), optional syntax, the extension libraries (strings, math, encoders, bind,
 * block, two-variable comprehensions), containers, unknowns, and undeclared names (evaluateCel compiles
 * with the binding names as the declared variables).
 *
 * A test is classified by its suite and section first (a whole section about an out-of-dialect
 * feature), then by what it uses: the parsed expression (functions called, message literals,
 * optional syntax, identifiers), its environment (container, declared functions), its bindings and
 * its expected result (a value our model cannot hold). Every rule carries its reason.
 */
import { parse } from '@bufbuild/cel';
import { CelMap, CelType, CelUint, TYPE_NAMES, isCelKey, isList } from '../../../src/cel/value.js';
import type { CelValue } from '../../../src/cel/value.js';
import { MAX_BRACKET_DEPTH, MAX_EXPRESSION_LENGTH } from '../../../src/cel/limits.js';
import { freeIdentifiers } from './reference.js';

// ---------------------------------------------------------------------------------------------
// The data

/** JSON as the suite stores it (proto3 JSON of cel.expr.conformance.test.SimpleTest). */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
export type JsonObject = { readonly [key: string]: Json };

export interface SuiteNode {
  readonly name: string;
  readonly suites?: readonly SuiteNode[];
  readonly tests?: readonly { readonly original: JsonObject & { readonly expr: string; readonly name?: string } }[];
}

export interface ConformanceTest {
  /** suite/section/name, unique up to the suite's own duplicates. */
  readonly id: string;
  readonly suite: string;
  readonly section: string;
  readonly name: string;
  readonly expr: string;
  readonly original: JsonObject;
}

/** The suite's tests in order: conformance → suite (file) → section → test. */
export function flatten(root: SuiteNode): ConformanceTest[] {
  const out: ConformanceTest[] = [];
  const walk = (node: SuiteNode, path: readonly string[]): void => {
    for (const t of node.tests ?? []) {
      const [suite = '', section = ''] = path;
      const name = t.original.name ?? t.original.expr;
      out.push({ id: `${path.join('/')}/${name}`, suite, section, name, expr: t.original.expr, original: t.original });
    }
    for (const child of node.suites ?? []) walk(child, [...path, child.name]);
  };
  for (const child of root.suites ?? []) walk(child, [child.name]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values (cel.expr.Value in proto3 JSON) as ours

/** A value of the suite that our value model cannot hold (a message, an enum, a proto type…). */
export class Unrepresentable extends Error {}

function asObject(v: Json | undefined, what: string): JsonObject {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Unrepresentable(`${what} is not an object`);
  return v as JsonObject;
}

function asArray(v: Json | undefined): readonly Json[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new Unrepresentable('expected an array');
  return v as readonly Json[];
}

function integer(v: Json | undefined): bigint {
  if (typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v))) return BigInt(v);
  throw new Unrepresentable(`not an integer: ${JSON.stringify(v)}`);
}

/** A cel.expr.Value as our value; throws Unrepresentable. */
export function fromValueJson(json: Json | undefined): CelValue {
  const v = asObject(json, 'value');
  const kinds = Object.keys(v);
  if (kinds.length !== 1) throw new Unrepresentable(`value with kinds ${kinds.join(', ') || 'none'}`);
  const kind = kinds[0]!;
  const x = v[kind];
  switch (kind) {
    case 'nullValue':
      return null;
    case 'boolValue':
      if (typeof x !== 'boolean') throw new Unrepresentable('bad boolValue');
      return x;
    case 'int64Value':
      return integer(x);
    case 'uint64Value':
      return new CelUint(integer(x));
    case 'doubleValue':
      if (typeof x === 'number') return x;
      if (x === 'NaN') return Number.NaN;
      if (x === 'Infinity') return Number.POSITIVE_INFINITY;
      if (x === '-Infinity') return Number.NEGATIVE_INFINITY;
      if (typeof x === 'string' && x.trim() !== '' && !Number.isNaN(Number(x))) return Number(x);
      throw new Unrepresentable(`bad doubleValue ${JSON.stringify(x)}`);
    case 'stringValue':
      if (typeof x !== 'string') throw new Unrepresentable('bad stringValue');
      return x;
    case 'bytesValue':
      if (typeof x !== 'string') throw new Unrepresentable('bad bytesValue');
      return new Uint8Array(Buffer.from(x, 'base64'));
    case 'listValue':
      return asArray(asObject(x, 'listValue').values).map(fromValueJson);
    case 'mapValue': {
      const out = new CelMap();
      for (const entry of asArray(asObject(x, 'mapValue').entries)) {
        const e = asObject(entry, 'map entry');
        const key = fromValueJson(e.key);
        if (!isCelKey(key)) throw new Unrepresentable(`map key of type ${typeOf(key).name}`);
        if (!out.add(key, fromValueJson(e.value))) throw new Unrepresentable('map with a repeated key');
      }
      return out;
    }
    case 'typeValue': {
      const t = typeof x === 'string' ? TYPE_NAMES.get(x) : undefined;
      if (t === undefined) throw new Unrepresentable(`type ${JSON.stringify(x)} is outside the dialect`);
      return t;
    }
    default:
      // objectValue (messages, wrappers, Any, Struct…) and enumValue.
      throw new Unrepresentable(`a ${kind}`);
  }
}

export type Expectation =
  | { readonly kind: 'value'; readonly value: CelValue }
  | { readonly kind: 'error' }
  /** The suite expects a value our model cannot hold: any value evaluateCel gives differs from it. */
  | { readonly kind: 'unrepresentable'; readonly why: string }
  /** Nothing to compare with: the test only type-checks, or expects unknowns. */
  | { readonly kind: 'none'; readonly why: string };

/** What the test expects, per SimpleTest's result_matcher (unset means the bool true). */
export function expectationOf(original: JsonObject): Expectation {
  if (original.checkOnly === true) return { kind: 'none', why: 'check-only test' };
  const attempt = (json: Json | undefined): Expectation => {
    try {
      return { kind: 'value', value: fromValueJson(json) };
    } catch (e) {
      if (e instanceof Unrepresentable) return { kind: 'unrepresentable', why: e.message };
      throw e;
    }
  };
  if ('value' in original) return attempt(original.value);
  if ('typedResult' in original) {
    const typed = asObject(original.typedResult, 'typedResult');
    return 'result' in typed ? attempt(typed.result) : { kind: 'none', why: 'typed result without a value' };
  }
  if ('evalError' in original || 'anyEvalErrors' in original) return { kind: 'error' };
  if ('unknown' in original || 'anyUnknowns' in original) return { kind: 'none', why: 'expects unknowns' };
  return { kind: 'value', value: true };
}

/** The test's bindings as ours, or the reason one cannot be given. */
export function bindingsOf(original: JsonObject): { ok: true; bindings: Record<string, CelValue> } | { ok: false; why: string } {
  const bindings: Record<string, CelValue> = {};
  if (!('bindings' in original)) return { ok: true, bindings };
  for (const [name, exprValue] of Object.entries(asObject(original.bindings, 'bindings'))) {
    try {
      const ev = asObject(exprValue, 'binding');
      if (!('value' in ev)) throw new Unrepresentable('binding is not a value (error or unknown)');
      bindings[name] = fromValueJson(ev.value);
    } catch (e) {
      if (e instanceof Unrepresentable) return { ok: false, why: `binding '${name}': ${e.message}` };
      throw e;
    }
  }
  return { ok: true, bindings };
}

// ---------------------------------------------------------------------------------------------
// The classifier

/**
 * `strict`: the out-of-dialect test must not give a value other than the expected one. Not strict
 * when the test's environment cannot be expressed to evaluateCel at all (then only an answer is required).
 */
export type Verdict = { readonly in: true } | { readonly in: false; readonly reason: string; readonly strict: boolean };

/**
 * Whole sections about a feature outside the dialect, by suite (file) and optionally section name.
 * Scanning would catch nearly all of their tests too; the section rule states the intent and keeps
 * an incidental in-dialect-looking test of such a section out (it tests the feature, not the core).
 */
const SECTION_RULES: readonly { suite: string; section?: string; reason: string }[] = [
  { suite: 'bindings_ext', reason: 'bindings extension (cel.bind) is not in the dialect' },
  { suite: 'block_ext', reason: 'block extension (cel.block) is not in the dialect' },
  { suite: 'encoders_ext', reason: 'encoders extension (base64) is not in the dialect' },
  { suite: 'math_ext', reason: 'math extension (math.*, bit operations) is not in the dialect' },
  { suite: 'string_ext', reason: 'strings extension (charAt, format, split, …) is not in the dialect' },
  { suite: 'optionals', reason: 'optional syntax and optional.* are not in the dialect' },
  { suite: 'timestamps', reason: 'timestamps and durations are not in the dialect' },
  { suite: 'enums', reason: 'protocol buffer enums are not in the dialect' },
  { suite: 'proto2', reason: 'protocol buffer messages are not in the dialect' },
  { suite: 'proto3', reason: 'protocol buffer messages are not in the dialect' },
  { suite: 'proto2_ext', reason: 'protocol buffer extensions (proto.getExt/hasExt) are not in the dialect' },
  { suite: 'wrappers', reason: 'protocol buffer wrapper and well-known types are not in the dialect' },
  { suite: 'dynamic', reason: 'protocol buffer dynamic types (wrappers, Struct, Value, Any) are not in the dialect' },
  { suite: 'unknowns', reason: 'unknowns are not in the dialect' },
  {
    suite: 'macros2',
    reason:
      'two-variable comprehensions (all/exists with 3 arguments, existsOne, transformList, transformMap) are an extension, not in the dialect',
  },
  { suite: 'comparisons', section: 'eq_wrapper', reason: 'protocol buffer wrapper types are not in the dialect' },
  { suite: 'fields', section: 'quoted_map_fields', reason: 'backtick-quoted field names are not in the dialect' },
];

/**
 * The functions the dialect has, by the name the parser gives them (operators as `_+_`, macros
 * already expanded into comprehensions; `@in` and `@not_strictly_false` are the parser's own).
 * A call to anything else (an extension, a timestamp accessor, optional.of, proto.getExt, …) is
 * outside the dialect.
 */
const DIALECT_FUNCTIONS: ReadonlySet<string> = new Set([
  // Operators.
  '_+_',
  '_-_',
  '_*_',
  '_/_',
  '_%_',
  '-_',
  '!_',
  '_==_',
  '_!=_',
  '_<_',
  '_<=_',
  '_>_',
  '_>=_',
  '_&&_',
  '_||_',
  '_?_:_',
  '_[_]',
  '@in',
  '@not_strictly_false',
  'not_strictly_false',
  // Standard functions on scalars, lists and maps.
  'size',
  'contains',
  'startsWith',
  'endsWith',
  'matches',
  // Conversions and type.
  'int',
  'uint',
  'double',
  'string',
  'bytes',
  'bool',
  'dyn',
  'type',
  // Tenuo extension functions.
  'net_in_cidr',
  'net_is_private',
]);

/** Syntax-level uses found in the parsed expression; the first reason found, or undefined. */
function scanParsed(expr: string, bound: ReadonlySet<string>): string | undefined {
  let tree: ReturnType<typeof parse>;
  try {
    tree = parse(expr);
  } catch {
    // The reference parser is complete for CEL's syntax; a refusal here is a deliberate syntax
    // error test (the dialect refuses it too), so it is left to the expectation.
    return undefined;
  }
  let reason: string | undefined;
  const found = (r: string): void => {
    reason ??= r;
  };
  type Node = typeof tree.expr;
  const walk = (e: Node | undefined): void => {
    if (e === undefined || reason !== undefined) return;
    const k = e.exprKind;
    switch (k.case) {
      case 'callExpr':
        if (!DIALECT_FUNCTIONS.has(k.value.function)) {
          // The parser's optional-syntax operators are `_?._` and `_[?_]`.
          found(
            k.value.function.includes('?')
              ? 'optional syntax (?. / [?) is not in the dialect'
              : `function '${k.value.function}' is not in the dialect`,
          );
        }
        walk(k.value.target);
        for (const a of k.value.args) walk(a);
        return;
      case 'selectExpr':
        walk(k.value.operand);
        return;
      case 'listExpr':
        if (k.value.optionalIndices.length > 0) found('optional list elements ([?x]) are not in the dialect');
        for (const a of k.value.elements) walk(a);
        return;
      case 'structExpr':
        if (k.value.messageName !== '') found(`message construction (${k.value.messageName}{…}) is not in the dialect`);
        for (const entry of k.value.entries) {
          if (entry.optionalEntry) found('optional map entries ({?k: v}) are not in the dialect');
          if (entry.keyKind.case === 'mapKey') walk(entry.keyKind.value);
          walk(entry.value);
        }
        return;
      case 'comprehensionExpr':
        if (k.value.iterVar2 !== '') found('two-variable comprehensions are an extension, not in the dialect');
        walk(k.value.iterRange);
        walk(k.value.accuInit);
        walk(k.value.loopCondition);
        walk(k.value.loopStep);
        walk(k.value.result);
        return;
      default:
        return;
    }
  };
  walk(tree.expr);
  if (reason !== undefined) return reason;
  // Identifiers that are neither bound, nor comprehension variables, nor the dialect's type
  // denotations: proto type names (google.protobuf.Int32Value, TestAllTypes), enum constants, or
  // deliberately unbound variables. evaluateCel refuses them at compile time; the suite evaluates them
  // (an unbound variable is an evaluation error there, which `x || true` absorbs).
  const free = freeIdentifiers(tree.expr, bound);
  if (free.length > 0) return `undeclared identifier ${free.map((n) => `'${n}'`).join(', ')} (evaluateCel declares only the bindings)`;
  return undefined;
}

/** Deepest nesting of brackets, counted as src/cel's precheck counts it (strings included). */
function bracketDepth(expr: string): number {
  let depth = 0;
  let max = 0;
  for (const ch of expr) {
    if (ch === '(' || ch === '[' || ch === '{') max = Math.max(max, ++depth);
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
  }
  return max;
}

/** String and bytes literals (all quote forms, raw and bytes prefixes), for scanning what is outside them. */
const LITERALS = /[rRbB]{0,2}(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;

export function classify(test: ConformanceTest): Verdict {
  const out = (reason: string): Verdict => ({ in: false, reason, strict: true });
  const o = test.original;

  for (const rule of SECTION_RULES) {
    if (rule.suite === test.suite && (rule.section === undefined || rule.section === test.section)) return out(rule.reason);
  }
  // The test's environment.
  if (o.disableMacros === true) {
    // The dialect always expands macros; there is no switch to parse has()/all() as calls.
    return out('macros disabled (the dialect always expands macros)');
  }
  if (o.checkOnly === true) {
    // Nothing is evaluated; what it checks is the type checker's deduced type, and the dialect has
    // no type checker.
    return out('check-only test (the dialect has no type checker)');
  }
  for (const decl of Array.isArray(o.typeEnv) ? (o.typeEnv as readonly Json[]) : []) {
    if (typeof decl === 'object' && decl !== null && !Array.isArray(decl) && 'function' in decl) {
      // Functions declared by the environment (custom overloads) are not in the dialect.
      return out('declares custom functions');
    }
  }
  const bindings = bindingsOf(o);
  if (!bindings.ok) return out(`${bindings.why} (only CEL values of the dialect can be bound)`);
  const expectation = expectationOf(o);
  if (expectation.kind === 'unrepresentable') return out(`expects ${expectation.why} (outside the dialect's values)`);
  if (expectation.kind === 'none') return out(expectation.why);

  // The expression. Backticks (outside literals) only quote field names (a.`b-c`); the dialect has
  // no such syntax.
  if (test.expr.replace(LITERALS, '').includes('`')) return out('backtick-quoted field names are not in the dialect');
  // The adapter's bounds (src/cel/limits.ts), deliberate: a longer or more deeply nested text is refused.
  if (test.expr.length > MAX_EXPRESSION_LENGTH) return out(`longer than ${MAX_EXPRESSION_LENGTH} characters (adapter limit)`);
  if (bracketDepth(test.expr) > MAX_BRACKET_DEPTH) return out(`brackets nested deeper than ${MAX_BRACKET_DEPTH} (adapter limit)`);
  const syntax = scanParsed(test.expr, new Set(Object.keys(bindings.bindings)));
  if (syntax !== undefined) return out(syntax);

  if (typeof o.container === 'string' && o.container !== '') {
    // Name resolution inside a container is not in the dialect, and evaluateCel cannot be given one:
    // without it the same text is a different program (namespace/self_eval_container_lookup: `y`
    // means the binding `x.y` in container `x`, the binding `y` without it). So what evaluateCel answers
    // is not compared with the suite's value, only that it answers.
    return {
      in: false,
      reason: `container '${o.container}' (containers are not in the dialect; evaluateCel cannot be given one)`,
      strict: false,
    };
  }
  return { in: true };
}

// ---------------------------------------------------------------------------------------------
// Comparing results

/**
 * Our value as typed, canonical text: two values render alike exactly when they are the same CEL
 * value of the same CEL type, recursively (1, 1u and 1.0 differ; NaN equals NaN, as the suite's
 * matcher wants; map entries are sorted, as map equality ignores order).
 */
export function render(v: CelValue): string {
  switch (typeof v) {
    case 'bigint':
      return `${v}`;
    case 'number':
      if (Number.isNaN(v)) return 'double(NaN)';
      if (!Number.isFinite(v)) return v > 0 ? 'double(+Inf)' : 'double(-Inf)';
      if (Object.is(v, -0)) return '-0.0';
      return Number.isInteger(v) && Math.abs(v) < 1e21 ? `${v}.0` : `double(${v})`;
    case 'boolean':
      return String(v);
    case 'string':
      return JSON.stringify(v);
  }
  if (v === null) return 'null';
  if (v instanceof CelUint) return `${v.value}u`;
  if (v instanceof Uint8Array) return `b"${[...v].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('')}"`;
  if (v instanceof CelType) return `type(${v.name})`;
  if (v instanceof CelMap) {
    const entries = [...v].map(([key, value]) => `${render(key)}: ${render(value)}`);
    return `{${entries.sort().join(', ')}}`;
  }
  if (isList(v)) return `[${v.map(render).join(', ')}]`;
  return `<unknown ${String(v)}>`;
}

/** The typeOf of a value, recursively: the element and entry types of lists and maps too. */
export function deepType(v: CelValue): string {
  if (v instanceof CelMap)
    return `map{${[...v]
      .map(([k, x]) => `${typeOf(k).name}: ${deepType(x)}`)
      .sort()
      .join(', ')}}`;
  if (isList(v)) return `list[${v.map(deepType).join(', ')}]`;
  return typeOf(v).name;
}

/** The CEL type (cel-spec names) of one of our values, for comparing with the suite's expectations. */
function typeOf(v: CelValue): CelType {
  switch (typeof v) {
    case 'bigint':
      return CelType.INT;
    case 'number':
      return CelType.DOUBLE;
    case 'boolean':
      return CelType.BOOL;
    case 'string':
      return CelType.STRING;
  }
  if (v === null) return CelType.NULL;
  if (v instanceof Uint8Array) return CelType.BYTES;
  if (v instanceof CelUint) return CelType.UINT;
  if (v instanceof CelMap) return CelType.MAP;
  if (v instanceof CelType) return CelType.TYPE;
  if (isList(v)) return CelType.LIST;
  return CelType.TYPE;
}
