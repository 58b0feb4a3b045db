/**
 * Shared helpers for the chain / authorizer / builder / conformance tests: the official vectors,
 * their keys, a fixed clock and a deterministic randomness source.
 */
import { readFileSync } from 'node:fs';
import { fromHex } from '../../src/lib/bytes.js';
import { decodePayload, decodeWarrant, encodePayload } from '../../src/warrant/envelope.js';
import { WarrantError } from '../../src/warrant/errors.js';
import { SigningKey, signWarrantPayload } from '../../src/warrant/keys.js';
import { Float, type Args, type Value } from '../../src/warrant/constraint-value.js';
import type { Clock, RandomSource, SignedWarrant, WarrantPayload } from '../../src/warrant/types.js';

export interface VectorWarrant {
  label: string;
  warrant_id: string;
  warrant_id_hex: string;
  warrant_type: string;
  depth: number;
  max_depth: number;
  issued_at: number;
  expires_at: number;
  holder: string;
  issuer: string;
  parent_hash?: string;
  session_id?: string;
  payload_cbor: string;
  signature: string;
  payload_len: number;
  decoded: Record<string, unknown>;
  envelope_cbor: string;
}

export interface TypedValue {
  type: 'string' | 'int' | 'float' | 'bool' | 'list';
  value: unknown;
}

export interface Vector {
  id: string;
  title: string;
  kind: string;
  chain?: (string | { ref: string; label: string })[];
  expected: Record<string, unknown>;
  warrants?: VectorWarrant[];
  data?: Record<string, unknown>;
  inputs?: Record<string, unknown>;
  tool?: string;
  authorization_inputs?: { valid: boolean; args: [string, TypedValue][]; source: string }[];
  stack_of?: { ref: string; labels: string[] };
}

export interface VectorFile {
  keys: Record<string, { seed: string; public_key: string }>;
  timestamps: { issued_at: number; expires_at: number };
  vectors: Vector[];
}

export const VECTORS: VectorFile = JSON.parse(
  readFileSync(new URL('../fixtures/tenuo-test-vectors.json', import.meta.url), 'utf8'),
) as VectorFile;

/** The vectors' reference instant (2024-01-01T00:00:00Z): every vector warrant is valid then. */
export const NOW = 1704067200;

export function hex(text: string): Uint8Array {
  const b = fromHex(text);
  if (b === undefined) throw new Error(`bad hex in fixture: ${text.slice(0, 20)}`);
  return b;
}

export function vector(id: string): Vector {
  const v = VECTORS.vectors.find((x) => x.id === id);
  if (!v) throw new Error(`no vector ${id}`);
  return v;
}

export function vectorWarrant(id: string, label: string): VectorWarrant {
  const w = vector(id).warrants?.find((x) => x.label === label);
  if (!w) throw new Error(`no warrant '${label}' in ${id}`);
  return w;
}

export function decodeVectorWarrant(w: VectorWarrant): SignedWarrant {
  return decodeWarrant(hex(w.envelope_cbor));
}

/** The chain a `chain` vector names, root first (entries may reference another vector's warrant). */
export function vectorChain(id: string): SignedWarrant[] {
  const v = vector(id);
  return (v.chain ?? []).map((entry) =>
    typeof entry === 'string' ? decodeVectorWarrant(vectorWarrant(id, entry)) : decodeVectorWarrant(vectorWarrant(entry.ref, entry.label)),
  );
}

export function key(role: string): SigningKey {
  const k = VECTORS.keys[role];
  if (!k) throw new Error(`no key ${role}`);
  return SigningKey.fromSeed(hex(k.seed));
}

export function publicKey(role: string): Uint8Array {
  return hex(VECTORS.keys[role]!.public_key);
}

export function fixedClock(now: number): Clock {
  return () => now;
}

/** A settable clock for tests that move time. */
export function movableClock(start: number): Clock & { set(t: number): void } {
  let t = start;
  const clock = (() => t) as Clock & { set(t: number): void };
  clock.set = (next: number) => {
    t = next;
  };
  return clock;
}

/** Deterministic, non-cryptographic bytes: a tiny xorshift stream from a seed. */
export function seededRandom(seed = 1): RandomSource {
  let s = seed >>> 0 || 1;
  return (length: number) => {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      out[i] = s & 0xff;
    }
    return out;
  };
}

/** A vector's typed argument value → our Value model (float stays a float even when integral). */
export function typedValue(t: TypedValue): Value {
  switch (t.type) {
    case 'float':
      return new Float(t.value as number);
    case 'int':
    case 'string':
    case 'bool':
      return t.value as Value;
    case 'list':
      return (t.value as TypedValue[]).map(typedValue);
  }
}

export function typedArgs(pairs: [string, TypedValue][]): Args {
  const out: Record<string, Value> = {};
  for (const [k, v] of pairs) out[k] = typedValue(v);
  return out;
}

/**
 * Builds a warrant by hand, bypassing the builders' refusals, so that verifier tests can present
 * exactly one defect: `changes` over `base`, encoded, signed by `signer` (a valid signature).
 */
export function forge(base: WarrantPayload, changes: Partial<WarrantPayload>, signer: SigningKey): SignedWarrant {
  const payloadBytes = encodePayload({ ...base, ...changes });
  return { payloadBytes, payload: decodePayload(payloadBytes), signature: signWarrantPayload(signer, payloadBytes) };
}

/** The code of the WarrantError `f` throws, or 'valid'; any other exception fails the test. */
export function outcome(f: () => void): string {
  try {
    f();
    return 'valid';
  } catch (e) {
    if (e instanceof WarrantError) return e.code;
    throw e;
  }
}

/** The WarrantError `f` throws (fails the test when it does not throw one). */
export function caught(f: () => void): WarrantError {
  try {
    f();
  } catch (e) {
    if (e instanceof WarrantError) return e;
    throw e;
  }
  throw new Error('expected a WarrantError, nothing was thrown');
}
