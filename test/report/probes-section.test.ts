/** The "Policy holes" section, its console line and annotations: grouped, escaped, bounded. */
import { describe, expect, it } from 'vitest';
import type { ProbeEscape, ProbesSection } from '../../src/results/probes.js';
import { ESCAPERS as esc } from '../../src/report/escape.js';
import { probeWarnings, probesLine, probesOf, renderProbesSection } from '../../src/report/sections/probes-section.js';
import { codeSpans } from '../helpers/markdown-ast.js';

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
    fix: 'path: {all: [{subpath: /app/config}, {not: {regex: "\\\\\\\\"}}]}',
    source: 'scenarios/config_review.yaml:63:3',
    ...over,
  };
}

describe('Policy holes section', () => {
  it('is empty when nothing escaped', () => {
    expect(renderProbesSection({ total: 12, escaped: 0, escapes: [] }, esc)).toBe('');
    expect(probesLine({ total: 12, escaped: 0, escapes: [] })).toBe('Probes: 12 run, 0 escaped');
  });

  it('groups by cause, shows the mismatch, an example, the fix and the grant lines', () => {
    const p: ProbesSection = {
      total: 40,
      escaped: 3,
      escapes: [escape(), escape({ value: 'other' }), escape({ tool: 'write_file', source: 'scenarios/config_review.yaml:64:3' })],
    };
    const md = renderProbesSection(p, esc);
    expect(md).toMatch(/^### ⚠️ Policy holes: 1 cause\n/);
    expect(md).toContain('3 of 40 probes escaped through 2 holes');
    expect(md).toContain('**1. Subpath × separator confusion**: 3 probes escaped through 2 grants.');
    expect(md).toContain("- `scenarios/config_review.yaml:63:3` **config_review** `read_file.path` `Subpath('/app/config')` (2 probes)");
    expect(md).toContain('- `scenarios/config_review.yaml:64:3` **config_review** `write_file.path`');
    expect(md).toContain('- Fix: add `{not: {regex: "\\\\\\\\"}}` to each grant’s constraint');
    expect(codeSpans(md)).toContain('/app/config/a\\b\\c/../../../secrets/api-keys.json');
    expect(md.match(/^ {2}- /gm)).toHaveLength(2);
    expect(probesLine(p)).toBe("Probes: 40 run, 3 escaped (2 holes: see the report's Policy holes)");
    const w = probeWarnings(p);
    expect(w).toHaveLength(2);
    expect(w[0]).toMatchObject({
      source: 'scenarios/config_review.yaml:63:3',
      title: 'delegation-bench policy hole: config_review read_file.path',
    });
    expect(w[0]!.message).toContain('2 probes');
  });

  it('escapes values from scenario data and cuts long ones', () => {
    const hostile = escape({ scenario: '<img src=x>', value: '`](http://evil)' + 'x'.repeat(5000), fix: '`x`' });
    const md = renderProbesSection({ total: 1, escaped: 1, escapes: [hostile] }, esc);
    expect(md).not.toContain('<img');
    // The value is code, shown as it ran (its first 200 characters, cut outside the span).
    expect(codeSpans(md)).toContain('`](http://evil)' + 'x'.repeat(185));
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
