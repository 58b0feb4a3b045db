/**
 * The head's task_scoped grant against the base's. A changed constraint is decided by its MEANING
 * (src/warrant/containment: the values each side allows, errors composed as the evaluator
 * composes them), never by an attenuation rule's verdict (those rules decide what a chain
 * accepts, not what the guard calls narrower):
 * - `narrower` or `unchanged`: proven, with the proof's words (a narrowing; `constraint_unchanged`
 *   when the meaning is the same both ways);
 * - `wider`: a witness value the head allows and the base denies, by the evaluator; widenings.ts
 *   replays it through the real chain;
 * - `unproven`: a widening too (fail closed), with the reason; widenings.ts still looks for a call
 *   that proves it.
 * A narrowing may break the task; the TCR gate catches that.
 */
import { proveContainment } from '../warrant/containment/index.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../warrant/constraints/types.js';
import type { Value } from '../warrant/constraint-value.js';
import { compareUtf8 } from '../lib/bytes.js';

/** What changed for one tool (and parameter) between base and head. */
export type GrantChange =
  | { kind: 'tool_added'; tool: string; head: ConstraintSet }
  | { kind: 'tool_removed'; tool: string; base: ConstraintSet }
  /** `empty`: the open side is an empty constraint set, which allows any arguments (not `_allow_unknown`). */
  | { kind: 'allow_unknown_enabled'; tool: string; empty: boolean }
  | { kind: 'allow_unknown_disabled'; tool: string; empty: boolean }
  | { kind: 'param_added'; tool: string; param: string; head: Constraint }
  | { kind: 'param_dropped'; tool: string; param: string; base: Constraint; widens: boolean; headEmpty: boolean }
  | {
      kind: 'constraint_widened';
      tool: string;
      param: string;
      base: Constraint;
      head: Constraint;
      /** The prover's words: the witness and the base's constraint, or why it is unproven. */
      why: string;
      /** A value the head allows and the base denies (by the evaluator); absent when unproven. */
      witness?: Value;
      /** Set when the prover could not decide: the reason (the widening is then unproven unless a call proves it). */
      unproven?: string;
      /** Values worth trying through a whole call (from the prover). */
      candidates: readonly Value[];
    }
  | {
      kind: 'constraint_narrowed' | 'constraint_unchanged';
      tool: string;
      param: string;
      base: Constraint;
      head: Constraint;
      /** The proof, in words. */
      proof: string;
    };

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

/**
 * Whether a set takes arguments it does not name: `_allow_unknown`, or no constraint at all (Tenuo's
 * `ConstraintSet::matches` checks names only once a set has a constraint: an empty set allows any).
 */
function isOpen(set: ConstraintSet): boolean {
  return set.allowUnknown || Object.keys(set.constraints).length === 0;
}

function compareSets(tool: string, base: ConstraintSet, head: ConstraintSet): GrantChange[] {
  const out: GrantChange[] = [];
  const baseOpen = isOpen(base);
  const headOpen = isOpen(head);
  if (!baseOpen && headOpen) out.push({ kind: 'allow_unknown_enabled', tool, empty: !head.allowUnknown });
  if (baseOpen && !headOpen) out.push({ kind: 'allow_unknown_disabled', tool, empty: !base.allowUnknown });
  const params = [...new Set([...Object.keys(base.constraints), ...Object.keys(head.constraints)])].sort(compareUtf8);
  for (const param of params) {
    const b = has(base.constraints, param) ? base.constraints[param] : undefined;
    const h = has(head.constraints, param) ? head.constraints[param] : undefined;
    if (b === undefined && h !== undefined) {
      // A name the base did not list was refused by its closed world; open world already took it.
      if (!baseOpen) out.push({ kind: 'param_added', tool, param, head: h });
    } else if (b !== undefined && h === undefined) {
      // Unconstrained in the head: refused by a closed world (a narrowing), taken as is by an open one.
      out.push({ kind: 'param_dropped', tool, param, base: b, widens: headOpen, headEmpty: !head.allowUnknown && headOpen });
    } else if (b !== undefined && h !== undefined && !sameConstraint(b, h)) {
      out.push(compareConstraints(tool, param, b, h));
    }
  }
  return out;
}

function compareConstraints(tool: string, param: string, base: Constraint, head: Constraint): GrantChange {
  const r = proveContainment(base, head);
  switch (r.verdict) {
    case 'narrower':
      return { kind: 'constraint_narrowed', tool, param, base, head, proof: r.proof };
    case 'unchanged':
      return { kind: 'constraint_unchanged', tool, param, base, head, proof: r.proof };
    case 'wider':
      return {
        kind: 'constraint_widened',
        tool,
        param,
        base,
        head,
        why: `${tool}.${param}: ${r.proof}`,
        witness: r.witness,
        candidates: [r.witness],
      };
    case 'unproven':
      return {
        kind: 'constraint_widened',
        tool,
        param,
        base,
        head,
        why: `${tool}.${param}: not shown within the base's constraint`,
        unproven: r.reason,
        candidates: r.candidates,
      };
  }
}

export function isWidening(change: GrantChange): boolean {
  switch (change.kind) {
    case 'tool_added':
    case 'allow_unknown_enabled':
    case 'param_added':
    case 'constraint_widened':
      return true;
    case 'param_dropped':
      return change.widens;
    default:
      return false;
  }
}
