/**
 * Widening decided soundly, end to end on a real temporary git repository: containment by meaning
 * (src/warrant/containment; never an attenuation rule's verdict), a counterexample replayed through
 * the chain for what is wider, and "unproven" (failing closed, saying why and how to settle it)
 * for what the prover cannot decide.
 */
import { describe, expect, it } from 'vitest';
import { compareWithBaseline } from '../../src/guard/index.js';
import { sourcesOf, withBaseline } from '../../src/guard/with-baseline.js';
import { checkBaseline } from '../../src/results/file-checks.js';
import { benchmarkResults } from '../../src/trial/scenario-trials.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { renderBaselineSection } from '../../src/report/sections/baseline-section.js';
import { repoWith, scenario } from '../helpers/baseline-repo.js';

const SEED = 'baseline-decided';

async function compare(base: string, head: string) {
  const { dir, baseSha } = repoWith({ 'scenarios/docs.yaml': base }, { 'scenarios/docs.yaml': head });
  const scenarios = await loadScenarios(['scenarios'], dir);
  const headResults = benchmarkResults({ scenarios, maxAsr: 0, minTcr: 1, seed: SEED });
  const outcome = await compareWithBaseline({
    ref: baseSha,
    inputs: ['scenarios'],
    cwd: dir,
    seed: SEED,
    head: scenarios,
    headResults,
    allowWidening: false,
  });
  const results = withBaseline(headResults, outcome.baseline, outcome.violations, sourcesOf(scenarios));
  return { outcome, results };
}

/** The scenario without its scripted attack: a counterexample must then be synthesized. */
const withoutAttack = (text: string): string =>
  text.replace(/ {2}- tool: read_file\n {4}args: \{path: \/app\/secrets.txt\}\n {4}expect: deny\n/, '');

describe('baseline: widening decided soundly', () => {
  it('the report’s own fix pasted in place of the grant is a narrowing (the attenuation rules refuse Subpath → All)', async () => {
    const { outcome, results } = await compare(
      scenario(),
      scenario({ readFile: '{all: [{subpath: /app/config}, {not: {regex: "\\\\\\\\"}}]}' }),
    );
    expect(outcome.baseline.widenings).toEqual([]);
    expect(outcome.baseline.narrowings).toEqual([
      {
        scenario: 'docs',
        change: 'constraint_narrowed',
        tool: 'read_file',
        param: 'path',
        base: "Subpath('/app/config')",
        head: "All(Subpath('/app/config'), Not(Regex('\\\\\\\\')))",
        reason: 'proven by meaning: strings by automata (2 length bands) and rules (subpath); other types by intervals and evaluation',
        source: 'scenarios/docs.yaml:23:3',
      },
    ]);
    expect(checkBaseline(outcome.baseline)).toBeUndefined(); // the report-only checker takes the reason
    expect(checkBaseline({ ...outcome.baseline, narrowings: [{ ...outcome.baseline.narrowings[0], reason: 7 }] })).toBe(
      '$.baseline.narrowings[0].reason: expected a string',
    );
    expect(results.gate.passed).toBe(true);
    const esc = { text: (s: string) => s.replace(/[<>@']/g, '_'), code: (s: string) => s.replace(/`/g, 'ˋ') };
    const md = renderBaselineSection(outcome.baseline, esc);
    expect(md).toContain('No widening');
    expect(md).toContain('(proven by meaning: strings by automata (2 length bands) and rules (subpath); '); // the proof, as text
  });

  it('a deeper Subpath root is a narrowing with its proof (the rules of its kind, not the attenuation verdict)', async () => {
    const { outcome } = await compare(scenario(), scenario({ readFile: '{subpath: /app/config/db}' }));
    expect(outcome.baseline.widenings).toEqual([]);
    expect(outcome.baseline.narrowings).toEqual([
      expect.objectContaining({ change: 'constraint_narrowed', reason: expect.stringContaining('rules (subpath)') }),
    ]);
  });

  it('an All that does not keep the base is proven a widening by a value built from its conjuncts', async () => {
    const head = withoutAttack(scenario({ readFile: '{all: [{subpath: /app}, {not: {regex: "\\\\\\\\"}}]}' }));
    const { outcome, results } = await compare(withoutAttack(scenario()), head);
    expect(outcome.baseline.widenings).toEqual([
      expect.objectContaining({
        change: 'constraint_widened',
        tool: 'read_file',
        param: 'path',
        proof: 'proven',
        counterexample: { tool: 'read_file', args: { path: expect.stringMatching(/^\/app\/[^c]/) } },
      }),
    ]);
    expect(results.gate.passed).toBe(false);
  });

  it('an Any the attenuation rules accept yet whose base stops at an erroring branch is a proven widening', async () => {
    const base = withoutAttack(scenario({ readFile: '{any: [{cidr: 10.0.0.0/8}, {subpath: /app}]}' }));
    const head = withoutAttack(scenario({ readFile: '{any: [{subpath: /app/config}]}' }));
    const { outcome } = await compare(base, head);
    const w = outcome.baseline.widenings;
    expect(w).toEqual([expect.objectContaining({ tool: 'read_file', param: 'path', proof: 'proven' })]);
    expect(w[0]!.why).toMatch(
      /^read_file\.path: the head allows "\/app\/config\/.*", which Any\(Cidr\('10\.0\.0\.0\/8'\), Subpath\('\/app'\)\) denies$/,
    );
    expect(w[0]!.effect?.base_denial.code).toBe('constraint_not_satisfied');
  });

  it('what the prover cannot decide is unproven, fails closed, and says why and how to settle it', async () => {
    // Two CEL expressions no rule relates: the head is in fact narrower, but nothing proves it.
    const base = scenario({ transfer: "{to: {cel: 'size(value) > 3'}, amount: {range: {min: 0, max: 100}}, memo: wildcard}" });
    const head = scenario({ transfer: "{to: {cel: 'size(value) > 4'}, amount: {range: {min: 0, max: 100}}, memo: wildcard}" });
    const { outcome, results } = await compare(base, head);
    const [w] = outcome.baseline.widenings;
    expect(w).toMatchObject({ tool: 'transfer_money', param: 'to', proof: 'unproven', counterexample: null });
    expect(w!.why).toContain(
      "transfer_money.to: not shown within the base's constraint; unproven, so failing closed: the prover could not decide it (on strings, cel decide what no rule relates to the base)",
    );
    expect(w!.why).toContain(
      'add to the scenario a call of transfer_money marked `expect: deny` with a value the head allows and the base refuses',
    );
    expect(w!.why).toContain('{all: [{cel: "size(value) > 3"}, …]}');
    expect(results.gate.passed).toBe(false);
    const v = results.gate.violations.find((x) => x.kind === 'authority_widened');
    expect(v?.message).toContain('unproven');
    expect(v?.message).toContain('expect: deny');
  });

  it('the scripted call the hint asks for proves it, and is preferred to the prover’s witness', async () => {
    const base = scenario({ transfer: '{to: {cel: \'value == "acme"\'}, amount: {range: {min: 0, max: 100}}, memo: wildcard}' });
    const attack = '  - tool: transfer_money\n    args: {to: globex, amount: 5, memo: x}\n    expect: deny\n';
    const head = scenario({
      transfer: '{to: {cel: \'value == "acme" || value == "globex"\'}, amount: {range: {min: 0, max: 100}}, memo: wildcard}',
      extraCalls: attack,
    });
    const { outcome } = await compare(base, head);
    expect(outcome.baseline.widenings).toEqual([
      expect.objectContaining({
        param: 'to',
        proof: 'proven',
        counterexample: { tool: 'transfer_money', args: expect.objectContaining({ to: 'globex' }) },
      }),
    ]);
  });
});
