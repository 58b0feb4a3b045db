/**
 * An MCP `tools/list` result (`{"tools": [{name, description, inputSchema}]}`) as custom tools:
 * each tool's parameters (the schema's properties, in order), the optional ones with their default
 * (`null` when the schema gives none, as Python's `None`), and a parameter kind inferred simply:
 * `format: uri` → url; a number or integer → number; names and descriptions that say path, file or
 * directory → path; command or script → shell; url → url; recipients or email → email_list.
 */
import type { CustomTool, ParamKind } from '../model/scenario.js';
import type { Value } from '../warrant/value.js';
import { TraceError } from './trace.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kindOf(name: string, schema: JsonObject): ParamKind | undefined {
  const words = `${name} ${typeof schema.description === 'string' ? schema.description : ''}`.toLowerCase();
  if (schema.format === 'uri' || schema.format === 'url') return 'url';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (/\b(path|file|filename|directory|dir|folder)\b/.test(words)) return 'path';
  if (/\b(command|cmd|script|shell)\b/.test(words)) return 'shell';
  if (/\b(url|uri|endpoint)\b/.test(words)) return 'url';
  if (/\b(recipients?|emails?|e-mail)\b/.test(words)) return 'email_list';
  return undefined;
}

/** Reads the JSON text of a tools/list result; `file` is the name messages use. Throws TraceError. */
export function readMcpTools(text: string, file: string): Record<string, CustomTool> {
  let doc: Json;
  try {
    doc = JSON.parse(text) as Json;
  } catch (e) {
    throw new TraceError([`${file}: not JSON: ${(e as Error).message}`]);
  }
  const list = isObject(doc) ? (isObject(doc.result) ? doc.result.tools : doc.tools) : undefined;
  if (!Array.isArray(list)) throw new TraceError([`${file}: $.tools: must be a list (an MCP tools/list result)`]);
  const problems: string[] = [];
  const out: Record<string, CustomTool> = {};
  list.forEach((t, i) => {
    const at = `${file}: $.tools[${i}]`;
    if (!isObject(t) || typeof t.name !== 'string' || t.name === '') {
      problems.push(`${at}: a tool needs a name`);
      return;
    }
    const schema = isObject(t.inputSchema) ? t.inputSchema : {};
    const props = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
    const params = Object.keys(props);
    const defaults: Record<string, Value> = {};
    const kinds: Record<string, ParamKind> = {};
    for (const p of params) {
      const ps = props[p];
      const s = isObject(ps) ? ps : {};
      if (!required.includes(p)) defaults[p] = (s.default as Value | undefined) ?? null;
      const kind = kindOf(p, s);
      if (kind) kinds[p] = kind;
    }
    out[t.name] = {
      params,
      returns: '',
      ...(Object.keys(kinds).length > 0 ? { kinds } : {}),
      ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
    };
  });
  if (problems.length > 0) throw new TraceError(problems);
  return out;
}
