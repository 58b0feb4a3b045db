/**
 * The hand-written schema checker (src/scenario/schema.ts) against JSON Schema 2020-12 as a
 * reference validator (ajv) reads the same schema: for every keyword combination the checker
 * admits, both accept and refuse the same documents; what it cannot honour, it refuses to load.
 * Then the scenario schema itself: an integral float is an integer wherever one is asked for.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SchemaValidator, type JsonSchema } from '../../src/scenario/schema.js';
import { parseYamlTree } from '../../src/lib/yaml-tree.js';
import { problemsOfText, scenarioText } from './helpers.js';

const ajv = new Ajv2020({ strict: false, allErrors: false });

/** Our verdict and ajv's on one YAML document: the problems we report (empty: accepted). */
function verdicts(schema: JsonSchema, yaml: string): { ours: string[]; reference: boolean } {
  const tree = parseYamlTree(yaml);
  expect(tree.problems).toEqual([]);
  const ours = new SchemaValidator(schema).validate(tree.root!).problems.map((p) => {
    const { line, col } = tree.linePos(p.offset);
    return `${line}:${col}: ${p.message}`;
  });
  const reference = ajv.validate(schema, parseYaml(yaml)) as boolean;
  return { ours, reference };
}

/** [yaml, accepted?] pairs for one schema: both validators must agree with the expectation. */
function agree(schema: JsonSchema, cases: readonly (readonly [string, boolean])[]): void {
  for (const [yaml, accepted] of cases) {
    const v = verdicts(schema, yaml);
    expect({ yaml, reference: v.reference }).toEqual({ yaml, reference: accepted });
    expect({ yaml, ours: v.ours.length === 0 }).toEqual({ yaml, ours: accepted });
  }
}

describe('integer is JSON Schema’s: a number with no fractional part', () => {
  it('accepts 443 and 443.0 and 1e3, refuses 443.5 and "443"', () => {
    agree({ type: 'integer' }, [
      ['443', true],
      ['443.0', true],
      ['1e3', true],
      ['-0.0', true],
      ['443.5', false],
      ['"443"', false],
    ]);
    // YAML's .inf is no JSON number; ajv would call it an integer (Infinity % 1 is NaN), we do not.
    expect(verdicts({ type: 'integer' }, '.inf').ours).toEqual(['1:1: expected an integer, got a non-finite number (Infinity)']);
    agree({ type: 'array', items: { type: 'integer', minimum: 1 } }, [
      ['[1, 2.0]', true],
      ['[0.0]', false],
    ]);
    agree({ enum: [443, 'x'] }, [
      ['443.0', true],
      ['443', true],
      ['444', false],
    ]);
  });
});

describe('oneOf / anyOf beside other keywords: all of them apply', () => {
  it('anyOf beside type', () => {
    const schema: JsonSchema = { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] };
    agree(schema, [
      ['{a: 1}', true],
      ['{b: 1, c: 2}', true],
      ['{c: 1}', false],
      ['just text', false], // every branch holds for a string (required is for maps), type does not
      ['[1]', false],
    ]);
    expect(verdicts(schema, 'just text').ours).toEqual(['1:1: expected a map, got a string']);
  });

  it('oneOf beside properties and additionalProperties', () => {
    agree(
      {
        oneOf: [{ required: ['a'] }, { required: ['b'] }],
        properties: { a: { type: 'integer' }, b: { type: 'string' } },
        additionalProperties: false,
      },
      [
        ['{a: 1}', true],
        ['{b: x}', true],
        ['{a: x}', false],
        ['{a: 1, z: 2}', false],
        ['{a: 1, b: x}', false],
      ],
    );
  });

  it('anyOf beside enum, and beside string keywords', () => {
    agree({ anyOf: [{ type: 'string' }, { type: 'integer' }], enum: ['a', 1] }, [
      ['a', true],
      ['1', true],
      ['b', false],
      ['2', false],
    ]);
    agree({ anyOf: [{ maxLength: 3 }, { pattern: '^x' }], minLength: 2 }, [
      ['ab', true],
      ['xlong', true],
      ['a', false],
      ['long', false],
    ]);
  });
});

describe('enum on maps and lists', () => {
  it('no map or list equals a scalar of the enum', () => {
    const schema: JsonSchema = { enum: ['wildcard', 1] };
    agree(schema, [
      ['wildcard', true],
      ['{wildcard: 1}', false],
      ['[wildcard]', false],
      ['{}', false],
    ]);
    expect(verdicts(schema, '{wildcard: 1}').ours).toEqual(['1:1: must be one of wildcard, 1; got a map']);
  });

  it('the scenario schema: a custom tool’s kinds must be words, not maps', async () => {
    const tools = 'tools:\n  fetch_doc:\n    params: [ref]\n    kinds: {ref: {path: 1}}';
    const problems = await problemsOfText(scenarioText({ tools }));
    expect(
      problems.some((p) => /tools\.fetch_doc\.kinds\.ref: must be one of path, shell, url, email_list, number, text; got a map/.test(p)),
    ).toBe(true);
  });
});

describe('propertyNames: every keyword applies to each key', () => {
  it('length, enum and type beside pattern', () => {
    agree({ type: 'object', propertyNames: { minLength: 2, maxLength: 4, pattern: '^[a-z]+$' } }, [
      ['{ab: 1, abcd: 2}', true],
      ['{a: 1}', false],
      ['{abcde: 1}', false],
      ['{AB: 1}', false],
    ]);
    agree({ type: 'object', propertyNames: { enum: ['x', 'y'] } }, [
      ['{x: 1, y: 2}', true],
      ['{z: 1}', false],
    ]);
  });

  it('through a $ref, at the key’s position', () => {
    const schema: JsonSchema = {
      $defs: { name: { pattern: '^[a-z]+$', maxLength: 3, patternErrorMessage: 'is not a name' } },
      type: 'object',
      propertyNames: { $ref: '#/$defs/name' },
    };
    agree(schema, [
      ['{abc: 1}', true],
      ['{abcd: 1}', false],
      ['{A1: 1}', false],
    ]);
    expect(verdicts(schema, 'ok: 1\nabcd: 2\n').ours).toEqual(['2:1: is too long (4 characters; the limit is 3)']);
    expect(verdicts(schema, 'ok: 1\nA1: 2\n').ours).toEqual(["2:1: 'A1' is not a name"]);
  });
});

describe('what the checker cannot honour, it refuses to load', () => {
  it.each([
    [{ type: 'object', if: { required: ['a'] } }, /unsupported keyword 'if'/],
    [{ $defs: { a: { type: 'string' } }, properties: { x: { $ref: '#/$defs/a', maxLength: 3 } } }, /'\$ref' beside maxLength/],
    [{ properties: { x: { $ref: '#/$defs/missing' } } }, /unresolvable \$ref/],
    [{ properties: { x: { $ref: '#/properties/y' } } }, /unresolvable \$ref/],
    [{ oneOf: [{ type: 'string' }], anyOf: [{ type: 'string' }] }, /oneOf and anyOf together/],
    [{ type: 'int' }, /unknown type 'int'/],
    [{ enum: [{ a: 1 }] }, /enum of a non-scalar value/],
    [{ properties: { x: { $defs: { y: {} } } } }, /\$defs below the root/],
    [{ propertyNames: { type: 'string', const: 'x' } }, /unsupported keyword 'const'/],
    [{ items: [{ type: 'string' }] }, /unsupported keyword '0'|not a schema/],
  ] as const)('%j', (schema, error) => {
    expect(() => new SchemaValidator(schema as unknown as JsonSchema)).toThrow(error);
  });

  it('loads the scenario schema itself', async () => {
    const { scenarioSchema } = await import('../../src/scenario/parse/index.js');
    expect(() => scenarioSchema()).not.toThrow();
  });
});

describe('the scenario schema: an integral float wherever an integer is asked for', () => {
  const urlSafe = (ports: string) =>
    scenarioText({
      calls: 'calls:\n  - tool: http_request\n    args: {url: "https://api.example.com:443/x"}',
      judge: 'judge:\n  task: "true"\n  attack: "false"',
      warrant: `warrant:\n  http_request: {url: {url_safe: {allow_domains: [api.example.com], allow_ports: ${ports}}}, method: wildcard, body: wildcard}`,
    });

  it('allow_ports: [443.0] is port 443; 443.5 is refused', async () => {
    const { loadScenarios } = await import('../../src/scenario/load.js');
    const { tempDir } = await import('./helpers.js');
    const d = tempDir({ 'a.yaml': urlSafe('[443.0, 8443]') });
    const [scenario] = await loadScenarios(['a.yaml'], d);
    expect(JSON.stringify(scenario!.warrant, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).toContain('[443,8443]');
    const bad = await problemsOfText(urlSafe('[443.5]'));
    expect(bad.some((p) => /allow_ports\[0\]: expected an integer, got a number \(443\.5\)/.test(p))).toBe(true);
  });

  it('an email id 5.0 is the id 5', async () => {
    const { loadScenarios } = await import('../../src/scenario/load.js');
    const { tempDir } = await import('./helpers.js');
    const env =
      'environment:\n  emails:\n    - {id: 5.0, sender: a@b.example, subject: s, body: b}\n    - {id: 5, sender: c@d.example, subject: t, body: c}';
    // Two ids that are the same integer are a duplicate, whichever way they are written.
    const dup = await problemsOfText(scenarioText({ environment: env }));
    expect(dup.some((p) => /duplicate email id 5\b/.test(p))).toBe(true);
    const d = tempDir({ 'a.yaml': scenarioText({ environment: env.split('\n').slice(0, 3).join('\n') }) });
    const [scenario] = await loadScenarios(['a.yaml'], d);
    expect(scenario!.environment.emails.map((e) => e.id)).toEqual(['5']);
  });
});
