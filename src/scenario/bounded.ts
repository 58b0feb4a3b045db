/**
 * Problems are shown in logs, annotations and the job summary, so what a file can put into them is
 * bounded: a results file, a binary or a huge file passed as scenarios must not be echoed back. A
 * value quoted in a message keeps its first characters and a message its start and end (the number
 * of problems per file is bounded where they are made: parse.ts, MAX_PROBLEMS_PER_FILE).
 */
import type { ScenarioProblem } from './errors.js';

export const MAX_QUOTED_CHARS = 60;
export const MAX_MESSAGE_CHARS = 400;

/**
 * A quoted value: `'…'` opened where no word character precedes it and closed where none follows,
 * so the apostrophe of prose ("the benchmark's warrants") neither opens nor closes one. A value
 * holding an apostrophe is not matched; the bound on the whole message still holds for it.
 */
const QUOTED = /(?<![\p{L}\p{N}_])'([^'\n]*)'(?![\p{L}\p{N}_])/gu;

/** One message with every quoted value and the whole bounded (in code points, never split). */
export function boundMessage(message: string): string {
  const quoted = message.replace(QUOTED, (whole, v: string) => {
    const cps = Array.from(v);
    return cps.length <= MAX_QUOTED_CHARS ? whole : `'${cps.slice(0, MAX_QUOTED_CHARS - 3).join('')}...' (${cps.length} characters)`;
  });
  const cps = Array.from(quoted);
  if (cps.length <= MAX_MESSAGE_CHARS) return quoted;
  return `${cps.slice(0, MAX_MESSAGE_CHARS - 100).join('')} … ${cps.slice(-80).join('')}`;
}

/** Every message of a file's problems bounded. */
export function boundProblems(problems: readonly ScenarioProblem[]): ScenarioProblem[] {
  return problems.map((p) => ({ ...p, message: boundMessage(p.message) }));
}
