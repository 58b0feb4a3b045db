/**
 * The monotonicity audit of every delegation link (docs/analyses.md, "Monotonicity audit"): for each
 * parent → child link a run builds (the org's root to the planner p, p's grant to the worker q under
 * broad and task_scoped) or a token carries (`warrant: {from:}`: each warrant of its chain under the
 * one before), the containment prover (src/warrant/containment) decides, per tool and parameter,
 * whether the child's grant is inside the parent's BY MEANING. Tenuo's own attenuation rule
 * (attenuate.ts) is asked too, and recorded: a link the rule accepts and the prover refutes is a
 * `monotonicity_escape`, with a witness (an argument the child may send that the parent may not).
 *
 * Pure, deterministic (scenario order, tool and parameter names sorted bytewise), bounded: at most
 * MAX_PAIRS constraint pairs per scenario go to the prover, which bounds itself; beyond, the rest of
 * the scenario's links are `unproven` with that reason.
 */
import { broadGrants } from '../../chains/run-context.js';
import { formatSource } from '../../model/errors.js';
import type { Scenario, Topology } from '../../model/scenario.js';
import { IMPLICIT_PLANNER, IMPLICIT_WORKER } from '../../model/agents.js';
import type { LinkTool, LinkWitness, MonotonicityFinding, MonotonicityLink, MonotonicitySection } from '../../results/monotonicity.js';
import type { AnalysisViolation } from '../../trial/gate.js';
import { checkToolAttenuation } from '../../warrant/constraints/attenuate.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../../warrant/constraints/types.js';
import { constraintKey, proveContainment, type Containment } from '../../warrant/containment/index.js';
import { Float, type Value } from '../../warrant/constraint-value.js';

/** Constraint pairs sent to the prover per scenario, at most (each is bounded by the prover itself). */
export const MAX_PAIRS = 256;
/** Links of one token chain audited, at most (Tenuo's own chain limit is 65 warrants). */
export const MAX_TOKEN_LINKS = 64;
/** A parameter name made up for a witness of `allow_unknown` widening: the parent's closed world denies it. */
const EXTRA_PARAM = 'unlisted_argument';

const ORDER: Record<LinkTool['verdict'], number> = { wider: 3, unproven: 2, narrower: 1, unchanged: 0 };

function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A Value as plain JSON for the results: a Float as its number, a bigint beyond 2^53 as its digits. */
function jsonOf(v: Value): unknown {
  if (v instanceof Float) return v.value;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (Array.isArray(v)) return v.map(jsonOf);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort(byBytes)
        .map((k) => [k, jsonOf((v as Record<string, Value>)[k]!)]),
    );
  return v;
}

class PairBudget {
  used = 0;
  take(): boolean {
    return ++this.used <= MAX_PAIRS;
  }
}

const WILDCARD: Constraint = { type: 'wildcard' };

/**
 * The prover's answers of one audit, keyed by the two constraints' structural keys. The prover is a
 * pure function of (base, head), so an answer found once stands for every later pair with the same
 * keys: a suite repeats its tools' policies from scenario to scenario, and the DFA work of proving
 * a pattern inside its root's wildcard is the audit's whole cost. It lives in one `auditLinks` call
 * (one run), never in the module. Measured on a generated 200-scenario suite (copies of the
 * built-ins, CPU profile of `run --no-probes --no-mutants --workers 1`): the audit took 735 ms before,
 * 120 ms after (and 215 ms on 1,000 scenarios, where it would have taken some 3.5 s).
 */
export type ProofMemo = Map<string, Containment>;

function provenWithin(base: Constraint, head: Constraint, memo: ProofMemo): Containment {
  const key = JSON.stringify([constraintKey(base), constraintKey(head)]);
  let answer = memo.get(key);
  if (answer === undefined) {
    answer = proveContainment(base, head);
    memo.set(key, answer);
  }
  return answer;
}

/**
 * One tool: the child's set against the parent's. A parameter the child leaves out that the parent
 * constrains, or names that the parent does not, changes the keyset; Tenuo's rule decides those
 * (closed world) and the prover is not asked: such a tool is `unproven` unless the widening is plain
 * (the child opens the world the parent keeps closed: any unlisted argument is then a witness).
 */
function auditTool(tool: string, parent: ConstraintSet, child: ConstraintSet, budget: PairBudget, memo: ProofMemo): LinkTool {
  if (child.allowUnknown && !parent.allowUnknown) {
    const witness: LinkWitness = { tool, args: { [EXTRA_PARAM]: 'x' } };
    return {
      tool,
      verdict: 'wider',
      proof: 'the child allows arguments its parent does not name (allow_unknown), the parent’s closed world denies them',
      witness,
    };
  }
  const pNames = Object.keys(parent.constraints).sort(byBytes);
  const cNames = Object.keys(child.constraints).sort(byBytes);
  const extra = cNames.filter((n) => !pNames.includes(n));
  const missing = pNames.filter((n) => !cNames.includes(n));
  if (!parent.allowUnknown && (extra.length > 0 || missing.length > 0)) {
    return {
      tool,
      verdict: 'unproven',
      reason: `the child's parameters differ from the parent's (${[...extra.map((n) => `+${n}`), ...missing.map((n) => `-${n}`)].join(', ')}): not a comparison of constraints`,
    };
  }
  let worst: LinkTool = { tool, verdict: 'unchanged', proof: 'every parameter the same constraint' };
  const proofs: string[] = [];
  for (const param of cNames) {
    // Under an open parent, a parameter it does not name is unconstrained there.
    const base = Object.prototype.hasOwnProperty.call(parent.constraints, param) ? parent.constraints[param]! : WILDCARD;
    const head = child.constraints[param]!;
    if (!budget.take())
      return { tool, verdict: 'unproven', param, reason: `bound reached: more than ${MAX_PAIRS} constraint pairs in the scenario's links` };
    const r = provenWithin(base, head, memo);
    if (r.verdict === 'wider')
      return { tool, verdict: 'wider', param, proof: `${param}: ${r.proof}`, witness: { tool, args: { [param]: jsonOf(r.witness) } } };
    if (r.verdict === 'unproven') {
      if (worst.verdict !== 'unproven') worst = { tool, verdict: 'unproven', param, reason: `${param}: ${r.reason}` };
      continue;
    }
    if (r.verdict === 'narrower') proofs.push(`${param}: ${r.proof}`);
  }
  if (worst.verdict === 'unproven') return worst;
  if (proofs.length > 0 || missing.length > 0)
    return {
      tool,
      verdict: 'narrower',
      proof: proofs.length > 0 ? proofs.join('; ') : 'the child constrains parameters its open parent does not',
    };
  return worst;
}

function auditLink(
  scenario: string,
  origin: MonotonicityLink['origin'],
  link: string,
  parent: ToolGrants,
  child: ToolGrants,
  source: string | undefined,
  budget: PairBudget,
  memo: ProofMemo,
): MonotonicityLink {
  const tools: LinkTool[] = [];
  for (const tool of Object.keys(child).sort(byBytes)) {
    const p = Object.prototype.hasOwnProperty.call(parent, tool)
      ? parent[tool]
      : Object.prototype.hasOwnProperty.call(parent, '*')
        ? parent['*']
        : undefined;
    if (p === undefined) {
      tools.push({ tool, verdict: 'wider', proof: 'the parent does not grant this tool', witness: { tool, args: {} } });
      continue;
    }
    tools.push(auditTool(tool, p, child[tool]!, budget, memo));
  }
  const verdict = tools.reduce<LinkTool['verdict']>((w, t) => (ORDER[t.verdict] > ORDER[w] ? t.verdict : w), 'unchanged');
  const refusal = checkToolAttenuation(parent, child);
  return {
    scenario,
    origin,
    link,
    verdict,
    tenuo_accepted: refusal === undefined,
    ...(refusal !== undefined ? { tenuo_reason: refusal } : {}),
    ...(source !== undefined ? { source } : {}),
    tools,
  };
}

/**
 * The links of an `agents:` topology (docs/scenarios.md#agents): for every agent its parent
 * delegates to, `PARENT → CHILD (broad)` (the child gets all its parent may give) and
 * `PARENT → CHILD (task_scoped)` (the declared grants), parents first. An agent the org mints has
 * no parent grant to be contained in (the org key is the trusted root).
 */
function topologyLinks(scenario: Scenario, agents: Topology, budget: PairBudget, memo: ProofMemo): MonotonicityLink[] {
  const links: MonotonicityLink[] = [];
  const broad = broadGrants(scenario);
  for (const child of agents) {
    if (child.from === null) continue;
    const parent = agents.find((a) => a.name === child.from)!;
    const at = formatSource(child.grantSource);
    links.push(auditLink(scenario.name, 'run', `${parent.name} → ${child.name} (broad)`, broad, broad, at, budget, memo));
    links.push(
      auditLink(scenario.name, 'run', `${parent.name} → ${child.name} (task_scoped)`, parent.grant, child.grant, at, budget, memo),
    );
  }
  return links;
}

/**
 * Every link of one scenario: the run's two (p → q broad, p → q task_scoped), then its token's; with
 * `agents:`, every link of its topology.
 */
export function auditScenarioLinks(scenario: Scenario, memo: ProofMemo = new Map()): MonotonicityLink[] {
  const budget = new PairBudget();
  const own = ownLinks(scenario, budget, memo);
  return scenario.steps === undefined ? own : [...own, ...stepLinks(scenario, budget, memo)];
}

/**
 * The links the scenario's delegate steps build (docs/scenarios.md#delegation-steps), `FROM → TO
 * (step #k)`: the step's grant against the grant its `from` agent holds under task_scoped at that
 * point (a declared agent's, the planner's broad root, the worker's `warrant:`, or an earlier step's).
 * Tenuo's rule decides whether the step's child is built; the prover whether it is narrower.
 */
function stepLinks(scenario: Scenario, budget: PairBudget, memo: ProofMemo): MonotonicityLink[] {
  const held = new Map<string, ToolGrants>();
  if (scenario.agents === undefined) {
    held.set(IMPLICIT_PLANNER, broadGrants(scenario));
    held.set(IMPLICIT_WORKER, scenario.warrant);
  } else for (const a of scenario.agents) held.set(a.name, a.grant);
  const links: MonotonicityLink[] = [];
  (scenario.steps ?? []).forEach((step, i) => {
    if (step.kind !== 'delegate') return;
    const parent = held.get(step.from);
    if (parent === undefined) return; // made by a step that could not be audited either
    const at = formatSource(step.source);
    links.push(auditLink(scenario.name, 'run', `${step.from} → ${step.to} (step #${i + 1})`, parent, step.grant, at, budget, memo));
    held.set(step.to, step.grant);
  });
  return links;
}

/** The links the scenario's own set-up builds: its topology's, else p → q and its token's. */
function ownLinks(scenario: Scenario, budget: PairBudget, memo: ProofMemo): MonotonicityLink[] {
  if (scenario.agents !== undefined) return topologyLinks(scenario, scenario.agents, budget, memo);
  const root = broadGrants(scenario);
  const at = formatSource(scenario.warrantSource ?? scenario.source);
  const links: MonotonicityLink[] = [];
  // The org's root to p has no parent grant (the org key is the trusted root): nothing to contain it in.
  links.push(auditLink(scenario.name, 'run', 'p → q (broad)', root, root, at, budget, memo));
  links.push(auditLink(scenario.name, 'run', 'p → q (task_scoped)', root, scenario.warrant, at, budget, memo));
  const from = scenario.warrantFrom;
  if (from?.kind === 'token' && from.chain !== undefined) {
    const chain = from.chain.slice(0, MAX_TOKEN_LINKS + 1);
    for (let i = 1; i < chain.length; i++) {
      links.push(
        auditLink(scenario.name, 'token', `${chain[i - 1]!.id} → ${chain[i]!.id}`, chain[i - 1]!.tools, chain[i]!.tools, at, budget, memo),
      );
    }
  }
  return links;
}

/**
 * Per tool, the place of its grant when the scenario knows it: the tool's key under `warrant:` for
 * the task_scoped link, the `from:` key for a token's links (the loader records it per tool).
 */
function placeOf(s: Scenario, l: MonotonicityLink, tool: string): string | undefined {
  const step = /\(step #(\d+)\)$/.exec(l.link);
  if (step !== null) {
    // A delegate step's link: the tool's key under the step's grant.
    const made = s.steps?.[Number(step[1]) - 1];
    const pos =
      made?.kind === 'delegate' && Object.prototype.hasOwnProperty.call(made.grantSources, tool) ? made.grantSources[tool] : undefined;
    return pos !== undefined ? formatSource(pos) : l.source;
  }
  if (s.agents !== undefined) {
    // `PARENT → CHILD (…)`: the child's grant of the tool.
    const child = s.agents.find((a) => l.link.includes(` → ${a.name} (`));
    const pos =
      child !== undefined && Object.prototype.hasOwnProperty.call(child.grantSources, tool) ? child.grantSources[tool] : undefined;
    return pos !== undefined ? formatSource(pos) : l.source;
  }
  const granted = l.origin === 'token' || l.link.endsWith('(task_scoped)');
  const pos =
    granted && s.grantSources !== undefined && Object.prototype.hasOwnProperty.call(s.grantSources, tool)
      ? s.grantSources[tool]
      : undefined;
  return pos !== undefined ? formatSource(pos) : l.source;
}

/** The findings of a scenario's links: every tool the prover refuted in a link Tenuo's rule accepts. */
function findingsOf(s: Scenario, links: readonly MonotonicityLink[], allowWidening: boolean): MonotonicityFinding[] {
  const out: MonotonicityFinding[] = [];
  for (const l of links) {
    if (!l.tenuo_accepted) continue; // a link Tenuo refuses is never built nor verified: no escape
    for (const t of l.tools) {
      if (t.verdict !== 'wider') continue;
      const source = placeOf(s, l, t.tool);
      out.push({
        scenario: s.name,
        link: l.link,
        tool: t.tool,
        ...(t.param !== undefined ? { param: t.param } : {}),
        witness: t.witness!,
        proof: t.proof!,
        tenuo_accepted: l.tenuo_accepted,
        approved: allowWidening,
        ...(source !== undefined ? { source } : {}),
      });
    }
  }
  return out;
}

/** The `monotonicity` section of a run: its scenarios' links in suite order, and the findings. */
export function auditLinks(scenarios: readonly Scenario[], allowWidening: boolean): MonotonicitySection {
  const links: MonotonicityLink[] = [];
  const findings: MonotonicityFinding[] = [];
  const memo: ProofMemo = new Map();
  for (const s of scenarios) {
    const own = auditScenarioLinks(s, memo);
    links.push(...own);
    findings.push(...findingsOf(s, own, allowWidening));
  }
  const count = (f: (l: MonotonicityLink) => boolean) => links.filter(f).length;
  return {
    links_total: links.length,
    proven: count((l) => l.verdict === 'narrower' || l.verdict === 'unchanged'),
    escapes: findings.length,
    unproven: count((l) => l.verdict === 'unproven'),
    links,
    findings,
  };
}

/** The findings not approved, as gate violations (decided in src/pipeline/verdict.ts). */
export function monotonicityViolations(section: MonotonicitySection | undefined): AnalysisViolation[] {
  if (section === undefined) return [];
  return section.findings
    .filter((f) => !f.approved)
    .map((f) => ({
      scenario: f.scenario,
      kind: 'monotonicity_escape' as const,
      message: `${f.link}: ${f.tool}${f.param !== undefined ? `.${f.param}` : ''} is wider than its parent's, though Tenuo's attenuation rule accepts it: ${f.proof}; the child may call ${f.tool} with ${JSON.stringify(f.witness.args)}`,
      ...(f.source !== undefined ? { source: f.source } : {}),
    }));
}
