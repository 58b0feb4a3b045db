/**
 * `tools:`: the tools a scenario declares (their parameters, kinds, defaults, what they return and
 * how they are bound), or `tools: {from: PATH}` (tools-from-file.ts). They go into the scenario's
 * tool table, which the calls and the warrant read.
 */
import type { CustomTool, ParamKind, ReturnCase, ToolBinding } from '../../model/scenario.js';
import type { Value } from '../../warrant/constraint-value.js';
import { BINDING_SAYS, bindingOf, isToolBinding } from '../../world/binding.js';
import { isBuiltinTool, isReservedName } from '../../world/tools.js';
import { at } from '../key-path.js';
import { hint } from '../suggest.js';
import type { PMap, PNode } from '../../lib/yaml-tree.js';
import { valueFromYaml } from '../value-yaml.js';
import { scalarText, type ScenarioCursor } from './cursor.js';
import type { ScenarioToolTable } from './tool-table.js';
import { readToolsFromFile } from './tools-from-file.js';
import { ALLOW_UNKNOWN_KEY } from './warrant-section.js';

export function readTools(cursor: ScenarioCursor, table: ScenarioToolTable): Record<string, CustomTool> {
  const node = cursor.entry(cursor.root, 'tools')?.value;
  if (node?.kind !== 'map') return table.custom;
  const from = cursor.entry(node, 'from');
  if (from !== undefined) return readToolsFromFile(cursor, table, node, from);
  const kindsEntry = cursor.entry(node, 'kinds');
  if (kindsEntry !== undefined) {
    cursor.report(
      kindsEntry.keySpan.start,
      at(
        ['tools', 'kinds'],
        "kinds: beside the tools overrides the kinds of tools read from a file (from:); a tool's own kinds go under tools: NAME: kinds:",
      ),
    );
  }
  const returnsEntry = cursor.entry(node, 'returns');
  if (returnsEntry !== undefined) {
    cursor.report(
      returnsEntry.keySpan.start,
      at(
        ['tools', 'returns'],
        "returns: beside the tools gives the text of tools read from a file (from:); a tool's own text goes under tools: NAME: returns:",
      ),
    );
  }
  const bindingsEntry = cursor.entry(node, 'bindings');
  if (bindingsEntry !== undefined) {
    cursor.report(
      bindingsEntry.keySpan.start,
      at(
        ['tools', 'bindings'],
        "bindings: beside the tools sets the binding of tools read from a file (from:); a tool's own binding goes under tools: NAME: binding:",
      ),
    );
  }
  for (const e of node.entries) {
    if (e === kindsEntry || e === returnsEntry || e === bindingsEntry || cursor.failed.has(e.value) || e.value.kind !== 'map') continue;
    // A tool of a built-in's name replaces the built-in in this scenario (docs/scenarios.md).
    if (isBuiltinTool(e.key))
      cursor.info(e.keySpan.start, `tool ${e.key}: replaces the built-in ${e.key} in this scenario (its calls record tool_called)`);
    // Still declared below (its calls and grant are not reported again); the file is refused.
    if (isReservedName(e.key)) cursor.report(e.keySpan.start, at(['tools'], reservedName('tool', e.key)));
    const paramsNode = cursor.entry(e.value, 'params')!.value;
    const params: string[] = [];
    if (paramsNode.kind === 'seq') {
      paramsNode.items.forEach((item, i) => {
        const p = item.kind === 'scalar' && typeof item.value === 'string' ? item.value : '';
        if (p === ALLOW_UNKNOWN_KEY) {
          cursor.report(
            item.span.start,
            at(['tools', e.key, 'params', i], `'${ALLOW_UNKNOWN_KEY}' is reserved and cannot be a parameter name`),
          );
        } else if (isReservedName(p)) {
          // Kept in the list (its calls and grant are not reported again); the file is refused.
          cursor.report(item.span.start, at(['tools', e.key, 'params', i], reservedName('parameter', p)));
          params.push(p);
        } else if (params.includes(p)) {
          cursor.report(item.span.start, at(['tools', e.key, 'params', i], `duplicate parameter '${p}'`));
        } else {
          params.push(p);
        }
      });
    }
    const returnsNode = cursor.entry(e.value, 'returns')?.value;
    const descriptionNode = cursor.entry(e.value, 'description')?.value;
    const kinds = customKinds(cursor, e.key, e.value, params);
    const defaults = customDefaults(cursor, e.key, e.value, params);
    const bindingNode = cursor.entry(e.value, 'binding')?.value;
    const binding =
      bindingNode !== undefined && isToolBinding(scalarText(bindingNode)) ? (scalarText(bindingNode) as ToolBinding) : undefined;
    table.custom[e.key] = {
      params,
      ...customReturns(cursor, e.key, returnsNode, params, e.keySpan.start),
      ...(descriptionNode ? { description: scalarText(descriptionNode) } : {}),
      ...(kinds ? { kinds } : {}),
      ...(defaults ? { defaults } : {}),
      ...(binding !== undefined && binding !== 'guard' ? { binding } : {}),
    };
    const bound = bindingOf(table.custom[e.key]);
    cursor.info(e.keySpan.start, `tool ${e.key}: bound as ${bound} (${BINDING_SAYS[bound]})`);
  }
  return table.custom;
}

/** `kinds:` of a custom tool (the schema checked the values); a kind for an undeclared parameter is a mistake. */
function customKinds(cursor: ScenarioCursor, tool: string, def: PMap, params: readonly string[]): Record<string, ParamKind> | undefined {
  const node = cursor.entry(def, 'kinds')?.value;
  if (node === undefined || node.kind !== 'map') return undefined;
  const kinds: Record<string, ParamKind> = {};
  for (const k of node.entries) {
    if (!params.includes(k.key)) {
      cursor.report(k.keySpan.start, at(['tools', tool, 'kinds', k.key], `'${k.key}' is not a parameter of ${tool}${hint(k.key, params)}`));
    } else if (k.value.kind === 'scalar' && typeof k.value.value === 'string') {
      kinds[k.key] = k.value.value as ParamKind;
    }
  }
  return kinds;
}

/**
 * `returns:` as a text, or as a list of `{when: {PARAM: VALUE}, text}` (the schema checked the
 * shape): `when` names parameters of the tool; at most one entry without `when` (the default);
 * none is a warning, since a call that matches no entry then returns empty text.
 */
function customReturns(
  cursor: ScenarioCursor,
  tool: string,
  node: PNode | undefined,
  params: readonly string[],
  toolAt: number,
): Pick<CustomTool, 'returns' | 'returnCases'> {
  if (node === undefined) return { returns: '' };
  if (node.kind !== 'seq') return { returns: scalarText(node) };
  const cases: ReturnCase[] = [];
  let fallback: string | undefined;
  node.items.forEach((item, i) => {
    if (item.kind !== 'map' || cursor.tainted.has(item)) return;
    const textNode = cursor.entry(item, 'text')?.value;
    const text = textNode === undefined ? '' : scalarText(textNode);
    const whenNode = cursor.entry(item, 'when')?.value;
    if (whenNode === undefined) {
      if (fallback !== undefined)
        cursor.report(item.span.start, at(['tools', tool, 'returns', i], 'a second entry without when: (only one default)'));
      fallback = text;
      return;
    }
    if (whenNode.kind !== 'map') return;
    const when = Object.create(null) as Record<string, Value>;
    for (const w of whenNode.entries) {
      if (!params.includes(w.key)) {
        cursor.report(
          w.keySpan.start,
          at(['tools', tool, 'returns', i, 'when', w.key], `'${w.key}' is not a parameter of ${tool}${hint(w.key, params)}`),
        );
        continue;
      }
      const v = valueFromYaml(w.value, ['tools', tool, 'returns', i, 'when', w.key], cursor.report);
      if (v !== undefined) when[w.key] = v;
    }
    cases.push({ when, text });
  });
  if (fallback === undefined) {
    cursor.warn(
      toolAt,
      at(['tools', tool, 'returns'], 'no entry without when: (the default): a call that matches no entry returns empty text'),
    );
  }
  return { returns: fallback ?? '', returnCases: cases };
}

/**
 * `defaults:` of a custom tool: the parameters a call may leave out, and the values they then
 * take. A default for an undeclared parameter is a mistake.
 */
function customDefaults(cursor: ScenarioCursor, tool: string, def: PMap, params: readonly string[]): Record<string, Value> | undefined {
  const node = cursor.entry(def, 'defaults')?.value;
  if (node === undefined || node.kind !== 'map' || cursor.failed.has(node)) return undefined;
  const defaults = Object.create(null) as Record<string, Value>;
  for (const d of node.entries) {
    if (!params.includes(d.key)) {
      cursor.report(
        d.keySpan.start,
        at(['tools', tool, 'defaults', d.key], `'${d.key}' is not a parameter of ${tool}${hint(d.key, params)}`),
      );
      continue;
    }
    if (cursor.tainted.has(d.value)) continue;
    const v = valueFromYaml(d.value, ['tools', tool, 'defaults', d.key], cursor.report);
    if (v !== undefined) defaults[d.key] = v;
  }
  return defaults;
}

function reservedName(what: 'tool' | 'parameter', name: string): string {
  return `'${name}' cannot be a ${what} name: it is a member of every JavaScript object, which this tool reserves; choose another name`;
}
