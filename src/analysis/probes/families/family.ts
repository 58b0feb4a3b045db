/**
 * What a family of probes starts from: one legitimate value of the parameter (a call the
 * task_scoped warrant allows), the values the scripted attacks try for it, and seeded filler.
 */
import type { Constraint } from '../../../warrant/constraints/types.js';
import type { Value } from '../../../warrant/constraint-value.js';
import type { ProbeFamily } from '../types.js';

export interface ProbeContext {
  /** A legitimate value of the parameter. */
  readonly base: Value;
  /** Values the scenario's attacks (calls marked `expect: deny`) use for the same kind of parameter. */
  readonly targets: readonly string[];
  readonly constraint: Constraint;
  /** A seeded lower-case label (a-z, 1–8 letters): a fresh one per call, the same for the same seed. */
  readonly label: () => string;
}

export interface ProbeValue {
  readonly family: ProbeFamily;
  readonly value: Value;
}

export type FamilyGenerator = (ctx: ProbeContext) => ProbeValue[];
