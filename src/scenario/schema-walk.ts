/**
 * One walk of the positioned YAML tree against the schema (src/scenario/schema.ts builds the
 * validator and checks the schema's own keywords; this file applies them to a document).
 */
import type { PNode, PScalar } from '../lib/yaml-tree.js';
import { at, type PathSegment } from './key-path.js';
import { closest, hint } from './suggest.js';
import type { EnumValue, JsonSchema, SchemaProblem, SchemaType } from './json-schema.js';

/** What a walk needs of the validator: `$ref` resolution and compiled patterns. */
export interface SchemaLookup {
  resolve(schema: JsonSchema): JsonSchema;
  regex(pattern: string): RegExp;
}

/** One validation of one tree: the problems found and the nodes they taint. */
export class SchemaWalk {
  readonly problems: SchemaProblem[] = [];
  readonly tainted = new Set<PNode>();
  readonly failed = new Set<PNode>();
  private readonly stack: PNode[] = [];

  constructor(private readonly lookup: SchemaLookup) {}

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
      this.checkInner(this.lookup.resolve(schema), node, path);
    } finally {
      this.stack.pop();
    }
  }

  private checkInner(schema: JsonSchema, node: PNode, path: PathSegment[]): void {
    if (schema.oneOf || schema.anyOf) {
      // The other keywords apply too, once the value has a form (one message per mistake).
      const before = this.problems.length;
      this.alternatives(schema, node, path);
      if (this.problems.length > before) return;
    }
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (!types.some((t) => hasType(node, t))) {
        const quote = types.includes('string') && node.kind === 'scalar' && node.value !== null ? ' (quote it to make it text)' : '';
        this.report(node, node.span.start, at(path, `expected ${types.map(typeName).join(' or ')}, got ${describe(node)}${quote}`));
        return;
      }
    }
    if (schema.enum !== undefined && node.kind !== 'scalar') {
      // An enum holds scalars only (checkKeywords), so no map or list is one of them.
      this.report(node, node.span.start, at(path, `must be one of ${enumChoices(schema.enum)}; got ${describe(node)}`));
      return;
    }
    if (node.kind === 'scalar') this.scalar(schema, node, path);
    else if (node.kind === 'seq') this.seq(schema, node, path);
    else this.map(schema, node, path);
  }

  private scalar(schema: JsonSchema, node: PScalar, path: PathSegment[]): void {
    const v = node.value;
    if (schema.enum !== undefined && !schema.enum.some((e) => sameValue(e, v))) {
      const choices = enumChoices(schema.enum);
      const h =
        typeof v === 'string'
          ? hint(
              v,
              schema.enum.filter((e): e is string => typeof e === 'string'),
            )
          : '';
      this.report(node, node.span.start, at(path, `must be one of ${choices}; got ${show(v)}${h}`));
      return;
    }
    if (typeof v === 'string') {
      const n = [...v].length;
      if (schema.minLength !== undefined && n < schema.minLength) {
        this.report(
          node,
          node.span.start,
          at(path, schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters`),
        );
      }
      if (schema.maxLength !== undefined && n > schema.maxLength) {
        this.report(node, node.span.start, at(path, `is too long (${n} characters; the limit is ${schema.maxLength})`));
      }
      if (schema.pattern !== undefined && !this.lookup.regex(schema.pattern).test(v)) {
        this.report(node, node.span.start, at(path, `${show(v)} ${schema.patternErrorMessage ?? `does not match ${schema.pattern}`}`));
      }
    }
    if (schema.minimum !== undefined && (typeof v === 'number' || typeof v === 'bigint') && Number(v) < schema.minimum) {
      this.report(node, node.span.start, at(path, `must be at least ${schema.minimum}; got ${show(v)}`));
    }
  }

  private seq(schema: JsonSchema, node: PNode & { kind: 'seq' }, path: PathSegment[]): void {
    const n = node.items.length;
    if (schema.maxItems !== undefined && n > schema.maxItems) {
      // Stop here: validating 100,000 items would bury this one clear message under their noise.
      this.report(node, node.span.start, at(path, `too many items (${n}; the limit is ${schema.maxItems})`));
      return;
    }
    if (schema.minItems !== undefined && n < schema.minItems) {
      this.report(node, node.span.start, at(path, `needs at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`));
    }
    if (schema.items !== undefined) node.items.forEach((item, i) => this.check(schema.items!, item, [...path, i]));
  }

  private map(schema: JsonSchema, node: PNode & { kind: 'map' }, path: PathSegment[]): void {
    const props = schema.properties ?? {};
    const present = new Set(node.entries.map((e) => e.key));
    // A misspelled key is one mistake: "unknown key 'reqest' (did you mean 'request'?)" says it all,
    // so the "missing required key 'request'" it implies is not reported again.
    const suggested = new Set<string>();
    if (schema.additionalProperties === false) {
      for (const e of node.entries) {
        if (Object.prototype.hasOwnProperty.call(props, e.key)) continue;
        const c = closest(e.key, Object.keys(props));
        if (c !== undefined) suggested.add(c);
      }
    }
    for (const r of schema.required ?? []) {
      if (present.has(r)) continue;
      if (suggested.has(r)) this.mark(node);
      else this.report(node, node.span.start, at(path, `missing required key '${r}'`));
    }
    for (const e of node.entries) {
      const child = [...path, e.key];
      if (schema.propertyNames !== undefined) {
        // Every keyword of propertyNames applies to the key, a string at the key's position;
        // messages name the map (the key is what is wrong, not a value under it).
        const key: PScalar = { kind: 'scalar', value: e.key, span: e.keySpan };
        const trial = new SchemaWalk(this.lookup);
        trial.check(schema.propertyNames, key, path);
        if (trial.problems.length > 0) {
          for (const p of trial.problems) this.report(e.value, p.offset, p.message);
          continue;
        }
      }
      const known = Object.prototype.hasOwnProperty.call(props, e.key) ? props[e.key] : undefined;
      if (known !== undefined) {
        this.check(known, e.value, child);
      } else if (schema.additionalProperties === false) {
        this.report(e.value, e.keySpan.start, at(path, `unknown key '${e.key}'${hint(e.key, Object.keys(props))}`));
      } else if (typeof schema.additionalProperties === 'object') {
        this.check(schema.additionalProperties, e.value, child);
      }
    }
  }

  /**
   * oneOf / anyOf. When nothing matches, a useful message names what was meant: the branch whose
   * type (and, for maps, whose required key) the value has, or else the alternatives themselves.
   */
  private alternatives(schema: JsonSchema, node: PNode, path: PathSegment[]): void {
    const branches = (schema.oneOf ?? schema.anyOf)!.map((b) => this.lookup.resolve(b));
    const passing: number[] = [];
    // Only branches the value could match are tried: a branch of another type, or whose required
    // key is absent, fails whatever else holds (18 constraint forms, 1 trial each time).
    const keys = node.kind === 'map' ? new Set(node.entries.map((e) => e.key)) : undefined;
    const possible = (b: JsonSchema): boolean => shapeFits(b, node) && (keys === undefined || (b.required ?? []).every((r) => keys.has(r)));
    const trials = branches.map((b, i) => {
      if (!possible(b)) return undefined;
      const trial = new SchemaWalk(this.lookup);
      trial.check(b, node, path);
      if (trial.problems.length === 0) passing.push(i);
      return trial;
    });
    if (schema.oneOf ? passing.length === 1 : passing.length >= 1) return;
    const what = schema.title ?? 'value';
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
          this.report(
            node,
            first.keySpan.start,
            at(path, `unknown ${what} '${first.key}'${hint(first.key, allKeys)}; expected one of ${alternativesList(branches)}`),
          );
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
        trial = new SchemaWalk(this.lookup);
        trial.check(branches[i]!, node, path);
      }
      for (const p of trial.problems) this.problems.push(p);
      for (const n of trial.tainted) this.tainted.add(n);
      for (const n of trial.failed) this.failed.add(n);
      for (const n of this.stack) this.tainted.add(n);
      return;
    }
    const got = node.kind === 'scalar' && typeof node.value === 'string' ? `${show(node.value)}` : describe(node);
    const h =
      node.kind === 'scalar' && typeof node.value === 'string'
        ? hint(
            node.value,
            branches.flatMap((b) => (b.enum ?? []).filter((e): e is string => typeof e === 'string')),
          )
        : '';
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
  return {
    object: 'a map',
    array: 'a list',
    string: 'a string',
    integer: 'an integer',
    number: 'a number',
    boolean: 'a boolean (true or false)',
    null: 'nothing',
  }[t];
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
