/**
 * `calls:`: the calls the agents make, each checked against its tool's signature (known tool, known
 * parameters, required ones given) and bound as its integration passes it on (world/binding.ts),
 * and between them the delegation-level steps (steps-section.ts, docs/scenarios.md#delegation-steps).
 */
import type { ScenarioCall } from '../../model/scenario.js';
import type { ScenarioStep } from '../../model/steps.js';
import type { PMap } from '../../lib/yaml-tree.js';
import { at } from '../key-path.js';
import { hint } from '../suggest.js';
import { readCall } from './call-entry.js';
import { scalarText, type ScenarioCursor } from './cursor.js';
import { isStepItem, readStep, StepAgents } from './steps-section.js';
import type { ScenarioToolTable } from './tool-table.js';

/** Who may make a call (model/agents.ts): the scenario's agent names and the default one, if any. */
export interface CallAgents {
  readonly names: readonly string[];
  /** The agent of a call without `agent:`; undefined when several agents are leaves; null: not known (the topology has a problem). */
  readonly fallback: string | undefined | null;
  /** The agents nobody delegates to. */
  readonly leaves: readonly string[];
}

/** The `calls:` list read: its ordinary calls, and its steps (each knowing how many calls precede it). */
export interface CallsRead {
  readonly calls: ScenarioCall[];
  readonly steps: ScenarioStep[];
}

export function readCalls(cursor: ScenarioCursor, table: ScenarioToolTable, agents?: CallAgents): CallsRead | undefined {
  const node = cursor.entry(cursor.root, 'calls')?.value;
  // A call list refused as a whole (too many calls) is not looked into: one message is enough.
  if (node?.kind !== 'seq' || cursor.failed.has(node)) return undefined;
  const calls: ScenarioCall[] = [];
  const steps: ScenarioStep[] = [];
  // The agents that exist at each point of the list: the scenario's, then those steps make.
  const known = new StepAgents(agents);
  let ok = true;
  node.items.forEach((item, i) => {
    if (item.kind !== 'map' || cursor.failed.has(item)) {
      ok = false;
      return;
    }
    if (isStepItem(item)) {
      const step = readStep(cursor, table, item, i, calls, known);
      if (step === undefined) ok = false;
      else steps.push(step);
      return;
    }
    const call = readCall(cursor, table, item, i);
    const agent = readCallAgent(cursor, item, i, agents, known);
    if (call === undefined || agent === false) ok = false;
    else calls.push(typeof agent === 'string' ? { ...call, agent } : call);
  });
  return ok ? { calls, steps } : undefined;
}

/** `agent:` of a call: its name, undefined when absent and a default exists, false after a problem. */
function readCallAgent(
  cursor: ScenarioCursor,
  callNode: PMap,
  index: number,
  agents: CallAgents | undefined,
  known: StepAgents,
): string | undefined | false {
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
  if (!known.has(name)) {
    cursor.report(
      node.span.start,
      at(
        ['calls', index, 'agent'],
        `unknown agent '${name}'${hint(name, known.list())}: the scenario's agents are ${known.list().join(', ')}${known.list().length > agents.names.length ? ' (with those the steps before it make)' : ''}`,
      ),
    );
    return false;
  }
  return name;
}
