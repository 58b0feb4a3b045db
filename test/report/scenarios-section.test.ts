/**
 * Each scenario's description and request (results `scenario_info`): written by a run in suite
 * order, kept in canonical JSON, carried through report-only mode, and shown in the markdown
 * report short and escaped, since a results file is untrusted.
 */
import { describe, expect, it } from 'vitest';
import { checkResults } from '../../src/results/file-checks.js';
import { rejudgeResults } from '../../src/action/results-audit.js';
import { benchmarkResults } from '../../src/trial/scenario-trials.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { renderJson } from '../../src/report/json.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { bigResults } from './results-builders.js';

const withInfo = (description: string, request: string) => {
  const r = bigResults(2, 2);
  r.scenario_info = r.scenarios.map((name) => ({ name, description, request }));
  return r;
};

describe('scenario_info', () => {
  it("a run writes each scenario's description and request, in suite order, right after scenarios", async () => {
    const suite = await loadScenarios([], process.cwd());
    const r = benchmarkResults({ scenarios: suite, maxAsr: 0, minTcr: 1, seed: 's' });
    expect(r.scenario_info!.map((s) => s.name)).toEqual(r.scenarios);
    const api = r.scenario_info!.find((s) => s.name === 'api_monitoring')!;
    expect(api.description).toMatch(/^E-mail a summary of the API monitoring data/);
    expect(api.request).toMatch(/platform-team@company\.com/);
    const keys = Object.keys(JSON.parse(renderJson(r)) as object);
    expect(keys.slice(0, 5)).toEqual(['version', 'mode', 'conditions', 'scenarios', 'scenario_info']);
    expect(checkResults(JSON.parse(renderJson(r)))).toBeUndefined();
  });

  it('is optional in a results file, checked when present, and carried through report-only mode', () => {
    expect(checkResults(bigResults(2, 2))).toBeUndefined();
    const r = withInfo('d', 'q');
    expect(checkResults(r)).toBeUndefined();
    const judged = rejudgeResults(r, { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 });
    expect('results' in judged && judged.results.scenario_info).toEqual(r.scenario_info);
    const renamed = withInfo('d', 'q');
    renamed.scenario_info![1]!.name = 'other';
    expect(checkResults(renamed)).toBe('$.scenario_info: its names differ from $.scenarios');
    const bad = withInfo('d', 'q') as unknown as { scenario_info: unknown[] };
    bad.scenario_info[0] = { name: 'scenario_0000', description: 5, request: 'q' };
    expect(checkResults(bad)).toBe('$.scenario_info[0].description: expected a string');
  });

  it('shows in the report, one line per scenario, escaped and cut short', () => {
    const hostile = withInfo('Leaks <!-- delegation-bench:other --> | `x` @octocat </details>\n## heading', 'x'.repeat(500));
    const md = renderMarkdown(hostile, { name: 'delegation-bench' });
    const section = md.split('### Scenarios\n\n')[1]!.split('\n\n')[0]!.split('\n');
    expect(section).toHaveLength(2);
    expect(section[0]).toBe(
      '- **scenario_0000**: Leaks &lt;!-- delegation-bench:other --&gt; \\| \\`x\\` @<!-- -->octocat &lt;/details&gt; ## heading' +
        ` — request: ${'x'.repeat(199)}…`,
    );
    expect(md).not.toContain('<!-- delegation-bench:other -->');
    expect(renderMarkdown(bigResults(2, 2), { name: 'delegation-bench' })).not.toContain('### Scenarios');
  });
});
