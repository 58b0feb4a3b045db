/**
 * A count with its noun, the noun agreeing with the number: "1 hole", "2 holes", "0 holes". The
 * one place every report, console line and message forms a counted noun, so none says "1 holes".
 * `of`-phrases agree with their total: `${k} of ${plural(n, 'call')}` is "1 of 1 call".
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
