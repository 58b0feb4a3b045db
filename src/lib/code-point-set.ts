/**
 * Sets of Unicode code points as sorted, disjoint ranges, and the set algebra Rust's class
 * operations need (union, intersection, complement over the scalar values, difference, symmetric
 * difference). Pure arithmetic on ranges: what the ranges mean is regex-class.ts's business.
 */
/** Sorted, disjoint, non-adjacent inclusive code point ranges. */
export type CodePointSet = readonly (readonly [number, number])[];

export const MAX_CODE_POINT = 0x10ffff;
/** Every Unicode scalar value (a Rust `char`): code points without the surrogates. */
export const SCALARS: CodePointSet = [
  [0, 0xd7ff],
  [0xe000, MAX_CODE_POINT],
];

export function normalizeSet(ranges: readonly (readonly [number, number])[]): CodePointSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export function unionSet(left: CodePointSet, right: CodePointSet): CodePointSet {
  return normalizeSet([...left, ...right]);
}

export function intersectSet(left: CodePointSet, right: CodePointSet): CodePointSet {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const lo = Math.max(left[i]![0], right[j]![0]);
    const hi = Math.min(left[i]![1], right[j]![1]);
    if (lo <= hi) out.push([lo, hi]);
    if (left[i]![1] < right[j]![1]) i++;
    else j++;
  }
  return out;
}

/** The scalar values not in `set` (Rust's `ClassUnicode::negate`: a `char` is never a surrogate). */
export function complementSet(set: CodePointSet): CodePointSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return intersectSet(out, SCALARS);
}

export function differenceSet(left: CodePointSet, right: CodePointSet): CodePointSet {
  return intersectSet(left, complementSet(right));
}

export function symmetricDifferenceSet(left: CodePointSet, right: CodePointSet): CodePointSet {
  return differenceSet(unionSet(left, right), intersectSet(left, right));
}
