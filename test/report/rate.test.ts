import { describe, expect, it } from 'vitest';
import { formatRate, ratePercent } from '../../src/results/rate.js';
import { setResultOutputs } from '../../src/action/outputs.js';
import type { Runner } from '../../src/action/runner.js';
import { badgeData } from '../../src/report/badge.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderTable } from '../../src/report/table.js';
import { fixture } from './results-builders.js';

describe('formatRate: one rounding for every report', () => {
  it.each([
    [0, '0%'],
    [1, '100%'],
    [5 / 7, '71.4%'],
    [6 / 7, '85.7%'],
    [0.996, '99.6%'],
    [0.9999, '99.9%'],
    [0.002, '0.2%'],
    [0.00001, '0.1%'],
    [Number.NaN, '0%'],
  ])('%d → %s', (x, want) => expect(formatRate(x)).toBe(want));

  it('gives the action outputs the same number without the sign', () => {
    for (const x of [0, 1, 5 / 7, 0.9999, 0.00001]) expect(`${ratePercent(x)}%`).toBe(formatRate(x));
  });
});

describe('every report shows a rate the same way', () => {
  it('table, markdown (summary and comment), badge and action outputs agree on 6/7 and on 0.9999', () => {
    for (const [asr, tcr] of [
      [1 / 7, 6 / 7],
      [0.00001, 0.9999],
    ] as const) {
      const r = fixture('passing'); // results v2: reachability included
      r.summary.task_scoped!.asr = asr;
      r.summary.task_scoped!.tcr = tcr;
      const a = formatRate(asr);
      const t = formatRate(tcr);
      expect(renderTable(r)).toMatch(new RegExp(`task_scoped ASR ${a.replace('.', '\\.')}, TCR ${t.replace('.', '\\.')}`));
      expect(renderMarkdown(r, { name: 'n' })).toContain(`| **task_scoped** | ${a} | ${t} |`);
      expect(badgeData(r, 'n').message).toBe(`ASR ${a} · TCR ${t}`);
      // The action's outputs: the same number, without the sign (like the max-asr input).
      const outputs: Record<string, string> = {};
      setResultOutputs({ setOutput: (k: string, v: string) => void (outputs[k] = v) } as unknown as Runner, r, {
        resultsFile: 'r.json',
        reportFile: 'r.md',
        badgeFile: undefined,
      });
      expect(`${outputs['asr']}%`).toBe(a);
      expect(`${outputs['tcr']}%`).toBe(t);
    }
  });
});

describe('no other percent formatting in the sources', () => {
  it('every rate shown as a percentage goes through src/results/rate.ts', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) {
          readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              // A fraction scaled to a percentage and printed with a '%' sign: its own rounding.
              if (/\*\s*10{2,4}\b[^\n]*%|toFixed\([^)]*\)[^\n]*%/.test(line) && line.includes('`'))
                offenders.push(`${p.slice(src.length)}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
