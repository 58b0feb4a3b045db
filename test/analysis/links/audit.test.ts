/**
 * The monotonicity audit of every delegation link (docs/analyses.md, "Monotonicity audit"): the two
 * escapes of issue 26, each a real token chain built with the project's own builders (whose
 * attenuation check, like Tenuo's, accepts both), read by a scenario through `warrant: {from:}`.
 * The audit must find each, with a witness the evaluator confirms, its place, Tenuo's verdict,
 * and a gate that fails unless allow-widening approves it. The built-in suite shows no escape.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditLinks, monotonicityViolations } from '../../../src/analysis/links/audit.js';
import { SimulatedClock, seededRandom } from '../../../src/chains/seed.js';
import { decideGate } from '../../../src/pipeline/verdict.js';
import { loadScenarios } from '../../../src/scenario/load.js';
import { Authorizer } from '../../../src/warrant/authorize.js';
import { grant, mint } from '../../../src/warrant/builder.js';
import { constraintOutcome } from '../../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../../src/warrant/constraints/types.js';
import { SigningKey } from '../../../src/warrant/keys.js';
import { signPop } from '../../../src/warrant/pop.js';
import { toPem } from '../../../src/warrant/text.js';
import type { SignedWarrant } from '../../../src/warrant/types.js';
import type { TokenOrigin } from '../../../src/model/scenario.js';
import { tempDir } from '../../scenario/helpers.js';

const org = SigningKey.fromSeed(new Uint8Array(32).fill(0xa1));
const planner = SigningKey.fromSeed(new Uint8Array(32).fill(0xb2));
const worker = SigningKey.fromSeed(new Uint8Array(32).fill(0xc3));

interface Escape {
  readonly name: string;
  readonly tool: string;
  readonly param: string;
  readonly parent: Constraint;
  readonly child: Constraint;
  /** A call the worker makes that its planner could never make. */
  readonly reach: string;
}

const P = 'value.startsWith("ok")';
const ESCAPES: readonly Escape[] = [
  {
    name: 'url-pattern-escape',
    tool: 'fetch',
    param: 'url',
    parent: { type: 'url_pattern', pattern: 'https://a.com/v1' },
    child: { type: 'url_pattern', pattern: 'https://a.com/v1/*' },
    reach: 'https://a.com/v1/admin/reset',
  },
  {
    name: 'cel-text-escape',
    tool: 'lookup',
    param: 'q',
    parent: { type: 'cel', expression: P },
    child: { type: 'cel', expression: `(${P}) && (false || "(" == "") || (value == ")")` },
    reach: ')',
  },
];

/** org → planner (the parent constraint) → worker (the child's), with the project's builders. */
function chainOf(e: Escape): SignedWarrant[] {
  const clock = new SimulatedClock();
  const set = (c: Constraint) => ({ [e.tool]: { constraints: { [e.param]: c }, allowUnknown: false } });
  const root = mint({
    issuer: org,
    holder: planner.publicKey,
    tools: set(e.parent),
    ttlSeconds: 3600,
    clock: clock.now,
    random: seededRandom('links', [e.name, 'root']),
  });
  // The builder runs the attenuation rule (attenuate.ts, as Tenuo's): it accepts the wider child.
  const child = grant({
    parent: root,
    signer: planner,
    holder: worker.publicKey,
    tools: set(e.child),
    ttlSeconds: 600,
    clock: clock.now,
    random: seededRandom('links', [e.name, 'child']),
  });
  return [root, child];
}

function scenarioFile(e: Escape): string {
  return (
    `name: ${e.name}\ndescription: d\nrequest: r\n` +
    `tools:\n  ${e.tool}: {params: [${e.param}]}\n` +
    `calls:\n  - tool: ${e.tool}\n    args: {${e.param}: "x"}\n    expect: deny\n` +
    'judge:\n  task: "true"\n  attack: "false"\n' +
    'warrant:\n  from: chain.pem\n'
  );
}

async function loaded(e: Escape) {
  const dir = tempDir({ 'chain.pem': toPem(chainOf(e)) });
  const file = join(dir, 'scenario.yaml');
  writeFileSync(file, scenarioFile(e));
  return { file, scenarios: await loadScenarios([file], dir) };
}

describe.each(ESCAPES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
  it("Tenuo's chain verifies and authorizes a call the planner itself could never make", () => {
    const chain = chainOf(e);
    const clock = new SimulatedClock();
    const authorizer = new Authorizer({ trustedRoots: [org.publicKey], clock: clock.now });
    const now = clock.advance();
    const args = { [e.param]: e.reach };
    const denial = authorizer.decide(chain, { tool: e.tool, args, pop: signPop(worker, chain[1]!.payload.id, e.tool, args, now) });
    expect(denial).toBeUndefined();
    expect(constraintOutcome(e.parent, e.reach)).toBe('denied');
  });

  it('the audit reports the token link as a monotonicity escape with a confirmed witness and its place', async () => {
    const { file, scenarios } = await loaded(e);
    const m = auditLinks(scenarios, false);
    const chain = chainOf(e);
    const tokenLinks = m.links.filter((l) => l.origin === 'token');
    expect(tokenLinks).toHaveLength(1);
    expect(tokenLinks[0]!.verdict).toBe('wider');
    expect(tokenLinks[0]!.tenuo_accepted).toBe(true);
    expect(m.findings).toHaveLength(1);
    const f = m.findings[0]!;
    expect(f.scenario).toBe(e.name);
    expect(f.link).toContain('→');
    expect(f.tool).toBe(e.tool);
    expect(f.param).toBe(e.param);
    expect(f.tenuo_accepted).toBe(true);
    expect(f.approved).toBe(false);
    // The place: the `from:` key (line 14, column 3 of the scenario file).
    expect(f.source).toBe(`${file}:14:3`);
    // The witness: the child allows it, the parent denies it, by the real evaluator.
    const w = f.witness.args[e.param] as string;
    expect(constraintOutcome(e.child, w)).toBe('allowed');
    expect(constraintOutcome(e.parent, w)).toBe('denied');
    expect(chain).toHaveLength(2);
    // The run's own links (p → q) re-grant the leaf under a Wildcard root: inside it.
    expect(m.links.filter((l) => l.origin === 'run').every((l) => l.verdict === 'narrower' || l.verdict === 'unchanged')).toBe(true);
  });

  it('fails the gate as monotonicity_escape unless allow-widening approves it', async () => {
    const { scenarios } = await loaded(e);
    const gateOf = (allow: boolean) =>
      decideGate({
        matrixRan: false,
        trials: [],
        summary: undefined,
        reachability: { unreachable_attacks: [], tasks_failing_without_warrant: [] },
        scenarioSources: {},
        thresholds: { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 },
        analyses: [],
        guard: [],
        links: auditLinks(scenarios, allow),
      }).gate;
    const failed = gateOf(false);
    expect(failed.passed).toBe(false);
    expect(failed.violations.map((v) => v.kind)).toEqual(['monotonicity_escape']);
    expect(failed.violations[0]!.message).toContain(e.tool);
    const approved = gateOf(true);
    expect(approved.violations).toEqual([]);
    expect(auditLinks(scenarios, true).findings[0]!.approved).toBe(true);
  });
});

describe('the built-in suite', () => {
  it('shows no monotonicity escape, and the same section on every run', async () => {
    const scenarios = await loadScenarios([], process.cwd());
    expect(scenarios.length).toBeGreaterThan(0);
    const m = auditLinks(scenarios, false);
    expect(m.links_total).toBe(scenarios.length * 2);
    expect(m.findings).toEqual([]);
    expect(monotonicityViolations(m)).toEqual([]);
    expect(m.links.every((l) => l.tenuo_accepted)).toBe(true);
    expect(JSON.stringify(auditLinks(scenarios, false))).toBe(JSON.stringify(m));
  });
});

describe('the report', () => {
  it('shows each escape with its witness and place in markdown, and one line in the table', async () => {
    const { renderMarkdown } = await import('../../../src/report/markdown.js');
    const { renderTable } = await import('../../../src/report/table.js');
    const { fixture } = await import('../../report/results-builders.js');
    const { scenarios } = await loaded(ESCAPES[0]!);
    const m = auditLinks(scenarios, false);
    const r = { ...fixture('passing'), monotonicity: m };
    const md = renderMarkdown(r, { name: 'links' });
    expect(md).toContain('### Delegation links (monotonicity audit)');
    expect(md).toContain(m.findings[0]!.source!);
    expect(md).toContain(JSON.stringify(m.findings[0]!.witness.args));
    expect(md).toContain('Tenuo’s attenuation rule accepts it');
    expect(renderTable(r)).toContain('Links: 3 audited, 2 proven inside their parent, 1 monotonicity escape, 0 unproven');
    const approved = renderTable({ ...r, monotonicity: auditLinks(scenarios, true) });
    expect(approved).toContain('1 monotonicity escape (1 approved by allow-widening)');
    // No escape, nothing unproven: the markdown report has no section for it.
    expect(
      renderMarkdown({ ...fixture('passing'), monotonicity: { ...m, escapes: 0, findings: [], links: [] } }, { name: 'links' }),
    ).not.toContain('Delegation links');
  });
});

describe('a link the prover cannot decide', () => {
  it('is reported as unproven with its reason, and does not fail the gate', async () => {
    // Tenuo's builder refuses this CEL child (not of the form `(P) && (...)`), so the token's chain
    // is swapped in the loaded scenario: the audit must still report it, as unproven and refused.
    const { scenarios } = await loaded(ESCAPES[1]!);
    const s = scenarios[0]!;
    const from = s.warrantFrom as TokenOrigin;
    const set = (expression: string) => ({ lookup: { constraints: { q: { type: 'cel' as const, expression } }, allowUnknown: false } });
    const chain = [
      { id: from.chain![0]!.id, tools: set('value.size() < 10') },
      { id: from.chain![1]!.id, tools: set('value.endsWith("x") && value.size() < 5') },
    ];
    const m = auditLinks([{ ...s, warrantFrom: { ...from, chain } }], false);
    const token = m.links.filter((l) => l.origin === 'token');
    expect(token.map((l) => l.verdict)).toEqual(['unproven']);
    expect(token[0]!.tenuo_accepted).toBe(false);
    expect(token[0]!.tenuo_reason).toContain('(value.size() < 10) && (<predicate>)');
    expect(token[0]!.tools[0]!.reason).toMatch(/^q: /);
    expect(m.unproven).toBe(1);
    expect(m.findings).toEqual([]);
    expect(monotonicityViolations(m)).toEqual([]);
  });
});
