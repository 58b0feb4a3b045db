/**
 * The mutants of one task_scoped warrant (docs/analyses.md): its grants loosened one step at a time.
 * Three sources of mutants, in this order (deterministic: grant order, then parameters sorted as
 * the warrant sorts them):
 *   1. every constraint of every granted tool, by its kind's operators (loosenings.ts);
 *   2. `_allow_unknown_set`: a closed-world tool set opened to arguments it does not name;
 *   3. `tool_granted`: a tool of the broad warrant (p's root) that the scenario does not grant,
 *      granted with the root's own constraints (what a careless "add the tool" edit would do).
 * A mutant is only a candidate: the builder may refuse it (wider than p's root), which outcomes.ts
 * counts as skipped.
 */
import { signedArgsOf } from '../../world/claude-hook.js';
import { compareUtf8 } from '../../lib/bytes.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../../warrant/constraints/types.js';
import type { Value } from '../../warrant/constraint-value.js';
import type { Scenario } from '../../model/scenario.js';
import { loosenings } from './loosenings.js';

export interface WarrantMutant {
  /** The tool whose grant changed: only its calls can be decided differently. */
  readonly tool: string;
  /** The parameter whose constraint changed; null for a change to the tool's grant as a whole. */
  readonly param: string | null;
  readonly mutation: string;
  readonly grants: ToolGrants;
}

/** Bounds the mutants of one warrant (a generated warrant with hundreds of constraints). */
export const MAX_MUTANTS_PER_WARRANT = 256;

function withSet(grants: ToolGrants, tool: string, set: ConstraintSet): ToolGrants {
  return { ...grants, [tool]: set };
}

function withConstraint(grants: ToolGrants, tool: string, param: string, c: Constraint): ToolGrants {
  const set = grants[tool]!;
  return withSet(grants, tool, { ...set, constraints: { ...set.constraints, [param]: c } });
}

/**
 * `root`: p's root warrant's tools (the broad grant). `sentinel(tool, param)`: a value no call
 * passes, for list entries no call offers (derived from the run's seed by the caller).
 */
export function enumerateMutants(scenario: Scenario, root: ToolGrants, sentinel: (tool: string, param: string) => string): WarrantMutant[] {
  const grants = scenario.warrant;
  const out: WarrantMutant[] = [];
  for (const tool of Object.keys(grants)) {
    const set = grants[tool]!;
    const values = (param: string): Value[] =>
      scenario.calls
        .filter((c) => c.tool === tool)
        .map((c) => signedArgsOf(scenario.tools, c))
        .filter((a) => Object.prototype.hasOwnProperty.call(a, param))
        .map((a) => a[param]!);
    for (const param of Object.keys(set.constraints).sort(compareUtf8)) {
      const ctx = { values: values(param), parent: root[tool]?.constraints[param], sentinel: () => sentinel(tool, param) };
      for (const l of loosenings(set.constraints[param]!, ctx)) {
        out.push({ tool, param, mutation: l.mutation, grants: withConstraint(grants, tool, param, l.constraint) });
      }
    }
  }
  for (const tool of Object.keys(grants)) {
    const set = grants[tool]!;
    // An empty set is open already (reference `ConstraintSet::matches`): nothing to open.
    if (Object.keys(set.constraints).length > 0 && !set.allowUnknown) {
      out.push({ tool, param: null, mutation: 'allow_unknown_set', grants: withSet(grants, tool, { ...set, allowUnknown: true }) });
    }
  }
  for (const tool of Object.keys(root)) {
    if (Object.prototype.hasOwnProperty.call(grants, tool)) continue;
    out.push({ tool, param: null, mutation: 'tool_granted', grants: withSet(grants, tool, root[tool]!) });
  }
  return out.slice(0, MAX_MUTANTS_PER_WARRANT);
}
