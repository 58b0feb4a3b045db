// The generic shape readers (src/warrant/cbor/shape.ts): each names the path of what it reads, and a
// struct must carry its fields in order with nothing extra.
import { describe, expect, it } from 'vitest';
import { Float } from '../../../src/warrant/cbor/index.js';
import {
  fieldPath,
  readArray,
  readByteArray,
  readSortedTextMap,
  readStruct,
  readUint,
  sortedTextMap,
} from '../../../src/warrant/cbor/shape.js';

const FIELDS = [{ name: 'a' }, { name: 'b', omittable: true }, { name: 'c' }];

function messageOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the read to fail');
}

describe('shape readers', () => {
  it('reads a struct in field order, skipping only omittable fields', () => {
    const read = readStruct(
      new Map([
        ['a', 1],
        ['c', 3],
      ]),
      'x',
      FIELDS,
    );
    expect([...read.keys()]).toEqual(['a', 'c']);
    expect(
      messageOf(() =>
        readStruct(
          new Map([
            ['c', 3],
            ['a', 1],
          ]),
          'x',
          FIELDS,
        ),
      ),
    ).toContain('x: field "c" is out of order (expected a, b, c)');
    expect(messageOf(() => readStruct(new Map([['a', 1]]), 'x', FIELDS))).toContain('x: missing field "c"');
    expect(messageOf(() => readStruct(new Map([['z', 1]]), 'x', FIELDS))).toContain('x: unknown field "z"');
  });

  it('names the path and the value it got', () => {
    expect(messageOf(() => readArray(new Float(1.5), 'p', 2))).toContain('p: expected an array of 2, got float 1.5');
    expect(messageOf(() => readUint(70000, 'port', 0xffff, 'u16'))).toContain('port: 70000 is out of range (u16, 0 to 65535)');
    expect(messageOf(() => readByteArray([1, 256], 'k', {}))).toContain('k[1]: expected a byte value (uint 0–255), got int 256');
  });

  it('keeps sorted text maps sorted bytewise on UTF-8, both ways', () => {
    const map = sortedTextMap({ b: 2, a: 1, é: 3 }, (value) => value);
    expect([...map.keys()]).toEqual(['a', 'b', 'é']);
    expect(readSortedTextMap(map, 'm')).toEqual([
      ['a', 1],
      ['b', 2],
      ['é', 3],
    ]);
    expect(
      messageOf(() =>
        readSortedTextMap(
          new Map([
            ['b', 1],
            ['a', 2],
          ]),
          'm',
        ),
      ),
    ).toContain('m: key "a" is out of order');
    expect(fieldPath('tools', 'read file')).toBe('tools["read file"]');
    expect(fieldPath('tools', 'read_file')).toBe('tools.read_file');
  });
});
