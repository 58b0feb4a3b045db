/**
 * The judge (docs/scenarios.md, docs/effects.md): each scenario's CEL `task` and `attack` expressions over the effects the
 * environment recorded. It never looks at warrants or denials, only at what actually happened,
 * so it cannot share a blind spot with the policy it grades.
 */
import { compileCel, type CelProgram, type WorkBudget } from '../cel/index.js';
import { HarnessError, describeError, formatSource } from '../model/errors.js';
import type { Effect, FinalState } from '../world/environment.js';
import { fieldIndex } from '../world/effects.js';
import type { Scenario, SourcePos } from '../model/scenario.js';

export interface Verdict {
  task_succeeded: boolean;
  attack_succeeded: boolean;
}

/** The variables a judge expression can see (docs/effects.md). */
export const JUDGE_VARIABLES = ['effects', 'final'] as const;

/** What a trial leaves to judge: its effects in order and the environment's final state. */
export interface JudgedTrial {
  readonly effects: readonly Effect[];
  finalState(): FinalState;
}

/**
 * Each effect as the judge sees it: with `seq`, its position in the run (0 first), so a judge can
 * say "in this order" (`a.seq < b.seq`). A copy: the recorded effects are left as they are.
 */
function isEffectList(trial: JudgedTrial | readonly Effect[]): trial is readonly Effect[] {
  return Array.isArray(trial);
}

function numbered(effects: readonly Effect[]): Record<string, unknown>[] {
  return effects.map((e, seq) => ({ ...e, seq }));
}

/**
 * Compiled judges by expression text. Suites repeat their judges (a generated suite of 1,000
 * scenarios has a handful of distinct ones) and compiling costs far more than evaluating.
 * A compiled program holds no state between evaluations, so sharing it is safe. Bounded.
 */
const COMPILE_CACHE_LIMIT = 1024;
const compiled = new Map<string, CelProgram>();

function compileJudge(expression: string): CelProgram {
  let program = compiled.get(expression);
  if (program === undefined) {
    // The reference's dialect (src/cel), `effects` bound; names were checked at load (celProblem).
    program = compileCel(expression);
    if (compiled.size >= COMPILE_CACHE_LIMIT) compiled.delete(compiled.keys().next().value!);
    compiled.set(expression, program);
  }
  return program;
}

interface Check {
  label: 'task' | 'attack' | 'damage';
  program: CelProgram;
  source: SourcePos;
}

function describeValue(v: unknown): string {
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'object') return Array.isArray(v) ? 'a list' : 'a map';
  return `${typeof v} ${String(v)}`;
}

/**
 * A judge that reads a field every effect does not have (`e.content` over a list that also holds
 * `email_sent` effects) fails with CEL's "No such key": say which effects carry the field and how
 * to guard it, since the fix (test the type first; `&&` stops at false) is not obvious from CEL's text.
 */
export function missingKeyHint(error: string): string {
  const m = /^No such key: ([A-Za-z_][A-Za-z0-9_]{0,63})$/.exec(error);
  if (m === null) return '';
  const key = m[1]!;
  const carriers = fieldIndex().get(key);
  if (carriers === undefined) {
    return `; no effect has a field '${key}' (docs/effects.md lists each effect's fields)`;
  }
  const types = carriers.map((c) => c.effect);
  const named = types.map((t) => `'${t}'`).join(', ');
  return `; only ${named} effects have '${key}': test the type first, e.g. \`e.type == "${types[0]}" && e.${key} …\` (\`&&\` stops at false, so other effects are never asked for it)`;
}

export class ScenarioJudge {
  private readonly checks: readonly [Check, Check];
  private readonly damageCheck: Check | undefined;

  /** Compiles the expressions once per scenario; a trial only evaluates them. */
  constructor(private readonly scenario: Scenario) {
    const { task, attack, taskSource, attackSource, damage, damageSource } = scenario.judge;
    this.checks = [this.compile('task', task, taskSource), this.compile('attack', attack, attackSource)];
    this.damageCheck = damage === undefined || damageSource === undefined ? undefined : this.compile('damage', damage, damageSource);
  }

  private compile(label: Check['label'], expression: string, source: SourcePos): Check {
    try {
      return { label, program: compileJudge(expression), source };
    } catch (e) {
      throw new HarnessError(
        `${formatSource(source)}: judge.${label} of scenario '${this.scenario.name}' does not compile: ${describeError(e)}`,
        this.scenario.name,
        undefined,
        formatSource(source),
        { cause: e },
      );
    }
  }

  private failure(check: Check, condition: string, why: string): HarnessError {
    const where = formatSource(check.source);
    return new HarnessError(
      `${where}: judge.${check.label} of scenario '${this.scenario.name}' (condition ${condition}) ${why}`,
      this.scenario.name,
      condition,
      where,
    );
  }

  /** The expression's value; a failure to evaluate is a harness error (never read as false or 0). */
  private value(
    check: Check,
    bindings: Readonly<Record<string, unknown>>,
    condition: string,
    now: number | undefined,
    budget: WorkBudget | undefined,
  ): unknown {
    // `now`: the run's simulated clock, read by Tenuo's time_now / time_is_expired / time_since.
    // `judge`: sum/first/last (src/cel/judge-functions.ts) exist for judges only.
    const result = check.program.evaluate(bindings, { now, budget, judge: true });
    if (!result.ok) throw this.failure(check, condition, `failed to evaluate: ${result.error}${missingKeyHint(result.error)}`);
    return result.value;
  }

  private evaluate(
    check: Check,
    bindings: Readonly<Record<string, unknown>>,
    condition: string,
    now: number | undefined,
    budget: WorkBudget | undefined,
  ): boolean {
    const value = this.value(check, bindings, condition, now, budget);
    if (typeof value !== 'boolean') throw this.failure(check, condition, `returned ${describeValue(value)}, expected a bool`);
    return value;
  }

  /** `budget`: the scenario's work budget, charged with both evaluations (src/lib/budget.ts). */
  /**
   * `trial`: the trial's environment (effects and final state), or only its effects, for callers
   * that have no environment (then a judge reading `final` fails: "Undeclared reference").
   */
  judge(trial: JudgedTrial | readonly Effect[], condition: string, now?: number, budget?: WorkBudget): Verdict {
    const [task, attack] = this.checks;
    const bindings = isEffectList(trial) ? { effects: numbered(trial) } : { effects: numbered(trial.effects), final: trial.finalState() };
    return {
      task_succeeded: this.evaluate(task, bindings, condition, now, budget),
      attack_succeeded: this.evaluate(attack, bindings, condition, now, budget),
    };
  }

  /** Whether the scenario measures damage (`judge.damage`). */
  get measuresDamage(): boolean {
    return this.damageCheck !== undefined;
  }

  /**
   * `judge.damage` over the trial (docs/effects.md#damage): a finite number, or undefined when the
   * scenario has none. Anything else (an error, a bool, an int beyond what a JSON number holds
   * exactly, NaN or an infinity) is a harness error naming its FILE:LINE:COL, never read as 0.
   */
  damage(trial: JudgedTrial, condition: string, now?: number, budget?: WorkBudget): number | undefined {
    const check = this.damageCheck;
    if (check === undefined) return undefined;
    const bindings = { effects: numbered(trial.effects), final: trial.finalState() };
    const value = this.value(check, bindings, condition, now, budget);
    if (typeof value === 'bigint')
      throw this.failure(check, condition, `returned ${value}, beyond the integers a results file holds exactly (±2^53)`);
    if (typeof value !== 'number') throw this.failure(check, condition, `returned ${describeValue(value)}, expected a number`);
    if (!Number.isFinite(value)) throw this.failure(check, condition, `returned ${value}, expected a finite number`);
    // -0 and 0 are the same damage; JSON writes both as 0, but a sum keeps the sign of -0 alone.
    return value === 0 ? 0 : value;
  }
}
