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
import type { PNode } from '../lib/yaml-tree.js';
import type { JsonSchema, SchemaResult } from './json-schema.js';
import { SchemaWalk } from './schema-walk.js';

export type { JsonSchema, SchemaProblem, SchemaResult, SchemaType } from './json-schema.js';
export { describe } from './schema-walk.js';

const ANNOTATIONS = ['$schema', '$id', '$comment', 'title', 'description', 'markdownDescription', 'default', 'examples'];
const KEYWORDS = new Set([
  ...ANNOTATIONS,
  '$defs',
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'enum',
  'pattern',
  'patternErrorMessage',
  'minLength',
  'maxLength',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'oneOf',
  'anyOf',
]);

export class SchemaValidator {
  private readonly patterns = new Map<string, RegExp>();

  constructor(private readonly root: JsonSchema) {
    checkKeywords(root, '#');
  }

  validate(node: PNode): SchemaResult {
    const walk = new SchemaWalk(this);
    walk.check(this.root, node, []);
    return { problems: walk.problems, tainted: walk.tainted, failed: walk.failed };
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

  /** `$ref` → its target, each resolved once: a regex per reference of every node was measurable. */
  private readonly refs = new Map<string, JsonSchema>();

  private lookup(ref: string): JsonSchema {
    let target = this.refs.get(ref);
    if (target !== undefined) return target;
    const m = /^#\/\$defs\/([^/]+)$/.exec(ref);
    target = m ? this.root.$defs?.[m[1]!] : undefined;
    if (target === undefined) throw new Error(`schema: unresolvable $ref '${ref}'`);
    this.refs.set(ref, target);
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
