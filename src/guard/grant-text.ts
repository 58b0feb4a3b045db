/** A tool's grant in words, as the guard's findings show it (Tenuo's constraint notation). */
import { describeConstraint } from '../warrant/constraints/format.js';
import type { Constraint, ConstraintSet } from '../warrant/constraints/types.js';

export function describeSet(set: ConstraintSet): string {
  const parts = Object.entries(set.constraints).map(([k, c]: [string, Constraint]) => `${k}: ${describeConstraint(c)}`);
  if (set.allowUnknown) parts.push('_allow_unknown: true');
  return parts.length === 0 ? '{}' : `{${parts.join(', ')}}`;
}
