/**
 * Joins the `llm` sections of shard files into the section one unsharded run would have written.
 * Refuses shards of different runs (model, runs, seed, scenarios, settings), shards that are not
 * all of one split, incomplete shards, and any missing or duplicated (scenario, condition, run).
 */
import type { LlmResults, LlmTrial } from '../results/results.js';
import { allTrialKeys, keyOf } from './trial-keys.js';
import { LlmInputError } from './errors.js';
import { evaluateLlmGate } from './llm-gate.js';
import { assemble, sameRun } from './llm-stage.js';

export interface ShardPart {
  name: string; // the file, for messages
  llm: LlmResults;
}

export function mergeLlm(parts: readonly ShardPart[], scenarios: readonly string[]): LlmResults {
  if (parts.length === 0) throw new LlmInputError('merge_bad_file', 'merge needs at least one shard file');
  const first = parts[0]!;
  const count = first.llm.shard?.count ?? 1;
  const seen = new Map<number, string>();
  for (const p of parts) {
    const why = sameRun(first.llm, p.llm);
    if (why) throw new LlmInputError('merge_mismatch', `${p.name} is not a shard of the same run as ${first.name}: ${why}`);
    const s = p.llm.shard ?? { index: 1, count: 1 };
    if (s.count !== count)
      throw new LlmInputError('merge_mismatch', `${p.name} is shard ${s.index}/${s.count}, ${first.name} is of ${count} shards`);
    const dup = seen.get(s.index);
    if (dup !== undefined) throw new LlmInputError('merge_duplicate_cell', `${p.name} and ${dup} are both shard ${s.index}/${count}`);
    seen.set(s.index, p.name);
    if (!p.llm.complete) {
      throw new LlmInputError(
        'merge_mismatch',
        `${p.name} is incomplete (${p.llm.stopped?.message ?? 'stopped early'}); finish it with --resume first`,
      );
    }
  }
  const byKey = new Map<string, { trial: LlmTrial; file: string }>();
  for (const p of parts) {
    for (const t of p.llm.trials) {
      const k = keyOf(t);
      const other = byKey.get(k);
      if (other) {
        throw new LlmInputError(
          'merge_duplicate_cell',
          `${t.scenario} × ${t.condition} run ${t.run} is in both ${other.file} and ${p.name}`,
        );
      }
      byKey.set(k, { trial: t, file: p.name });
    }
  }
  const keys = allTrialKeys(scenarios, first.llm.runs);
  const missing = keys.filter((k) => !byKey.has(keyOf(k)));
  if (missing.length > 0) {
    const m = missing[0]!;
    const shards = [...Array(count).keys()].map((i) => i + 1).filter((i) => !seen.has(i));
    throw new LlmInputError(
      'merge_missing_cell',
      `${missing.length} trial(s) missing, first ${m.scenario} × ${m.condition} run ${m.run}` +
        (shards.length > 0 ? ` (shard${shards.length === 1 ? '' : 's'} ${shards.map((i) => `${i}/${count}`).join(', ')} not given)` : ''),
    );
  }
  const wanted = new Set(keys.map(keyOf));
  const stray = [...byKey.values()].find((x) => !wanted.has(keyOf(x.trial)));
  if (stray)
    throw new LlmInputError(
      'merge_mismatch',
      `${stray.file} has a trial of another run: ${stray.trial.scenario} × ${stray.trial.condition} run ${stray.trial.run}`,
    );

  const { shard: _shard, ...header } = first.llm;
  const merged = assemble(
    { model: header.model, runs: header.runs, seed: header.seed, inputs: header.inputs, config: header.config },
    scenarios,
    keys.map((k) => byKey.get(keyOf(k))!.trial),
  );
  if (first.llm.gate) {
    const g = first.llm.gate;
    for (const p of parts) {
      if (!p.llm.gate || p.llm.gate.max_asr !== g.max_asr || p.llm.gate.min_tcr !== g.min_tcr) {
        throw new LlmInputError('merge_mismatch', `${p.name} was gated differently from ${first.name}`);
      }
    }
    merged.gate = evaluateLlmGate(merged, g.max_asr, g.min_tcr);
  }
  return merged;
}
