/**
 * One scenario's share of delegation-bench's work bounds: CEL cost units and regex work units,
 * summed over every evaluation and match its trials and analyses make (judges, Cel and Regex
 * constraints, `matches`). Each evaluation and each match has its own bound too (meter.ts,
 * regex.ts); this one stops a scenario that makes very many of them.
 *
 * A budget is an object the run creates for each scenario and passes down, never module state: a
 * scenario spends the same on any thread and after any other scenarios, so which evaluation runs
 * out is the same for any number of workers. These are delegation-bench's bounds: the reference
 * (Tenuo) has none, so running out is never the policy's decision.
 */

/** Cost units all the evaluations of one scenario may spend together. */
export const MAX_SCENARIO_EVALUATION_COST = 2_000_000_000;

/** Regex work units (program size × input length) all the matches of one scenario may spend. */
export const MAX_SCENARIO_REGEX_WORK = 1_000_000_000;

export interface WorkLimits {
  /** CEL cost units (default MAX_SCENARIO_EVALUATION_COST). */
  readonly celCost?: number;
  /** Regex work units, program size × input length (default MAX_SCENARIO_REGEX_WORK). */
  readonly regexWork?: number;
}

export class WorkBudget {
  readonly celLimit: number;
  readonly regexLimit: number;
  #celSpent = 0;
  #regexSpent = 0;

  constructor(limits: WorkLimits = {}) {
    this.celLimit = limits.celCost ?? MAX_SCENARIO_EVALUATION_COST;
    this.regexLimit = limits.regexWork ?? MAX_SCENARIO_REGEX_WORK;
  }

  get celSpent(): number {
    return this.#celSpent;
  }

  get regexSpent(): number {
    return this.#regexSpent;
  }

  /** Charges CEL cost; why not, once the scenario has spent its budget (what was asked is then spent). */
  chargeCel(units: number): string | undefined {
    this.#celSpent += units;
    if (this.#celSpent <= this.celLimit) return undefined;
    return `this scenario has spent delegation-bench's total CEL evaluation budget of ${this.celLimit}`;
  }

  /** Charges a match's work before it runs; why not, when it would exceed the budget (nothing is then spent). */
  chargeRegex(units: number): string | undefined {
    if (this.#regexSpent + units > this.regexLimit) {
      return `this scenario has spent delegation-bench's total regex work budget of ${this.regexLimit} (the reference has no such limit)`;
    }
    this.#regexSpent += units;
    return undefined;
  }
}
