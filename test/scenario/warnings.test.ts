/** A load's warnings are bounded, and the bound says how many it left out: none is dropped without a word. */
import { describe, expect, it } from 'vitest';
import { LoaderWarnings, MAX_LOADER_WARNINGS } from '../../src/scenario/warnings.js';

describe('LoaderWarnings', () => {
  it('keeps every warning up to the bound, with nothing added', () => {
    const w = new LoaderWarnings();
    for (let i = 0; i < MAX_LOADER_WARNINGS; i++) w.add(`s.yaml:${i + 1}:1: w`);
    expect(w.list()).toHaveLength(MAX_LOADER_WARNINGS);
    expect(w.list().at(-1)).toBe(`s.yaml:${MAX_LOADER_WARNINGS}:1: w`);
  });

  it('past the bound, ends the list with how many warnings and information lines it left out', () => {
    const w = new LoaderWarnings();
    for (let i = 0; i < MAX_LOADER_WARNINGS + 3; i++) {
      w.add(`s.yaml:${i + 1}:1: w`);
      w.addInfo(`s.yaml:${i + 1}:1: i`);
    }
    expect(w.list()).toHaveLength(MAX_LOADER_WARNINGS + 1);
    expect(w.list().at(-1)).toBe(`... and 3 more warnings (only the first ${MAX_LOADER_WARNINGS} are shown)`);
    expect(w.infoList().at(-1)).toBe(`... and 3 more information lines (only the first ${MAX_LOADER_WARNINGS} are shown)`);
  });
});
