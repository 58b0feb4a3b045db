/**
 * `judge:`: the task and attack expressions, CEL over the run's effects. Each must compile (a syntax
 * error is placed at its character inside the expression) and pass the judge check (judge-check.ts:
 * fields and effect types that exist, a bool result).
 */
import { celCompileError } from '../../cel/index.js';
import type { Scenario } from '../../model/scenario.js';
import { celProblem } from '../constraint-from-yaml.js';
import { checkJudge } from '../judge-check.js';
import { at } from '../key-path.js';
import { scalarCharOffset } from '../scalar-offset.js';
import { scalarText, type ScenarioCursor } from './cursor.js';

/** Variables the judge's expressions may use. */
export const JUDGE_CEL_VARIABLES = ['effects', 'final'] as const;

export function readJudge(cursor: ScenarioCursor): Scenario['judge'] | undefined {
  const node = cursor.entry(cursor.root, 'judge')?.value;
  if (node?.kind !== 'map' || cursor.failed.has(node)) return undefined;
  const out: Partial<Record<'task' | 'attack', { expr: string; at: number }>> = {};
  let ok = true;
  for (const key of ['task', 'attack'] as const) {
    const v = cursor.entry(node, key)?.value;
    if (v === undefined || cursor.tainted.has(v)) {
      ok = false;
      continue;
    }
    const expr = scalarText(v);
    const problem = celProblem(expr, JUDGE_CEL_VARIABLES);
    if (problem !== undefined) {
      // A syntax error is placed at its character inside the judge (the message has line:column within it too).
      const offset = celCompileError(expr)?.offset;
      const where =
        offset === undefined || expr.length === 0
          ? v.span.start
          : offset < expr.length
            ? scalarCharOffset(cursor.text, v.span, expr, offset)
            : scalarCharOffset(cursor.text, v.span, expr, expr.length - 1) + 1;
      cursor.report(where, at(['judge', key], `invalid CEL expression: ${problem}`));
      ok = false;
    } else {
      // Fields and effect types the effects do not have, a result that is not a bool.
      for (const p of checkJudge(expr)) {
        cursor.report(scalarCharOffset(cursor.text, v.span, expr, p.at), at(['judge', key], p.message));
        ok = false;
      }
    }
    out[key] = { expr, at: v.span.start };
  }
  if (!ok || cursor.tainted.has(node)) return undefined;
  return {
    task: out.task!.expr,
    attack: out.attack!.expr,
    taskSource: cursor.pos(out.task!.at),
    attackSource: cursor.pos(out.attack!.at),
  };
}
