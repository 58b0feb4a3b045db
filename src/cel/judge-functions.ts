/**
 * Functions only a scenario's judge can call (docs/effects.md "Counting, order and the final
 * state"): `sum`, `first`, `last`. They are not Tenuo's: a grant's CEL stays Tenuo's dialect, so
 * the evaluator offers them only when asked (EvaluationOptions.judge) and the scenario loader
 * refuses them in a grant (judgeOnlyCall).
 *
 * `sum(list)` / `list.sum()`: 0 (an int) for an empty list; ints add as ints, checked (an overflow
 * is an error, as CEL's `+`, never a wrap); uints as uints; any double makes the sum a double
 * (the ints converted, as CEL's `double(x)`); an int mixed with a uint and no double is an error,
 * as `1 + 1u` is in CEL; anything else in the list is an error.
 * `first(list)` / `last(list)`: the first or last element; an empty list is an error (guard with
 * `size(l) > 0`), never null, so a judge cannot read a field of nothing and quietly get false.
 */
import { CelEvalError } from './errors.js';
import type { Ftx } from './functions.js';
import { functionError } from './functions.js';
import { debugValue } from './show.js';
import { CelUint, INT64_MAX, INT64_MIN, UINT64_MAX, type CelValue } from './value.js';

type Fn = (f: Ftx) => CelValue;

/** The names of the judge-only functions (the loader refuses them in a grant). */
export const JUDGE_ONLY_FUNCTIONS = ['sum', 'first', 'last'] as const;

function list(f: Ftx): readonly CelValue[] {
  const v = f.self();
  if (!Array.isArray(v)) throw functionError(f.name, `expects a list, got ${debugValue(v)}`);
  return v as readonly CelValue[];
}

function sum(f: Ftx): CelValue {
  const items = list(f);
  let ints = 0n;
  let uints = 0n;
  let doubles = 0;
  let sawInt = false;
  let sawUint = false;
  let sawDouble = false;
  for (const x of items) {
    if (typeof x === 'bigint') {
      sawInt = true;
      ints += x;
      // Checked at each step, as a chain of `+` would be, whatever else the list holds.
      if (ints > INT64_MAX || ints < INT64_MIN) throw functionError(f.name, 'integer overflow');
    } else if (x instanceof CelUint) {
      sawUint = true;
      uints += x.value;
      if (uints > UINT64_MAX) throw functionError(f.name, 'unsigned integer overflow');
    } else if (typeof x === 'number') {
      sawDouble = true;
      doubles += x;
    } else {
      throw functionError(f.name, `can only add numbers, got ${debugValue(x)}`);
    }
  }
  if (sawDouble) return doubles + Number(ints) + Number(uints);
  if (sawInt && sawUint) throw functionError(f.name, 'cannot add an int and a uint (convert one with int() or uint())');
  return sawUint ? new CelUint(uints) : ints;
}

function end(which: 'first' | 'last'): Fn {
  return (f) => {
    const items = list(f);
    if (items.length === 0) throw new CelEvalError(`Error executing function '${which}': the list is empty (guard with size(…) > 0)`);
    return which === 'first' ? items[0]! : items[items.length - 1]!;
  };
}

export const JUDGE_FUNCTIONS: ReadonlyMap<string, Fn> = new Map<string, Fn>([
  ['sum', sum],
  ['first', end('first')],
  ['last', end('last')],
]);
