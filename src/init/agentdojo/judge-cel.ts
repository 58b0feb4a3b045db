/**
 * The CEL an imported pair's judges are written in (docs/agentdojo.md, "Judges"): clauses over the
 * `tool_called` effects of the export's tools, comparing the arguments a ground-truth call passed.
 * A judge expression is at most MAX_EXPRESSION_LENGTH characters, so long texts (a message body,
 * a file's content) are left out of the comparison, the longest first, until it fits.
 */
import { MAX_EXPRESSION_LENGTH } from '../../cel/limits.js';
import { Float } from '../../lib/float.js';
import type { Value } from '../../warrant/constraint-value.js';
import type { ArgShape } from './arg-shape.js';

/** A CEL literal for a value, or undefined for one a judge does not compare (a map, null). */
export function celValue(value: Value): string | undefined {
  if (typeof value === 'string') return celString(value);
  if (value instanceof Float) return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : `${value}`;
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(celValue);
    return items.every((x) => x !== undefined) ? `[${items.join(', ')}]` : undefined;
  }
  return undefined;
}

/** A CEL string literal: JSON's escapes are CEL's, and the two line separators JSON leaves raw are escaped too. */
function celString(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `e.args.NAME`, or `e.args["NAME"]` for a name that is no CEL identifier. */
export function argRef(param: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(param) ? `e.args.${param}` : `e.args[${celString(param)}]`;
}

/** The longest text a comparison keeps, tried in this order until the judge fits. */
const TEXT_BUDGETS = [200, 60, 20, 0] as const;

function textLength(value: Value): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce<number>((n, x) => Math.max(n, textLength(x)), 0);
  return 0;
}

/**
 * A text taken from attacked data, too long to compare whole, held to the text the task names
 * around the injected part (`e.args.channel.startsWith("External_")`): AgentDojo's judge looks the
 * channel "starting with External" up by that name. Nothing where the task names none of it.
 */
function shapeClause(param: string, shape: ArgShape, maxText: number): string | undefined {
  const ref = argRef(param);
  const first = shape[0]!;
  const last = shape.length > 1 ? shape.at(-1)! : '';
  const checks = [
    ...(first === '' ? [] : [`${ref}.startsWith(${celString(first)})`]),
    ...(last === '' ? [] : [`${ref}.endsWith(${celString(last)})`]),
    ...shape.slice(1, -1).flatMap((mid) => (mid === '' ? [] : [`${ref}.contains(${celString(mid)})`])),
  ];
  if (checks.length === 0 || shape.reduce((n, part) => n + part.length, 0) > maxText) return undefined;
  return [`${celString(param)} in e.args`, ...checks].join(' && ');
}

/**
 * `"p" in e.args && e.args.p == V` for each argument a judge compares: a text longer than
 * `maxText` is left out (and a null or a map, which the tool's effect shows as given), but for
 * one whose shape is known (`shapes`), held to that shape.
 */
export function argClauses(
  args: Readonly<Record<string, Value>>,
  maxText: number,
  skip: ReadonlySet<string> = new Set(),
  shapes: Readonly<Record<string, ArgShape>> = {},
): string[] {
  const out: string[] = [];
  for (const [param, value] of Object.entries(args)) {
    if (skip.has(param)) continue;
    if (textLength(value) > maxText) {
      const shape = Object.hasOwn(shapes, param) ? shapeClause(param, shapes[param]!, maxText) : undefined;
      if (shape !== undefined) out.push(shape);
      continue;
    }
    const literal = celValue(value);
    if (literal === undefined) continue;
    out.push(`${celString(param)} in e.args && ${argRef(param)} == ${literal}`);
  }
  return out;
}

/** `e.type == "tool_called" && e.tool == "T"` and the argument clauses. */
export function callMatch(tool: string, clauses: readonly string[]): string {
  return [`e.type == "tool_called"`, `e.tool == ${celString(tool)}`, ...clauses].join(' && ');
}

/**
 * The expression `build(maxText)` gives with the largest text budget that fits a judge, and the
 * budget used (the caller notes what was left out).
 */
export function fitted(build: (maxText: number) => string): { expression: string; maxText: number } {
  for (const maxText of TEXT_BUDGETS) {
    const expression = build(maxText);
    if (expression.length <= MAX_EXPRESSION_LENGTH) return { expression, maxText };
  }
  // Too long even without texts: the loader's check of the written scenario refuses it, at the judge.
  return { expression: build(0), maxText: 0 };
}

export { celString };
