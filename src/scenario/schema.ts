/**
 * A small JSON Schema interpreter for exactly the keywords `scenarios/scenario.schema.json` uses,
 * walking the positioned YAML tree so that every violation points at a line and column. The same
 * schema file gives editors completion and hover text (yaml-language-server), so what an editor
 * flags and what the loader refuses cannot drift apart.
 *
 * Supported: $ref (local `#/$defs/...`), $defs, type (one or a list), properties, required,
 * additionalProperties (false or a schema), propertyNames, enum, pattern (+ patternErrorMessage,
 * the yaml-language-server extension), minLength/maxLength, items, minItems/maxItems, minimum,
 * oneOf/anyOf. Annotations ($schema, $id, title, description, markdownDescription, default,
 * examples, $comment) are ignored. Every keyword applies beside the others, as JSON Schema says
 * (oneOf beside type, enum on a map or a list, every keyword of propertyNames on the key). What
 * this interpreter cannot honour is refused when the validator is built, so a schema edit cannot
 * silently stop being enforced: another keyword, a $ref with siblings or that does not resolve,
 * oneOf together with anyOf, an unknown type name, an enum of non-scalar values.
 *
 * `integer` is JSON Schema's: any number with no fractional part, so `443.0` is one (YAML reads it
 * as a float; the scenario builder takes its integral value).
 */
import type { PNode, PScalar } from '../lib/yaml-tree.js';
import { at, type PathSegment } from './key-path.js';
import { closest, hint } from './suggest.js';

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
type EnumValue = string | number | boolean | null;

export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $comment?: string;
  $defs?: Record<string, JsonSchema>;
  $ref?: string;
  title?: string;
  description?: string;
  markdownDescription?: string;
  default?: unknown;
  examples?: unknown[];
  type?: SchemaType | SchemaType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  enum?: EnumValue[];
  pattern?: string;
  patternErrorMessage?: string;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

const ANNOTATIONS = ['$schema', '$id', '$comment', 'title', 'description', 'markdownDescription', 'default', 'examples'];
const KEYWORDS = new Set([
  ...ANNOTATIONS,
  '$defs', '$ref', 'type', 'properties', 'required', 'additionalProperties', 'propertyNames', 'enum',
  'pattern', 'patternErrorMessage', 'minLength', 'maxLength', 'items', 'minItems', 'maxItems',
  'minimum', 'oneOf', 'anyOf',
]);

export interface SchemaProblem {
  readonly offset: number;
  readonly message: string;
}

export interface SchemaResult {
  readonly problems: SchemaProblem[];
  /** Nodes at or above a problem: later (semantic) checks skip them to avoid a second message. */
  readonly tainted: ReadonlySet<PNode>;
  /** Nodes a problem was reported at (wrong type, missing key, too many items, ...). */
  readonly failed: ReadonlySet<PNode>;
}

export class SchemaValidator {
  private readonly patterns = new Map<string, RegExp>();

  constructor(private readonly root: JsonSchema) {
    checkKeywords(root, '#');
  }

  validate(node: PNode): SchemaResult {
    const run = new Run(this);
    run.check(this.root, node, []);
    return { problems: run.problems, tainted: run.tainted, failed: run.failed };
  }

  resolve(schema: JsonSchema): JsonSchema {
    let cur = schema;
    for (let hops = 0; cur.$ref !== undefined; hops++) {
      if (hops > 32) throw new Error(`schema: $ref loop at ${schema.$ref}`);
      cur = this.lookup(cur.$ref);
    }
    return cur;
  }

  regex(pattern: string): RegExp {
    let re = this.patterns.get(pattern);
    if (re === undefined) {
      re = new RegExp(pattern, 'u');
      this.patterns.set(pattern, re);
    }
    return re;
  }

  private lookup(ref: string): JsonSchema {
    const m = /^#\/\$defs\/([^/]+)$/.exec(ref);
    const target = m ? this.root.$defs?.[m[1]!] : undefined;
    if (target === undefined) throw new Error(`schema: unresolvable $ref '${ref}'`);
    return target;
  }
}

const TYPES = new Set<string>(['object', 'array', 'string', 'integer', 'number', 'boolean', 'null']);

/** Refuses a schema that uses a keyword, or a combination, this interpreter would not honour. */
function checkKeywords(s: JsonSchema, where: string, root: JsonSchema = s): void {
  if (typeof s !== 'object' || s === null || Array.isArray(s)) throw new Error(`schema: not a schema at ${where}`);
  for (const k of Object.keys(s)) {
    if (!KEYWORDS.has(k)) throw new Error(`schema: unsupported keyword '${k}' at ${where}`);
  }
  if (s.$ref !== undefined) {
    // resolve() replaces a $ref by its target, so a sibling would be silently dropped.
    const siblings = Object.keys(s).filter((k) => k !== '$ref' && !ANNOTATIONS.includes(k));
    if (siblings.length > 0) throw new Error(`schema: '$ref' beside ${siblings.join(', ')} at ${where} (move them into the target)`);
    const m = /^#\/\$defs\/([^/]+)$/.exec(s.$ref);
    if (!m || root.$defs?.[m[1]!] === undefined) throw new Error(`schema: unresolvable $ref '${s.$ref}' at ${where}`);
  }
  if (s.oneOf !== undefined && s.anyOf !== undefined) throw new Error(`schema: oneOf and anyOf together at ${where}`);
  for (const t of s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]) {
    if (!TYPES.has(t)) throw new Error(`schema: unknown type '${String(t)}' at ${where}`);
  }
  for (const e of s.enum ?? []) {
    if (e !== null && typeof e === 'object') throw new Error(`schema: enum of a non-scalar value at ${where}`);
  }
  if (s.$defs !== undefined && s !== root) throw new Error(`schema: $defs below the root at ${where} ($ref reads the root's only)`);
  for (const [k, d] of Object.entries(s.$defs ?? {})) checkKeywords(d, `${where}/$defs/${k}`, root);
  for (const [k, d] of Object.entries(s.properties ?? {})) checkKeywords(d, `${where}/properties/${k}`, root);
  if (typeof s.additionalProperties === 'object') checkKeywords(s.additionalProperties, `${where}/additionalProperties`, root);
  if (s.propertyNames) checkKeywords(s.propertyNames, `${where}/propertyNames`, root);
  if (s.items) checkKeywords(s.items, `${where}/items`, root);
  s.oneOf?.forEach((b, i) => checkKeywords(b, `${where}/oneOf/${i}`, root));
  s.anyOf?.forEach((b, i) => checkKeywords(b, `${where}/anyOf/${i}`, root));
}

class Run {
  readonly problems: SchemaProblem[] = [];
  readonly tainted = new Set<PNode>();
  readonly failed = new Set<PNode>();
  private readonly stack: PNode[] = [];

  constructor(private readonly v: SchemaValidator) {}

  /** Flags `node` as failed without a message of its own (another message covers it). */
  mark(node: PNode): void {
    this.failed.add(node);
    this.tainted.add(node);
    for (const n of this.stack) this.tainted.add(n);
  }

  report(node: PNode, offset: number, message: string): void {
    this.problems.push({ offset, message });
    this.failed.add(node);
    this.tainted.add(node);
    for (const n of this.stack) this.tainted.add(n);
  }

  check(schema: JsonSchema, node: PNode, path: PathSegment[]): void {
    this.stack.push(node);
    try {
      this.checkInner(this.v.resolve(schema), node, path);
    } finally {
      this.stack.pop();
    }
  }

  private checkInner(s: JsonSchema, node: PNode, path: PathSegment[]): void {
    if (s.oneOf || s.anyOf) {
      // The other keywords apply too, once the value has a form (one message per mistake).
      const before = this.problems.length;
      this.alternatives(s, node, path);
      if (this.problems.length > before) return;
    }
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? s.type : [s.type];
      if (!types.some((t) => hasType(node, t))) {
        const quote = types.includes('string') && node.kind === 'scalar' && node.value !== null ? ' (quote it to make it text)' : '';
        this.report(node, node.span.start, at(path, `expected ${types.map(typeName).join(' or ')}, got ${describe(node)}${quote}`));
        return;
      }
    }
    if (s.enum !== undefined && node.kind !== 'scalar') {
      // An enum holds scalars only (checkKeywords), so no map or list is one of them.
      this.report(node, node.span.start, at(path, `must be one of ${enumChoices(s.enum)}; got ${describe(node)}`));
      return;
    }
    if (node.kind === 'scalar') this.scalar(s, node, path);
    else if (node.kind === 'seq') this.seq(s, node, path);
    else this.map(s, node, path);
  }

  private scalar(s: JsonSchema, node: PScalar, path: PathSegment[]): void {
    const v = node.value;
    if (s.enum !== undefined && !s.enum.some((e) => sameValue(e, v))) {
      const choices = enumChoices(s.enum);
      const h = typeof v === 'string' ? hint(v, s.enum.filter((e): e is string => typeof e === 'string')) : '';
      this.report(node, node.span.start, at(path, `must be one of ${choices}; got ${show(v)}${h}`));
      return;
    }
    if (typeof v === 'string') {
      const n = [...v].length;
      if (s.minLength !== undefined && n < s.minLength) {
        this.report(node, node.span.start, at(path, s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters`));
      }
      if (s.maxLength !== undefined && n > s.maxLength) {
        this.report(node, node.span.start, at(path, `is too long (${n} characters; the limit is ${s.maxLength})`));
      }
      if (s.pattern !== undefined && !this.v.regex(s.pattern).test(v)) {
        this.report(node, node.span.start, at(path, `${show(v)} ${s.patternErrorMessage ?? `does not match ${s.pattern}`}`));
      }
    }
    if (s.minimum !== undefined && (typeof v === 'number' || typeof v === 'bigint') && Number(v) < s.minimum) {
      this.report(node, node.span.start, at(path, `must be at least ${s.minimum}; got ${show(v)}`));
    }
  }

  private seq(s: JsonSchema, node: PNode & { kind: 'seq' }, path: PathSegment[]): void {
    const n = node.items.length;
    if (s.maxItems !== undefined && n > s.maxItems) {
      // Stop here: validating 100,000 items would bury this one clear message under their noise.
      this.report(node, node.span.start, at(path, `too many items (${n}; the limit is ${s.maxItems})`));
      return;
    }
    if (s.minItems !== undefined && n < s.minItems) {
      this.report(node, node.span.start, at(path, `needs at least ${s.minItems} item${s.minItems === 1 ? '' : 's'}`));
    }
    if (s.items !== undefined) node.items.forEach((item, i) => this.check(s.items!, item, [...path, i]));
  }

  private map(s: JsonSchema, node: PNode & { kind: 'map' }, path: PathSegment[]): void {
    const props = s.properties ?? {};
    const present = new Set(node.entries.map((e) => e.key));
    // A misspelled key is one mistake: "unknown key 'reqest' (did you mean 'request'?)" says it all,
    // so the "missing required key 'request'" it implies is not reported again.
    const suggested = new Set<string>();
    if (s.additionalProperties === false) {
      for (const e of node.entries) {
        if (Object.prototype.hasOwnProperty.call(props, e.key)) continue;
        const c = closest(e.key, Object.keys(props));
        if (c !== undefined) suggested.add(c);
      }
    }
    for (const r of s.required ?? []) {
      if (present.has(r)) continue;
      if (suggested.has(r)) this.mark(node);
      else this.report(node, node.span.start, at(path, `missing required key '${r}'`));
    }
    for (const e of node.entries) {
      const child = [...path, e.key];
      if (s.propertyNames !== undefined) {
        // Every keyword of propertyNames applies to the key, a string at the key's position;
        // messages name the map (the key is what is wrong, not a value under it).
        const key: PScalar = { kind: 'scalar', value: e.key, span: e.keySpan };
        const trial = new Run(this.v);
        trial.check(s.propertyNames, key, path);
        if (trial.problems.length > 0) {
          for (const p of trial.problems) this.report(e.value, p.offset, p.message);
          continue;
        }
      }
      const known = Object.prototype.hasOwnProperty.call(props, e.key) ? props[e.key] : undefined;
      if (known !== undefined) {
        this.check(known, e.value, child);
      } else if (s.additionalProperties === false) {
        this.report(e.value, e.keySpan.start, at(path, `unknown key '${e.key}'${hint(e.key, Object.keys(props))}`));
      } else if (typeof s.additionalProperties === 'object') {
        this.check(s.additionalProperties, e.value, child);
      }
    }
  }

  /**
   * oneOf / anyOf. When nothing matches, a useful message names what was meant: the branch whose
   * type (and, for maps, whose required key) the value has, or else the alternatives themselves.
   */
  private alternatives(s: JsonSchema, node: PNode, path: PathSegment[]): void {
    const branches = (s.oneOf ?? s.anyOf)!.map((b) => this.v.resolve(b));
    const passing: number[] = [];
    // Only branches the value could match are tried: a branch of another type, or whose required
    // key is absent, fails whatever else holds (18 constraint forms, 1 trial each time).
    const keys = node.kind === 'map' ? new Set(node.entries.map((e) => e.key)) : undefined;
    const possible = (b: JsonSchema): boolean =>
      shapeFits(b, node) && (keys === undefined || (b.required ?? []).every((r) => keys.has(r)));
    const trials = branches.map((b, i) => {
      if (!possible(b)) return undefined;
      const trial = new Run(this.v);
      trial.check(b, node, path);
      if (trial.problems.length === 0) passing.push(i);
      return trial;
    });
    if (s.oneOf ? passing.length === 1 : passing.length >= 1) return;
    const what = s.title ?? 'value';
    if (passing.length > 1) {
      this.report(node, node.span.start, at(path, `is ambiguous: it matches more than one form of ${what}`));
      return;
    }
    // Candidates: branches the value's shape is aimed at.
    let candidates = branches.map((_, i) => i).filter((i) => shapeFits(branches[i]!, node));
    if (keys !== undefined && node.kind === 'map') {
      const keyed = candidates.filter((i) => (branches[i]!.required ?? []).some((r) => keys.has(r)));
      if (keyed.length > 1) {
        const named = keyed.flatMap((i) => branches[i]!.required ?? []).filter((r) => keys.has(r));
        this.report(node, node.span.start, at(path, `a ${what} takes exactly one of its keys; got ${named.join(', ')}`));
        return;
      }
      if (keyed.length === 0 && candidates.length > 0) {
        const allKeys = candidates.flatMap((i) => Object.keys(branches[i]!.properties ?? {}));
        const first = node.entries[0];
        if (first !== undefined) {
          this.report(node, first.keySpan.start, at(path, `unknown ${what} '${first.key}'${hint(first.key, allKeys)}; expected one of ${alternativesList(branches)}`));
        } else {
          this.report(node, node.span.start, at(path, `expected a ${what}: one of ${alternativesList(branches)}`));
        }
        return;
      }
      candidates = keyed;
    }
    // A branch chosen by type alone that is just a list of words (`wildcard`) says less than the
    // list of every form would: fall through to that.
    if (candidates.length === 1 && branches[candidates[0]!]!.enum === undefined) {
      const i = candidates[0]!;
      let trial = trials[i];
      if (trial === undefined) {
        // Chosen by one of several required keys: try it now to say what else it lacks.
        trial = new Run(this.v);
        trial.check(branches[i]!, node, path);
      }
      for (const p of trial.problems) this.problems.push(p);
      for (const n of trial.tainted) this.tainted.add(n);
      for (const n of trial.failed) this.failed.add(n);
      for (const n of this.stack) this.tainted.add(n);
      return;
    }
    const got = node.kind === 'scalar' && typeof node.value === 'string' ? `${show(node.value)}` : describe(node);
    const h = node.kind === 'scalar' && typeof node.value === 'string' ? hint(node.value, branches.flatMap((b) => (b.enum ?? []).filter((e): e is string => typeof e === 'string'))) : '';
    this.report(node, node.span.start, at(path, `expected a ${what}: one of ${alternativesList(branches)}; got ${got}${h}`));
  }
}

function shapeFits(b: JsonSchema, node: PNode): boolean {
  if (b.type === undefined) return true;
  const types = Array.isArray(b.type) ? b.type : [b.type];
  return types.some((t) => hasType(node, t));
}

function alternativesList(branches: readonly JsonSchema[]): string {
  return branches
    .map((b) => {
      if (b.enum !== undefined) return b.enum.map(String).join(', ');
      const req = b.required ?? [];
      if (req.length > 0) return `{${req.join(', ')}: …}`;
      return b.title ?? (Array.isArray(b.type) ? b.type.map(typeName).join(' or ') : b.type ? typeName(b.type) : 'any');
    })
    .join(', ');
}

function hasType(node: PNode, t: SchemaType): boolean {
  switch (t) {
    case 'object':
      return node.kind === 'map';
    case 'array':
      return node.kind === 'seq';
    case 'string':
      return node.kind === 'scalar' && typeof node.value === 'string';
    case 'integer':
      return node.kind === 'scalar' && (typeof node.value === 'bigint' || (typeof node.value === 'number' && Number.isInteger(node.value)));
    case 'number':
      return node.kind === 'scalar' && (typeof node.value === 'bigint' || (typeof node.value === 'number' && Number.isFinite(node.value)));
    case 'boolean':
      return node.kind === 'scalar' && typeof node.value === 'boolean';
    case 'null':
      return node.kind === 'scalar' && node.value === null;
  }
}

function typeName(t: SchemaType): string {
  return { object: 'a map', array: 'a list', string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean (true or false)', null: 'nothing' }[t];
}

export function describe(node: PNode): string {
  if (node.kind === 'map') return 'a map';
  if (node.kind === 'seq') return 'a list';
  const v = node.value;
  if (v === null) return 'nothing (null)';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'bigint') return `an integer (${v})`;
  if (typeof v === 'number') return Number.isFinite(v) ? `a number (${v})` : `a non-finite number (${v})`;
  return `a boolean (${v})`;
}

function show(v: unknown): string {
  if (typeof v === 'string') return `'${v.length > 60 ? `${v.slice(0, 57)}...` : v}'`;
  return String(v);
}

function sameValue(e: EnumValue, v: PScalar['value']): boolean {
  if (typeof v === 'bigint') return typeof e === 'number' && Number.isInteger(e) && BigInt(e) === v;
  return e === v; // 443.0 (a number) equals 443 in an enum, as in JSON Schema
}

function enumChoices(e: readonly EnumValue[]): string {
  return e.map((x) => (typeof x === 'string' ? x : String(x))).join(', ');
}
