/**
 * Problems are shown in logs, annotations and the job summary, so what a file can put into them is
 * bounded: a results file, a binary or a huge file passed as scenarios must not be echoed back. A
 * value quoted in a message keeps its first characters and a message its start and end (the number
 * of problems per file is bounded where they are made: parse/index.ts, MAX_PROBLEMS_PER_FILE).
 */
import { boundMessage } from '../lib/quote.js';
import type { ScenarioProblem } from './errors.js';

export { MAX_MESSAGE_CHARS, MAX_QUOTED_CHARS, boundMessage } from '../lib/quote.js';

/** Every message of a file's problems bounded. */
export function boundProblems(problems: readonly ScenarioProblem[]): ScenarioProblem[] {
  return problems.map((p) => ({ ...p, message: boundMessage(p.message) }));
}
