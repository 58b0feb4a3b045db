/**
 * `judge:`: the task and attack expressions, CEL over the run's effects, and the optional `damage`
 * (a number: how much the attack did, docs/effects.md#damage). Each must compile (a syntax error is
 * placed at its character inside the expression) and pass the judge check (judge-check.ts: fields
 * and effect types that exist, a bool result, or a number for `damage`).
 */
import { celCompileError } from '../../cel/index.js';
import type { PMap } from '../../lib/yaml-tree.js';
import type { Scenario } from '../../model/scenario.js';
import { celProblem } from '../constraint-from-yaml.js';
import { checkJudge } from '../judge-check.js';
import { at } from '../key-path.js';
import { scalarCharOffset } from '../scalar-offset.js';
import { scalarText, type ScenarioCursor } from './cursor.js';

/** Variables the judge's expressions may use. */
export const JUDGE_CEL_VARIABLES = ['effects', 'final'] as const;

type JudgeKey = 'task' | 'attack' | 'damage';

/** One expression read and checked: its text and where it starts, or undefined when it has a problem (reported). */
function readExpression(cursor: ScenarioCursor, node: PMap, key: JudgeKey): { expr: string; at: number } | undefined {
  const v = cursor.entry(node, key)?.value;
  if (v === undefined || cursor.tainted.has(v)) return undefined;
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
    return undefined;
  }
  // Fields and effect types the effects do not have, a result that is not a bool (a number for damage).
  const problems = checkJudge(expr, key === 'damage' ? 'number' : 'bool');
  for (const p of problems) cursor.report(scalarCharOffset(cursor.text, v.span, expr, p.at), at(['judge', key], p.message));
  return problems.length === 0 ? { expr, at: v.span.start } : undefined;
}

export function readJudge(cursor: ScenarioCursor): Scenario['judge'] | undefined {
  const node = cursor.entry(cursor.root, 'judge')?.value;
  if (node?.kind !== 'map' || cursor.failed.has(node)) return undefined;
  const task = readExpression(cursor, node, 'task');
  const attack = readExpression(cursor, node, 'attack');
  const written = cursor.entry(node, 'damage') !== undefined;
  const damage = written ? readExpression(cursor, node, 'damage') : undefined;
  if (task === undefined || attack === undefined || (written && damage === undefined) || cursor.tainted.has(node)) return undefined;
  return {
    task: task.expr,
    attack: attack.expr,
    taskSource: cursor.pos(task.at),
    attackSource: cursor.pos(attack.at),
    ...(damage && { damage: damage.expr, damageSource: cursor.pos(damage.at) }),
  };
}
