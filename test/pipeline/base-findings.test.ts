/**
 * Issue 25, point 3: new apart from old. With a baseline, the analyses run on the base's scenarios
 * too; each head finding is marked `new` or `on_base`, the base's findings the head no longer has
 * are `fixed`, the report shows what the change brings or fixes first and collapses the rest.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResultsFile } from '../../src/action/results-file.js';
import { runPipeline, type PipelineConfig } from '../../src/pipeline/pipeline.js';
import { DEFAULT_SEED } from '../../src/trial/scenario-trials.js';
import { DEFAULT_ANALYSES } from '../../src/pipeline/analyses.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderTable } from '../../src/report/table.js';
import { renderJson } from '../../src/report/json.js';
import { buildSarif } from '../../src/report/sarif.js';
import { repoWith, scenario } from '../helpers/baseline-repo.js';

const THRESHOLDS = { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 };

/** The same scenario, said otherwise: nothing its analyses look at changed. */
const RETOLD = scenario().replace('description: Document the config;', 'description: Document the configuration;');
/** Both Subpath grants with the check that closes their separator-confusion hole. */
const FIXED = scenario({ readFile: '{all: [{subpath: /app/config}, {not: {regex: "\\\\\\\\"}}]}' }).replace(
  'write_file: {path: {subpath: /docs}, content: wildcard}',
  'write_file: {path: {all: [{subpath: /docs}, {not: {regex: "\\\\\\\\"}}]}, content: wildcard}',
);
/** A mail to the boss, granted to one address: no scripted attack tests that constraint. */
const MAIL = scenario({
  extraCalls: '  - tool: send_email\n    args: {recipients: boss@example.com, subject: done, body: the guide is written}\n',
  extraGrants: '  send_email: {recipients: {one_of: [boss@example.com]}, subject: wildcard, body: wildcard}\n',
});

function config(dir: string, baseSha: string | undefined): PipelineConfig {
  return {
    scenarios: ['scenarios'],
    names: [],
    cwd: dir,
    seed: DEFAULT_SEED,
    workers: 1,
    timings: false,
    thresholds: THRESHOLDS,
    analyses: DEFAULT_ANALYSES,
    mode: 'deterministic',
    ...(baseSha !== undefined ? { baseline: { ref: baseSha, allowWidening: false, allowSuiteChanges: false, fetch: false } } : {}),
  };
}

async function compare(base: string, head: string) {
  const { dir, baseSha } = repoWith({ 'scenarios/docs.yaml': base }, { 'scenarios/docs.yaml': head });
  return (await runPipeline(config(dir, baseSha))).results;
}

describe('findings against the base', () => {
  it('a hole the base already has is on the base: counted, collapsed, not in the Policy holes', async () => {
    const r = await compare(scenario(), RETOLD);
    expect(r.probes!.escaped).toBeGreaterThan(0);
    expect(r.probes!.escapes.map((e) => e.baseline_state)).toEqual(r.probes!.escapes.map(() => 'on_base'));
    expect(r.mutants!.survivors.every((s) => s.baseline_state === 'on_base')).toBe(true);
    const f = r.baseline!.findings!;
    expect(f.probes).toMatchObject({ base: r.probes!.escaped, head: r.probes!.escaped, new: 0, on_base: r.probes!.escaped, fixed: 0 });
    expect(f.not_compared).toEqual([]);
    const md = renderMarkdown(r, { name: 'delegation-bench' });
    const n = f.probes!.on_base + f.mutants!.on_base + f.slack!.on_base;
    expect(md).toContain(`<details><summary>already on the base (${n})</summary>`);
    expect(md).not.toContain('Policy holes');
    expect(md).toContain(`- probes: ${f.probes!.base} escaped → ${f.probes!.head} (${f.probes!.on_base} already on the base)`);
    expect(renderTable(r)).toMatch(/^Findings against [0-9a-f]{40}: probes: \d+ escaped → \d+/m);
    // SARIF keeps them, as SARIF says a finding of the baseline run: unchanged.
    const sarif = buildSarif(r).runs[0]!.results.filter((x) => x.ruleId === 'probe_escape_finding');
    expect(sarif.length).toBe(r.probes!.escaped);
    expect(sarif.every((x) => x.baselineState === 'unchanged')).toBe(true);
  });

  it('the identity is the grant and the finding, not positions or generated values: a renamed scenario with moved lines keeps its holes on the base', async () => {
    const moved = scenario({ name: 'docs_v2' }).replace('  balance: 10000\n', '  balance: 10000\n  emails: []\n');
    const r = await compare(scenario(), moved);
    expect(r.baseline!.renamed).toEqual([{ base: 'docs', head: 'docs_v2', file: 'scenarios/docs.yaml' }]);
    const escapes = r.probes!.escapes;
    expect(escapes.length).toBeGreaterThan(0);
    expect(escapes.every((e) => e.scenario === 'docs_v2' && e.baseline_state === 'on_base')).toBe(true);
    expect(r.mutants!.survivors.every((x) => x.baseline_state === 'on_base')).toBe(true);
    // The grants moved one line down: the same findings, at other positions.
    expect(escapes[0]!.source).toBe('scenarios/docs.yaml:24:3');
    expect(r.baseline!.findings!.probes).toMatchObject({ new: 0, fixed: 0 });
  });

  it('a change that fixes the holes: "probes: N escaped → 0" first, each fixed hole named', async () => {
    const r = await compare(scenario(), FIXED);
    const f = r.baseline!.findings!;
    expect(r.probes!.escaped).toBe(0);
    expect(f.probes!.base).toBeGreaterThan(0);
    expect(f.probes).toMatchObject({ head: 0, new: 0, on_base: 0, fixed: f.probes!.base });
    expect(f.probes!.fixed_findings.map((e) => e.tool).sort()).toEqual(['read_file', 'read_file', 'write_file', 'write_file']);
    const md = renderMarkdown(r, { name: 'delegation-bench' });
    const line = md.indexOf(`- probes: ${f.probes!.base} escaped → 0 (${f.probes!.base} fixed`);
    expect(line).toBeGreaterThan(0);
    // Before the gate and the tables: what the change does comes first.
    expect(line).toBeLessThan(md.indexOf('### Results by condition'));
    expect(md).toContain('**Fixed by this change** (as at the base):');
  });

  it('a change that brings a surviving mutant: new, listed first; the tool it now grants is no longer a survivor', async () => {
    const r = await compare(scenario(), MAIL);
    const fresh = r.mutants!.survivors.filter((s) => s.baseline_state === 'new');
    expect(fresh.map((s) => `${s.tool}.${s.param} ${s.mutation}`)).toEqual(['send_email.recipients one_of_entry_added']);
    const f = r.baseline!.findings!;
    expect(f.mutants!.new).toBe(1);
    expect(f.mutants!.fixed_findings.map((s) => `${s.tool} ${s.mutation}`)).toEqual(['send_email tool_granted']);
    const md = renderMarkdown(r, { name: 'delegation-bench' });
    expect(md).toContain(
      `- mutants: ${f.mutants!.base} survived → ${f.mutants!.head} (1 new, 1 fixed, ${f.mutants!.on_base} already on the base)`,
    );
    expect(md).toMatch(/\*\*New in this change:\*\*\n\n- \*\*docs\*\* `send_email\.recipients`: mutant `one_of_entry_added` survived/);
    // The policy analysis below lists only the new survivor.
    expect(md).toContain('<details><summary>Surviving mutants (1)</summary>');
    const sarif = buildSarif(r).runs[0]!.results.filter((x) => x.ruleId === 'mutant_survivor');
    expect(sarif.filter((x) => x.baselineState === 'new').map((x) => x.message.text)).toEqual([
      "docs: send_email.recipients: mutant 'one_of_entry_added' survived: no scripted attack tests this part of the warrant",
    ]);
  });

  it('report-only mode keeps the counts as the file says them (the findings themselves are not carried over)', async () => {
    const { dir, baseSha } = repoWith({ 'scenarios/docs.yaml': scenario() }, { 'scenarios/docs.yaml': FIXED });
    const r = (await runPipeline(config(dir, baseSha))).results;
    const file = join(dir, 'results.json');
    writeFileSync(file, renderJson(r));
    const judged = await readResultsFile(file, THRESHOLDS);
    expect(judged.results.baseline?.findings).toEqual(r.baseline!.findings);
    const f = r.baseline!.findings!.probes!;
    expect(renderMarkdown(judged.results, { name: 'delegation-bench' })).toContain(`- probes: ${f.base} escaped → 0 (${f.base} fixed)`);
  });

  it('fails closed: a base that does not load leaves every finding of its head scenario new, and says why', async () => {
    const r = await compare('name: docs\ncalls: [', RETOLD);
    expect(r.probes!.escapes.every((e) => e.baseline_state === 'new')).toBe(true);
    const f = r.baseline!.findings!;
    expect(f.not_compared.map((n) => n.scenario)).toEqual(['docs']);
    expect(f.not_compared[0]!.reason).toMatch(/^[0-9a-f]{40}:scenarios\/docs\.yaml:/);
    expect(f.probes).toMatchObject({ base: 0, new: r.probes!.escaped, on_base: 0 });
    expect(renderMarkdown(r, { name: 'delegation-bench' })).toContain(
      '**Not compared with the base** (their findings are all counted new):',
    );
  });

  it('without a baseline the results are as before: no mark, no findings part', async () => {
    const { dir } = repoWith({ 'scenarios/docs.yaml': scenario() }, {});
    const r = (await runPipeline(config(dir, undefined))).results;
    expect(renderJson(r)).not.toContain('baseline_state');
    expect(r.baseline).toBeUndefined();
  });
});
