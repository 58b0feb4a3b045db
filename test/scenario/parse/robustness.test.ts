/**
 * Whatever the text, the loader answers with a scenario or with positioned problems: never an
 * exception (a crash would be a stack trace instead of exit code 2). Built-in files, damaged at
 * random, are the inputs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { builtinScenariosDir } from '../../../src/scenario/builtin.js';
import { parseScenarioText } from '../../../src/scenario/parse/index.js';

const dir = builtinScenariosDir();
const texts = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => readFileSync(join(dir, f), 'utf8'));

// Fragments that tend to change a YAML structure: indicators, indentation, types, anchors.
const fragment = fc.constantFrom(
  ':',
  '- ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '"',
  "'",
  '#',
  '&a ',
  '*a',
  '!!str ',
  '|',
  '>',
  '\n',
  '  ',
  '\t',
  'null',
  '~',
  'true',
  '1',
  '1.0',
  '-1',
  '0x1',
  '.inf',
  'wildcard',
  '{subpath: x}',
  '{cel: "("}',
  '{}',
  '[]',
  'tool: nope',
  'args: 5',
  'expect: maybe',
  '_allow_unknown: true',
  'path',
  'calls:',
  'warrant:',
);

const damage = fc.record({
  which: fc.nat({ max: texts.length - 1 }),
  edits: fc.array(
    fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.nat({ max: 12 }), insert: fc.array(fragment, { maxLength: 3 }) }),
    { minLength: 1, maxLength: 4 },
  ),
});

describe('robustness', () => {
  test('damaged scenario texts never throw; every failure has positioned problems', () => {
    fc.assert(
      fc.property(damage, ({ which, edits }) => {
        let text = texts[which]!;
        for (const e of edits) {
          const i = Math.floor(e.at * text.length);
          text = text.slice(0, i) + e.insert.join('') + text.slice(i + e.cut);
        }
        const r = parseScenarioText(text, 'x.yaml');
        if (r.scenario === undefined) {
          expect(r.problems.length).toBeGreaterThan(0);
          for (const p of r.problems) {
            expect(p.file).toBe('x.yaml');
            expect(p.message).not.toBe('');
            expect(p.line).toBeGreaterThanOrEqual(1);
            expect(p.col).toBeGreaterThanOrEqual(1);
          }
        } else {
          expect(r.problems).toEqual([]);
        }
      }),
      { numRuns: 250, seed: 20261122 },
    );
  });
});
