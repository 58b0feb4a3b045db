/** The CLI's edges: where it reads and writes. Commands take this instead of touching `process`. */
import { BenchError } from '../lib/errors.js';

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** All of stdin as UTF-8; throws UsageError past `maxBytes`, so a hostile pipe cannot fill memory. */
  readStdin: (maxBytes: number) => Promise<string>;
  cwd: string;
  /** The environment (LLM mode reads OPENAI_API_KEY and OPENAI_BASE_URL); absent: empty. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Whether stderr is a terminal (LLM progress draws a bar there, else prints lines). */
  stderrIsTTY?: boolean;
  /** Calls `handler` on Ctrl-C (SIGINT) until the returned function is called. */
  onInterrupt?: (handler: () => void) => () => void;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1; // gate failed / invalid warrant / denied call
export const EXIT_USAGE = 2; // bad input or usage

/** A usage or input error: printed as its message alone (no stack trace), exit code 2. */
export class UsageError extends BenchError {
  override readonly name = 'UsageError';
  readonly code = 'usage';
  readonly kind = 'input' as const;
}

export type Command = (argv: string[], io: CliIO) => Promise<number>;
