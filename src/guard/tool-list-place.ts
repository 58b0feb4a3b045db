/**
 * A widening whose cause is a tool list (`tools: {from: PATH}`, an MCP `tools/list` result): the
 * grant's rule is written as at the base, but the tool list the scenario reads changed (a new
 * parameter the rule does not constrain, which the grant then allows with any value). The change
 * is the tool list's, so the widening is placed there, at its first line the base's list does not
 * have, and the fix says where the parameter can be constrained: a tool list declares parameters,
 * not what they may be (docs/guard.md#where-the-change-is).
 */
import { resolve } from 'node:path';
import type { Scenario } from '../model/scenario.js';
import type { Widening } from '../results/baseline-comparison.js';
import type { BaseScenario } from './base-read.js';
import { headText } from './head-file.js';
import { ruleOf, ruleUnchanged } from './rule-place.js';

export interface ToolListContext {
  /** Where the scenario files are named from. */
  readonly cwd: string;
  /** The repository: the head's file is read from inside it only. */
  readonly top: string;
}

/** `FILE:LINE:COL` of the first line of `now` that `before` does not have, or undefined when every line is the base's. */
function firstNewLine(path: string, before: string, now: string): string | undefined {
  const old = new Set(before.split(/\r\n|\r|\n/).map((l) => l.trim()));
  const lines = now.split(/\r\n|\r|\n/);
  const at = lines.findIndex((l) => l.trim() !== '' && !old.has(l.trim()));
  if (at < 0) return undefined;
  const text = lines[at]!;
  return `${path}:${at + 1}:${text.length - text.trimStart().length + 1}`;
}

/** The widenings of `b` (its grant compared with `head`'s), those a changed tool list explains placed in that list. */
export function atToolList(widenings: readonly Widening[], baseRead: BaseScenario, head: Scenario, context: ToolListContext): Widening[] {
  const from = baseRead.scenario.toolsFrom;
  const read = from === undefined ? undefined : baseRead.reads.find((r) => r.from === from);
  if (from === undefined || read === undefined || head.toolsFrom !== from) return [...widenings];
  const now = headText(from, resolve(context.cwd, baseRead.scenario.file), context.top);
  const source = now === undefined || now === read.text ? undefined : firstNewLine(read.path, read.text, now);
  if (source === undefined) return [...widenings];
  return widenings.map((w) => {
    if (w.tool === '' || !ruleUnchanged(baseRead.scenario, head, w.tool)) return w;
    const rule = ruleOf(head, w.tool)!;
    const what = w.param === null ? w.tool : `${w.tool}.${w.param}`;
    return {
      ...w,
      source,
      fix:
        `${read.path} is a tool list: it declares ${w.tool}'s parameters, not what they may be, and the rule that grants ${w.tool} ` +
        `(${rule.file}:${rule.line}) is unchanged. Constrain ${what} in that rule (tenuo.yaml's mcp.enforce: {${w.tool}: {args: {…}}}), ` +
        `or leave the parameter out of the list`,
    };
  });
}
