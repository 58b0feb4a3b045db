/**
 * One MCP tool read into a scenario's custom tool (src/import/tools/tools-list.ts reads the file):
 * its name, its input schema's properties as parameters with their kinds and defaults, and the
 * schema offered to the model in LLM mode, bounded. What a signature cannot say is refused.
 */
import type { CustomTool, JsonSchemaObject, JsonValue, ParamKind } from '../../model/scenario.js';
import { Float, type Value } from '../../warrant/constraint-value.js';
import { isBuiltinTool, isReservedName } from '../../world/tools.js';
import { dollarPath, jsonPath, type JsonPathSegment, type JsonTextFacts } from '../json-text.js';
import { inferKind, schemaTypes } from './param-kinds.js';
import type { ToolsProblem } from './types.js';

/** As scenarios/scenario.schema.json names a custom tool (`tools.propertyNames`). */
const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
/** The key of a grant that opts a tool out of closed-world checking: never a parameter. */
const ALLOW_UNKNOWN = '_allow_unknown';
/** Keywords that make the arguments a tool takes depend on more than its properties. */
const UNREPRESENTABLE_KEYWORDS = [
  'patternProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'if',
  'then',
  'else',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  '$ref',
  'unevaluatedProperties',
  'propertyNames',
] as const;

/** The longest tool description offered to the model, in characters (as long as a scenario's `request`). */
export const MAX_TOOL_DESCRIPTION_CHARS = 10_000;
/** The largest parameter schema offered to the model: its JSON text, in characters. */
export const MAX_PARAM_SCHEMA_CHARS = 10_000;
/** How deeply a parameter's offered schema may nest, its values included (`items` of `items` of …). */
export const MAX_PARAM_SCHEMA_DEPTH = 16;

/** Keywords of a parameter's schema (and of its subschemas) offered to the model as the server wrote them. */
const OFFERED_KEYWORDS = new Set([
  'type',
  'title',
  'description',
  'default',
  'examples',
  'enum',
  'const',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'required',
]);
/** Keywords holding one subschema, a list of them, or a map of them: offered read by the same rule. */
const ONE_SUBSCHEMA = new Set(['items', 'additionalProperties']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf']);
const SUBSCHEMA_MAPS = new Set(['properties']);

export type InputSchema = {
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
  readonly [k: string]: unknown;
};

/** Checks tools one at a time, collecting problems; remembers each parameter's JSON types for the overrides. */
export class ToolReader {
  readonly types = new Map<string, ReadonlySet<string>>();
  readonly typesOf = (tool: string, param: string): ReadonlySet<string> | undefined => this.types.get(`${tool}\u0000${param}`);

  constructor(
    private readonly facts: JsonTextFacts,
    private readonly problems: ToolsProblem[],
  ) {}

  private report(at: readonly JsonPathSegment[], message: string): void {
    this.problems.push({ message: `${dollarPath(at)}: ${message}` });
  }

  tool(
    tool: { name: string; description?: string | undefined; inputSchema: InputSchema },
    at: JsonPathSegment[],
    duplicate: boolean,
  ): CustomTool | undefined {
    const name = tool.name;
    const nameAt = [...at, 'name'];
    if (duplicate) return void this.report(nameAt, `tool '${name}' is listed twice`);
    if (!TOOL_NAME.test(name))
      return void this.report(
        nameAt,
        `'${name}' is not a valid tool name here: 1-64 letters, digits, _, . and -, starting with a letter or _`,
      );
    if (isBuiltinTool(name)) return void this.report(nameAt, `'${name}' is the name of a built-in tool; a custom tool cannot replace it`);
    if (isReservedName(name))
      return void this.report(nameAt, `'${name}' cannot be a tool name: every JavaScript object has a member of that name`);
    const schema = tool.inputSchema;
    const schemaAt = [...at, 'inputSchema'];
    let ok = true;
    for (const k of UNREPRESENTABLE_KEYWORDS) {
      if (k in schema) {
        this.report(
          [...schemaAt, k],
          `'${k}' makes the arguments ${name} takes depend on more than its properties, which a signature cannot say`,
        );
        ok = false;
      }
    }
    if ('additionalProperties' in schema && schema.additionalProperties !== false) {
      this.report(
        [...schemaAt, 'additionalProperties'],
        `${name} takes arguments beyond its properties, which a signature cannot name; set additionalProperties to false or list them as properties`,
      );
      ok = false;
    }
    const properties = schema.properties ?? {};
    const required = schema.required ?? [];
    required.forEach((r, i) => {
      if (!Object.prototype.hasOwnProperty.call(properties, r)) {
        this.report([...schemaAt, 'required', i], `'${r}' is required but is not a property`);
        ok = false;
      } else if (required.indexOf(r) !== i) {
        this.report([...schemaAt, 'required', i], `'${r}' is listed twice`);
        ok = false;
      }
    });
    const description = tool.description ?? '';
    const descriptionLength = [...description].length;
    if (descriptionLength > MAX_TOOL_DESCRIPTION_CHARS) {
      this.report(
        [...at, 'description'],
        `the description is ${descriptionLength} characters; LLM mode offers a tool's description to the model whole, and at most ${MAX_TOOL_DESCRIPTION_CHARS}`,
      );
      ok = false;
    }
    const params: string[] = [];
    const kinds: Record<string, ParamKind> = {};
    const defaults = Object.create(null) as Record<string, Value>;
    const paramSchemas = Object.create(null) as Record<string, JsonSchemaObject>;
    for (const [param, propSchema] of Object.entries(properties)) {
      const paramAt = [...schemaAt, 'properties', param];
      const p = this.param(name, param, propSchema, required.includes(param), paramAt);
      const offered = this.offeredParamSchema(propSchema, paramAt);
      if (p === undefined || offered === undefined) {
        ok = false;
        continue;
      }
      params.push(param);
      if (p.kind !== 'text') kinds[param] = p.kind;
      if (p.default !== undefined) defaults[param] = p.default.value;
      paramSchemas[param] = offered;
    }
    if (!ok) return undefined;
    return {
      // Bound as Tenuo's MCPVerifier binds a call (the arguments as sent): world/binding.ts.
      binding: 'mcp',
      params,
      returns: '',
      ...(description !== '' && { description }),
      ...(Object.keys(kinds).length > 0 && { kinds }),
      ...(Object.keys(defaults).length > 0 && { defaults }),
      paramSchemas,
    };
  }

  /** What LLM mode offers the model for a parameter: its schema's offered keywords, within the bounds. */
  private offeredParamSchema(schema: unknown, at: JsonPathSegment[]): JsonSchemaObject | undefined {
    const offered = this.offeredSchema(schema, at, 1);
    if (offered === undefined || typeof offered === 'boolean')
      return offered === undefined ? undefined : void this.report(at, 'not a schema (a JSON object)');
    const length = [...JSON.stringify(offered)].length;
    if (length > MAX_PARAM_SCHEMA_CHARS) {
      return void this.report(
        at,
        `the schema LLM mode offers the model for this parameter is ${length} characters of JSON; at most ${MAX_PARAM_SCHEMA_CHARS}`,
      );
    }
    return offered;
  }

  /** A (sub)schema restricted to the offered keywords; `true`/`false` as they are. */
  private offeredSchema(schema: unknown, at: JsonPathSegment[], depth: number): JsonSchemaObject | boolean | undefined {
    if (typeof schema === 'boolean') return schema;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
      return void this.report(at, 'not a schema (a JSON object or a boolean)');
    if (depth > MAX_PARAM_SCHEMA_DEPTH)
      return void this.report(at, `the schema nests deeper than ${MAX_PARAM_SCHEMA_DEPTH} levels, more than LLM mode offers the model`);
    const out = Object.create(null) as Record<string, JsonValue>;
    for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
      const kAt = [...at, k];
      let x: JsonValue | undefined;
      if (OFFERED_KEYWORDS.has(k)) x = this.jsonValue(v, kAt, depth + 1);
      else if (ONE_SUBSCHEMA.has(k)) x = this.offeredSchema(v, kAt, depth + 1);
      else if (SUBSCHEMA_LISTS.has(k))
        x = Array.isArray(v)
          ? this.each(v, kAt, (y, yAt) => this.offeredSchema(y, yAt, depth + 2))
          : void this.report(kAt, 'not a list of schemas');
      else if (SUBSCHEMA_MAPS.has(k)) x = this.offeredMap(v, kAt, depth + 1);
      else continue;
      if (x === undefined) return undefined;
      out[k] = x;
    }
    return out;
  }

  private offeredMap(value: unknown, at: JsonPathSegment[], depth: number): JsonValue | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return void this.report(at, 'not a map of schemas');
    const out = Object.create(null) as Record<string, JsonValue>;
    for (const [k, y] of Object.entries(value as Record<string, unknown>)) {
      const x = this.offeredSchema(y, [...at, k], depth + 1);
      if (x === undefined) return undefined;
      out[k] = x;
    }
    return out;
  }

  private each(
    list: readonly unknown[],
    at: JsonPathSegment[],
    readItem: (v: unknown, at: JsonPathSegment[]) => JsonValue | undefined,
  ): JsonValue[] | undefined {
    const out: JsonValue[] = [];
    for (let i = 0; i < list.length; i++) {
      const x = readItem(list[i], [...at, i]);
      if (x === undefined) return undefined;
      out.push(x);
    }
    return out;
  }

  /** A JSON value as JSON.parse read it, copied (objects without a prototype: `__proto__` is a key), within the depth bound. */
  private jsonValue(value: unknown, at: JsonPathSegment[], depth: number): JsonValue | undefined {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    if (depth > MAX_PARAM_SCHEMA_DEPTH)
      return void this.report(at, `the schema nests deeper than ${MAX_PARAM_SCHEMA_DEPTH} levels, more than LLM mode offers the model`);
    if (Array.isArray(value)) return this.each(value, at, (y, yAt) => this.jsonValue(y, yAt, depth + 1));
    const out = Object.create(null) as Record<string, JsonValue>;
    for (const [k, y] of Object.entries(value as Record<string, unknown>)) {
      const x = this.jsonValue(y, [...at, k], depth + 1);
      if (x === undefined) return undefined;
      out[k] = x;
    }
    return out;
  }

  private param(
    tool: string,
    name: string,
    schema: unknown,
    required: boolean,
    at: JsonPathSegment[],
  ): { kind: ParamKind; default?: { value: Value } } | undefined {
    if (name === '' || name === ALLOW_UNKNOWN || isReservedName(name)) {
      return void this.report(
        at,
        name === ''
          ? 'a parameter needs a name'
          : `'${name}' cannot be a parameter name: it is reserved (${name === ALLOW_UNKNOWN ? 'a grant key' : 'a member of every JavaScript object'})`,
      );
    }
    const s = schema as Readonly<Record<string, unknown>>;
    const types = schemaTypes(s);
    if ('problem' in types) return void this.report([...at, ...types.at], types.problem);
    this.types.set(`${tool}\u0000${name}`, types.types);
    const kind = inferKind(name, s, types.types);
    if (!('default' in s)) return { kind, ...(!required && { default: { value: null } }) };
    if (required)
      return void this.report(
        [...at, 'default'],
        `'${name}' is required and has a default; a parameter is one or the other (drop it from required, or the default)`,
      );
    const value = this.value(s.default, [...at, 'default']);
    return value === undefined ? undefined : { kind, default: { value } };
  }

  /** A JSON value as a call argument: numbers as written (`1.0` a float, a long integer exact). */
  private value(json: unknown, at: JsonPathSegment[]): Value | undefined {
    if (json === null || typeof json === 'string' || typeof json === 'boolean') return json;
    if (typeof json === 'number') {
      const raw = this.facts.numbers.get(jsonPath(at)) ?? String(json);
      if (/[.eE]/.test(raw)) return Number.isInteger(json) ? new Float(json) : json;
      if (Number.isSafeInteger(json)) return json;
      const big = BigInt(raw);
      if (big < -(2n ** 63n) || big >= 2n ** 63n) return void this.report(at, `${raw} is outside the 64-bit integers a warrant can carry`);
      return big;
    }
    if (Array.isArray(json)) {
      const out: Value[] = [];
      for (let i = 0; i < json.length; i++) {
        const x = this.value(json[i], [...at, i]);
        if (x === undefined) return undefined;
        out.push(x);
      }
      return out;
    }
    const out = Object.create(null) as Record<string, Value>;
    for (const [k, x] of Object.entries(json as Record<string, unknown>)) {
      const y = this.value(x, [...at, k]);
      if (y === undefined) return undefined;
      out[k] = y;
    }
    return out;
  }
}
