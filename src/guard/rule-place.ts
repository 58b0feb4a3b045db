/**
 * Where a widening is, when the grant was read from a file (`warrant: {from: PATH}`): the file the
 * team deploys, not the scenario that reads it (docs/guard.md#where-the-change-is).
 *
 * - a `tenuo.yaml` rule: the first line of the widened rule in the head's file that the base's rule
 *   does not have (within the parameter's own part when the rule has one: WebFetch's `domains:` for
 *   `host`), else the rule's first line;
 * - a token: one signed encoding, no line of which holds one tool's grant: the file, line 1, and the
 *   finding says so.
 */
import { formatSource } from '../model/errors.js';
import type { GrantRule, Scenario } from '../model/scenario.js';

/** The place of a widening in the file its grant lives in, and what to say when no line can be named. */
export interface RulePlace {
  readonly source: string;
  readonly note?: string;
}

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The rule `scenario` read for `tool` from a file, if its grant came from one. */
export function ruleOf(scenario: Scenario, tool: string): GrantRule | undefined {
  const rules = scenario.grantRules;
  return rules !== undefined && has(rules, tool) ? rules[tool] : undefined;
}

/** Whether the head's rule for `tool` is written as the base's, line for line: the change is not in it. */
export function ruleUnchanged(base: Scenario, head: Scenario, tool: string): boolean {
  const before = ruleOf(base, tool);
  const after = ruleOf(head, tool);
  if (before === undefined || after === undefined || before.syntax !== after.syntax || before.file !== after.file) return false;
  return after.syntax === 'claude_code_policy' && before.lines.join('\n') === after.lines.join('\n');
}

/** What a token finding says about its place: no line of a token holds a grant. */
export function tokenPlaceNote(file: string): string {
  return `${file} is a Tenuo token, one signed encoding: no line of it holds this grant, so the finding is on the file (line 1)`;
}

/**
 * The head's rule's changed line for a widening of `tool` (and `param`), or undefined when the
 * head's grant is written in the scenario (its own position is then the place).
 */
export function widenedRulePlace(base: Scenario, head: Scenario, tool: string, param: string | null): RulePlace | undefined {
  const rule = ruleOf(head, tool);
  if (rule === undefined) return undefined;
  if (rule.syntax === 'token') return { source: `${rule.file}:1:1`, note: tokenPlaceNote(rule.file) };
  if (rule.lines.length === 0) return { source: `${rule.file}:${rule.line}:${rule.col}` };
  const before = ruleOf(base, tool);
  const old = new Set(before?.syntax === 'claude_code_policy' ? before.lines.map((l) => l.trim()) : []);
  const part = param !== null && rule.params !== undefined && has(rule.params, param) ? rule.params[param] : undefined;
  const changed = (first: number, last: number): number | undefined => {
    for (let i = first; i <= last; i++) if (!old.has(rule.lines[i]!.trim())) return i;
    return undefined;
  };
  const at = (part && changed(part.first, part.last)) ?? changed(0, rule.lines.length - 1) ?? part?.first ?? 0;
  if (at === 0) return { source: `${rule.file}:${rule.line}:${rule.col}` };
  const text = rule.lines[at]!;
  return { source: formatSource({ file: rule.file, line: rule.line + at, col: text.length - text.trimStart().length + 1 }) };
}
