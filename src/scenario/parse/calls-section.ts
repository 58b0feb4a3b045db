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

/** Who may make a call (model/agents.ts): the scenario's agent names and the default one, if any. */
export interface CallAgents {
  readonly names: readonly string[];
  /** The agent of a call without `agent:`; undefined when several agents are leaves; null: not known (the topology has a problem). */
  readonly fallback: string | undefined | null;
  /** The agents nobody delegates to. */
  readonly leaves: readonly string[];
}

export function readCalls(cursor: ScenarioCursor, table: ScenarioToolTable, agents?: CallAgents): ScenarioCall[] | undefined {
  const node = cursor.entry(cursor.root, 'calls')?.value;
  // A call list refused as a whole (too many calls) is not looked into: one message is enough.
  if (node?.kind !== 'seq' || cursor.failed.has(node)) return undefined;
  const calls: ScenarioCall[] = [];
  let ok = true;
  node.items.forEach((item, i) => {
    const call = item.kind === 'map' && !cursor.failed.has(item) ? readCall(cursor, table, item, i, agents) : undefined;
    if (call === undefined) ok = false;
    else calls.push(call);
  });
  return ok ? calls : undefined;
}

function readCall(
  cursor: ScenarioCursor,
  table: ScenarioToolTable,
  callNode: PMap,
  index: number,
  agents: CallAgents | undefined,
): ScenarioCall | undefined {
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
  const agent = readCallAgent(cursor, callNode, index, agents);
  if (agent === false) ok = false;
  const expectNode = cursor.entry(callNode, 'expect')?.value;
  const expect = expectNode && scalarText(expectNode) === 'deny' ? 'deny' : 'allow';
  if (!ok || cursor.tainted.has(callNode)) return undefined;
  // The call as its integration passes it on: bound with the defaults under the guard, as sent
  // over MCP (world/binding.ts); checked against the signature above either way.
  const def = table.definition(tool);
  return {
    tool,
    args: callArgs(sig, def, args),
    expect,
    source: cursor.pos(callNode.span.start),
    ...(typeof agent === 'string' && { agent }),
  };
}

/** `agent:` of a call: its name, undefined when absent and a default exists, false after a problem. */
function readCallAgent(cursor: ScenarioCursor, callNode: PMap, index: number, agents: CallAgents | undefined): string | undefined | false {
  if (agents === undefined) return undefined; // the agents could not be read: reported there
  const node = cursor.entry(callNode, 'agent')?.value;
  if (node === undefined) {
    if (agents.fallback !== undefined) return agents.fallback === null ? false : undefined;
    cursor.report(
      callNode.span.start,
      at(
        ['calls', index],
        `several agents delegate to nobody (${agents.leaves.join(', ')}): say which one makes this call with agent: NAME`,
      ),
    );
    return false;
  }
  if (cursor.tainted.has(node)) return false;
  const name = scalarText(node);
  if (!agents.names.includes(name)) {
    cursor.report(
      node.span.start,
      at(
        ['calls', index, 'agent'],
        `unknown agent '${name}'${hint(name, agents.names)}: the scenario's agents are ${agents.names.join(', ')}`,
      ),
    );
    return false;
  }
  return name;
}
