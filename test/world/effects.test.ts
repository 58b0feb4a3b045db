/**
 * The effect table (effects.ts) is the one place effect types and fields are written down: the
 * environment's Effect type is derived from it, the judge checker reads it, and the docs show it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EFFECTS, EFFECT_TYPES, fieldIndex, isEffectType, renderEffectTable } from '../../src/world/effects.js';

describe('effect table', () => {
  it('is the table in docs/effects.md (paste renderEffectTable() there after a change)', () => {
    const readme = readFileSync(join(process.cwd(), 'docs', 'effects.md'), 'utf8');
    const m = /<!-- effects:begin[^>]*-->\n([\s\S]*?)\n<!-- effects:end -->/.exec(readme);
    expect(m, 'the effects:begin / effects:end markers').not.toBeNull();
    expect(m![1]).toBe(renderEffectTable());
  });

  it('names each effect and field once, and never a field called type', () => {
    expect(new Set(EFFECT_TYPES).size).toBe(EFFECT_TYPES.length);
    for (const t of EFFECT_TYPES) {
      expect(isEffectType(t)).toBe(true);
      expect(Object.keys(EFFECTS[t].fields)).not.toContain('type');
    }
    expect(isEffectType('file_raed')).toBe(false);
    expect(isEffectType('__proto__')).toBe(false);
  });

  it('indexes fields by name across effects', () => {
    const idx = fieldIndex();
    expect(idx.get('found')?.map((x) => x.effect)).toEqual(['file_read', 'files_listed', 'email_read']);
    expect(idx.get('path')?.every((x) => x.type === 'string')).toBe(true);
    expect(idx.get('pth')).toBeUndefined();
  });
});
