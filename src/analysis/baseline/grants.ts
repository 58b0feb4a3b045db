/**
 * The head's task_scoped grant against the base's, with the warrant engine's own attenuation rules
 * (warrant/constraints/attenuate.ts): wherever the head's constraint is not an attenuation of the
 * base's, the head may allow something the base refused, and that is a widening. Where the head's
 * constraint differs and is an attenuation, it is a narrowing (it may break the task; the TCR gate
 * catches that).
 *
 * The attenuation lattice is syntactic (Tenuo's): two regexes that happen to accept the same
 * strings still differ. That is why every widening then needs a concrete witness (witness.ts)
 * before it is called proven.
 */
import { checkAttenuation } from '../../warrant/constraints/attenuate.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../../warrant/constraints/types.js';
import { compareUtf8 } from '../../warrant/bytes.js';

/** What changed for one tool (and parameter) between base and head. */
export type GrantChange =
  | { kind: 'tool_added'; tool: string; head: ConstraintSet }
  | { kind: 'tool_removed'; tool: string; base: ConstraintSet }
  | { kind: 'allow_unknown_enabled'; tool: string }
  | { kind: 'allow_unknown_disabled'; tool: string }
  | { kind: 'param_added'; tool: string; param: string; head: Constraint }
  | { kind: 'param_dropped'; tool: string; param: string; base: Constraint; widens: boolean }
  | { kind: 'constraint_widened'; tool: string; param: string; base: Constraint; head: Constraint; why: string }
  | { kind: 'constraint_narrowed'; tool: string; param: string; base: Constraint; head: Constraint };

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Structural equality of two constraints (same type, same fields): no change at all. */
function sameConstraint(a: Constraint, b: Constraint): boolean {
  return JSON.stringify(a, replacer) === JSON.stringify(b, replacer);
}

function replacer(_k: string, v: unknown): unknown {
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  return v;
}

/** Every change, in tool then parameter order (bytewise, as the wire orders them). */
export function compareGrants(base: ToolGrants, head: ToolGrants): GrantChange[] {
  const changes: GrantChange[] = [];
  const tools = [...new Set([...Object.keys(base), ...Object.keys(head)])].sort(compareUtf8);
  for (const tool of tools) {
    const b = has(base, tool) ? base[tool] : undefined;
    const h = has(head, tool) ? head[tool] : undefined;
    if (b === undefined && h !== undefined) changes.push({ kind: 'tool_added', tool, head: h });
    else if (b !== undefined && h === undefined) changes.push({ kind: 'tool_removed', tool, base: b });
    else if (b !== undefined && h !== undefined) changes.push(...compareSets(tool, b, h));
  }
  return changes;
}

function compareSets(tool: string, base: ConstraintSet, head: ConstraintSet): GrantChange[] {
  const out: GrantChange[] = [];
  if (!base.allowUnknown && head.allowUnknown) out.push({ kind: 'allow_unknown_enabled', tool });
  if (base.allowUnknown && !head.allowUnknown) out.push({ kind: 'allow_unknown_disabled', tool });
  const params = [...new Set([...Object.keys(base.constraints), ...Object.keys(head.constraints)])].sort(compareUtf8);
  for (const param of params) {
    const b = has(base.constraints, param) ? base.constraints[param] : undefined;
    const h = has(head.constraints, param) ? head.constraints[param] : undefined;
    if (b === undefined && h !== undefined) {
      // A name the base did not list was refused by its closed world; open world already took it.
      if (!base.allowUnknown) out.push({ kind: 'param_added', tool, param, head: h });
    } else if (b !== undefined && h === undefined) {
      // Unconstrained in the head: refused by a closed world (a narrowing), taken as is by an open one.
      out.push({ kind: 'param_dropped', tool, param, base: b, widens: head.allowUnknown });
    } else if (b !== undefined && h !== undefined && !sameConstraint(b, h)) {
      const why = checkAttenuation(b, h, `${tool}.${param}`);
      if (why !== undefined) out.push({ kind: 'constraint_widened', tool, param, base: b, head: h, why });
      else out.push({ kind: 'constraint_narrowed', tool, param, base: b, head: h });
    }
  }
  return out;
}

export function isWidening(c: GrantChange): boolean {
  switch (c.kind) {
    case 'tool_added':
    case 'allow_unknown_enabled':
    case 'param_added':
    case 'constraint_widened':
      return true;
    case 'param_dropped':
      return c.widens;
    default:
      return false;
  }
}
