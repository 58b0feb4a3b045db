import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUMMARY_LIMIT_BYTES, renderWithinBytes, writeJobSummary } from '../../src/action/summary.js';
import type { SummarySink } from '../../src/action/runner.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { bigResults, fixture } from '../report/results-builders.js';

const sink = (file: string): SummarySink => ({ file, append: (text) => appendFile(file, text, 'utf8') });

describe('job summary', () => {
  it('writes the full report when it fits, appending to what the step wrote before', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'db-summary-')), 'summary.md');
    writeFileSync(file, 'earlier step output\n');
    await writeJobSummary(sink(file), fixture('passing'), { name: 'delegation-bench' });
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('earlier step output\n<!-- delegation-bench:delegation-bench -->')).toBe(true);
    expect(text).toContain(renderMarkdown(fixture('passing'), { name: 'delegation-bench' }));
  });

  it('stays under 1 MiB in bytes, multi-byte text included, by dropping detail', async () => {
    const r = bigResults(3000, 12, [1]);
    for (const t of r.trials) for (const c of t.calls) c.args = { path: `/données/日本語/${c.index}` };
    const full = renderMarkdown(r, { name: 'n' });
    expect(Buffer.byteLength(full)).toBeGreaterThan(SUMMARY_LIMIT_BYTES);
    const file = join(mkdtempSync(join(tmpdir(), 'db-summary-')), 'summary.md');
    writeFileSync(file, 'x'.repeat(100_000));
    const { bytes } = await writeJobSummary(sink(file), r, { name: 'n', runUrl: 'https://github.com/o/r/actions/runs/1' });
    expect(bytes + 100_000).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES);
    expect(readFileSync(file, 'utf8')).toContain('left out to fit the size limit');
  });

  it('fits tiny byte budgets too', () => {
    const r = bigResults(50, 5, [1, 2, 3]);
    for (const budget of [2000, 5000, 20_000]) {
      expect(Buffer.byteLength(renderWithinBytes(r, { name: 'n' }, budget))).toBeLessThanOrEqual(budget);
    }
  });
});
