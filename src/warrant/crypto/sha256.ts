/** SHA-256 through node:crypto (parent_hash, approval request hashes). */
import { createHash } from 'node:crypto';

export function sha256(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}
