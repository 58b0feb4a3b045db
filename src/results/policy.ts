/**
 * The `mutants`, `coverage` and `slack` parts of the results JSON (docs/results.md), in their
 * contract's key order. Defined here, beside the Results type, so that the renderers read them
 * without depending on the analysis that fills them (src/analysis/mutants/, src/analysis/slack/).
 */

export interface ScenarioMutationScore {
  scenario: string;
  /** Every mutant built: killed + survived + skipped. */
  total: number;
  killed: number;
  survived: number;
  /** Refused by the warrant builder (e.g. wider than p's root): no warrant, so no test. */
  skipped: number;
  /** killed / (killed + survived); null when no mutant ran. */
  score: number | null;
}

export interface MutantSurvivor {
  scenario: string;
  tool: string;
  /** null: a change to the tool's grant as a whole (`tool_granted`, `allow_unknown_set`). */
  param: string | null;
  mutation: string;
  /** FILE:LINE:COL of the grant (the scenario's, for a tool it does not grant). */
  source: string;
}

export interface MutantsSection {
  total: number;
  killed: number;
  survived: number;
  skipped: number;
  /** killed / (killed + survived) over the suite; null when no mutant ran. */
  score: number | null;
  scenarios: ScenarioMutationScore[];
  survivors: MutantSurvivor[];
}

export type CoverageStatus = 'tested' | 'untested' | 'unconstrained';

export interface CoverageEntry {
  scenario: string;
  tool: string;
  /** null: the tool's grant as a whole. */
  param: string | null;
  /** The constraint as the warrant describes it; for the grant row, its parameters' list. */
  constraint: string;
  /** Calls marked `expect: allow` that task_scoped allowed (1-based indices). */
  allowed_calls: number[];
  /** Calls marked `expect: deny` this constraint rejects (grant row: that task_scoped denied). */
  denied_calls: number[];
  mutants_killed: number;
  mutants_survived: number;
  status: CoverageStatus;
  source: string;
}

export interface SlackEntry {
  scenario: string;
  tool: string;
  /** null for an unused tool. */
  param: string | null;
  kind: 'unused_tool' | 'wider_than_needed';
  /** What is granted: the constraint, or for an unused tool its grant line. */
  granted: string;
  /** The tightest same-kind constraint; null: drop the grant (unused_tool) or none computed. */
  suggested: string | null;
  /** The tool's grant line with the suggestion applied (scenario YAML); '' drops the grant; null: none. */
  suggestion: string | null;
  source: string;
}

/** What the policy analysis adds to the results JSON. */
export interface PolicyAnalysisResults {
  mutants: MutantsSection;
  coverage: CoverageEntry[];
  slack: SlackEntry[];
}
