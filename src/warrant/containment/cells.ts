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
 * In each cell, each leaf evaluated at one representative (satisfy.ts, three outcomes) stands for
 * the whole cell, and atoms take every consistent outcome (atoms.ts). `cel` is evaluated only on a
 * singleton string, bool, null, int or float whose every form (an int as a number, -0 and a bigint;
 * a float as a Float and as a number) is a singleton too, and only when no expression reads the
 * clock (one evaluation then speaks for every time): elsewhere it is an atom (an object's key
 * order is not fixed by equality, yet an expression may observe it).
 */
import { celCompileError } from '../../cel/index.js';
import { constraintVerdict } from '../constraints/satisfy.js';
import { valueKind } from '../constraints/compare.js';
import type { Constraint } from '../constraints/types.js';
import { Float, isObjectValue, type Value } from '../constraint-value.js';
import { assignments } from './atoms.js';
import { atomsOf, evaluate, FALSE, meaningOf, TRUE, type Algebra, type Meaning } from './meaning.js';
import type { Question, SortAnswer } from './strings.js';

interface Cell {
  readonly rep: Value;
  readonly singleton: boolean;
  /** A list singleton given in every form its equality lumps together (each one a cell). */
  readonly allForms?: boolean;
}

/** Forms of one list checked, at most (a list of many numbers has many). */
const MAX_FORMS = 64;

/** Every form the evaluator's equality takes as equal to `v`; undefined for objects or past the bound. */
function formsOf(v: Value, depth = 0): Value[] | undefined {
  if (depth > 32) return undefined;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return [v];
  const kind = valueKind(v);
  if (kind === 'int') {
    const i = BigInt(v as number | bigint);
    const n = intValue(i);
    return i === 0n ? [0, -0, 0n] : typeof n === 'number' ? [n, i] : [i];
  }
  if (kind === 'float') {
    const x = v instanceof Float ? v.value : (v as number);
    if (x === 0) return [new Float(0), new Float(-0)];
    return Number.isInteger(x) || !Number.isFinite(x) ? [new Float(x)] : [new Float(x), x];
  }
  if (Array.isArray(v)) {
    let out: Value[][] = [[]];
    for (const item of v) {
      const f = formsOf(item, depth + 1);
      if (f === undefined || out.length * f.length > MAX_FORMS) return undefined;
      out = out.flatMap((prefix) => f.map((x) => [...prefix, x]));
    }
    return out;
  }
  return undefined;
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
  return ls.flatMap((c) =>
    c.type === 'exact' ? [c.value] : c.type === 'one_of' ? [...c.values] : c.type === 'not_one_of' ? [...c.excluded] : [],
  );
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
    // Every form an int takes (a JS number, -0 for zero, a bigint) is equal to the evaluator: each is a cell.
    cells.push({ rep: intValue(p), singleton: true }, { rep: p, singleton: true });
    if (p === 0n) cells.push({ rep: -0, singleton: true });
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
  const cells: Cell[] = [
    { rep: new Float(NaN), singleton: true },
    { rep: new Float(-0), singleton: true },
  ];
  uniq.forEach((x, k) => {
    cells.push({ rep: new Float(x), singleton: true });
    if (!Number.isInteger(x) && Number.isFinite(x)) cells.push({ rep: x, singleton: true }); // the same float as a plain number
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
  const singles = named.flatMap((v): Cell[] => {
    const forms = formsOf(v);
    return forms === undefined ? [{ rep: v, singleton: true }] : forms.map((rep) => ({ rep, singleton: true, allForms: true }));
  });
  return [...singles, { rep: fresh, singleton: false }];
}

/** Lists made of the values the constraints name: tried as witnesses in the lists' open cell. */
function listSamples(ls: readonly Constraint[]): Value[] {
  const items = ls.flatMap((c) => (c.type === 'contains' ? [...c.required] : c.type === 'subset' ? [...c.allowed] : []));
  return [[], ...items.map((x) => [x]), items, [...items, WITNESS]];
}

/** Whether `cel` is evaluated in this cell rather than left an atom (see the header). */
function celDecidedAt(q: Question, cell: Cell): boolean {
  const v = cell.rep;
  return cell.singleton && !q.clock && (v === null || typeof v !== 'object' || v instanceof Float || cell.allForms === true);
}

function cellLeaf(q: Question, cell: Cell): (c: Constraint) => Meaning<boolean> {
  const rep = cell.rep;
  const celHere = celDecidedAt(q, cell);
  return (c) => {
    const opaque =
      (c.type === 'cel' && celCompileError(c.expression) === undefined && !celHere) ||
      ((c.type === 'contains' || c.type === 'subset') && Array.isArray(rep) && !cell.singleton);
    if (opaque) {
      const i = q.atoms.id(c);
      return { allowed: { k: 'atom', i, o: 'allow' }, errors: c.type === 'cel' ? { k: 'atom', i, o: 'error' } : FALSE };
    }
    const v = constraintVerdict(c, rep);
    return { allowed: v === 'allowed' ? TRUE : FALSE, errors: v === 'error' ? TRUE : FALSE };
  };
}

const BOOLEANS: Algebra<boolean, boolean> = {
  top: true,
  bottom: false,
  lift: (s) => s,
  and: (a, b) => a && b,
  or: (a, b) => a || b,
  not: (a) => !a,
};

/** head ⊆ base over one type's cells. */
function cellsWithin(q: Question, cells: readonly Cell[], extra: readonly Value[], name: string): SortAnswer {
  const values: Value[] = [];
  let complete = true;
  let why = '';
  const ruled = new Set<string>();
  for (const cell of cells) {
    const leaf = cellLeaf(q, cell);
    const f = q.builder.and([meaningOf(q.head, leaf, q.builder).allowed, q.builder.not(meaningOf(q.base, leaf, q.builder).allowed)]);
    const ids = [...atomsOf(f)];
    for (const i of ids) ruled.add(q.atoms.list[i]!.type);
    for (const outcome of assignments(q.atoms, ids, q.work)) {
      if (!evaluate(f, BOOLEANS, outcome)) continue;
      values.push(cell.rep, ...extra);
      complete = false;
      if (ids.length > 0)
        why = `on ${name.replace(/ by .*/, '')}, ${[...new Set(ids.map((i) => q.atoms.list[i]!.type))].join(', ')} decide what no rule relates to the base`;
      else why ||= `the model finds ${name.replace(/ by .*/, '')} the head allows and the base denies`;
      break;
    }
  }
  const how = ruled.size > 0 ? `${name} and rules (${[...ruled].sort().join(', ')})` : name;
  if (values.length === 0 && complete) return { kind: 'empty', how };
  return { kind: 'check', values, complete, how, why };
}

/** head ⊆ base for each type but strings, in a fixed order. */
export function otherTypesWithin(question: Question): SortAnswer[] {
  const ls = [...leaves(question.head), ...leaves(question.base)];
  return [
    cellsWithin(question, intCells(ls), [], 'ints by intervals'),
    cellsWithin(question, floatCells(ls), [], 'floats by intervals'),
    cellsWithin(
      question,
      [
        { rep: true, singleton: true },
        { rep: false, singleton: true },
        { rep: null, singleton: true },
      ],
      [],
      'bools and null by evaluation',
    ),
    cellsWithin(question, othersCells(ls, 'list'), listSamples(ls), 'lists by evaluation'),
    cellsWithin(
      question,
      othersCells(ls, 'object').filter((c) => !c.singleton || isObjectValue(c.rep)),
      [],
      'objects by evaluation',
    ),
  ];
}
