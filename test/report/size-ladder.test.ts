// The size ladder (src/report/size-ladder.ts): the most detailed level that fits, else the least
// detailed one cut at a line boundary with its marker kept and its open blocks closed.
import { describe, expect, it } from 'vitest';
import { fitToLimit, hardCut, Level, omittedNote } from '../../src/report/size-ladder.js';

const MARKER = '<!-- delegation-bench:x -->';

describe('size ladder', () => {
  it('takes the most detailed level that fits, trying each once', () => {
    const tried: Level[] = [];
    const text = fitToLimit((level) => (tried.push(level), 'x'.repeat(100 - level * 30)), 50, MARKER, undefined);
    expect(text).toBe('x'.repeat(40));
    expect(tried).toEqual([Level.Full, Level.FailingLogsOnly, Level.NoLogs]);
    expect(fitToLimit(() => 'all of it', undefined, MARKER, undefined)).toBe('all of it');
  });

  it('cuts the least detailed level at a line, closing a fence and a <details>, and says where the rest is', () => {
    const text = `${MARKER}\n<details>\n\`\`\`\n${'line\n'.repeat(100)}`;
    const cut = hardCut(text, MARKER, 'https://example.test/run/1', 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.startsWith(MARKER)).toBe(true);
    expect(cut).toContain('\n```\n</details>\n\n_Report cut to fit the size limit: the [full report](https://example.test/run/1)');
    expect(hardCut(text, MARKER, 'javascript:alert(1)', 400)).toContain('[full report](#)');
  });

  it('says what each level left out', () => {
    expect(omittedNote(Level.Full, undefined)).toBe('');
    expect(omittedNote(Level.NoLogs, undefined)).toBe('_Call logs were left out to fit the size limit._');
  });
});
