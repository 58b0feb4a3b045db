/**
 * The schema walk keeps the resolved branches of each oneOf/anyOf list: two validators whose roots
 * share a list (the same object) but define its `$ref`s differently must each resolve it against
 * their own `$defs`, whichever validated first.
 */
import { describe, expect, it } from 'vitest';
import { SchemaValidator, type JsonSchema } from '../../src/scenario/schema.js';
import type { PNode } from '../../src/lib/yaml-tree.js';

const scalar = (value: string): PNode => ({ kind: 'scalar', value, span: { start: 0, end: 0 } });

describe('the resolved oneOf branches', () => {
  it('are resolved per validator, not shared across roots', () => {
    const shared: JsonSchema[] = [{ $ref: '#/$defs/item' }, { type: 'integer' }];
    const strings = new SchemaValidator({ $defs: { item: { type: 'string' } }, oneOf: shared } as JsonSchema);
    const booleans = new SchemaValidator({ $defs: { item: { type: 'boolean' } }, oneOf: shared } as JsonSchema);
    expect(strings.validate(scalar('text')).problems).toEqual([]);
    expect(booleans.validate(scalar('text')).problems).not.toEqual([]);
  });
});
