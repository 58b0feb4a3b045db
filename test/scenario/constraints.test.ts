/**
 * The YAML constraint vocabulary → the warrant Constraint model, with the reference constructors'
 * defaults; and YAML numbers → the Value model (int vs float).
 */
import { describe, expect, test } from 'vitest';
import { loadScenarios } from '../../src/scenario/load.js';
import { Float } from '../../src/warrant/constraint-value.js';
import { scenarioText, tempDir } from './helpers.js';

async function load(text: string) {
  const d = tempDir({ 's.yaml': text });
  const [s] = await loadScenarios(['s.yaml'], d);
  return s!;
}

/** The constraint granted to `send_email.body` when written as `yaml`. */
async function constraintOf(yaml: string) {
  const s = await load(
    scenarioText({
      warrant: `warrant:\n  send_email:\n    recipients: wildcard\n    subject: wildcard\n    body: ${yaml}`,
    }),
  );
  return s.warrant.send_email!.constraints.body;
}

describe('constraint vocabulary', () => {
  test.each([
    ['wildcard', { type: 'wildcard' }],
    ['{exact: hello}', { type: 'exact', value: 'hello' }],
    ['{exact: 3}', { type: 'exact', value: 3 }],
    ['{pattern: "report-*.md"}', { type: 'pattern', pattern: 'report-*.md' }],
    ['{range: {min: 0, max: 1000000}}', { type: 'range', min: 0, max: 1000000, minInclusive: true, maxInclusive: true }],
    ['{range: {max: 5.5, max_inclusive: false}}', { type: 'range', min: null, max: 5.5, minInclusive: true, maxInclusive: false }],
    ['{one_of: [a, 1, 1.5, true, null]}', { type: 'one_of', values: ['a', 1, 1.5, true, null] }],
    ['{not_one_of: [root]}', { type: 'not_one_of', excluded: ['root'] }],
    ['{regex: "^[a-z]+@company\\\\.com$"}', { type: 'regex', pattern: '^[a-z]+@company\\.com$' }],
    ['{cidr: 10.0.0.0/8}', { type: 'cidr', network: '10.0.0.0/8' }],
    ['{cidr: "2001:db8::/32"}', { type: 'cidr', network: '2001:db8::/32' }],
    ['{url_pattern: "https://*.example.com/api/*"}', { type: 'url_pattern', pattern: 'https://*.example.com/api/*' }],
    ['{contains: [a, b]}', { type: 'contains', required: ['a', 'b'] }],
    ['{subset: [a, b, c]}', { type: 'subset', allowed: ['a', 'b', 'c'] }],
    [
      '{all: [{pattern: "a*"}, {not: {exact: ab}}]}',
      {
        type: 'all',
        constraints: [
          { type: 'pattern', pattern: 'a*' },
          { type: 'not', constraint: { type: 'exact', value: 'ab' } },
        ],
      },
    ],
    ['{any: [wildcard]}', { type: 'any', constraints: [{ type: 'wildcard' }] }],
    ['{cel: "value.size() < 100"}', { type: 'cel', expression: 'value.size() < 100' }],
    ['{subpath: /data}', { type: 'subpath', root: '/data', caseSensitive: true, allowEqual: true }],
    ['{subpath: /data/./reports//q4/}', { type: 'subpath', root: '/data/reports/q4', caseSensitive: true, allowEqual: true }],
    [
      '{subpath: {root: /Data, case_sensitive: false, allow_equal: false}}',
      { type: 'subpath', root: '/data', caseSensitive: false, allowEqual: false },
    ],
    ['{shlex: {allow: [npm, git]}}', { type: 'shlex', allow: ['npm', 'git'] }],
  ])('%s', async (yaml, expected) => {
    expect(await constraintOf(yaml)).toEqual(expected);
  });

  test('url_safe: {} takes the reference defaults; options override them', async () => {
    expect(await constraintOf('{url_safe: {}}')).toEqual({
      type: 'url_safe',
      schemes: ['http', 'https'],
      allowDomains: null,
      denyDomains: null,
      allowPorts: null,
      blockPrivate: true,
      blockLoopback: true,
      blockMetadata: true,
      blockReserved: true,
      blockInternalTlds: false,
    });
    expect(
      await constraintOf(
        '{url_safe: {schemes: [https], allow_domains: ["*.example.com"], allow_ports: [443], block_private: false, block_internal_tlds: true}}',
      ),
    ).toEqual({
      type: 'url_safe',
      schemes: ['https'],
      allowDomains: ['*.example.com'],
      denyDomains: null,
      allowPorts: [443],
      blockPrivate: false,
      blockLoopback: true,
      blockMetadata: true,
      blockReserved: true,
      blockInternalTlds: true,
    });
  });

  test('a range with min = max is fine when both bounds are inclusive, empty otherwise', async () => {
    expect(await constraintOf('{range: {min: 5, max: 5}}')).toMatchObject({ type: 'range', min: 5, max: 5 });
    const { problemsOfText } = await import('./helpers.js');
    const text = scenarioText({ warrant: 'warrant:\n  read_file: {path: {range: {min: 5, max: 5, min_inclusive: false}}}' });
    expect(await problemsOfText(text)).toEqual([
      's.yaml:17:29: warrant.read_file.path.range: empty range: min 5 is equal to max 5 and a bound is exclusive',
    ]);
  });
});

describe('numbers in YAML', () => {
  test('integral → int, with a fraction or exponent → float (Float when integral), big ints exact', async () => {
    const s = await load(
      scenarioText({
        calls:
          'calls:\n  - tool: transfer_money\n    args: {to: a, amount: 2000, memo: "1.0"}\n' +
          '  - tool: transfer_money\n    args: {to: a, amount: 2000.0}\n' +
          '  - tool: transfer_money\n    args: {to: a, amount: 12.5}\n' +
          '  - tool: transfer_money\n    args: {to: a, amount: 1e3}\n' +
          '  - tool: transfer_money\n    args: {to: a, amount: 9223372036854775807}\n' +
          '  - tool: transfer_money\n    args: {to: a, amount: 0x10}',
        warrant: 'warrant:\n  transfer_money: {to: wildcard, amount: {range: {min: 0.0, max: 1000000}}, memo: wildcard}',
      }),
    );
    const amounts = s.calls.map((c) => c.args.amount);
    expect(amounts[0]).toBe(2000);
    expect(amounts[1]).toEqual(new Float(2000));
    expect(amounts[1]).toBeInstanceOf(Float);
    expect(amounts[2]).toBe(12.5);
    expect(amounts[3]).toBeInstanceOf(Float);
    expect((amounts[3] as Float).value).toBe(1000);
    expect(amounts[4]).toBe(9223372036854775807n);
    expect(amounts[5]).toBe(16);
    expect(s.calls[0]!.args.memo).toBe('1.0');
    expect(s.warrant.transfer_money!.constraints.amount).toEqual({
      type: 'range',
      min: 0,
      max: 1000000,
      minInclusive: true,
      maxInclusive: true,
    });
  });

  test('nested argument values keep their types; maps have no prototype to pollute', async () => {
    const s = await load(
      scenarioText({
        tools: 'tools:\n  deploy:\n    params: [target, options]\n    returns: deployed',
        calls: 'calls:\n  - tool: deploy\n    args: {target: prod, options: {replicas: 3, ratio: 0.5, tags: [a, 1.0], __proto__: {x: 1}}}',
        warrant: 'warrant:\n  deploy: {target: {one_of: [staging]}, options: wildcard}',
      }),
    );
    const options = s.calls[0]!.args.options as Record<string, unknown>;
    expect(Object.getPrototypeOf(options)).toBeNull();
    expect(options.replicas).toBe(3);
    expect(options.ratio).toBe(0.5);
    expect(options.tags).toEqual(['a', new Float(1)]);
    expect(Object.keys(options)).toEqual(['replicas', 'ratio', 'tags', '__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(s.tools).toEqual({ deploy: { params: ['target', 'options'], returns: 'deployed' } });
  });

  test('integers beyond 64 bits and non-finite floats are refused', async () => {
    const { problemsOfText } = await import('./helpers.js');
    const text = scenarioText({
      calls:
        'calls:\n  - tool: transfer_money\n    args: {to: a, amount: 9223372036854775808}\n  - tool: transfer_money\n    args: {to: a, amount: .inf}',
    });
    expect(await problemsOfText(text)).toEqual([
      's.yaml:9:27: calls[0].args.amount: integer 9223372036854775808 is outside the 64-bit range',
      's.yaml:11:27: calls[1].args.amount: Infinity is not allowed (only finite numbers)',
    ]);
  });
});

describe('custom tools', () => {
  test('a custom tool may be called and granted; its parameters are checked (a built-in name replaces the built-in)', async () => {
    const { problemsOfText } = await import('./helpers.js');
    const text = scenarioText({
      tools: 'tools:\n  read_file:\n    params: [path]\n  ping:\n    params: [host, host]',
    });
    expect(await problemsOfText(text)).toEqual(["s.yaml:11:20: tools.ping.params[1]: duplicate parameter 'host'"]);
  });
});
