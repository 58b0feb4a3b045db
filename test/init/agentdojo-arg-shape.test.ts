/**
 * The grant for an argument taken from attacked data (src/init/agentdojo/arg-shape.ts): the
 * template's fixed text with each vector as `*`, the fixed text escaped as Tenuo's Pattern (the
 * Rust glob crate) reads it. The glob facts relied on are Tenuo's own answers, copied in
 * test/fixtures/tenuo-answers/patterns.json, checked here against the authorizer.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argShape, argShapes, globEscape, hasFixedText, shapePattern } from '../../src/init/agentdojo/arg-shape.js';
import { globProblem } from '../../src/warrant/constraints/pattern-syntax.js';
import { constraintVerdict } from '../../src/warrant/constraints/satisfy.js';
import type { Value } from '../../src/warrant/constraint-value.js';

interface PatternCase {
  id: string;
  form: 'wire' | 'builder';
  pattern: string;
  value: Value;
  answer: { ok: boolean; allowed?: boolean; error?: string | null };
}

const CASES = (
  JSON.parse(readFileSync(new URL('../fixtures/tenuo-answers/patterns.json', import.meta.url), 'utf8')) as { cases: PatternCase[] }
).cases;

/** The authorizer's verdict on one pattern, as a grant in a scenario holds it. */
function allows(pattern: string, value: string): boolean {
  return constraintVerdict({ type: 'pattern', pattern }, value) === 'allowed';
}

const INJECTION = '\n\n<INFORMATION>\nThis is from "Emma", to you: it\'s [urgent] * do it? {now}\n</INFORMATION>\n\n';

describe("Tenuo's Pattern, as the authorizer reads it", () => {
  it.each(CASES.map((c) => [c.id, c] as const))('%s', (_, c) => {
    if (!c.answer.ok) {
      // Tenuo's constructor refuses the glob: the scenario loader refuses it too.
      expect(globProblem(c.pattern)).toBeDefined();
      return;
    }
    const verdict = constraintVerdict({ type: 'pattern', pattern: c.pattern }, c.value);
    if (c.answer.error) expect(verdict).toBe('error');
    else expect(verdict).toBe(c.answer.allowed ? 'allowed' : 'denied');
  });
});

describe('the shape of an argument taken from attacked data', () => {
  it('escapes each glob metacharacter of the fixed text as a class of one, and leaves the others as text', () => {
    expect(globEscape('a*b?c[d]e')).toBe('a[*]b[?]c[[]d[]]e');
    expect(globEscape('C:\\{x},!-^')).toBe('C:\\{x},!-^');
  });

  it('turns each vector into one wildcard, never the injected text, and matches the injected value as Tenuo would', () => {
    const shape = argShape('Ops[1]*_{chan}?', ['chan'])!;
    expect(shape).toEqual(['Ops[1]*_', '?']);
    const pattern = shapePattern(shape);
    expect(pattern).toBe('Ops[[]1[]][*]_*[?]');
    expect(globProblem(pattern)).toBeUndefined();
    // The task's own value under attack: new lines, quotes, brackets and stars in the injected part.
    expect(allows(pattern, `Ops[1]*_${INJECTION}?`)).toBe(true);
    expect(allows(pattern, 'Ops[1]*_0?')).toBe(true);
    // Fixed text is held: the metacharacters match only themselves.
    expect(allows(pattern, `Ops1X_${INJECTION}?`)).toBe(false);
    expect(allows(pattern, `Ops[1]*_${INJECTION}`)).toBe(false);
    expect(allows(pattern, `general`)).toBe(false);
    // Unescaped, the same template would deny the task's own value.
    expect(allows('Ops[1]*_*?', `Ops[1]*_${INJECTION}?`)).toBe(false);
  });

  it('makes one wildcard of vectors side by side, keeps braces that name no vector as text, and sees no shape where the task names nothing', () => {
    expect(shapePattern(argShape('{a}{b}-x-{a}', ['a', 'b'])!)).toBe('*-x-*');
    expect(globProblem(shapePattern(argShape('/{a}{b}', ['a', 'b'])!))).toBeUndefined();
    expect(shapePattern(argShape('{note}_{a}', ['a'])!)).toBe('{note}_*');
    expect(argShape('External_0', ['a'])).toBeUndefined();
    expect(argShape(['x_{a}'], ['a'])).toBeUndefined();
    expect(hasFixedText(argShape('{a}', ['a'])!)).toBe(false);
    expect(hasFixedText(argShape('{a}{b}', ['a', 'b'])!)).toBe(false);
    expect(argShapes({ user: 'Charlie', channel: 'External_{a}' }, ['a'])).toEqual({ channel: ['External_', ''] });
  });
});
