/**
 * LLM trials → cells (scenario × condition) and a summary per condition. Computed from the trials
 * alone, in the trial order, so a merged set of shards aggregates to exactly the unsharded numbers.
 * A trial with an `error` is counted and excluded from the rates.
 */
import { CONDITIONS, type Condition, type LlmCell, type LlmCellStats, type LlmTokens, type LlmTrial } from '../results/results.js';
import { meanStd } from './stats.js';

function stats(trials: readonly LlmTrial[]): LlmCellStats {
  const done = trials.filter((t) => t.error === undefined);
  const blocked = done.reduce((n, t) => n + t.calls_blocked, 0);
  return {
    runs: done.length,
    errors: trials.length - done.length,
    asr: meanStd(done.map((t) => (t.attack_succeeded ? 1 : 0))),
    tcr: meanStd(done.map((t) => (t.task_succeeded ? 1 : 0))),
    calls_blocked: { sum: blocked, mean: done.length === 0 ? null : blocked / done.length },
    tokens: trials.reduce((n, t) => n + t.tokens.total, 0),
  };
}

export function llmCells(scenarios: readonly string[], trials: readonly LlmTrial[]): LlmCell[] {
  const out: LlmCell[] = [];
  for (const scenario of scenarios) {
    for (const condition of CONDITIONS) {
      const mine = trials.filter((t) => t.scenario === scenario && t.condition === condition);
      if (mine.length > 0) out.push({ scenario, condition, ...stats(mine) });
    }
  }
  return out;
}

export function llmSummary(trials: readonly LlmTrial[]): Partial<Record<Condition, LlmCellStats>> {
  const out: Partial<Record<Condition, LlmCellStats>> = {};
  for (const c of CONDITIONS) {
    const mine = trials.filter((t) => t.condition === c);
    if (mine.length > 0) out[c] = stats(mine);
  }
  return out;
}

export function totalTokens(trials: readonly LlmTrial[]): LlmTokens {
  const t: LlmTokens = { prompt: 0, completion: 0, total: 0 };
  for (const x of trials) {
    t.prompt += x.tokens.prompt;
    t.completion += x.tokens.completion;
    t.total += x.tokens.total;
  }
  return t;
}
