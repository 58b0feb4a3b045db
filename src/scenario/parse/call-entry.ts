/**
 * One entry of `calls:` read as a tool call: its tool, its arguments checked against the tool's
 * signature (known tool, known parameters, required ones given) and bound as its integration passes
 * it on (world/binding.ts), its label and place. Ordinary calls and the call-making steps
 * (steps-section.ts) both read their call here.
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

/** A replayed call's defaults: its tool, and its arguments when the step gives neither. */
export interface CallDefaults {
  readonly tool: string;
  readonly args: Readonly<Record<string, Value>>;
}

/**
 * One call: its tool, arguments bound to the tool's signature, label and place. `defaults`: a
 * replay's (its tool when none is written, and its arguments when neither is).
 */
export function readCall(
  cursor: ScenarioCursor,
  table: ScenarioToolTable,
  callNode: PMap,
  index: number,
  defaults?: CallDefaults,
): ScenarioCall | undefined {
  const toolEntry = cursor.entry(callNode, 'tool');
  if (toolEntry === undefined && defaults === undefined) {
    // A misspelled `tool` was reported by the schema already: one message per mistake.
    if (!cursor.tainted.has(callNode))
      cursor.report(
        callNode.span.start,
        at(['calls', index], 'a call names its tool (`tool:`), unless it is a `delegate` or `replay` step'),
      );
    return undefined;
  }
  if (toolEntry !== undefined && cursor.tainted.has(toolEntry.value)) return undefined;
  const tool = toolEntry !== undefined ? scalarText(toolEntry.value) : defaults!.tool;
  const sig = table.signature(tool);
  if (sig === undefined) {
    if (!table.fromFailed) cursor.report((toolEntry?.value ?? callNode).span.start, at(['calls', index, 'tool'], table.unknownTool(tool)));
    return undefined;
  }
  const argsNode = cursor.entry(callNode, 'args')?.value;
  const expectNode = cursor.entry(callNode, 'expect')?.value;
  const expect = expectNode && scalarText(expectNode) === 'deny' ? 'deny' : 'allow';
  // A replay that names neither tool nor arguments presents the replayed call's own.
  if (defaults !== undefined && toolEntry === undefined && argsNode === undefined) {
    return { tool, args: defaults.args, expect, source: cursor.pos(callNode.span.start) };
  }
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
  if (!ok || cursor.tainted.has(callNode)) return undefined;
  // The call as its integration passes it on: bound with the defaults under the guard, as sent
  // over MCP (world/binding.ts); checked against the signature above either way.
  const def = table.definition(tool);
  return { tool, args: callArgs(sig, def, args), expect, source: cursor.pos(callNode.span.start) };
}
