/**
 * Least-privilege slack (docs/analyses.md, "slack"): what the task_scoped warrant grants beyond what the
 * scenario's legitimate calls (marked `expect: allow`, and allowed in the task_scoped trial) use.
 * - `unused_tool`: a granted tool no call marked `expect: allow` uses; the suggestion is to drop it.
 * - `wider_than_needed`: a constraint of a used tool wider than its calls need, with the tightest
 *   constraint of the same kind (tighten.ts); `suggested` is null for kinds with no such rule
 *   (CEL, regex, …), so that a reader knows to look at them by hand.
 * Each finding carries the tightened grants (`apply`), so that a test can replay it: the task
 * still succeeds and no call marked `expect: deny` becomes allowed.
 */
import { signedArgsOf } from '../../world/claude-hook.js';
import { compareUtf8 } from '../../lib/bytes.js';
import { describeConstraint } from '../../warrant/constraints/format.js';
import type { ToolGrants } from '../../warrant/constraints/types.js';
import type { Value } from '../../warrant/constraint-value.js';
import { formatSource } from '../../model/errors.js';
import type { SlackEntry } from '../../results/policy.js';
import type { Trial } from '../../results/results.js';
import type { Scenario } from '../../model/scenario.js';
import { knownDirectories, tightest } from './tighten.js';
import { grantYaml } from '../../scenario/constraint-to-yaml.js';

export type { SlackEntry } from '../../results/policy.js';

export interface SlackFinding {
  readonly entry: SlackEntry;
  /** The warrant with this one suggestion applied; null when nothing is suggested. */
  readonly apply: ToolGrants | null;
}

function stringsIn(v: Value, out: string[], depth = 0): void {
  if (depth > 8) return;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => stringsIn(x, out, depth + 1));
}

export function slackFindings(scenario: Scenario, trial: Trial): SlackFinding[] {
  const out: SlackFinding[] = [];
  const grants = scenario.warrant;
  const legit = scenario.calls.filter((c, i) => c.expect === 'allow' && trial.calls[i]?.authorized === true);
  const mentioned: string[] = Object.keys(scenario.environment.files);
  for (const c of scenario.calls) for (const v of Object.values(c.args)) stringsIn(v, mentioned);
  const dirs = knownDirectories(mentioned);
  const source = (tool: string): string => formatSource(scenario.grantSources?.[tool] ?? scenario.warrantSource ?? scenario.source);
  for (const [tool, set] of Object.entries(grants)) {
    const calls = legit.filter((c) => c.tool === tool);
    // Unused: no call marked `expect: allow` names the tool at all (a denied one still needs it).
    if (!scenario.calls.some((c) => c.tool === tool && c.expect === 'allow')) {
      const { [tool]: _dropped, ...rest } = grants;
      out.push({
        entry: {
          scenario: scenario.name,
          tool,
          param: null,
          kind: 'unused_tool',
          granted: grantYaml(tool, set),
          suggested: null,
          suggestion: '',
          source: source(tool),
        },
        apply: rest,
      });
      continue;
    }
    if (calls.length === 0) continue;
    for (const param of Object.keys(set.constraints).sort(compareUtf8)) {
      const c = set.constraints[param]!;
      const signed = calls.map((x) => signedArgsOf(scenario.tools, x));
      const values = signed.filter((a) => Object.prototype.hasOwnProperty.call(a, param)).map((a) => a[param]!);
      if (values.length < calls.length) continue; // a call without it was denied already; nothing to learn
      const t = tightest(c, values, dirs);
      if (t === undefined) continue;
      const apply: ToolGrants | null =
        t === null ? null : { ...grants, [tool]: { ...set, constraints: { ...set.constraints, [param]: t } } };
      out.push({
        entry: {
          scenario: scenario.name,
          tool,
          param,
          kind: 'wider_than_needed',
          granted: describeConstraint(c),
          suggested: t === null ? null : describeConstraint(t),
          suggestion: apply === null ? null : grantYaml(tool, apply[tool]!),
          source: source(tool),
        },
        apply,
      });
    }
  }
  return out;
}
