/**
 * Whole results files of shards → the results of one unsharded run. The scripted matrix (and
 * everything else but the LLM trials and durations) is the same in every shard, since each shard
 * runs it in full; it must agree byte for byte, and is taken once. The LLM trials are joined by
 * merge.ts. Inputs are parsed JSON from files: untrusted, checked before use.
 */
import type { Results } from '../results/results.js';
import { readLlmSection } from './section-check.js';
import { LlmInputError } from './errors.js';
import { mergeLlm, type ShardPart } from './merge-shards.js';

export interface ShardFile {
  name: string;
  data: unknown;
}

export const MAX_SHARD_FILES = 1024;

/** Everything but the LLM section and durations. */
function sharedPart(data: Record<string, unknown>): string {
  const { llm: _llm, timings: _timings, ...rest } = data;
  return JSON.stringify(rest);
}

/** The merged results (not yet in canonical key order: render them with renderJson). */
export function mergeShardFiles(files: readonly ShardFile[]): Results {
  if (files.length === 0) throw new LlmInputError('merge_bad_file', 'no shard files to merge');
  if (files.length > MAX_SHARD_FILES) throw new LlmInputError('merge_bad_file', `at most ${MAX_SHARD_FILES} shard files`);
  const parts: ShardPart[] = [];
  let first: { name: string; data: Record<string, unknown>; shared: string; scenarios: string[] } | undefined;
  for (const f of files) {
    if (typeof f.data !== 'object' || f.data === null || Array.isArray(f.data))
      throw new LlmInputError('merge_bad_file', `${f.name}: not a results file`);
    const obj = f.data as Record<string, unknown>;
    parts.push({ name: f.name, llm: readLlmSection(obj, f.name) });
    const s = obj.scenarios;
    if (!Array.isArray(s) || !s.every((x): x is string => typeof x === 'string')) {
      throw new LlmInputError('merge_bad_file', `${f.name}: $.scenarios: expected a list of names`);
    }
    const shared = sharedPart(obj);
    if (!first) first = { name: f.name, data: obj, shared, scenarios: s };
    else if (shared !== first.shared) {
      throw new LlmInputError(
        'merge_mismatch',
        `${f.name} and ${first.name} differ outside their LLM trials (scenarios, scripted matrix or gate): not shards of one run`,
      );
    }
  }
  const llm = mergeLlm(parts, first!.scenarios);
  const { timings: _t, llm: _l, ...rest } = first!.data;
  return { ...(rest as unknown as Results), llm };
}
