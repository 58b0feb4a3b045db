/** One reading of a gate percentage for the CLI's flags and the action's inputs. */
import { describe, expect, it } from 'vitest';
import { percentFraction } from '../../src/lib/percent.js';
import { parsePercent } from '../../src/cli/run.js';

describe('percentFraction', () => {
  it.each([
    ['0', 0],
    ['-0', 0],
    ['-0.0', 0],
    ['-0%', 0],
    ['5', 0.05],
    ['99.5%', 0.995],
    ['50 %', 0.5],
    ['.5', 0.005],
    [' 100 ', 1],
  ])('%j is %d', (text, fraction) => {
    const got = percentFraction(text);
    expect(got).toBeCloseTo(fraction);
    if (fraction === 0) expect(Object.is(got, 0)).toBe(true); // never -0
  });

  it.each(['', '-1', '-0.5', '100.5', '1e2', '0x10', '5.', 'five', '%', '--0', '+5'])('%j is not a percentage', (text) => {
    expect(percentFraction(text)).toBeUndefined();
  });

  it('the CLI reads -0 as 0 and refuses -1 with the flag named', () => {
    expect(Object.is(parsePercent('--min-tcr', '-0'), 0)).toBe(true);
    expect(() => parsePercent('--min-tcr', '-1')).toThrow("--min-tcr expects a percentage between 0 and 100, got '-1'");
  });
});
