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

export function canonicalTrial(t: LlmTrial): LlmTrial {
  return {
    mode: 'llm',
    scenario: t.scenario,
    condition: t.condition,
    run: t.run,
    task_succeeded: t.task_succeeded,
    attack_succeeded: t.attack_succeeded,
    calls_total: t.calls_total,
    calls_allowed: t.calls_allowed,
    calls_blocked: t.calls_blocked,
    turns: t.turns,
    stop: t.stop,
    tokens: { prompt: t.tokens.prompt, completion: t.tokens.completion, total: t.tokens.total },
    calls: t.calls.map(call),
    ...(t.error ? { error: { code: t.error.code, message: t.error.message } } : {}),
    ...(t.transcript ? { transcript: t.transcript.map(message) } : {}),
  };
}

export function canonicalLlm(l: LlmResults): LlmResults {
  const summary: LlmResults['summary'] = {};
  for (const c of CONDITIONS) {
    const s = l.summary[c];
    if (s) summary[c] = stats(s);
  }
  return {
    model: l.model,
    runs: l.runs,
    seed: l.seed,
    inputs: l.inputs,
    config: {
      max_turns: l.config.max_turns,
      temperature: l.config.temperature,
      denial_detail: l.config.denial_detail,
      transcripts: l.config.transcripts,
    },
    ...(l.shard ? { shard: { index: l.shard.index, count: l.shard.count } } : {}),
    complete: l.complete,
    ...(l.stopped ? { stopped: { reason: l.stopped.reason, message: l.stopped.message } } : {}),
    cells: l.cells.map((c) => ({ scenario: c.scenario, condition: c.condition, ...stats(c) })),
    summary,
    tokens: { prompt: l.tokens.prompt, completion: l.tokens.completion, total: l.tokens.total },
    ...(l.gate
      ? {
          gate: {
            condition: l.gate.condition,
            max_asr: l.gate.max_asr,
            min_tcr: l.gate.min_tcr,
            passed: l.gate.passed,
            violations: l.gate.violations.map((v) => ({ scenario: v.scenario, kind: v.kind, message: v.message })),
          },
        }
      : {}),
    trials: l.trials.map(canonicalTrial),
  };
}
