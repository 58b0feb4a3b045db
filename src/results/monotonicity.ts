/**
 * The monotonicity audit's section of the results (docs/results.md, `monotonicity`): every
 * parent → child link a run builds or a token carries, and whether the child's grant is inside the
 * parent's by meaning (src/warrant/containment). Key order is the order written.
 */

/** A call the child may make and the parent may not: the argument that differs, by the real evaluator. */
export interface LinkWitness {
  tool: string;
  /** The argument(s) that decide it; other arguments take any value the child allows. */
  args: Record<string, unknown>;
}

/** One tool of one link. `unproven`: the prover could not decide (reason), reported, never gated. */
export interface LinkTool {
  tool: string;
  verdict: 'narrower' | 'unchanged' | 'wider' | 'unproven';
  /** The parameter the verdict is about (wider / unproven), when one is. */
  param?: string;
  proof?: string; // narrower / unchanged / wider
  reason?: string; // unproven
  witness?: LinkWitness; // wider
}

export interface MonotonicityLink {
  scenario: string;
  /** `run`: a link the run builds (org → p, p → q); `token`: a link inside a `warrant: {from:}` chain. */
  origin: 'run' | 'token';
  /** e.g. `p → q (task_scoped)`, or `tnu_wrt_… → tnu_wrt_…` for a token's link. */
  link: string;
  /** The worst of the tools: wider, then unproven, then narrower, then unchanged. */
  verdict: 'narrower' | 'unchanged' | 'wider' | 'unproven';
  /** Tenuo's own attenuation rule (attenuate.ts) accepted the link; with its refusal otherwise. */
  tenuo_accepted: boolean;
  tenuo_reason?: string;
  /** FILE:LINE:COL of the grant (a run's link) or the `from:` key (a token's). */
  source?: string;
  tools: LinkTool[];
}

/** A link Tenuo accepts that the prover refutes: it fails the gate unless `approved` (allow-widening). */
export interface MonotonicityFinding {
  scenario: string;
  link: string;
  tool: string;
  param?: string;
  witness: LinkWitness;
  proof: string;
  tenuo_accepted: boolean;
  approved: boolean;
  source?: string;
}

export interface MonotonicitySection {
  links_total: number;
  proven: number; // narrower or unchanged
  escapes: number; // findings, approved or not
  unproven: number;
  links: MonotonicityLink[];
  findings: MonotonicityFinding[];
}
