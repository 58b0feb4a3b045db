/**
 * Puts an LLM run into the results (docs/llm.md). The scripted matrix's fields stay what the
 * deterministic run made of them; under `--mode llm` the matrix did not run, so its trials and
 * summary are empty. LLM numbers never enter the deterministic summary: the two are kept apart in
 * every report. The gate is not touched here: the pipeline decides it once, from every part
 * (src/pipeline/verdict.ts), after the LLM results are in.
 */
import type { LlmResults, Results } from '../results/results.js';

export function withLlm(base: Results, llm: LlmResults, mode: 'llm' | 'both', scenarios: readonly string[]): Results {
  if (mode === 'both') return { ...base, mode, llm };
  // The matrix ran on no scenario: its per-scenario notes (empty) would not match `scenarios`, and
  // the analyses beside it (docs/analyses.md, deterministic mode only) found nothing because they ran on nothing.
  const { scenario_info: _info, probes: _probes, mutants: _mutants, coverage: _coverage, slack: _slack, ...rest } = base;
  return {
    ...rest,
    mode,
    scenarios: [...scenarios],
    trials: [],
    summary: {},
    llm,
  };
}

/** The exit verdict: the deterministic gate, and the LLM gate when one was asked for. */
export function passedOverall(results: Results): boolean {
  return results.gate.passed && (results.llm?.gate?.passed ?? true);
}
