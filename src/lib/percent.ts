/**
 * A percentage as a person writes it for a gate (`5`, `2.5`, `.5`, `100%`, `50 %`) → its fraction
 * in [0, 1]; undefined for anything else (a sign but on zero, an exponent, more than 100). The CLI's
 * flags and the action's inputs read percentages with this one function, so both accept the same.
 */
const PERCENT_RE = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

export function percentFraction(text: string): number | undefined {
  const t = text.trim().replace(/\s*%$/, '');
  if (!PERCENT_RE.test(t)) return undefined;
  const n = Number(t);
  if (!(n >= 0 && n <= 100)) return undefined; // -1 is refused; -0 passes (it is 0)
  return n === 0 ? 0 : n / 100; // -0 is written and shown as 0
}
