/**
 * The CLI's one mapping of the error model (ARCHITECTURE.md, "Errors"): whatever a command throws
 * becomes its stderr text and exit code here, by its `kind`, and nowhere else. A command only adds
 * what it alone knows (which flag or file an error is about, e.g. `--baseline: CODE: message`).
 *
 * - `input`: the message (a scenario's problems as `FILE:LINE:COL: message` lines, a problem list
 *   one line each), exit 2, no stack trace.
 * - `harness`: the run is aborted, exit 2: never a gate failure and never a denial.
 * - `decision`, or anything outside the model: a bug of ours if it gets here; rethrown, so the
 *   entry point (index.ts) reports an internal error.
 */
import { escapeControls } from '../lib/control-chars.js';
import { isBenchError, type BenchError } from '../lib/errors.js';
import { ScenarioError } from '../scenario/errors.js';
import { MAX_PROBLEMS_PER_FILE } from '../scenario/limits.js';
import { EXIT_USAGE, type CliIO } from './io.js';

/** Writes what `error` means for `command` to stderr and returns the exit code; rethrows a bug. */
export function reportCliError(command: string, error: unknown, io: CliIO): number {
  if (!isBenchError(error) || error.kind === 'decision') throw error;
  io.stderr(cliErrorText(command, error));
  return EXIT_USAGE;
}

/** The stderr text of an input or harness error of `command` (a decision is never shown as a failure). */
export function cliErrorText(command: string, error: BenchError): string {
  if (error.kind === 'harness') return `delegation-bench ${command}: harness error, run aborted: ${error.message}\n`;
  if (error instanceof ScenarioError) return `${error.format()}\n${error.message}\n`;
  const problems = problemList(error);
  // What a trace, a tools list or a policy file holds reaches the console on one line (no control characters).
  if (problems !== undefined)
    return boundedLines(problems)
      .map((line) => `${escapeControls(line)}\n`)
      .join('');
  return `delegation-bench ${command}: ${error.message}\n`;
}

/** The problems of an error that carries a list of them (init's, a trace's), each a line of its own. */
function problemList(error: BenchError): readonly string[] | undefined {
  const problems = (error as { problems?: unknown }).problems;
  return Array.isArray(problems) && problems.every((p) => typeof p === 'string') ? (problems as string[]) : undefined;
}

/** At most as many problems as the loader reports of one file, then how many more there are. */
function boundedLines(problems: readonly string[]): string[] {
  if (problems.length <= MAX_PROBLEMS_PER_FILE) return [...problems];
  const more = problems.length - MAX_PROBLEMS_PER_FILE;
  return [...problems.slice(0, MAX_PROBLEMS_PER_FILE), `… and ${more} more problem${more === 1 ? '' : 's'}`];
}
