/**
 * A listed tool's parameter kinds (how the environment reads an argument: a path, a URL, a shell
 * command, …): inferred from the parameter's schema, its name and its description, overridden by
 * the scenario's `kinds:` where the JSON types allow it; and the one-line summary of a tool that
 * `validate` and `init` print.
 */
import type { CustomTool, ParamKind } from '../../model/scenario.js';
import { Float, type Value } from '../../warrant/constraint-value.js';
import type { JsonPathSegment } from '../json-text.js';
import type { KindOverrides, ToolsProblem } from './types.js';

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

/** The JSON types a parameter's schema admits (empty: any), from `type`, `anyOf`/`oneOf` branches, `enum` or `const`. */
export function schemaTypes(
  schema: Readonly<Record<string, unknown>>,
): { types: ReadonlySet<string> } | { problem: string; at: JsonPathSegment[] } {
  if ('$ref' in schema && !('type' in schema))
    return { problem: `a parameter given by '$ref' is not resolved here; inline its schema`, at: ['$ref'] };
  if ('type' in schema) {
    const list = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
    for (const t of list) {
      if (typeof t !== 'string' || !JSON_TYPES.has(t))
        return { problem: `type ${JSON.stringify(t)} is not a JSON Schema type (${[...JSON_TYPES].join(', ')})`, at: ['type'] };
    }
    return { types: new Set(list as string[]) };
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const types = new Set<string>();
    for (let i = 0; i < branches.length; i++) {
      const b = branches[i] as unknown;
      if (typeof b !== 'object' || b === null) return { problem: 'not a schema', at: [key, i] };
      const t = schemaTypes(b as Record<string, unknown>);
      if ('problem' in t) return { problem: t.problem, at: [key, i, ...t.at] };
      if (t.types.size === 0) return { types: new Set() };
      for (const x of t.types) types.add(x);
    }
    return { types };
  }
  const values = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : undefined;
  return { types: new Set(values?.map(jsonType) ?? []) };
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** `dryRun`, `dry_run`, `dry-run` → ['dry', 'run']. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

const URL_WORDS = new Set(['url', 'uri', 'href']);
const SHELL_WORDS = new Set(['command', 'cmd']);
const EMAIL_WORDS = new Set(['recipients', 'recipient', 'email', 'emails', 'to', 'cc', 'bcc']);
const PATH_WORDS = new Set(['path', 'paths', 'file', 'filename', 'filepath', 'pathname', 'directory', 'dir', 'folder']);
/** A description that says the parameter is a path: "Path to …", "The file to read", "Directory of …". */
const PATH_DESCRIPTION =
  /^\s*(the |a |an )?(absolute |relative |full |local )?(file ?path|path|file|directory|folder)\b|\b(file|directory|folder) ?path\b/i;
const SHELL_DESCRIPTION = /\bshell command\b|\bcommand line\b/i;

/**
 * The kind of a parameter, from its schema first, then from what its name ends with (`source_dir`
 * is a path, `file_id` is not), then from its description; anything else is text.
 */
export function inferKind(name: string, schema: Readonly<Record<string, unknown>>, types: ReadonlySet<string>): ParamKind {
  const text = types.size === 0 || types.has('string');
  const last = words(name).at(-1) ?? '';
  const description = typeof schema.description === 'string' ? schema.description : '';
  const format = schema.format;
  if (text && (format === 'uri' || format === 'uri-reference' || format === 'iri' || URL_WORDS.has(last))) return 'url';
  if (types.has('number') || types.has('integer') || last === 'amount') return 'number';
  if (text && (SHELL_WORDS.has(last) || SHELL_DESCRIPTION.test(description))) return 'shell';
  if ((text || types.has('array')) && EMAIL_WORDS.has(last)) return 'email_list';
  if (text && (PATH_WORDS.has(last) || PATH_DESCRIPTION.test(description))) return 'path';
  return 'text';
}

/** Whether a parameter of these JSON types can hold a value of the kind. */
function kindFits(kind: ParamKind, types: ReadonlySet<string>): boolean {
  if (types.size === 0 || kind === 'text') return true;
  if (kind === 'number') return types.has('number') || types.has('integer') || types.has('string');
  if (kind === 'email_list') return types.has('string') || types.has('array');
  return types.has('string');
}
export function applyOverrides(
  tools: Record<string, CustomTool>,
  overrides: KindOverrides,
  typesOf: (tool: string, param: string) => ReadonlySet<string> | undefined,
): ToolsProblem[] {
  const problems: ToolsProblem[] = [];
  for (const [tool, params] of Object.entries(overrides)) {
    const def = Object.prototype.hasOwnProperty.call(tools, tool) ? tools[tool] : undefined;
    if (def === undefined) {
      problems.push({
        message: `the file has no tool '${tool}' (it has ${Object.keys(tools).join(', ') || 'none'})`,
        override: { key: 'kinds', tool },
      });
      continue;
    }
    const kinds: Record<string, ParamKind> = { ...def.kinds };
    for (const [param, kind] of Object.entries(params)) {
      const types = def.params.includes(param) ? typesOf(tool, param) : undefined;
      if (types === undefined) {
        problems.push({
          message: `'${param}' is not a parameter of ${tool} (it takes ${def.params.join(', ') || 'none'})`,
          override: { key: 'kinds', tool, param },
        });
      } else if (!kindFits(kind, types)) {
        problems.push({
          message: `${tool}.${param} is ${[...types].join(' or ')} in the file, which cannot hold a ${kind}`,
          override: { key: 'kinds', tool, param },
        });
      } else if (kind === 'text') {
        delete kinds[param];
      } else {
        kinds[param] = kind;
      }
    }
    const { kinds: _old, ...rest } = def;
    tools[tool] = { ...rest, ...(Object.keys(kinds).length > 0 && { kinds: orderedKinds(def.params, kinds) }) };
  }
  return problems;
}

function orderedKinds(params: readonly string[], kinds: Readonly<Record<string, ParamKind>>): Record<string, ParamKind> {
  const out: Record<string, ParamKind> = {};
  for (const p of params) if (Object.prototype.hasOwnProperty.call(kinds, p)) out[p] = kinds[p]!;
  return out;
}

/** `deploy(target: url, cmd: shell, dry_run?=false: text)`. */
export function describeTool(name: string, def: CustomTool): string {
  const has = (o: object | undefined, k: string): boolean => o !== undefined && Object.prototype.hasOwnProperty.call(o, k);
  const params = def.params.map((p) => {
    const kind = has(def.kinds, p) ? def.kinds![p]! : 'text';
    return has(def.defaults, p) ? `${p}?=${showValue(def.defaults![p]!)}: ${kind}` : `${p}: ${kind}`;
  });
  return `${name}(${params.join(', ')})`;
}

function showValue(v: Value): string {
  if (v instanceof Float) return Number.isInteger(v.value) ? v.value.toFixed(1) : String(v.value);
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${v.map(showValue).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${showValue(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
}
