/**
 * Freezing the warrants a run caches (src/chains/run-context.ts: roots, broad and task-scoped
 * warrants, the agents' chains): every trial of the run shares them.
 */
import type { SignedWarrant } from '../warrant/types.js';

/**
 * A cached warrant, frozen with its decoded payload: every trial of the run shares it, so none may
 * change it for the others (bytes cannot be frozen; the authorizer verifies them on every call).
 */
export function frozen(warrant: SignedWarrant): SignedWarrant {
  deepFreeze(warrant.payload);
  return Object.freeze(warrant);
}

function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v) || Object.isFrozen(v)) return;
  Object.freeze(v);
  // for…in, not Object.values: no array per object (a payload is a tree of some 15 small objects).
  // It also visits inherited enumerable keys, which the payload's plain objects, null-prototype
  // tables and arrays do not have; freezing one more object would be harmless anyway.
  for (const k in v) deepFreeze((v as Record<string, unknown>)[k]);
}
