/**
 * Policy coverage (issue 10, "coverage"): for every grant of the task_scoped warrant and every
 * constraint in it, the legitimate calls it allowed and the scripted attacks it denied, with what
 * its mutants showed.
 *
 * A constraint "denied" an attack call when the call's argument fails it (or is missing), whatever
 * the authorizer happened to report first: the question is whether the attack exercises this
 * constraint, not which check the reference runs first. A constraint is:
 * - `unconstrained`: a wildcard (nothing to test);
 * - `untested`: it denied no scripted attack and none of its mutants was killed — loosening it
 *   would go unnoticed by the suite (the `write_file` Subpaths of the seed scenarios);
 * - `tested`: otherwise.
 * The grant row (param null) covers the tool as a whole: its calls, and the `allow_unknown_set`
 * mutant; a grant without constraints is open to any arguments (reference `ConstraintSet::matches`)
 * and so `unconstrained`.
 */
import { signedArgsOf } from '../../world/claude-hook.js';
import { describeConstraint } from '../../warrant/constraints/format.js';
import { constraintOutcome } from '../../warrant/constraints/satisfy.js';
import { formatSource } from '../../model/errors.js';
import type { CoverageEntry } from '../../results/policy.js';
import type { Trial } from '../../results/results.js';
import type { Scenario } from '../../model/scenario.js';
import { compareUtf8 } from '../../lib/bytes.js';
import type { MutantOutcome } from './outcomes.js';

export type { CoverageEntry, CoverageStatus } from '../../results/policy.js';

function has(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

export function policyCoverage(scenario: Scenario, trial: Trial, outcomes: readonly MutantOutcome[]): CoverageEntry[] {
  const out: CoverageEntry[] = [];
  const source = (tool: string): string => formatSource(scenario.grantSources?.[tool] ?? scenario.warrantSource ?? scenario.source);
  const count = (tool: string, param: string | null, status: 'killed' | 'survived'): number =>
    outcomes.filter((o) => o.tool === tool && o.param === param && o.status === status).length;
  for (const [tool, set] of Object.entries(scenario.warrant)) {
    const calls = scenario.calls.map((c, i) => ({ c, i, t: trial.calls[i]! })).filter(({ c }) => c.tool === tool);
    const allowed = calls.filter(({ c, t }) => c.expect === 'allow' && t.authorized).map(({ i }) => i + 1);
    const attacks = calls.filter(({ c }) => c.expect === 'deny');
    const params = Object.keys(set.constraints).sort(compareUtf8);
    const grantDenied = attacks.filter(({ t }) => !t.authorized).map(({ i }) => i + 1);
    const grantKilled = count(tool, null, 'killed');
    out.push({
      scenario: scenario.name,
      tool,
      param: null,
      constraint: params.length === 0 ? '{} (any arguments)' : `{${params.join(', ')}}${set.allowUnknown ? ' + unknown arguments' : ''}`,
      allowed_calls: allowed,
      denied_calls: grantDenied,
      mutants_killed: grantKilled,
      mutants_survived: count(tool, null, 'survived'),
      status: params.length === 0 ? 'unconstrained' : grantDenied.length > 0 || grantKilled > 0 ? 'tested' : 'untested',
      source: source(tool),
    });
    for (const param of params) {
      const c = set.constraints[param]!;
      const denied = attacks
        .map(({ c: call, i }) => ({ args: signedArgsOf(scenario.tools, call), i }))
        .filter(({ args }) => !has(args, param) || constraintOutcome(c, args[param]!) !== 'allowed')
        .map(({ i }) => i + 1);
      const killed = count(tool, param, 'killed');
      out.push({
        scenario: scenario.name,
        tool,
        param,
        constraint: describeConstraint(c),
        allowed_calls: allowed,
        denied_calls: denied,
        mutants_killed: killed,
        mutants_survived: count(tool, param, 'survived'),
        status: c.type === 'wildcard' ? 'unconstrained' : denied.length > 0 || killed > 0 ? 'tested' : 'untested',
        source: source(tool),
      });
    }
  }
  return out;
}
