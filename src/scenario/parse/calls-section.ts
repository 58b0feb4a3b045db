/**
 * `calls:`: the calls the agent makes, each checked against its tool's signature (known tool, known
 * parameters, required ones given) and bound as its integration passes it on (world/binding.ts),
 * and between them the delegation-level steps (steps-section.ts, docs/scenarios.md#delegation-steps).
 */
import type { ScenarioCall } from '../../model/scenario.js';
import type { ScenarioStep } from '../../model/steps.js';
import { readCall } from './call-entry.js';
import type { ScenarioCursor } from './cursor.js';
import { callAgent, isStepItem, readStep, StepAgents } from './steps-section.js';
import type { ScenarioToolTable } from './tool-table.js';

/** The `calls:` list read: its ordinary calls, and its steps (each knowing how many calls precede it). */
export interface CallsRead {
  readonly calls: ScenarioCall[];
  readonly steps: ScenarioStep[];
}

export function readCalls(cursor: ScenarioCursor, table: ScenarioToolTable): CallsRead | undefined {
  const node = cursor.entry(cursor.root, 'calls')?.value;
  // A call list refused as a whole (too many calls) is not looked into: one message is enough.
  if (node?.kind !== 'seq' || cursor.failed.has(node)) return undefined;
  const calls: ScenarioCall[] = [];
  const steps: ScenarioStep[] = [];
  const agents = new StepAgents();
  let ok = true;
  node.items.forEach((item, i) => {
    if (item.kind !== 'map' || cursor.failed.has(item)) {
      ok = false;
      return;
    }
    if (isStepItem(item)) {
      const step = readStep(cursor, table, item, i, calls, agents);
      if (step === undefined) ok = false;
      else steps.push(step);
      return;
    }
    const call = readCall(cursor, table, item, i);
    const agent = callAgent(cursor, item, i, agents);
    if (call === undefined || agent === null) ok = false;
    else calls.push(agent === undefined ? call : { ...call, agent });
  });
  return ok ? { calls, steps } : undefined;
}
