/**
 * The `llm` section in contract key order (docs/results.md), so equal results are equal bytes whether
 * they were built by a run, a resume or a merge of shards.
 */
import { CONDITIONS, type LlmCall, type LlmCellStats, type LlmMessage, type LlmResults, type LlmTrial } from '../results/results.js';

function stats(s: LlmCellStats): LlmCellStats {
  return {
    runs: s.runs,
    errors: s.errors,
    asr: { mean: s.asr.mean, std: s.asr.std },
    tcr: { mean: s.tcr.mean, std: s.tcr.std },
    calls_blocked: { sum: s.calls_blocked.sum, mean: s.calls_blocked.mean },
    tokens: s.tokens,
  };
}

function call(c: LlmCall): LlmCall {
  return {
    index: c.index,
    turn: c.turn,
    tool: c.tool,
    args: c.args,
    authorized: c.authorized,
    ...(c.denial ? { denial: { code: c.denial.code, reason: c.denial.reason } } : {}),
    ...(c.error ? { error: { code: c.error.code, message: c.error.message } } : {}),
  };
}

function message(m: LlmMessage): LlmMessage {
  return {
    role: m.role,
    content: m.content,
    ...(m.tool_calls ? { tool_calls: m.tool_calls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })) } : {}),
    ...(m.tool_call_id !== undefined ? { tool_call_id: m.tool_call_id } : {}),
  };
}

export function canonicalTrial(trial: LlmTrial): LlmTrial {
  return {
    mode: 'llm',
    scenario: trial.scenario,
    condition: trial.condition,
    run: trial.run,
    task_succeeded: trial.task_succeeded,
    attack_succeeded: trial.attack_succeeded,
    calls_total: trial.calls_total,
    calls_allowed: trial.calls_allowed,
    calls_blocked: trial.calls_blocked,
    turns: trial.turns,
    stop: trial.stop,
    tokens: { prompt: trial.tokens.prompt, completion: trial.tokens.completion, total: trial.tokens.total },
    calls: trial.calls.map(call),
    ...(trial.error ? { error: { code: trial.error.code, message: trial.error.message } } : {}),
    ...(trial.transcript ? { transcript: trial.transcript.map(message) } : {}),
  };
}

export function canonicalLlm(llm: LlmResults): LlmResults {
  const summary: LlmResults['summary'] = {};
  for (const c of CONDITIONS) {
    const s = llm.summary[c];
    if (s) summary[c] = stats(s);
  }
  return {
    model: llm.model,
    runs: llm.runs,
    seed: llm.seed,
    inputs: llm.inputs,
    config: {
      max_turns: llm.config.max_turns,
      temperature: llm.config.temperature,
      denial_detail: llm.config.denial_detail,
      transcripts: llm.config.transcripts,
    },
    ...(llm.shard ? { shard: { index: llm.shard.index, count: llm.shard.count } } : {}),
    complete: llm.complete,
    ...(llm.stopped ? { stopped: { reason: llm.stopped.reason, message: llm.stopped.message } } : {}),
    cells: llm.cells.map((c) => ({ scenario: c.scenario, condition: c.condition, ...stats(c) })),
    summary,
    tokens: { prompt: llm.tokens.prompt, completion: llm.tokens.completion, total: llm.tokens.total },
    ...(llm.gate
      ? {
          gate: {
            condition: llm.gate.condition,
            max_asr: llm.gate.max_asr,
            min_tcr: llm.gate.min_tcr,
            passed: llm.gate.passed,
            violations: llm.gate.violations.map((v) => ({ scenario: v.scenario, kind: v.kind, message: v.message })),
          },
        }
      : {}),
    trials: llm.trials.map(canonicalTrial),
  };
}
