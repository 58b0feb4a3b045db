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

/**
 * A key path as a linked list: a child's path is one small object instead of a copy of its
 * parent's array, which the walk made for every node of every file (array copies were the largest
 * part of the walk's self time in a CPU profile of 1,000 scenarios). Turned into an array only
 * for a message.
 */
interface PathLink {
  readonly parent: PathLink | undefined;
  readonly segment: PathSegment;
}

function linkOf(path: readonly PathSegment[]): PathLink | undefined {
  let link: PathLink | undefined;
  for (const segment of path) link = { parent: link, segment };
  return link;
}

function segments(link: PathLink | undefined): PathSegment[] {
  const out: PathSegment[] = [];
  for (let at = link; at !== undefined; at = at.parent) out.push(at.segment);
  return out.reverse();
}

/** `at` for a linked path. */
function atLink(link: PathLink | undefined, message: string): string {
  return at(segments(link), message);
}

/**
 * The resolved branches of each oneOf/anyOf list, keyed by the validator (whose `$defs` resolve
 * them: two roots may share a list) and then by the list: resolving them on every alternative node
 * was measurable.
 */
const resolvedBranches = new WeakMap<SchemaLookup, WeakMap<readonly JsonSchema[], JsonSchema[]>>();

function branchesOf(lookup: SchemaLookup, list: readonly JsonSchema[]): JsonSchema[] {
  let byList = resolvedBranches.get(lookup);
  if (byList === undefined) resolvedBranches.set(lookup, (byList = new WeakMap()));
  let branches = byList.get(list);
  if (branches === undefined) byList.set(list, (branches = list.map((b) => lookup.resolve(b))));
  return branches;
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

  check(schema: JsonSchema, node: PNode, path: readonly PathSegment[]): void {
    this.checkAt(schema, node, linkOf(path));
  }

  private checkAt(schema: JsonSchema, node: PNode, path: PathLink | undefined): void {
    this.stack.push(node);
    try {
      this.checkInner(this.lookup.resolve(schema), node, path);
    } finally {
      this.stack.pop();
    }
  }

  private checkInner(schema: JsonSchema, node: PNode, path: PathLink | undefined): void {
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
        this.report(node, node.span.start, atLink(path, `expected ${types.map(typeName).join(' or ')}, got ${describe(node)}${quote}`));
        return;
      }
    }
    if (schema.enum !== undefined && node.kind !== 'scalar') {
      // An enum holds scalars only (checkKeywords), so no map or list is one of them.
      this.report(node, node.span.start, atLink(path, `must be one of ${enumChoices(schema.enum)}; got ${describe(node)}`));
      return;
    }
    if (node.kind === 'scalar') this.scalar(schema, node, path);
    else if (node.kind === 'seq') this.seq(schema, node, path);
    else this.map(schema, node, path);
  }

  private scalar(schema: JsonSchema, node: PScalar, path: PathLink | undefined): void {
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
      this.report(node, node.span.start, atLink(path, `must be one of ${choices}; got ${show(v)}${h}`));
      return;
    }
    if (typeof v === 'string') {
      // A string has at most as many characters as UTF-16 units and at least half as many: most
      // strings are decided by their length alone, without counting (the count walked every
      // string of every file, file contents included).
      if (schema.minLength !== undefined && !atLeastCharacters(v, schema.minLength)) {
        this.report(
          node,
          node.span.start,
          atLink(path, schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters`),
        );
      }
      if (schema.maxLength !== undefined && !atMostCharacters(v, schema.maxLength)) {
        this.report(node, node.span.start, atLink(path, `is too long (${codePoints(v)} characters; the limit is ${schema.maxLength})`));
      }
      if (schema.pattern !== undefined && !this.lookup.regex(schema.pattern).test(v)) {
        this.report(node, node.span.start, atLink(path, `${show(v)} ${schema.patternErrorMessage ?? `does not match ${schema.pattern}`}`));
      }
    }
    if (schema.minimum !== undefined && (typeof v === 'number' || typeof v === 'bigint') && Number(v) < schema.minimum) {
      this.report(node, node.span.start, atLink(path, `must be at least ${schema.minimum}; got ${show(v)}`));
    }
  }

  private seq(schema: JsonSchema, node: PNode & { kind: 'seq' }, path: PathLink | undefined): void {
    const n = node.items.length;
    if (schema.maxItems !== undefined && n > schema.maxItems) {
      // Stop here: validating 100,000 items would bury this one clear message under their noise.
      this.report(node, node.span.start, atLink(path, `too many items (${n}; the limit is ${schema.maxItems})`));
      return;
    }
    if (schema.minItems !== undefined && n < schema.minItems) {
      this.report(node, node.span.start, atLink(path, `needs at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`));
    }
    if (schema.items !== undefined) node.items.forEach((item, i) => this.checkAt(schema.items!, item, { parent: path, segment: i }));
  }

  private map(schema: JsonSchema, node: PNode & { kind: 'map' }, path: PathLink | undefined): void {
    const props = schema.properties ?? {};
    const required = schema.required ?? [];
    const present = required.length > 0 ? new Set(node.entries.map((e) => e.key)) : undefined;
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
    for (const r of required) {
      if (present!.has(r)) continue;
      if (suggested.has(r)) this.mark(node);
      else this.report(node, node.span.start, atLink(path, `missing required key '${r}'`));
    }
    for (const e of node.entries) {
      const child: PathLink = { parent: path, segment: e.key };
      if (schema.propertyNames !== undefined) {
        // Every keyword of propertyNames applies to the key, a string at the key's position;
        // messages name the map (the key is what is wrong, not a value under it).
        const key: PScalar = { kind: 'scalar', value: e.key, span: e.keySpan };
        const trial = new SchemaWalk(this.lookup);
        trial.checkAt(schema.propertyNames, key, path);
        if (trial.problems.length > 0) {
          for (const p of trial.problems) this.report(e.value, p.offset, p.message);
          continue;
        }
      }
      const known = Object.prototype.hasOwnProperty.call(props, e.key) ? props[e.key] : undefined;
      if (known !== undefined) {
        this.checkAt(known, e.value, child);
      } else if (schema.additionalProperties === false) {
        this.report(e.value, e.keySpan.start, atLink(path, `unknown key '${e.key}'${hint(e.key, Object.keys(props))}`));
      } else if (typeof schema.additionalProperties === 'object') {
        this.checkAt(schema.additionalProperties, e.value, child);
      }
    }
  }

  /**
   * oneOf / anyOf. When nothing matches, a useful message names what was meant: the branch whose
   * type (and, for maps, whose required key) the value has, or else the alternatives themselves.
   */
  private alternatives(schema: JsonSchema, node: PNode, path: PathLink | undefined): void {
    const list = (schema.oneOf ?? schema.anyOf)!;
    const branches = branchesOf(this.lookup, list);
    const passing: number[] = [];
    // Only branches the value could match are tried: a branch of another type, or whose required
    // key is absent, fails whatever else holds (18 constraint forms, 1 trial each time).
    const keys = node.kind === 'map' ? new Set(node.entries.map((e) => e.key)) : undefined;
    const possible = (b: JsonSchema): boolean => shapeFits(b, node) && (keys === undefined || (b.required ?? []).every((r) => keys.has(r)));
    const trials = branches.map((b, i) => {
      if (!possible(b)) return undefined;
      const trial = new SchemaWalk(this.lookup);
      trial.checkAt(b, node, path);
      if (trial.problems.length === 0) passing.push(i);
      return trial;
    });
    if (schema.oneOf ? passing.length === 1 : passing.length >= 1) return;
    const what = schema.title ?? 'value';
    if (passing.length > 1) {
      this.report(node, node.span.start, atLink(path, `is ambiguous: it matches more than one form of ${what}`));
      return;
    }
    // Candidates: branches the value's shape is aimed at.
    let candidates = branches.map((_, i) => i).filter((i) => shapeFits(branches[i]!, node));
    if (keys !== undefined && node.kind === 'map') {
      const keyed = candidates.filter((i) => (branches[i]!.required ?? []).some((r) => keys.has(r)));
      if (keyed.length > 1) {
        const named = keyed.flatMap((i) => branches[i]!.required ?? []).filter((r) => keys.has(r));
        this.report(node, node.span.start, atLink(path, `a ${what} takes exactly one of its keys; got ${named.join(', ')}`));
        return;
      }
      if (keyed.length === 0 && candidates.length > 0) {
        const allKeys = candidates.flatMap((i) => Object.keys(branches[i]!.properties ?? {}));
        const first = node.entries[0];
        if (first !== undefined) {
          this.report(
            node,
            first.keySpan.start,
            atLink(path, `unknown ${what} '${first.key}'${hint(first.key, allKeys)}; expected one of ${alternativesList(branches)}`),
          );
        } else {
          this.report(node, node.span.start, atLink(path, `expected a ${what}: one of ${alternativesList(branches)}`));
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
        trial.checkAt(branches[i]!, node, path);
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
    this.report(node, node.span.start, atLink(path, `expected a ${what}: one of ${alternativesList(branches)}; got ${got}${h}`));
  }
}

/**
 * `[...text].length` without the array: what JSON Schema's lengths count (a surrogate pair is one
 * character, a lone surrogate one too). The spread allocated an array per string of every file.
 */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++, n++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

function atLeastCharacters(text: string, min: number): boolean {
  if (text.length < min) return false;
  return text.length >= 2 * min || codePoints(text) >= min;
}

function atMostCharacters(text: string, max: number): boolean {
  return text.length <= max || codePoints(text) <= max;
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
