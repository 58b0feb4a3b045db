/**
 * What the environment must load before a run (on every thread that runs scenarios): the shell
 * parser costs ~350 ms to start, so it is loaded only when some scenario can reach it.
 */
import type { Constraint } from '../warrant/constraints/types.js';
import type { Scenario } from '../model/scenario.js';
import { loadShellParser } from './shell.js';
import { writtenGrants } from '../model/agents.js';

function hasShlex(c: Constraint): boolean {
  if (c.type === 'shlex') return true;
  if (c.type === 'all' || c.type === 'any') return c.constraints.some(hasShlex);
  return c.type === 'not' && hasShlex(c.constraint);
}

/** True when a scenario calls run_command, has a `shell` parameter, or grants a Shlex constraint. */
export function needsShellParser(scenarios: readonly Scenario[]): boolean {
  return scenarios.some(
    (s) =>
      s.calls.some((c) => c.tool === 'run_command') ||
      Object.values(s.tools).some((t) => Object.values(t.kinds ?? {}).includes('shell')) ||
      writtenGrants(s).some(
        (grants) =>
          Object.hasOwn(grants, 'run_command') || Object.values(grants).some((set) => Object.values(set.constraints).some(hasShlex)),
      ),
  );
}

/** Loads what the scenarios need; idempotent, cheap when nothing is needed. */
export async function prepareEnvironment(scenarios: readonly Scenario[]): Promise<void> {
  if (needsShellParser(scenarios)) await loadShellParser();
}
