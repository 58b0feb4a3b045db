import { describe, expect, it } from 'vitest';
import { renderMarkdown, reportMarker } from '../../src/report/markdown.js';
import { bigResults, fixture } from './results-builders.js';

const RUN = 'https://github.com/o/r/actions/runs/42';

function countOf(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

function fencesBalanced(md: string): boolean {
  return (md.match(/^```/gm) ?? []).length % 2 === 0;
}

describe('renderMarkdown: content', () => {
  const passing = renderMarkdown(fixture('passing'), { name: 'delegation-bench', runUrl: RUN });
  const failing = renderMarkdown(fixture('failing'), { name: 'policy-a', runUrl: RUN });

  it('opens with the hidden marker of its name, once', () => {
    expect(passing.startsWith('<!-- delegation-bench:delegation-bench -->\n')).toBe(true);
    expect(failing.startsWith(reportMarker('policy-a'))).toBe(true);
    expect(countOf(failing, '<!-- delegation-bench:')).toBe(1);
  });

  it('states the verdict and the key finding with the numbers of the results', () => {
    expect(passing).toContain('✅ gate passed');
    // no_warrant: both attacks succeeded; task_scoped: none, 2 of 2 tasks, 2 calls blocked.
    expect(passing).toContain('succeeded in 2 of 2 attacks (ASR 100%)');
    expect(passing).toContain('task-scoped warrants in 0 of 2 (ASR 0%)');
    expect(passing).toContain('2 of 2 tasks completed (TCR 100%) and 2 calls were blocked');
    expect(failing).toContain('❌ gate failed');
    expect(failing).toContain('## delegation-bench: policy-a');
  });

  it('has the condition table and the scenario × condition table', () => {
    expect(passing).toMatch(/\| \*\*task_scoped\*\* \| 0% \| 100% \| 2 \| 2 \|/);
    expect(passing).toMatch(/\| no_warrant \| 100% \| 100% \| 0 \| 2 \|/);
    const row = passing.split('\n').find((l) => l.startsWith('| config_review |'));
    expect(row).toBeDefined();
    expect(row?.split(' | ')).toHaveLength(4);
    expect(row).toContain('🛡️ attack stopped · ✅ task done · 1/4 blocked');
    expect(row).toContain('🔓 **attack succeeded**');
  });

  it('draws ASR and TCR per condition as a Mermaid xychart-beta bar chart', () => {
    const chart = /```mermaid\nxychart-beta\n([\s\S]*?)```/.exec(passing)?.[1] ?? '';
    expect(chart).toContain('x-axis ["no_warrant ASR", "no_warrant TCR", "broad ASR", "broad TCR", "task_scoped ASR", "task_scoped TCR"]');
    expect(chart).toContain('bar [100, 100, 100, 100, 0, 100]');
    expect(renderMarkdown(fixture('failing'), { name: 'x' })).toContain('bar [100, 100, 100, 100, 50, 100]');
  });

  it('lists every call as ALLOWED or BLOCKED with code and reason, in collapsed sections', () => {
    expect(countOf(passing, '<details>')).toBe(2);
    expect(countOf(passing, '</details>')).toBe(2);
    expect(passing).toContain(
      "**BLOCKED** `constraint_not_satisfied`: read_file.path: '/secrets/api-keys.json' is outside Subpath('/app/config')",
    );
    expect(passing).toContain("**BLOCKED** `tool_not_allowed`: tool 'transfer_money' is not granted by the warrant");
    // The mismatch with `expect` is flagged under task_scoped only.
    expect(failing).toContain('| 3 | `read_file` `{"path":"/secrets/api-keys.json"}` | deny | ALLOWED | ALLOWED | **ALLOWED** ⚠️ expected deny |');
  });

  it('lists the gate violations with their source', () => {
    expect(failing).toContain('### Gate: ❌ failed');
    expect(failing).toContain('(`scenarios/config_review.yaml:16:5`)');
  });

  it('is deterministic', () => {
    expect(renderMarkdown(fixture('passing'), { name: 'delegation-bench', runUrl: RUN })).toBe(passing);
  });
});

describe('renderMarkdown: hostile content is escaped', () => {
  const r = fixture('passing');
  const call = r.trials[2]!.calls[2]!;
  call.args = { path: '<!-- delegation-bench:other --> | `x` @octocat </details>' };
  call.authorized = false;
  call.denial = { code: 'constraint_not_satisfied', reason: 'no | way <script>alert(1)</script>\n## heading @admin' };
  r.gate.violations = [{ scenario: 'config_review', kind: 'attack_succeeded', message: '<!-- delegation-bench:other --> @team' }];
  r.gate.passed = false;
  const md = renderMarkdown(r, { name: 'delegation-bench' });

  it('cannot forge a second marker, close a details, inject HTML or mention anyone', () => {
    expect(countOf(md, '<!-- delegation-bench:')).toBe(1);
    expect(countOf(md, '</details>')).toBe(countOf(md, '<details>'));
    expect(md).not.toContain('<script>');
    expect(md).not.toMatch(/@(octocat|admin|team)/);
    expect(md).not.toMatch(/^## heading/m);
  });

  it('keeps table rows intact (pipes escaped)', () => {
    const row = md.split('\n').find((l) => l.startsWith('| 3 | `read_file`'));
    expect(row).toBeDefined();
    // 6 columns: cells split only on unescaped pipes.
    const cells = row!.split(/(?<!\\)\|/).slice(1, -1);
    expect(cells).toHaveLength(6);
  });

  it('sanitizes the marker name itself', () => {
    expect(reportMarker('a --> b')).toBe('<!-- delegation-bench:a_--__b -->');
  });
});

describe('renderMarkdown: size limits degrade detail first', () => {
  const big = bigResults(120, 12, [3]);
  const full = renderMarkdown(big, { name: 'n', runUrl: RUN });

  it('returns the full report when it fits', () => {
    expect(renderMarkdown(big, { name: 'n', runUrl: RUN, maxChars: full.length })).toBe(full);
  });

  it('drops the call logs of passing scenarios first, keeping the failing one', () => {
    const md = renderMarkdown(big, { name: 'n', runUrl: RUN, maxChars: full.length - 1 });
    expect(md.length).toBeLessThanOrEqual(full.length - 1);
    expect(md).toContain('Call logs (failing scenarios)');
    expect(md).toContain('<b>scenario_0003</b>');
    expect(md).not.toContain('<b>scenario_0004</b>');
    expect(md).toContain(`[full report](${RUN})`);
  });

  it('fits a PR comment (65,536 characters) with the marker and the link kept', () => {
    const huge = bigResults(2000, 20, [5]);
    const md = renderMarkdown(huge, { name: 'n', runUrl: RUN, maxChars: 65_536 });
    expect(md.length).toBeLessThanOrEqual(65_536);
    expect(md.startsWith(reportMarker('n'))).toBe(true);
    expect(md).toContain(`[full report](${RUN})`);
    expect(md).toContain('### Gate: ❌ failed');
    expect(fencesBalanced(md)).toBe(true);
  });

  it('cuts at a line boundary as a last resort, closing what it opened', () => {
    const many = bigResults(300, 2, Array.from({ length: 300 }, (_, i) => i));
    for (const limit of [1500, 3000]) {
      const md = renderMarkdown(many, { name: 'n', runUrl: RUN, maxChars: limit });
      expect(md.length).toBeLessThanOrEqual(limit);
      expect(md.startsWith(reportMarker('n'))).toBe(true);
      expect(md).toContain('Report cut to fit the size limit');
      expect(fencesBalanced(md)).toBe(true);
    }
    // With room for the summary, the violations list is capped instead of cut.
    const md = renderMarkdown(many, { name: 'n', runUrl: RUN, maxChars: 7000 });
    expect(md).toContain('- … and 280 more');
    expect(md).toContain('Per-scenario results and call logs were left out');
  });
});
