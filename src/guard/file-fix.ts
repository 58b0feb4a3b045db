/**
 * The way back from a widening, written in the syntax of the file the grant lives in
 * (docs/guard.md#where-the-change-is): a scenario's own constraint YAML is no help to a team whose
 * grant is a `tenuo.yaml` rule or a signed token.
 *
 * - `tenuo.yaml`: the base's rule as it was written (or the rule to remove, when the base did not
 *   grant the tool); a WebFetch web policy (`domains:`) also gets the `urlpattern:` rule that
 *   narrows it to what the task fetches, when one constraint string can say it;
 * - a token: it is signed and cannot be edited; what can: a token re-minted with the base's
 *   constraints, or the grant written in the scenario.
 */
import type { Scenario } from '../model/scenario.js';
import { grantYaml } from '../scenario/constraint-to-yaml.js';
import { constraintOutcome } from '../warrant/constraints/satisfy.js';
import type { Constraint } from '../warrant/constraints/types.js';
import type { Value } from '../warrant/constraint-value.js';
import { HOST_PARAM } from '../world/claude-hook.js';
import { ruleOf, ruleUnchanged } from './rule-place.js';
import { describeSet } from './grant-text.js';

/** What a fix is computed from: the widened tool and parameter, and the call that proves it. */
export interface FixSubject {
  readonly tool: string;
  readonly param: string | null;
  readonly counterexample: { readonly tool: string; readonly args: Readonly<Record<string, unknown>> } | null;
}

/** Hosts a `urlpattern:` hint names at most (one rule holds one constraint string). */
const MAX_HOSTS_SHOWN = 5;

/** The fix in the syntax of the file `head` read `tool`'s grant from, or undefined when it is written in the scenario. */
export function fileFix(base: Scenario, head: Scenario, subject: FixSubject): string | undefined {
  const rule = ruleOf(head, subject.tool);
  if (rule === undefined) return undefined;
  const baseSet = Object.prototype.hasOwnProperty.call(base.warrant, subject.tool) ? base.warrant[subject.tool] : undefined;
  if (rule.syntax === 'token') {
    return (
      `${rule.file} is a signed Tenuo token: it cannot be edited. What can narrow it: a token re-minted ` +
      (baseSet === undefined
        ? `without ${subject.tool} (the base did not grant it)`
        : `with ${subject.tool} as the base's grant has it (${describeSet(baseSet)})`) +
      `, or the grant written in the scenario in place of warrant: {from: …}` +
      (baseSet === undefined ? '' : `, as warrant: {${grantYaml(subject.tool, baseSet)}}`)
    );
  }
  const before = ruleOf(base, subject.tool);
  // A rule written as the base's is no way back: the change is elsewhere (a tool list, `sandbox:`).
  if (ruleUnchanged(base, head, subject.tool)) return undefined;
  const back =
    before?.syntax === 'claude_code_policy' && before.lines.length > 0
      ? `in ${rule.file}, write the rule as the base has it (${before.file}:${before.line}):\n${before.lines.map(quoted).join('\n')}`
      : baseSet === undefined
        ? `in ${rule.file}, remove ${subject.tool}'s rule at line ${rule.line}${rule.lines.length > 0 ? ` (${rule.lines[0]!.trim()})` : ''}: the base did not grant it`
        : undefined;
  const hint = subject.tool === 'WebFetch' && subject.param === HOST_PARAM ? urlPatternHint(head, subject) : undefined;
  const parts = [back, hint].filter((p): p is string => p !== undefined);
  return parts.length === 0 ? undefined : parts.join('\n');
}

/**
 * A `domains:` web policy lets WebFetch reach every path of a listed host (and `*.` every
 * subdomain); `tenuo.yaml` narrows WebFetch to the URLs the task fetches with one `urlpattern:`
 * constraint string in its place. Offered only when one pattern allows every legitimate fetch of
 * the scenario and denies the counterexample, both decided by the evaluator.
 */
function urlPatternHint(head: Scenario, subject: FixSubject): string | undefined {
  const urls = head.calls.filter((c) => c.tool === 'WebFetch' && c.expect === 'allow').flatMap((c) => textArg(c.args.url));
  const patterns = [...new Set(urls.flatMap((u) => originPattern(u)))];
  if (patterns.length === 0) return undefined;
  const domains = 'domains: lets WebFetch reach every path of a listed host (and a *. entry every subdomain)';
  if (patterns.length > 1) {
    const shown = patterns.slice(0, MAX_HOSTS_SHOWN).join(', ');
    return `${domains}; a tenuo.yaml rule holds one constraint string, so one urlpattern: cannot name the ${patterns.length} sites the task fetches (${shown}): keep domains: to exactly their hosts`;
  }
  const pattern: Constraint = { type: 'url_pattern', pattern: patterns[0]! };
  const attack = subject.counterexample?.tool === 'WebFetch' ? textArg(subject.counterexample.args.url as Value) : [];
  const allows = (v: string): boolean => constraintOutcome(pattern, v) === 'allowed';
  if (!urls.every(allows) || attack.some(allows)) return undefined;
  return (
    `${domains}; tenuo.yaml narrows it to what the task fetches with a urlpattern: constraint string in place of the web policy ` +
    `(the guard cannot relate the two kinds, so a reviewer approves that change once):\n${quoted(`WebFetch: "urlpattern:${patterns[0]!}"`)}`
  );
}

/** A line of the file, quoted in a fix: indented by two spaces (the report shows it as code, without them). */
function quoted(line: string): string {
  return `  ${line}`;
}

function textArg(v: Value | undefined): string[] {
  return typeof v === 'string' ? [v] : [];
}

/** `scheme://host/*` of a URL the task fetches, or nothing when it does not parse. */
function originPattern(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const u = new URL(url);
  return u.host === '' ? [] : [`${u.protocol}//${u.host}/*`];
}
