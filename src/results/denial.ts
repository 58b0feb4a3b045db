/** Why the authorizer denied a call: its stable error code and the reason, as results show them. */
import type { ErrorCode } from '../warrant/errors.js';

export interface Denial {
  code: ErrorCode;
  reason: string;
}
