import { isWarrantError } from '../../src/warrant/errors.js';

/**
 * Runs `f` and returns the WarrantError's code and message (`'no error'` when it returned). Any
 * other throwable fails the test: the engine promises coded errors only.
 */
export function failure(f: () => unknown): { code: string; message: string } {
  try {
    f();
  } catch (e) {
    if (!isWarrantError(e)) throw new Error(`expected a WarrantError, got ${String(e)}`, { cause: e });
    return { code: e.code, message: e.message };
  }
  return { code: 'no error', message: '' };
}
