/** The markdown and console lines of the report per suite (docs/results.md#suites) from hand-made results. */
import { describe, expect, it } from 'vitest';
import { formatDamage, renderSuitesSection, suitesTableLines } from '../../src/report/sections/suites-section.js';
import { escapeCell } from '../../src/report/escape.js';
import type { ConditionSummary, Results, SuiteReport } from '../../src/results/results.js';
import { fixture } from './results-builders.js';

const summary = (asr: number): ConditionSummary => ({ asr, tcr: 1, calls_blocked: 2, trials: 4, false_allows: 0, false_blocks: 0 });

function withSuites(suites: SuiteReport[]): Results {
  return { ...fixture('passing'), suites };
}

describe('the suites section', () => {
  it('groups skip reasons, the most frequent first, and counts the rest, naming the manifest', () => {
    const skipped = ['a', 'b', 'b', 'c', 'c', 'c', 'd', 'e', '<x>'].map((reason, i) => ({ name: `p${i}`, reason }));
    const suite: SuiteReport = {
      suite: 'bank',
      scenarios: 4,
      imported: 5,
      skipped,
      manifest: 'ad/bank/suite.json',
      summary: { no_warrant: summary(1), broad: summary(1), task_scoped: summary(0) },
    };
    const md = renderSuitesSection(withSuites([suite]), escapeCell);
    expect(md).toContain('| bank | 4 | 9 | no_warrant | 100% | 100% | 2 |\n');
    expect(md).not.toContain('damage'); // no suite measures it: no column
    expect(md).toContain('- bank: skipped 3 (c), 2 (b), 1 (a), and 3 for 3 other reasons (ad/bank/suite.json lists each)');
    expect(md).toContain('- bank: 4 of the 5 imported scenarios ran');
    const lines = suitesTableLines(withSuites([suite]));
    expect(lines.slice(1, 3)).toEqual(['Suites:', '  suite  pairs  skipped  condition     ASR   TCR  blocked']);
  });

  it('escapes what the results file says in markdown', () => {
    const suite: SuiteReport = {
      suite: 'b|x',
      scenarios: 1,
      skipped: [{ name: 'p', reason: '<img src=x> @team' }],
      summary: { no_warrant: summary(1), broad: summary(1), task_scoped: summary(0) },
    };
    const md = renderSuitesSection(withSuites([suite]), escapeCell);
    expect(md).toContain('| b\\|x | 1 | 1 |');
    expect(md).not.toContain('<img');
    expect(md).not.toMatch(/@team/);
  });

  it('says where a suite comes from, which for an import names the grants its task_scoped condition ran, escaped', () => {
    const suite: SuiteReport = {
      suite: 'bank',
      scenarios: 1,
      source: "AgentDojo v1, suite bank v1, task_scoped: Tenuo's AgentDojo template <b>x</b>",
      summary: { no_warrant: summary(1), broad: summary(1), task_scoped: summary(0) },
    };
    const md = renderSuitesSection(withSuites([suite]), escapeCell);
    expect(md).toContain(
      "- bank: source (suite.json): AgentDojo v1, suite bank v1, task_scoped: Tenuo's AgentDojo template &lt;b&gt;x&lt;/b&gt;",
    );
    expect(suitesTableLines(withSuites([suite]))).toContain(
      "  bank: source (suite.json): AgentDojo v1, suite bank v1, task_scoped: Tenuo's AgentDojo template <b>x</b>",
    );
    const { source: _unused, ...bare } = suite;
    expect(renderSuitesSection(withSuites([bare]), escapeCell)).not.toContain('- bank:');
  });

  it('says the policy-sufficiency findings apart from the figures: grouped by finding, the largest first, a few pairs named, the rest counted', () => {
    const finding = (scenario: string, text: string) => ({ scenario, finding: text });
    const suite: SuiteReport = {
      suite: 'bank',
      scenarios: 9,
      summary: { no_warrant: summary(1), broad: summary(1), task_scoped: summary(0) },
      policy_sufficiency: [
        finding('p1', 'cap <b>1</b>'),
        finding('p2', 'cap B'),
        finding('p3', 'cap B'),
        finding('p4', 'cap C'),
        finding('p5', 'cap C'),
        finding('p6', 'cap C'),
        finding('p7', 'cap C'),
        finding('p8', 'cap D'),
      ],
    };
    const md = renderSuitesSection(withSuites([suite]), escapeCell);
    expect(md).toContain(
      '- bank: policy sufficiency (suite.json, from the import), apart from enforcement: per-call constraints cannot bound a total in 8 of the 9 pairs: 4 (cap C; p4, p5, p6, …), 2 (cap B; p2, p3), 1 (cap &lt;b&gt;1&lt;/b&gt;; p1), and 1 with 1 other finding',
    );
    expect(suitesTableLines(withSuites([suite]))).toContain(
      '  bank: policy sufficiency (suite.json, from the import), apart from enforcement: per-call constraints cannot bound a total in 8 of the 9 pairs: 4 (cap C; p4, p5, p6, …), 2 (cap B; p2, p3), 1 (cap <b>1</b>; p1), and 1 with 1 other finding',
    );
    // No finding (an import that found none writes an empty list): no line.
    expect(renderSuitesSection(withSuites([{ ...suite, policy_sufficiency: [] }]), escapeCell)).not.toContain('policy sufficiency');
  });

  it('groups as many findings as a manifest may hold (100,000) into one line per finding', () => {
    const policy_sufficiency = Array.from({ length: 100_000 }, (_, i) => ({ scenario: `p${i}`, finding: 'cap' }));
    const suite: SuiteReport = {
      suite: 'bank',
      scenarios: 100_000,
      summary: { no_warrant: summary(1), broad: summary(1), task_scoped: summary(0) },
      policy_sufficiency,
    };
    expect(suitesTableLines(withSuites([suite]))).toContain(
      '  bank: policy sufficiency (suite.json, from the import), apart from enforcement: per-call constraints cannot bound a total in 100000 of the 100000 pairs: 100000 (cap; p0, p1, p2, …)',
    );
  });

  it('formats damage with grouped digits and at most two decimals', () => {
    expect([36000, 13390000.64999999, 0.65, 0.6500000000000004, -1234.5, 0].map(formatDamage)).toEqual([
      '36,000',
      '13,390,000.65',
      '0.65',
      '0.65',
      '-1,234.5',
      '0',
    ]);
  });
});
