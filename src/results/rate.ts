/**
 * How a rate (a fraction in [0, 1]) is shown, everywhere: the console table, the markdown report
 * (job summary, PR comment), the badge, the action's log line and outputs, the gate's messages.
 * One rule, so that no two places can disagree about the same number.
 *
 * A percentage with at most one decimal (5/7 → 71.4), except that a rate that is not exactly 0 or 1
 * never shows as 0 or 100: a 99.96 % TCR that fails a 100 % gate must not read "100%", nor a
 * 0.04 % ASR that fails a 0 % gate read "0%". Such rates show as 99.9 and 0.1.
 */

/** The rate as a percentage number (no sign): 0.857142… → 85.7. Non-finite input → 0. */
export function ratePercent(fraction: number): number {
  if (!Number.isFinite(fraction)) return 0;
  const r = Math.round(fraction * 1000) / 10;
  if (r >= 100 && fraction < 1) return 99.9;
  if (r <= 0 && fraction > 0) return 0.1;
  return Object.is(r, -0) ? 0 : r;
}

/** The rate as text: "85.7%". */
export function formatRate(fraction: number): string {
  return `${ratePercent(fraction)}%`;
}
