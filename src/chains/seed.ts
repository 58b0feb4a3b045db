/**
 * Deterministic keys, warrant ids and time, all derived from the run's `--seed`, so the same
 * inputs and seed give byte-identical results (docs/results.md). Nothing here reads the real clock or
 * the OS random source.
 *
 * Derivation: HMAC-SHA256 keyed by the seed over a length-prefixed list of labels (scenario,
 * condition, purpose). Length prefixes make the encoding injective: ("ab","c") and ("a","bc")
 * never collide.
 */
import { createHmac } from 'node:crypto';
import type { Clock, RandomSource } from '../warrant/types.js';

const DOMAIN = 'delegation-bench/v1';
const utf8 = new TextEncoder();

/** HMAC-SHA256 (node:crypto: native, no cold JavaScript hash on the run's start-up path). */
function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const mac = createHmac('sha256', key).update(message).digest();
  return new Uint8Array(mac.buffer, mac.byteOffset, mac.length);
}

function encodeLabels(labels: readonly string[], counter?: number): Uint8Array {
  const parts = [DOMAIN, ...labels].map((l) => utf8.encode(l));
  const size = parts.reduce((n, p) => n + 4 + p.length, 0) + (counter === undefined ? 0 : 4);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const p of parts) {
    view.setUint32(at, p.length);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  if (counter !== undefined) view.setUint32(at, counter);
  return out;
}

/** 32 bytes determined by the seed and the labels (e.g. a signing key's seed). */
export function deriveBytes(seed: string, labels: readonly string[]): Uint8Array {
  return hmacSha256(utf8.encode(seed), encodeLabels(labels));
}

/**
 * A RandomSource that is a pure function of (seed, labels) and of how much was drawn before:
 * HMAC in counter mode. Used for warrant ids, so the ids are reproducible too.
 */
export function seededRandom(seed: string, labels: readonly string[]): RandomSource {
  const key = deriveBytes(seed, [...labels, 'random']);
  let counter = 0;
  // Drawn bytes are buffer[0, used); the rest is still to hand out.
  let buffer = new Uint8Array(0);
  let used = 0;
  return (length: number) => {
    while (buffer.length - used < length) {
      const block = hmacSha256(key, blockLabels(counter++));
      const next = new Uint8Array(buffer.length - used + block.length);
      next.set(buffer.subarray(used));
      next.set(block, buffer.length - used);
      buffer = next;
      used = 0;
    }
    const out = buffer.slice(used, used + length);
    used += length;
    return out;
  };
}

/** encodeLabels([], counter) with the constant part encoded once: the message of each random block. */
const BLOCK_PREFIX = encodeLabels([]);
function blockLabels(counter: number): Uint8Array {
  const out = new Uint8Array(BLOCK_PREFIX.length + 4);
  out.set(BLOCK_PREFIX);
  new DataView(out.buffer).setUint32(BLOCK_PREFIX.length, counter);
  return out;
}

/** 2026-01-01T00:00:00Z: the simulated clock's start. Fixed, so timestamps never vary by run. */
export const SIMULATED_EPOCH = 1_767_225_600;
/** Seconds the simulated clock advances per call. */
export const CALL_STEP_SECONDS = 1;

/** A clock that only moves when told to: warrants are minted at the start, each call one step later. */
export class SimulatedClock {
  private t: number;
  constructor(
    start = SIMULATED_EPOCH,
    private readonly step = CALL_STEP_SECONDS,
  ) {
    this.t = start;
  }
  readonly now: Clock = () => this.t;
  advance(): number {
    this.t += this.step;
    return this.t;
  }
  /** Moves on `seconds` at once (a step's `after:`: docs/scenarios.md#delegation-steps). */
  wait(seconds: number): number {
    this.t += seconds;
    return this.t;
  }
}
