/**
 * Blast radius in the results and the report (src/analysis/blast, src/report/sections/blast-radius-section.ts):
 * present for a scenario with `agents:`, with the analyses that skip a topology and why; absent, and
 * the report unchanged, for a suite without agents.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseScenarioText } from '../../src/scenario/parse/index.js';
import { matrixResults } from '../../src/pipeline/matrix.js';
import { DEFAULT_ANALYSES } from '../../src/pipeline/analyses.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { ResultsSchema } from '../../src/results/results.js';
import { inSchemaOrder } from '../../src/results/key-order.js';
import type { Scenario } from '../../src/model/scenario.js';

function load(file: string): Scenario {
  const r = parseScenarioText(readFileSync(file, 'utf8'), file);
  expect(r.problems).toEqual([]);
  return r.scenario!;
}

const run = (scenarios: Scenario[]) =>
  matrixResults({ scenarios, maxAsr: 0, minTcr: 1, seed: 'blast', workers: 1, analyses: DEFAULT_ANALYSES });

describe('blast radius', () => {
  test('a topology: per agent in the JSON (after monotonicity), skipped analyses with their reason, a table in the report', async () => {
    const results = await run([load('test/fixtures/topologies/three-levels.yaml')]);
    expect(ResultsSchema.safeParse(results).success).toBe(true);
    const keys = Object.keys(inSchemaOrder(ResultsSchema, results) as object); // the order written
    expect(keys.indexOf('blast_radius')).toBeGreaterThan(keys.indexOf('monotonicity'));
    const [blast] = results.blast_radius!;
    expect(blast!.agents.map((a) => [a.agent, a.parent, a.attacks])).toEqual([
      ['orchestrator', 'org', [2]],
      ['planner', 'orchestrator', []],
      ['worker', 'planner', []],
    ]);
    expect(results.analyses_skipped!.map((s) => s.analysis)).toEqual(['probes', 'mutants', 'slack']);
    const md = renderMarkdown(results, { name: 'test' });
    expect(md).toContain('### Blast radius per agent');
    expect(md).toContain(
      '| `orchestrator` | `org` | `read_file {"path":{"subpath":"/app"}}`, `write_file {"content":"wildcard","path":{"subpath":"/docs"}}` | #2 | none | yes (64 more levels) |',
    );
    expect(md).toContain('| `worker` | `planner` | `read_file {"path":{"subpath":"/app/config"}}` | none | none | yes (62 more levels) |');
    expect(md).toMatch(/- \*\*three_levels\*\*: probes: not run on a scenario with agents:/);
  });

  test('a suite without agents: no blast_radius, no analyses_skipped, no section', async () => {
    const text = readFileSync('test/fixtures/topologies/three-levels.yaml', 'utf8')
      .replace(
        /agents:[\s\S]*?calls:/,
        'warrant:\n  read_file: {path: {subpath: /app/config}}\n  write_file: {path: {subpath: /docs}, content: wildcard}\ncalls:',
      )
      .replace(/\n {4}agent: planner/, '');
    const r = parseScenarioText(text, 'flat.yaml');
    expect(r.problems).toEqual([]);
    const results = await run([r.scenario!]);
    expect(results).not.toHaveProperty('blast_radius');
    expect(results).not.toHaveProperty('analyses_skipped');
    expect(results.trials[0]!.calls[0]).not.toHaveProperty('agent');
    expect(renderMarkdown(results, { name: 'test' })).not.toContain('Blast radius');
  });
});
