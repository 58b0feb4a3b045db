/**
 * A team's `mcp-config.yaml` (Tenuo's `McpConfig`, `tenuo-core/src/mcp.rs`; `examples/mcp-config.yaml`):
 * `version`, `settings`, and `tools: {NAME: {description, constraints: {FIELD: {from, path,
 * required?, default?, type?, allowed_values?, description?}}}}`. Read as Tenuo's serde reads it
 * (`version`, `tools`, each tool's `description` and `constraints`, each rule's `from` and `path`
 * required; other keys ignored, which is said in a warning so that a misspelt key is seen), with
 * Tenuo's bounds (200 tools, 64 fields a tool). Values keep how YAML writes them.
 */
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { McpExtractionRule } from '../model/scenario.js';
import { Float, type Value } from '../warrant/constraint-value.js';
import { ArtifactFileError, readArtifactFile } from './file.js';
import { TokenImportError } from './token.js';

export const MAX_MCP_CONFIG_BYTES = 1024 * 1024;
const MAX_TOOLS = 200;
const MAX_FIELDS = 64;
const SOURCES = ['body', 'literal', 'path', 'query', 'header'] as const;
const TOOL_KEYS = new Set(['description', 'constraints']);
const RULE_KEYS = new Set(['from', 'path', 'description', 'required', 'default', 'type', 'allowed_values']);

export interface McpConfigRead {
  /** Tool name → field → rule. */
  readonly tools: Readonly<Record<string, Readonly<Record<string, McpExtractionRule>>>>;
  readonly warnings: readonly string[];
}

export type McpConfigResult = ({ readonly ok: true } & McpConfigRead) | { readonly ok: false; readonly problems: readonly string[] };

function valueOf(n: unknown, where: string, problems: string[]): Value | undefined {
  if (isScalar(n)) {
    const v = n.value;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'number') return /[.eE]/.test(n.source ?? String(v)) || !Number.isInteger(v) ? new Float(v) : v;
    if (typeof v === 'bigint') {
      if (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
      // Beyond i64 Tenuo keeps the digits as a string (json_to_constraint_value); beyond u64 YAML has no such integer.
      return v >= -(2n ** 63n) && v < 2n ** 63n ? v : v.toString();
    }
    problems.push(`${where}: not a JSON value`);
    return undefined;
  }
  if (isSeq(n)) {
    const out: Value[] = [];
    for (const [i, item] of n.items.entries()) {
      const x = valueOf(item, `${where}[${i}]`, problems);
      if (x === undefined) return undefined;
      out.push(x);
    }
    return out;
  }
  if (isMap(n)) {
    const out = Object.create(null) as Record<string, Value>;
    for (const pair of n.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      const x = valueOf(pair.value, `${where}.${key}`, problems);
      if (x === undefined) return undefined;
      out[key] = x;
    }
    return out;
  }
  problems.push(`${where}: not a JSON value`);
  return undefined;
}

function entries(n: unknown): [string, unknown][] {
  return isMap(n) ? n.items.map((p) => [isScalar(p.key) ? String(p.key.value) : '', p.value]) : [];
}

/** The text of a `mcp-config.yaml` → its tools' rules, or every problem (each naming its key). */
export function readMcpConfig(text: string): McpConfigResult {
  const doc = parseDocument(text, { intAsBigInt: true, keepSourceTokens: false });
  if (doc.errors.length > 0) return { ok: false, problems: doc.errors.map((e) => `not YAML: ${e.message.split('\n')[0]}`) };
  const problems: string[] = [];
  const warnings: string[] = [];
  const root = doc.contents as Node | null;
  if (!isMap(root)) return { ok: false, problems: ['not a McpConfig: expected a map with version: and tools:'] };
  const top = new Map(entries(root));
  const version = top.get('version');
  if (!isScalar(version) || typeof version.value !== 'string') problems.push('version: required, a string (e.g. "1")');
  for (const k of top.keys())
    if (!['version', 'settings', 'tools'].includes(k)) warnings.push(`'${k}': not a McpConfig key; Tenuo ignores it`);
  const toolsNode = top.get('tools');
  if (!isMap(toolsNode)) return { ok: false, problems: [...problems, 'tools: required, a map of tool name → {description, constraints}'] };
  const list = entries(toolsNode);
  if (list.length > MAX_TOOLS) problems.push(`tools: ${list.length} tools, more than Tenuo's ${MAX_TOOLS}`);
  const tools = Object.create(null) as Record<string, Record<string, McpExtractionRule>>;
  for (const [name, toolNode] of list) {
    const at = `tools.${name}`;
    const tool = new Map(entries(toolNode));
    if (!isMap(toolNode)) {
      problems.push(`${at}: expected a map with description: and constraints:`);
      continue;
    }
    const description = tool.get('description');
    if (!isScalar(description) || typeof description.value !== 'string')
      problems.push(`${at}.description: required (Tenuo's ToolConfig has no default), a string`);
    for (const k of tool.keys()) if (!TOOL_KEYS.has(k)) warnings.push(`${at}.${k}: not a tool key; Tenuo ignores it`);
    const constraints = tool.get('constraints');
    if (!isMap(constraints)) {
      problems.push(`${at}.constraints: required, a map of field → {from, path, …}`);
      continue;
    }
    const fields = entries(constraints);
    if (fields.length > MAX_FIELDS) problems.push(`${at}.constraints: ${fields.length} fields, more than Tenuo's ${MAX_FIELDS}`);
    const rules = Object.create(null) as Record<string, McpExtractionRule>;
    for (const [field, ruleNode] of fields) {
      const rat = `${at}.constraints.${field}`;
      const rule = new Map(entries(ruleNode));
      const from = rule.get('from');
      const path = rule.get('path');
      const required = rule.get('required');
      const fromText = isScalar(from) ? from.value : undefined;
      if (!(SOURCES as readonly unknown[]).includes(fromText)) {
        problems.push(`${rat}.from: required, one of ${SOURCES.join(', ')}`);
        continue;
      }
      if (!isScalar(path) || typeof path.value !== 'string') {
        problems.push(`${rat}.path: required, a string (dot notation for body)`);
        continue;
      }
      if (required !== undefined && !(isScalar(required) && typeof required.value === 'boolean'))
        problems.push(`${rat}.required: true or false`);
      for (const k of rule.keys()) if (!RULE_KEYS.has(k)) warnings.push(`${rat}.${k}: not a rule key; Tenuo ignores it`);
      if (fromText === 'path' || fromText === 'query' || fromText === 'header') {
        warnings.push(
          `${rat}: from ${String(fromText)} reads nothing in an MCP call (Tenuo's McpConfig::validate says the same); the field is ${isScalar(required) && required.value === true ? 'missing from every call: each is refused' : 'its default or absent'}`,
        );
      }
      let dflt: Value | undefined;
      if (rule.has('default')) {
        dflt = valueOf(rule.get('default'), `${rat}.default`, problems);
        if (dflt === undefined) continue;
      }
      rules[field] = {
        from: fromText as McpExtractionRule['from'],
        path: path.value,
        required: isScalar(required) && required.value === true,
        ...(dflt !== undefined && { default: dflt }),
      };
    }
    tools[name] = rules;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, tools, warnings };
}

/** Reads and checks the file `from` (relative to the scenario file), within the workspace when confined. */
export function importMcpConfig(from: string, scenarioAbs: string, confine?: string, readFile?: (from: string) => string): McpConfigResult {
  let text: string;
  try {
    text = readFile
      ? readFile(from)
      : readArtifactFile(from, scenarioAbs, { maxBytes: MAX_MCP_CONFIG_BYTES, ...(confine !== undefined && { confine }) });
  } catch (e) {
    if (e instanceof ArtifactFileError || e instanceof TokenImportError) return { ok: false, problems: [`'${from}': ${e.message}`] };
    throw e;
  }
  const r = readMcpConfig(text);
  return r.ok
    ? { ...r, warnings: r.warnings.map((w) => `'${from}': ${w}`) }
    : { ok: false, problems: r.problems.map((p) => `'${from}': ${p}`) };
}
