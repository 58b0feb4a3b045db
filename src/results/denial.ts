/** Why the authorizer denied a call: its stable error code and the reason, as results show them. */
import type * as z from 'zod';
import type { ErrorCode } from '../warrant/errors.js';
import { record, text } from './checks.js';

/**
 * A denial with strings of at most `maxString` characters. A file read back may carry a code this
 * version does not know (a newer one's): it is shown, never acted on, so any string is accepted.
 */
export function denialSchema(maxString: number) {
  return record({ code: text(maxString) as unknown as z.ZodType<ErrorCode>, reason: text(maxString) });
}

export type Denial = z.infer<ReturnType<typeof denialSchema>>;
