/** "did you mean …?" hints for misspelled keys, tools and parameters. */

/** The closest candidate within a small edit distance, or undefined when nothing is close. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  // Allow about one edit per three characters (at least one, at most three): close enough to be a
  // typo, far enough that unrelated short names are not suggested.
  const budget = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const c of candidates) {
    if (Math.abs(c.length - word.length) > budget) continue;
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** " (did you mean 'x'?)" or "". */
export function hint(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c === undefined ? '' : ` (did you mean '${c}'?)`;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
function distance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return a === b ? 0 : Infinity; // typos are short
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push(new Array<number>(b.length + 1).fill(0));
  for (let i = 0; i <= a.length; i++) rows[i]![0] = i;
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
