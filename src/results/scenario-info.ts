/**
 * What each scenario is about, for readers of the results (docs/results.md, `scenario_info`): its one-line
 * description and the user's request, in suite order. Text only, from the scenario file: whoever
 * renders it treats it as untrusted.
 */
import type { Scenario } from '../model/scenario.js';

/**
 * Where a task_scoped grant read from a file (`warrant: {from: PATH}`) came from: a Tenuo token
 * re-granted by the benchmark, or a Claude Code governance policy (`tenuo.yaml`). A results file
 * written before `kind` existed holds the token shape without it (the action's reader supplies it).
 */
export type WarrantFromInfo = TokenWarrantFrom | PolicyWarrantFrom;

export interface TokenWarrantFrom {
  kind: 'token';
  from: string; // PATH as written
  leaf: string; // the token's leaf, tnu_wrt_…
  token_holder: string; // hex: the token's holder, replaced by the benchmark's worker key
  token_root: string; // hex: the token's root issuer
}

export interface PolicyWarrantFrom {
  kind: 'claude_code_policy';
  from: string; // PATH as written
  sandbox: string; // what {sandbox} stood for
  sha256: string; // hex: the digest of the policy file's bytes as read
}

export interface ScenarioInfo {
  name: string;
  description: string;
  request: string;
  warrant_from?: WarrantFromInfo;
}

/** The origin in its contract's key order, with nothing else (it may come from an untrusted file). */
export function warrantFromInfo(w: WarrantFromInfo): WarrantFromInfo {
  return w.kind === 'claude_code_policy'
    ? { kind: w.kind, from: w.from, sandbox: w.sandbox, sha256: w.sha256 }
    : { kind: 'token', from: w.from, leaf: w.leaf, token_holder: w.token_holder, token_root: w.token_root };
}

export function scenarioInfo(scenarios: readonly Scenario[]): ScenarioInfo[] {
  return scenarios.map((s) => ({
    name: s.name,
    description: s.description,
    request: s.request,
    ...(s.warrantFrom && { warrant_from: warrantFromInfo(s.warrantFrom) }),
  }));
}
