/**
 * The schema walk's string lengths count characters (code points), as JSON Schema does, whether
 * the walk decides by the UTF-16 length alone or counts: the boundaries where the two differ.
 */
import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../../src/scenario/schema.js';
import type { PNode } from '../../src/lib/yaml-tree.js';

const validator = new SchemaValidator({ type: 'string', minLength: 2, maxLength: 3 });
const scalar = (value: string): PNode => ({ kind: 'scalar', value, span: { start: 0, end: 0 } });
const messages = (value: string): string[] => validator.validate(scalar(value)).problems.map((p) => p.message);

describe('string lengths in the schema walk', () => {
  it('counts a surrogate pair as one character and a lone surrogate as one', () => {
    expect(messages('😀')).toEqual(['must be at least 2 characters']); // 2 UTF-16 units, 1 character
    expect(messages('😀😀')).toEqual([]);
    expect(messages('😀😀😀')).toEqual([]); // 6 units, 3 characters
    expect(messages('😀😀😀😀')).toEqual(['is too long (4 characters; the limit is 3)']);
    expect(messages('\ud800\ud800')).toEqual([]); // two lone surrogates: 2 characters
    expect(messages('ab\ud83d')).toEqual([]);
    expect(messages('abcd')).toEqual(['is too long (4 characters; the limit is 3)']);
    expect(messages('a')).toEqual(['must be at least 2 characters']);
  });
});
