/** Mean and sample standard deviation (n − 1), as the reference's report computes them. */
import type { MeanStd } from '../results/results.js';

export function meanStd(xs: readonly number[]): MeanStd {
  const n = xs.length;
  if (n === 0) return { mean: null, std: null };
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  if (n < 2) return { mean, std: null };
  let sq = 0;
  for (const x of xs) sq += (x - mean) ** 2;
  return { mean, std: Math.sqrt(sq / (n - 1)) };
}
