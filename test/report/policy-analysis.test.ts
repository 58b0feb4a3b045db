import { beforeAll, describe, expect, it } from 'vitest';
import { aggregatePolicyAnalysis, analyzePolicy } from '../../src/analysis/mutants/analysis.js';
import { RunContext } from '../../src/chains/run-context.js';
import type { PolicyAnalysisResults } from '../../src/results/policy.js';
import { scenarioTrials } from '../../src/trial/scenario-trials.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { renderJson } from '../../src/report/json.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { policyAnalysisLine, policyAnalysisOf, renderPolicyAnalysisSection } from '../../src/report/sections/policy-analysis-section.js';
import { renderTable } from '../../src/report/table.js';
import { fixture } from './results-builders.js';

const esc = { text: (s: string) => s.replace(/[<>|*_`@]/g, (c) => `\\${c}`), code: (s: string) => s.replace(/`/g, 'ˋ') };
let section: PolicyAnalysisResults;

beforeAll(async () => {
  const suite = await loadScenarios([], process.cwd());
  const context = new RunContext('report-test');
  section = aggregatePolicyAnalysis(suite.map((s) => analyzePolicy(s, context, scenarioTrials(s, context))));
});

describe('the Policy analysis section', () => {
  it('names the untested write_file Subpaths and the hr_onboarding slack with its suggestion', () => {
    const md = renderPolicyAnalysisSection(section, esc);
    expect(md).toMatch(/^### Policy analysis\n/);
    expect(md).toMatch(/Warrant mutants: \d+ of \d+ killed \(mutation score \d+(\.\d)?%\), \d+ refused by the warrant builder/);
    const row = md.split('\n').find((l) => l.startsWith('| config\\_review |'));
    expect(row).toContain("`write_file.path Subpath('/docs')`");
    expect(md).toContain('**hr\\_onboarding** `list_files.directory`');
    expect(md).toContain("`Subpath('/hr')` → `Subpath('/hr/onboarding')`");
    expect(md).toContain('  ```suggestion\n    list_files: {directory: {subpath: /hr/onboarding}}\n  ```');
    expect(md).toContain('no tighter constraint of its kind is computed');
  });

  it('is placed before the call logs in the markdown report, with one line in the console table', () => {
    const results = { ...fixture('failing'), ...section };
    const md = renderMarkdown(results, { name: 'delegation-bench' });
    const at = md.indexOf('### Policy analysis');
    expect(at).toBeGreaterThan(0);
    const logs = md.indexOf('### Call logs');
    if (logs >= 0) expect(at).toBeLessThan(logs);
    expect(renderMarkdown(fixture('failing'), { name: 'delegation-bench' })).not.toContain('Policy analysis');
    const table = renderTable(results);
    expect(table).toContain(policyAnalysisLine(section));
    expect(policyAnalysisLine(section)).toMatch(
      /^Policy analysis: mutation score \d+(\.\d)?% \(\d+ of \d+ mutants killed, \d+ refused by the builder\), \d+ untested constraints, \d+ slack findings$/,
    );
  });

  it('is written to the results JSON as mutants, coverage and slack, after the matrix', () => {
    const json = JSON.parse(renderJson({ ...fixture('passing'), ...section }));
    const keys = Object.keys(json);
    expect(keys.slice(-3)).toEqual(['mutants', 'coverage', 'slack']);
    expect(json.mutants).toEqual(section.mutants);
    expect(Object.keys(json.mutants)).toEqual(['total', 'killed', 'survived', 'skipped', 'score', 'scenarios', 'survivors']);
    expect(json.slack).toEqual(section.slack);
    expect(json.coverage).toEqual(section.coverage);
  });

  it('treats a results file as untrusted: malformed entries are dropped, text escaped, fences unbreakable', () => {
    const hostile = {
      mutants: {
        total: 2,
        killed: 1,
        survived: 1,
        skipped: 0,
        score: 0.5,
        scenarios: [{ scenario: '<img src=x> @team', total: 2, killed: 1, survived: 1, skipped: 0, score: 0.5 }, { scenario: 5 }],
        survivors: [{ scenario: '<img src=x> @team', tool: 't`x', param: null, mutation: 'tool_granted', source: 'a:1:1' }, 'junk'],
      },
      coverage: [null],
      slack: [
        {
          scenario: '<img src=x> @team',
          tool: 'read_file',
          param: 'path',
          kind: 'wider_than_needed',
          granted: 'g',
          suggested: 's',
          suggestion: 'x: ````\n@here',
          source: 'f:1:1',
        },
      ],
    };
    const p = policyAnalysisOf(hostile)!;
    expect(p.mutants.scenarios).toHaveLength(1);
    expect(p.mutants.survivors).toHaveLength(1);
    expect(p.coverage).toEqual([]);
    // Through the report's own escapers.
    const md = renderMarkdown({ ...fixture('passing'), ...hostile } as never, { name: 'delegation-bench' });
    expect(md).toContain('### Policy analysis');
    expect(md).not.toContain('<img');
    expect(md).not.toMatch(/(^|[^\w`])@team/);
    expect(md).toContain('`````suggestion\n    x: ```` @here\n  `````');
    expect(policyAnalysisOf({ mutants: { total: -1 } })).toBeUndefined();
    expect(policyAnalysisOf({})).toBeUndefined();
  });
});
