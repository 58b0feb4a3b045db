/**
 * The units of LLM work: one (scenario, condition, run) triple per trial, in a fixed order
 * (scenarios as given, conditions in contract order, runs 1..N). Results are always written in
 * this order, whatever order concurrency finishes them in, so equal inputs give equal bytes.
 * A shard I/N takes every N-th triple starting at the I-th: deterministic, and it spreads each
 * scenario's cost over all shards.
 */
import { CONDITIONS, type Condition } from '../results/results.js';
import { LlmInputError } from './errors.js';

export interface TrialKey {
  scenario: string;
  condition: Condition;
  run: number;
}

export interface Shard {
  index: number; // 1-based
  count: number;
}

export const MAX_SHARDS = 256;

export function allTrialKeys(scenarios: readonly string[], runs: number): TrialKey[] {
  const out: TrialKey[] = [];
  for (const scenario of scenarios) {
    for (const condition of CONDITIONS) {
      for (let run = 1; run <= runs; run++) out.push({ scenario, condition, run });
    }
  }
  return out;
}

export function shardKeys(keys: readonly TrialKey[], shard: Shard | undefined): TrialKey[] {
  if (!shard) return [...keys];
  return keys.filter((_, i) => i % shard.count === shard.index - 1);
}

export function keyOf(key: TrialKey): string {
  return `${key.scenario}\u0000${key.condition}\u0000${key.run}`;
}

/** `I/N` with 1 ≤ I ≤ N ≤ MAX_SHARDS. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    throw new LlmInputError('bad_shard', `--shard expects I/N with 1 ≤ I ≤ N ≤ ${MAX_SHARDS} (e.g. 2/4), got '${text}'`);
  }
  return { index, count };
}
