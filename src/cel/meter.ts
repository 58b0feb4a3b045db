/**
 * The evaluation's cost meter. CEL has no loops of its own, but comprehensions nest and values grow
 * (`l.map(x, l + l)`), so a short expression can ask for a lot of work: every step is paid for, and
 * the evaluation ends with CostLimitError once MAX_EVALUATION_COST units are spent.
 *
 * What costs what: every node evaluated costs 1; every comprehension iteration costs 1; a value an
 * operation builds costs its size (strings and bytes per 64 characters, lists and maps per entry);
 * an operation that scans its inputs (`==`, `in`, `contains`, `matches`, …) pays for their size.
 */
import type { WorkBudget } from '../lib/budget.js';
import { CostLimitError } from './errors.js';
import { MAX_EVALUATION_COST, REGEX_UNITS_PER_COST } from './limits.js';
import { CelMap, type CelValue } from './value.js';

export class Meter {
  spent = 0;

  /** `budget`: the scenario's, which every evaluation's cost also counts against (budget.ts). */
  constructor(
    readonly limit: number = MAX_EVALUATION_COST,
    private readonly budget?: WorkBudget,
  ) {}

  charge(units: number): void {
    this.spent += units;
    if (this.spent > this.limit) throw new CostLimitError(`evaluation exceeds delegation-bench's CEL cost limit of ${this.limit}`);
    const over = this.budget?.chargeCel(units);
    if (over !== undefined) throw new CostLimitError(over);
  }

  /**
   * Charges a regex match: RE2 steps through up to every instruction for every character, so a
   * match costs its program size times the input length; REGEX_UNITS_PER_COST of those make one
   * cost unit, so one evaluation's budget covers about 20 million (≈ 2 s of RE2JS at its worst).
   */
  chargeRegex(units: number): void {
    this.charge(Math.ceil(units / REGEX_UNITS_PER_COST));
  }

  /** Charges for the size of `value` (see above). */
  chargeSize(value: CelValue): void {
    const units = sizeUnits(value);
    if (units > 0) this.charge(units);
  }
}

function sizeUnits(v: CelValue): number {
  if (typeof v === 'string' || v instanceof Uint8Array) return v.length >>> 6;
  if (Array.isArray(v)) return v.length;
  if (v instanceof CelMap) return v.size;
  return 0;
}
