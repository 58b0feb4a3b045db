/**
 * `tools: {from: PATH}`: the tools of an MCP tools/list result (src/import/tools/), with what may
 * stand beside `from:` (kinds:, returns:, bindings:, mcp_config:).
 */
import { resolve } from 'node:path';
import { importMcpConfig } from '../../import/mcp-config-yaml.js';
import { describeTool, importToolsFrom, type KindOverrides } from '../../import/tools/index.js';
import type { CustomTool, ParamKind } from '../../model/scenario.js';
import { BINDING_SAYS, bindingOf, isToolBinding } from '../../world/binding.js';
import { at } from '../key-path.js';
import { hint } from '../suggest.js';
import type { PEntry, PMap } from '../../lib/yaml-tree.js';
import { scalarText, type ScenarioCursor } from './cursor.js';
import type { ScenarioToolTable } from './tool-table.js';

/**
 * `tools: {from: PATH, kinds: {TOOL: {PARAM: KIND}}, returns: {TOOL: TEXT}}`: the tools of an MCP
 * tools/list result (src/import/tools/). What it inferred is printed as an info line at `from:`.
 */
export function readToolsFromFile(cursor: ScenarioCursor, table: ScenarioToolTable, node: PMap, from: PEntry): Record<string, CustomTool> {
  const kindsEntry = cursor.entry(node, 'kinds');
  const returnsEntry = cursor.entry(node, 'returns');
  const bindingsEntry = cursor.entry(node, 'bindings');
  const configEntry = cursor.entry(node, 'mcp_config');
  const others = node.entries.filter(
    (e) => e !== from && e !== kindsEntry && e !== returnsEntry && e !== bindingsEntry && e !== configEntry,
  );
  for (const e of others)
    cursor.report(
      e.keySpan.start,
      at(['tools'], `'${e.key}': tools read from a file (from:) take only kinds:, returns:, bindings: and mcp_config: beside them`),
    );
  const path = from.value.kind === 'scalar' && typeof from.value.value === 'string' ? from.value.value : undefined;
  table.fromFailed = true;
  table.fromPath = path;
  if (others.length > 0 || path === undefined || cursor.tainted.has(node)) return table.custom;
  const r = importToolsFrom(path, {
    scenarioAbs: cursor.context.abs ?? resolve(cursor.pos(0).file),
    ...(cursor.context.confine !== undefined && { confine: cursor.context.confine }),
    ...(cursor.context.readTokenFile !== undefined && { readFile: cursor.context.readTokenFile }),
    kinds: kindOverrides(kindsEntry),
    returns: returnsOverrides(returnsEntry),
  });
  if (!r.ok) {
    for (const p of r.problems) {
      if (p.override === undefined) {
        cursor.report(from.keySpan.start, at(['tools', 'from'], p.message));
        continue;
      }
      const { key, tool: toolName, param: paramName } = p.override;
      const entry = (key === 'kinds' ? kindsEntry : returnsEntry)!;
      const tool = cursor.entry(entry.value as PMap, toolName);
      const param = paramName !== undefined && tool ? cursor.entry(tool.value as PMap, paramName) : undefined;
      cursor.report(
        (param ?? tool ?? entry).keySpan.start,
        at(['tools', key, toolName, ...(paramName !== undefined ? [paramName] : [])], p.message),
      );
    }
    return table.custom;
  }
  if (configEntry !== undefined && !applyMcpConfig(cursor, r.tools, configEntry)) return table.custom;
  if (!applyBindings(cursor, r.tools, bindingsEntry)) return table.custom;
  for (const [name, def] of Object.entries(r.tools)) {
    cursor.info(
      from.keySpan.start,
      `tools from ${path}: ${describeTool(name, def)}, bound as ${bindingOf(def)} (${BINDING_SAYS[bindingOf(def)]})`,
    );
  }
  Object.assign(table.custom, r.tools);
  table.fromFailed = false;
  return table.custom;
}

/**
 * `mcp_config: PATH` beside `from:`: the team's McpConfig (src/import/mcp-config-yaml.ts). Every tool
 * of the list is bound `mcp-config` with its rules; one the config does not define is refused on
 * every call by MCPVerifier, and a warning says so. Returns false when the file cannot be used.
 */
function applyMcpConfig(cursor: ScenarioCursor, tools: Record<string, CustomTool>, entry: PEntry): boolean {
  const path = entry.value.kind === 'scalar' && typeof entry.value.value === 'string' ? entry.value.value : undefined;
  if (path === undefined || cursor.tainted.has(entry.value)) return false;
  const r = importMcpConfig(path, cursor.context.abs ?? resolve(cursor.pos(0).file), cursor.context.confine, cursor.context.readTokenFile);
  if (!r.ok) {
    for (const p of r.problems) cursor.report(entry.keySpan.start, at(['tools', 'mcp_config'], p));
    return false;
  }
  for (const w of r.warnings) cursor.warn(entry.keySpan.start, at(['tools', 'mcp_config'], w));
  for (const [name, def] of Object.entries(tools)) {
    const rules = Object.prototype.hasOwnProperty.call(r.tools, name) ? r.tools[name]! : null;
    tools[name] = { ...def, binding: 'mcp-config', mcpConfig: { file: path, rules } };
    if (rules === null)
      cursor.warn(
        entry.keySpan.start,
        at(
          ['tools', 'mcp_config'],
          `'${path}' does not define ${name}: MCPVerifier refuses every call of it ("Tool '${name}' not defined in Tenuo configuration")`,
        ),
      );
  }
  return true;
}

/**
 * `bindings: {TOOL: BINDING}` beside `from:` (the schema checked the values): each names a tool
 * the file lists. Tools read from a tools/list are bound as `MCPVerifier` binds them (`mcp`)
 * unless named here. Returns false when one names no tool of the file.
 */
function applyBindings(cursor: ScenarioCursor, tools: Record<string, CustomTool>, entry: PEntry | undefined): boolean {
  let ok = true;
  for (const def of Object.values(tools)) def.binding ??= 'mcp';
  if (entry?.value.kind !== 'map') return ok;
  for (const b of entry.value.entries) {
    const binding = scalarText(b.value);
    if (!Object.prototype.hasOwnProperty.call(tools, b.key)) {
      cursor.report(
        b.keySpan.start,
        at(['tools', 'bindings', b.key], `'${b.key}' is not a tool of the file${hint(b.key, Object.keys(tools))}`),
      );
      ok = false;
    } else if (isToolBinding(binding)) {
      const { mcpConfig: _config, ...rest } = tools[b.key]!;
      tools[b.key] = { ...rest, binding };
    }
  }
  return ok;
}

/** `tools: {kinds: …}` beside `from:` (the schema checked its shape and values). */
function kindOverrides(entry: PEntry | undefined): KindOverrides {
  const out = Object.create(null) as Record<string, Record<string, ParamKind>>;
  if (entry?.value.kind !== 'map') return out;
  for (const tool of entry.value.entries) {
    if (tool.value.kind !== 'map') continue;
    const kinds = Object.create(null) as Record<string, ParamKind>;
    for (const p of tool.value.entries)
      if (p.value.kind === 'scalar' && typeof p.value.value === 'string') kinds[p.key] = p.value.value as ParamKind;
    out[tool.key] = kinds;
  }
  return out;
}

/** `tools: {returns: …}` beside `from:` (the schema checked its shape and values). */
function returnsOverrides(entry: PEntry | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  if (entry?.value.kind !== 'map') return out;
  for (const tool of entry.value.entries) out[tool.key] = scalarText(tool.value);
  return out;
}
