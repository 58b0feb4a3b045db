/**
 * `calls:`: the calls the agent makes, each checked against its tool's signature (known tool, known
 * parameters, required ones given) and bound as its integration passes it on (world/binding.ts).
 */
import type { ScenarioCall } from '../../model/scenario.js';
import type { Value } from '../../warrant/constraint-value.js';
import { callArgs } from '../../world/binding.js';
import { at } from '../key-path.js';
import { hint } from '../suggest.js';
import type { PMap } from '../../lib/yaml-tree.js';
import { valueFromYaml } from '../value-yaml.js';
import { scalarText, type ScenarioCursor } from './cursor.js';
import { paramsList, type ScenarioToolTable } from './tool-table.js';

export function readCalls(cursor: ScenarioCursor, table: ScenarioToolTable): ScenarioCall[] | undefined {
  const node = cursor.entry(cursor.root, 'calls')?.value;
  // A call list refused as a whole (too many calls) is not looked into: one message is enough.
  if (node?.kind !== 'seq' || cursor.failed.has(node)) return undefined;
  const calls: ScenarioCall[] = [];
  let ok = true;
  node.items.forEach((item, i) => {
    const call = item.kind === 'map' && !cursor.failed.has(item) ? readCall(cursor, table, item, i) : undefined;
    if (call === undefined) ok = false;
    else calls.push(call);
  });
  return ok ? calls : undefined;
}

function readCall(cursor: ScenarioCursor, table: ScenarioToolTable, callNode: PMap, index: number): ScenarioCall | undefined {
  const toolEntry = cursor.entry(callNode, 'tool')!;
  if (cursor.tainted.has(toolEntry.value)) return undefined;
  const tool = scalarText(toolEntry.value);
  const sig = table.signature(tool);
  if (sig === undefined) {
    if (!table.fromFailed) cursor.report(toolEntry.value.span.start, at(['calls', index, 'tool'], table.unknownTool(tool)));
    return undefined;
  }
  const argsNode = cursor.entry(callNode, 'args')?.value;
  const args = Object.create(null) as Record<string, Value>;
  let ok = true;
  if (argsNode !== undefined && cursor.failed.has(argsNode)) return undefined;
  const given = argsNode?.kind === 'map' ? argsNode.entries : [];
  for (const e of given) {
    if (!sig.params.includes(e.key)) {
      cursor.report(
        e.keySpan.start,
        at(['calls', index, 'args'], `unknown parameter '${e.key}' of ${tool}${hint(e.key, sig.params)}${paramsList(tool, sig)}`),
      );
      ok = false;
      continue;
    }
    const v = cursor.tainted.has(e.value) ? undefined : valueFromYaml(e.value, ['calls', index, 'args', e.key], cursor.report);
    if (v === undefined) ok = false;
    else args[e.key] = v;
  }
  for (const r of sig.required) {
    if (!given.some((e) => e.key === r)) {
      // Only a tool written under tools: here can be given a default here.
      const optional = table.declaredInline(tool) ? ` (or give it a default under tools: ${tool}: defaults:)` : '';
      cursor.report((argsNode ?? callNode).span.start, at(['calls', index, 'args'], `missing parameter '${r}' of ${tool}${optional}`));
      ok = false;
    }
  }
  const expectNode = cursor.entry(callNode, 'expect')?.value;
  const expect = expectNode && scalarText(expectNode) === 'deny' ? 'deny' : 'allow';
  if (!ok || cursor.tainted.has(callNode)) return undefined;
  // The call as its integration passes it on: bound with the defaults under the guard, as sent
  // over MCP (world/binding.ts); checked against the signature above either way.
  const def = table.definition(tool);
  return { tool, args: callArgs(sig, def, args), expect, source: cursor.pos(callNode.span.start) };
}
