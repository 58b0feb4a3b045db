/** The "Policy holes" section, its console line and annotations: grouped, escaped, bounded. */
import { describe, expect, it } from 'vitest';
import type { ProbeEscape, ProbesSection } from '../../src/bench/results-probes.js';
import { escapeText } from '../../src/report/markdown.js';
import { probeWarnings, probesLine, probesOf, renderProbesSection } from '../../src/report/sections/probes.js';

// The report's own escapers (markdown.ts passes these).
const esc = { text: escapeText, code: (s: string) => s.replace(/[\r\n]+/g, ' ').replace(/`/g, 'ˋ') };

function escape(over: Partial<ProbeEscape> = {}): ProbeEscape {
  return {
    scenario: 'config_review',
    tool: 'read_file',
    param: 'path',
    constraint: "Subpath('/app/config')",
    family: 'separator_confusion',
    value: '/app/config/a\\b\\c/../../../secrets/api-keys.json',
    canonical: '/secrets/api-keys.json',
    effect: "read_file resolves to /secrets/api-keys.json, which Subpath('/app/config') denies",
    fix: 'path: {all: [{subpath: "/app/config"}, {not: {regex: "\\\\"}}]}',
    source: 'scenarios/config_review.yaml:63:3',
    ...over,
  };
}

describe('Policy holes section', () => {
  it('is empty when nothing escaped', () => {
    expect(renderProbesSection({ total: 12, escaped: 0, escapes: [] }, esc)).toBe('');
    expect(probesLine({ total: 12, escaped: 0, escapes: [] })).toBe('Probes: 12 run, 0 escaped');
  });

  it('groups by grant and family, shows value, effect, fix and the grant line', () => {
    const p: ProbesSection = { total: 40, escaped: 3, escapes: [escape(), escape({ value: 'other' }), escape({ tool: 'write_file', source: 'scenarios/config_review.yaml:64:3' })] };
    const md = renderProbesSection(p, esc);
    expect(md).toMatch(/^### ⚠️ Policy holes/);
    expect(md).toContain('3 of 40 probes escaped');
    expect(md).toContain('(2 probes of this family escaped; one shown)');
    expect(md).toContain('`read_file.path`');
    expect(md).toContain('(scenarios/config_review.yaml:63:3)');
    expect(md).toContain('close it: `path: {all: [{subpath: "/app/config"}, {not: {regex: "\\\\"}}]}`');
    expect(md.match(/^- \*\*/gm)).toHaveLength(2);
    expect(probesLine(p)).toBe("Probes: 40 run, 3 escaped (2 holes: see the report's Policy holes)");
    const w = probeWarnings(p);
    expect(w).toHaveLength(2);
    expect(w[0]).toMatchObject({ source: 'scenarios/config_review.yaml:63:3', title: 'delegation-bench policy hole: config_review read_file.path' });
    expect(w[0]!.message).toContain('2 probes');
  });

  it('escapes values from scenario data and cuts long ones', () => {
    const hostile = escape({ scenario: '<img src=x>', value: '`](http://evil)' + 'x'.repeat(5000), fix: '`x`' });
    const md = renderProbesSection({ total: 1, escaped: 1, escapes: [hostile] }, esc);
    expect(md).not.toContain('<img');
    expect(md).not.toContain('`](http');
    expect(md).toContain('&lt;img');
    expect(md.length).toBeLessThan(3000);
  });
});

describe('probesOf (a results file is untrusted)', () => {
  it('takes the contract shape and refuses the rest', () => {
    const good = { total: 2, escaped: 1, escapes: [escape()] };
    expect(probesOf({ probes: good })).toBe(good);
    expect(probesOf({})).toBeUndefined();
    expect(probesOf({ probes: { total: 2, escaped: 2, escapes: [escape()] } })).toBeUndefined();
    expect(probesOf({ probes: { total: -1, escaped: 0, escapes: [] } })).toBeUndefined();
    expect(probesOf({ probes: { total: 1, escaped: 1, escapes: [{ ...escape(), fix: 3 }] } })).toBeUndefined();
  });
});
