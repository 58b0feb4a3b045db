/**
 * head ⊆ base over every type but strings: ints, floats, bools, null, lists, objects. Each type is
 * split into CELLS within which every leaf but the atoms (`cel` anywhere, `contains` and `subset`
 * on lists) gives one outcome:
 * - a value named by `exact`, `one_of` or `not_one_of` is a cell of its own (a SINGLETON);
 * - ints: `range` compares the int as a float (Tenuo's `as_number`, lossy past 2^53), which is
 *   monotone, so its outcome changes only between the two ints around the first int whose float
 *   reaches a bound (found by bisection on bigints): those are singletons too; between them, one
 *   cell each (intervals);
 * - floats: each bound, its two neighbours, ±0, ±∞ and NaN are singletons; the open intervals
 *   between them are cells;
 * - bools and null: one singleton each; lists and objects: one more cell for all the others.
 * A singleton is decided by the evaluator itself. Any other cell by one representative: each leaf
 * evaluated there (satisfy.ts, three outcomes) stands for the whole cell, and atoms take every
 * consistent outcome (atoms.ts).
 */
import { celCompileError } from '../../cel/index.js';
import { constraintVerdict } from '../constraints/satisfy.js';
import { valueKind } from '../constraints/compare.js';
import type { Constraint } from '../constraints/types.js';
import { Float, isObjectValue, type Value } from '../value.js';
import { assignments } from './atoms.js';
import { atomsOf, evaluate, FALSE, meaningOf, TRUE, type Algebra, type Meaning } from './meaning.js';
import type { Question, SortAnswer } from './strings.js';

interface Cell {
  readonly rep: Value;
  readonly singleton: boolean;
}

const WITNESS = 'delegation-bench-witness';

function leaves(c: Constraint, out: Constraint[] = [], depth = 0): Constraint[] {
  if (depth > 64) return out;
  if (c.type === 'all' || c.type === 'any') c.constraints.forEach((x) => leaves(x, out, depth + 1));
  else if (c.type === 'not') leaves(c.constraint, out, depth + 1);
  else out.push(c);
  return out;
}

function namedValues(ls: readonly Constraint[]): Value[] {
  return ls.flatMap((c) => (c.type === 'exact' ? [c.value] : c.type === 'one_of' ? [...c.values] : c.type === 'not_one_of' ? [...c.excluded] : []));
}

const intValue = (i: bigint): Value => (i >= BigInt(Number.MIN_SAFE_INTEGER) && i <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(i) : i);

/** The first int whose float is ≥ b (or > b when `strict`): the float of an int grows with it. */
function firstIntReaching(b: number, strict: boolean): bigint {
  const reaches = (i: bigint): boolean => (strict ? Number(i) > b : Number(i) >= b);
  let lo = -(2n ** 1100n);
  let hi = 2n ** 1100n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

function intCells(ls: readonly Constraint[]): Cell[] {
  const points = new Set<bigint>();
  for (const v of namedValues(ls)) if (valueKind(v) === 'int') points.add(BigInt(v as number | bigint));
  for (const c of ls) {
    if (c.type !== 'range') continue;
    for (const b of [c.min, c.max]) {
      if (b === null || !Number.isFinite(b)) continue;
      for (const strict of [false, true]) {
        const i = firstIntReaching(b, strict);
        points.add(i).add(i - 1n);
      }
    }
  }
  const sorted = [...points].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 0) return [{ rep: 0, singleton: false }];
  const cells: Cell[] = [{ rep: intValue(sorted[0]! - 1n), singleton: false }];
  sorted.forEach((p, k) => {
    // Both forms an int takes (a JS number and a bigint) are equal to the evaluator; checked both.
    cells.push({ rep: intValue(p), singleton: true }, { rep: p, singleton: true });
    const next = sorted[k + 1];
    if (next === undefined) cells.push({ rep: intValue(p + 1n), singleton: false });
    else if (next - p > 1n) cells.push({ rep: intValue(p + 1n), singleton: false });
  });
  return cells;
}

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);
/** The next float above x (x finite or -∞). */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  f64[0] = x;
  i64[0] = x > 0 ? i64[0]! + 1n : i64[0]! - 1n;
  return f64[0]!;
}
const nextDown = (x: number): number => -nextUp(-x);

function floatCells(ls: readonly Constraint[]): Cell[] {
  const pts = new Set<number>([0, Infinity, -Infinity]);
  for (const v of namedValues(ls)) if (valueKind(v) === 'float') pts.add(v instanceof Float ? v.value : (v as number));
  for (const c of ls) {
    if (c.type !== 'range') continue;
    for (const b of [c.min, c.max]) if (b !== null && Number.isFinite(b)) pts.add(b).add(nextUp(b)).add(nextDown(b));
  }
  const sorted = [...pts].filter((x) => !Number.isNaN(x)).map((x) => (x === 0 ? 0 : x));
  const uniq = [...new Set(sorted)].sort((a, b) => a - b);
  const cells: Cell[] = [{ rep: new Float(NaN), singleton: true }, { rep: new Float(-0), singleton: true }];
  uniq.forEach((x, k) => {
    cells.push({ rep: new Float(x), singleton: true });
    const next = uniq[k + 1];
    if (next === undefined) return;
    let mid = x / 2 + next / 2;
    if (!(mid > x && mid < next)) mid = nextUp(x);
    if (mid > x && mid < next) cells.push({ rep: new Float(mid), singleton: false });
  });
  return cells;
}

function othersCells(ls: readonly Constraint[], kind: 'list' | 'object'): Cell[] {
  const named = namedValues(ls).filter((v) => valueKind(v) === kind);
  const fresh: Value = kind === 'list' ? [WITNESS] : { [WITNESS]: WITNESS };
  return [...named.map((rep) => ({ rep, singleton: true })), { rep: fresh, singleton: false }];
}

/** Lists made of the values the constraints name: tried as witnesses in the lists' open cell. */
function listSamples(ls: readonly Constraint[]): Value[] {
  const items = ls.flatMap((c) => (c.type === 'contains' ? [...c.required] : c.type === 'subset' ? [...c.allowed] : []));
  return [[], ...items.map((x) => [x]), items, [...items, WITNESS]];
}

function cellLeaf(q: Question, rep: Value): (c: Constraint) => Meaning<boolean> {
  return (c) => {
    const opaque = (c.type === 'cel' && celCompileError(c.expression) === undefined) || ((c.type === 'contains' || c.type === 'subset') && Array.isArray(rep));
    if (opaque) {
      const i = q.atoms.id(c);
      return { allowed: { k: 'atom', i, o: 'allow' }, errors: c.type === 'cel' ? { k: 'atom', i, o: 'error' } : FALSE };
    }
    const v = constraintVerdict(c, rep);
    return { allowed: v === 'allowed' ? TRUE : FALSE, errors: v === 'error' ? TRUE : FALSE };
  };
}

const BOOLEANS: Algebra<boolean, boolean> = { top: true, bottom: false, lift: (s) => s, and: (a, b) => a && b, or: (a, b) => a || b, not: (a) => !a };

/** head ⊆ base over one type's cells. */
function cellsWithin(q: Question, cells: readonly Cell[], extra: readonly Value[], name: string): SortAnswer {
  const values: Value[] = [];
  let complete = true;
  let why = '';
  for (const cell of cells) {
    if (cell.singleton) {
      values.push(cell.rep); // decided by the evaluator itself
      continue;
    }
    const leaf = cellLeaf(q, cell.rep);
    const f = q.builder.and([meaningOf(q.head, leaf, q.builder).allowed, q.builder.not(meaningOf(q.base, leaf, q.builder).allowed)]);
    const ids = [...atomsOf(f)];
    for (const outcome of assignments(q.atoms, ids, q.work)) {
      if (!evaluate(f, BOOLEANS, outcome)) continue;
      values.push(cell.rep, ...extra);
      if (ids.length > 0) {
        complete = false;
        why = `on ${name}, ${[...new Set(ids.map((i) => q.atoms.list[i]!.type))].join(', ')} decide what no rule relates to the base`;
      } else {
        complete = false;
        why ||= `the model finds ${name} the head allows and the base denies`;
      }
      break;
    }
  }
  if (values.length === 0 && complete) return { kind: 'empty', how: name };
  return { kind: 'check', values, complete, how: name, why };
}

/** head ⊆ base for each type but strings, in a fixed order. */
export function otherTypesWithin(q: Question): SortAnswer[] {
  const ls = [...leaves(q.head), ...leaves(q.base)];
  return [
    cellsWithin(q, intCells(ls), [], 'ints by intervals'),
    cellsWithin(q, floatCells(ls), [], 'floats by intervals'),
    cellsWithin(q, [{ rep: true, singleton: true }, { rep: false, singleton: true }, { rep: null, singleton: true }], [], 'bools and null by evaluation'),
    cellsWithin(q, othersCells(ls, 'list'), listSamples(ls), 'lists by evaluation and rules'),
    cellsWithin(q, othersCells(ls, 'object').filter((c) => !c.singleton || isObjectValue(c.rep)), [], 'objects by evaluation and rules'),
  ];
}
