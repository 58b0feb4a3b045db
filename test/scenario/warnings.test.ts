/** A load's warnings are bounded, and the bound says how many it left out: none is dropped without a word. */
import { describeConstraint, showValue } from '../../src/warrant/constraints/format.js';
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

describe('a warning quotes at most 60 characters of the file', () => {
  it('bounds each quoted value of a warning and an information line, keeping the prose whole', () => {
    const w = new LoaderWarnings();
    const v = 'W'.repeat(500);
    w.add(`s.yaml:3:5: the grant of '${v}' reads a name bound only for some arguments, which the benchmark's judge cannot see`);
    w.addInfo(`s.yaml:3:5: read ${JSON.stringify(v)} as a policy`);
    const [warning] = w.list();
    const [info] = w.infoList();
    expect(warning).toBe(
      `s.yaml:3:5: the grant of '${'W'.repeat(57)}...' (500 characters) reads a name bound only for some arguments, which the benchmark's judge cannot see`,
    );
    expect(info).toBe(`s.yaml:3:5: read "${'W'.repeat(57)}..." (500 characters) as a policy`);
  });
});

describe('a value shown in a denial reason is cut to 60 characters', () => {
  it('showValue and each value of describeConstraint', () => {
    const v = 'V'.repeat(200);
    expect(showValue(v)).toMatch(new RegExp(`^'${'V'.repeat(58)}… \\(sha256 [0-9a-f]{8}\\)$`));
    expect(describeConstraint({ type: 'pattern', pattern: v })).toMatch(
      new RegExp(`^Pattern\\('${'V'.repeat(58)}… \\(sha256 [0-9a-f]{8}\\)\\)$`),
    );
    // Two values alike in their first 60 characters stay two descriptions (a widening's identity).
    expect(describeConstraint({ type: 'pattern', pattern: `${v}a` })).not.toBe(describeConstraint({ type: 'pattern', pattern: `${v}b` }));
  });
});
