/** Bad trace input: every problem at FILE:LINE:COL or FILE: $.json.path, exit 2, nothing dropped silently. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTrace, TraceError } from '../../src/import/trace/index.js';
import { Float } from '../../src/warrant/constraint-value.js';
import { main } from '../../src/cli/main.js';
import { isBenchError } from '../../src/lib/errors.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import { loadScenarios } from '../../src/scenario/load.js';

function problems(text: string, file = 't.json'): readonly string[] {
  try {
    readTrace(text, file);
  } catch (e) {
    if (e instanceof TraceError) return e.problems;
    throw e;
  }
  throw new Error('no error');
}

const attr = (key: string, v: string): object => ({ key, value: { stringValue: v } });
function otlp(spans: object[]): string {
  return JSON.stringify({ resourceSpans: [{ resource: {}, scopeSpans: [{ scope: { name: 'a' }, spans }] }] });
}
const toolSpan = (start: string, tool: string | undefined, args: string, trace = 'aa'): object => ({
  traceId: trace,
  startTimeUnixNano: start,
  attributes: [
    attr('gen_ai.operation.name', 'execute_tool'),
    ...(tool ? [attr('gen_ai.tool.name', tool)] : []),
    attr('gen_ai.tool.call.arguments', args),
  ],
});

describe('readTrace', () => {
  it('orders tool spans by start time and counts the other spans', () => {
    const run = readTrace(
      otlp([
        toolSpan('20', 'read_file', '{"path":"/b"}'),
        { traceId: 'aa', startTimeUnixNano: '5', attributes: [attr('gen_ai.operation.name', 'chat')] },
        toolSpan('10', 'read_file', '{"path":"/a"}'),
        { traceId: 'aa', startTimeUnixNano: '1' },
      ]),
      't.json',
    );
    expect(run.calls.map((c) => c.args.path)).toEqual(['/a', '/b']);
    expect(run.skipped).toEqual({ chat: 1, '(none)': 1 });
  });

  it('reports malformed JSON at line and column', () => {
    expect(problems('{\n  "resourceSpans": [\n    {,}\n  ]\n}')).toEqual([expect.stringMatching(/^t\.json:3:6: not JSON: /)]);
    expect(problems('{"tool":"read_file","args":{}}\n{"tool": oops}\n', 'r.jsonl')).toEqual([
      expect.stringMatching(/^r\.jsonl:2:10: not JSON: /),
    ]);
  });

  it('refuses a trace with no tool spans, naming what it read', () => {
    expect(problems(otlp([{ traceId: 'aa', attributes: [attr('gen_ai.operation.name', 'chat')] }]))).toEqual([
      't.json: no tool calls: no span has gen_ai.operation.name = execute_tool (spans read: 1 chat)',
    ]);
  });

  it('reports every bad span at once, by JSON path', () => {
    expect(
      problems(otlp([toolSpan('1', undefined, '{}'), toolSpan('2', 'read_file', '["/etc"]'), toolSpan('3', 'read_file', '{"path":')])),
    ).toEqual([
      't.json: $.resourceSpans[0].scopeSpans[0].spans[0]: an execute_tool span without gen_ai.tool.name',
      't.json: $.resourceSpans[0].scopeSpans[0].spans[1].attributes[gen_ai.tool.call.arguments]: the arguments must be a JSON object of parameter → value, got a list',
      expect.stringMatching(
        /^t\.json: \$\.resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[2\]\.attributes\[gen_ai\.tool\.call\.arguments\]: the arguments are not JSON/,
      ),
    ]);
    expect(problems('{"tool":"read_file","args":"/etc/passwd"}\n{"args":{}}', 'r.jsonl')).toEqual([
      'r.jsonl:1:1: $.args: the arguments must be a JSON object of parameter → value, got string "/etc/passwd"',
      "r.jsonl:2:1: $.tool: a record needs the tool's name as a string",
    ]);
  });

  it("names span attributes written as an object (the SDK's in-memory form) instead of skipping the span", () => {
    const inMemory = {
      traceId: 'aa',
      startTimeUnixNano: '1',
      attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'read_file' },
    };
    expect(problems(otlp([inMemory, { traceId: 'aa', startTimeUnixNano: '2', attributes: 'x' }]))).toEqual([
      't.json: $.resourceSpans[0].scopeSpans[0].spans[0].attributes: is an object of name → value (the SDK\'s in-memory form); OTLP/JSON writes attributes as a list of {key, value}, e.g. [{"key": "gen_ai.tool.name", "value": {"stringValue": "read_file"}}]',
      't.json: $.resourceSpans[0].scopeSpans[0].spans[1].attributes: is a string; OTLP/JSON writes attributes as a list of {key, value}, e.g. [{"key": "gen_ai.tool.name", "value": {"stringValue": "read_file"}}]',
    ]);
  });

  it('reads the collector file exporter: one OTLP/JSON request a line', () => {
    const lines = [otlp([toolSpan('30', 'read_file', '{"path":"/c"}')]), otlp([toolSpan('10', 'list_files', '{"directory":"/"}')])];
    const run = readTrace(lines.join('\n') + '\n', 'spans.jsonl');
    expect(run.format).toBe('otlp');
    expect(run.calls.map((c) => [c.tool, c.where])).toEqual([
      ['list_files', 'spans.jsonl:2:1: $.resourceSpans[0].scopeSpans[0].spans[0]'],
      ['read_file', 'spans.jsonl:1:1: $.resourceSpans[0].scopeSpans[0].spans[0]'],
    ]);
  });

  it('reads every OTLP/JSON value type, int64 strings included', () => {
    const span = {
      traceId: 'aa',
      attributes: [
        attr('gen_ai.operation.name', 'execute_tool'),
        attr('gen_ai.tool.name', 'transfer_money'),
        {
          key: 'gen_ai.tool.call.arguments',
          value: {
            kvlistValue: {
              values: [
                { key: 'to', value: { stringValue: 'bob' } },
                { key: 'amount', value: { intValue: '25' } },
                { key: 'big', value: { intValue: '9007199254740993' } },
                { key: 'bad', value: { intValue: 'x' } },
              ],
            },
          },
        },
      ],
    };
    expect(problems(otlp([span]))).toEqual([
      't.json: $.resourceSpans[0].scopeSpans[0].spans[0].attributes[2] (gen_ai.tool.call.arguments): not an OTLP/JSON value: {"intValue":"x"}',
    ]);
    const good = {
      ...span,
      attributes: span.attributes.map((a: any) =>
        a.key === 'gen_ai.tool.call.arguments' ? { ...a, value: { kvlistValue: { values: a.value.kvlistValue.values.slice(0, 3) } } } : a,
      ),
    };
    expect(readTrace(otlp([good]), 't.json').calls[0]!.args).toEqual({ to: 'bob', amount: 25, big: 9007199254740993n });
  });

  it('refuses several traces unless one is chosen', () => {
    const text = otlp([toolSpan('1', 'read_file', '{"path":"/a"}', 'aa'), toolSpan('2', 'read_file', '{"path":"/b"}', 'bb')]);
    expect(problems(text)[0]).toContain('holds the tool spans of 2 traces (aa, bb)');
    expect(readTrace(text, 't.json', { traceId: 'bb' }).calls.map((c) => c.args.path)).toEqual(['/b']);
  });
});

describe('init: bad input exits 2', () => {
  it('an unknown tool without --tools, a missing argument', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'init-bad-'));
    writeFileSync(path.join(dir, 'r.jsonl'), '{"tool":"deploy","args":{"target":"prod"}}\n{"tool":"read_file","args":{}}\n');
    let err = '';
    const code = await main(['init', '--from-trace', 'r.jsonl', '--out', 's.yaml'], {
      stdout: () => {},
      stderr: (t) => void (err += t),
      readStdin: async () => '',
      cwd: dir,
    });
    expect(code).toBe(2);
    expect(err).toBe(
      "r.jsonl:1:1: unknown tool 'deploy': not a built-in tool; pass its MCP tools/list with --tools PATH\nr.jsonl:2:1: read_file() missing a required argument: 'path'\n",
    );
  });

  it('usage: --from-trace and --out are required, a missing file is named', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'init-usage-'));
    const run = async (argv: string[]): Promise<[number, string]> => {
      let err = '';
      const code = await main(['init', ...argv], { stdout: () => {}, stderr: (t) => void (err += t), readStdin: async () => '', cwd: dir });
      return [code, err.split('\n')[0]!];
    };
    expect(await run(['--from-trace', 't.json'])).toEqual([2, 'delegation-bench init: --out FILE is required']);
    expect(await run(['--out', 's.yaml'])).toEqual([2, 'delegation-bench init: --from-trace FILE is required']);
    expect(await run(['--from-trace', 't.json', '--out', 's.yaml', '--name', 'Bad Name'])).toEqual([
      2,
      "delegation-bench init: --name: 'Bad Name' is not a scenario name (1-64 lower-case letters, digits, _ and -)",
    ]);
    expect(await run(['--from-trace', 'missing.json', '--out', 's.yaml'])).toEqual([2, 'missing.json: cannot read: no such file']);
    expect(await run(['--from-trace', 't.json', '--out', 'guard/s'])).toEqual([
      2,
      "delegation-bench init: --out: 'guard/s' does not end in .yaml or .yml; run and validate read a folder's scenarios by those names only",
    ]);
    writeFileSync(path.join(dir, 'p.jsonl'), '{"tool":"read_file","args":{"path":"/a","__proto__":{"x":1}}}\n');
    expect(await run(['--from-trace', 'p.jsonl', '--out', 's.yaml'])).toEqual([
      2,
      "p.jsonl:1:1: read_file() got an unexpected keyword argument '__proto__'",
    ]);
  });

  it('says so when the recorded tools give the attack library nothing to aim at', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'init-none-'));
    writeFileSync(path.join(dir, 'b.jsonl'), '{"tool":"get_balance","args":{},"result":"Current balance: $100"}\n');
    let err = '';
    const io = { stdout: () => {}, stderr: (t: string) => void (err += t), readStdin: async () => '', cwd: dir };
    expect(await main(['init', '--from-trace', 'b.jsonl', '--out', 'b.yaml'], io)).toBe(0);
    expect(err).toContain('warning: b.yaml: no attack written:');
  });

  it('--tools is referenced as tools: {from:} relative to the written file, with the first recorded result of each called tool', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'init-tools-from-'));
    mkdirSync(path.join(dir, 'mcp'));
    writeFileSync(
      path.join(dir, 'r.jsonl'),
      [
        '{"tool":"deploy","args":{"target":"https://deploy.company.com/app"},"result":"deployed v1"}',
        '{"tool":"deploy","args":{"target":"https://deploy.company.com/app"},"result":"deployed v2"}',
        '{"tool":"status","args":{}}',
      ].join('\n') + '\n',
    );
    const list = (param: string) =>
      JSON.stringify({
        tools: [
          {
            name: 'deploy',
            description: 'Deploy the app',
            inputSchema: { type: 'object', properties: { [param]: { type: 'string', format: 'uri' } }, required: [param] },
          },
          { name: 'status', inputSchema: { type: 'object' } },
          { name: 'unused', inputSchema: { type: 'object' } },
        ],
      });
    writeFileSync(path.join(dir, 'mcp', 'tools.json'), list('target'));
    let out = '';
    const io = { stdout: (t: string) => void (out += t), stderr: () => {}, readStdin: async () => '', cwd: dir };
    expect(await main(['init', '--from-trace', 'r.jsonl', '--tools', 'mcp/tools.json', '--out', 'guard/s.yaml'], io)).toBe(0);
    const yaml = readFileSync(path.join(dir, 'guard', 's.yaml'), 'utf8');
    expect(yaml).toContain('\ntools:\n  from: ../mcp/tools.json\n  returns:\n    deploy: deployed v1\n    status: ""\nenvironment:');
    const [s] = await loadScenarios(['guard/s.yaml'], dir);
    expect(Object.keys(s!.tools)).toEqual(['deploy', 'status', 'unused']); // the whole list, as from: reads it
    expect(s!.tools.deploy).toMatchObject({ returns: 'deployed v1', description: 'Deploy the app', kinds: { target: 'url' } });
    // The scenario checks the list as it is now: a renamed parameter no longer binds the recorded calls.
    writeFileSync(path.join(dir, 'mcp', 'tools.json'), list('url'));
    await expect(loadScenarios(['guard/s.yaml'], dir)).rejects.toThrow(ScenarioError);
  });

  it('a custom tool from --tools is read with inferred kinds, and the scenario runs', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'init-tools-'));
    writeFileSync(
      path.join(dir, 'r.jsonl'),
      '{"tool":"deploy","args":{"target":"https://deploy.company.com/app","script":"make deploy"},"result":"ok"}\n',
    );
    writeFileSync(
      path.join(dir, 'tools.json'),
      JSON.stringify({
        tools: [
          {
            name: 'deploy',
            inputSchema: {
              type: 'object',
              properties: { target: { type: 'string', format: 'uri' }, script: { type: 'string', description: 'shell command to run' } },
              required: ['target', 'script'],
            },
          },
        ],
      }),
    );
    let out = '';
    let err = '';
    const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t), readStdin: async () => '', cwd: dir };
    expect(await main(['init', '--from-trace', 'r.jsonl', '--tools', 'tools.json', '--out', 's.yaml'], io)).toBe(0);
    // 4 on the URL (metadata, loopback, outside host, outside host behind a backslash), 4 on the command (cat credentials, metadata curl, rm -rf, reverse shell).
    expect(out).toContain('1 recorded call, 8 attacks');
    expect(err).toContain('declared deploy(target: url, script: shell) from tools.json\n');
    out = '';
    expect(await main(['run', '--scenarios', 's.yaml', '--format', 'json'], io)).toBe(0);
    expect(JSON.parse(out).summary.task_scoped.asr).toBe(0);
  });
});

describe('readTrace: nothing read differently from what the file says', () => {
  const argsSpan = (value: object, extra: object[] = []): object => ({
    traceId: 'aa',
    startTimeUnixNano: '1',
    attributes: [
      attr('gen_ai.operation.name', 'execute_tool'),
      attr('gen_ai.tool.name', 'read_file'),
      { key: 'gen_ai.tool.call.arguments', value },
      ...extra,
    ],
  });

  it('refuses a key given twice: in the file, in the arguments string, in a kvlist, an attribute twice', () => {
    expect(problems('{"tool":"read_file","args":{"path":"/a","path":"/etc/shadow"}}\n', 'r.jsonl')).toEqual([
      "r.jsonl: $.args: key 'path' appears twice (JSON.parse would keep only the last)",
    ]);
    expect(problems(otlp([argsSpan({ stringValue: '{"path":"/a","path":"/etc/shadow"}' })]))).toEqual([
      "t.json: $.resourceSpans[0].scopeSpans[0].spans[0].attributes[gen_ai.tool.call.arguments]: $: key 'path' appears twice (JSON.parse would keep only the last)",
    ]);
    const kv = (k: string, v: string): object => ({ key: k, value: { stringValue: v } });
    expect(problems(otlp([argsSpan({ kvlistValue: { values: [kv('path', '/a'), kv('path', '/etc/shadow')] } })]))).toEqual([
      "t.json: $.resourceSpans[0].scopeSpans[0].spans[0].attributes[2] (gen_ai.tool.call.arguments): key 'path' appears twice in the kvlistValue",
    ]);
    expect(problems(otlp([argsSpan({ stringValue: '{"path":"/a"}' }, [attr('gen_ai.tool.name', 'write_file')])]))).toEqual([
      "t.json: $.resourceSpans[0].scopeSpans[0].spans[0].attributes[3]: attribute 'gen_ai.tool.name' is given twice (also at attributes[1]); a span has one value per attribute",
    ]);
    const doc = `{"resourceSpans": [], "resourceSpans": ${otlp([argsSpan({ stringValue: '{}' })]).slice('{"resourceSpans":'.length, -1)}}`;
    expect(problems(doc)).toEqual(["t.json: $: key 'resourceSpans' appears twice (JSON.parse would keep only the last)"]);
  });

  it('keeps numbers as written: 25.0 and a double are floats, a long integer exact, one beyond 64 bits refused', () => {
    const call = (text: string, file = 't.json') => readTrace(text, file).calls[0]!.args;
    expect(call('{"tool":"transfer_money","args":{"to":"bob","amount":25.0,"n":9007199254740993}}', 'r.jsonl')).toEqual({
      to: 'bob',
      amount: new Float(25),
      n: 9007199254740993n,
    });
    expect(call(otlp([argsSpan({ stringValue: '{"amount": 25.0, "n": 1e2, "m": 7}' })]))).toEqual({
      amount: new Float(25),
      n: new Float(100),
      m: 7,
    });
    expect(
      call(
        otlp([
          argsSpan({
            kvlistValue: {
              values: [
                { key: 'amount', value: { doubleValue: 25 } },
                { key: 'n', value: { intValue: 25 } },
              ],
            },
          }),
        ]),
      ),
    ).toEqual({ amount: new Float(25), n: 25 });
    expect(problems('{"tool":"x","args":{"n":99999999999999999999}}', 'r.jsonl')).toEqual([
      'r.jsonl:1:1: $.args.n: 99999999999999999999 is outside the 64-bit integers a call can carry',
    ]);
  });

  it('orders by the start time as written, nanoseconds beyond 2^53 included; refuses one that is not a time', () => {
    // As JSON numbers, 1764000000000000100 and ...000000001 round to the same double.
    const spans = [toolSpan('S1', 'read_file', '{"path":"/b"}'), toolSpan('S2', 'read_file', '{"path":"/a"}')];
    const text = otlp(spans).replace('"S1"', '1764000000000000100').replace('"S2"', '1764000000000000001');
    expect(readTrace(text, 't.json').calls.map((c) => c.args.path)).toEqual(['/a', '/b']);
    expect(problems(otlp([toolSpan('soon', 'read_file', '{"path":"/a"}')]))).toEqual([
      't.json: $.resourceSpans[0].scopeSpans[0].spans[0].startTimeUnixNano: "soon" is not a time in nanoseconds (a decimal integer); the calls are ordered by their start',
    ]);
  });

  it('reads one trace whatever the case of its id, drops a byte-order mark, names an empty file', () => {
    const text = otlp([toolSpan('1', 'read_file', '{"path":"/a"}', 'AB'), toolSpan('2', 'read_file', '{"path":"/b"}', 'ab')]);
    expect(readTrace(text, 't.json').traceIds).toEqual(['ab']);
    expect(readTrace(`\uFEFF${text}`, 't.json').calls).toHaveLength(2);
    expect(readTrace('\uFEFF{"tool":"read_file","args":{"path":"/a"}}\n', 'r.jsonl').calls).toHaveLength(1);
    expect(problems('\n  \n')).toEqual(['t.json:1:1: the file is empty: no JSON in it']);
  });
});

describe('readTrace: a Claude Code transcript', () => {
  const use = (id: string, name: string, input: unknown): string =>
    JSON.stringify({ type: 'assistant', sessionId: 's', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
  const result = (id: string, content: unknown): string =>
    JSON.stringify({
      type: 'user',
      sessionId: 's',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] },
    });

  it('reads calls in file order with their results, text parts joined', () => {
    const run = readTrace(
      [
        use('1', 'Bash', { command: 'ls' }),
        result('1', [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ]),
        use('2', 'Read', { file_path: '/x', limit: 10 }).replace('"limit":10', '"limit":10.0'),
      ].join('\n'),
      's.jsonl',
    );
    expect(run.format).toBe('claude_code');
    expect(run.calls.map((c) => [c.tool, c.args, c.result, c.where])).toEqual([
      ['Bash', { command: 'ls' }, 'a\nb', 's.jsonl:1:1: $.message.content[0]'],
      ['Read', { file_path: '/x', limit: new Float(10) }, undefined, 's.jsonl:3:1: $.message.content[0]'],
    ]);
  });

  it('refuses a result no call asked for, arguments that are not an object, and a file of two kinds, all at once', () => {
    expect(problems([use('1', 'Bash', 'ls'), result('9', 'x'), '{"tool":"read_file","args":{"path":"/a"}}'].join('\n'), 's.jsonl')).toEqual(
      [
        's.jsonl:1:1: $.message.content[0].input: the arguments must be a JSON object of parameter → value',
        's.jsonl:2:1: $.message.content[0]: a tool_result for tool_use_id "9", which no earlier tool_use has',
        's.jsonl: mixes Claude Code transcript lines and {tool, args, result} records; give one kind per file',
      ],
    );
  });
});

describe('readTrace: values a scenario cannot hold', () => {
  it('refuses arguments and results nested deeper than a scenario holds, at their path, instead of overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(problems(`{"tool":"read_file","args":{"path":${deep}},"result":${deep}}`, 'r.jsonl')).toEqual([
      `r.jsonl:1:1: $.args.path${'[0]'.repeat(23)}: nested deeper than 24 levels, more than a scenario holds`,
      `r.jsonl:1:1: $.result${'[0]'.repeat(24)}: nested deeper than 24 levels, more than a scenario holds`,
    ]);
    const nested = (n: number): object => (n === 0 ? { stringValue: 'x' } : { arrayValue: { values: [nested(n - 1)] } });
    const span = {
      traceId: 'aa',
      attributes: [
        attr('gen_ai.operation.name', 'execute_tool'),
        attr('gen_ai.tool.name', 'x'),
        { key: 'gen_ai.tool.call.result', value: nested(30) },
      ],
    };
    expect(problems(otlp([span]))).toEqual([
      't.json: $.resourceSpans[0].scopeSpans[0].spans[0].attributes[2] (gen_ai.tool.call.result): nested deeper than 24 levels, more than a scenario holds',
    ]);
  });
});

describe('readTrace: text Tenuo cannot carry', () => {
  it('refuses an argument holding half of a surrogate pair, in records, argument strings and kvlists', () => {
    expect(problems('{"tool":"read_file","args":{"path":"/srv/\\ud800x"}}\n', 'r.jsonl')).toEqual([
      'r.jsonl:1:1: $.args.path: "/srv/\\ud800x" holds half of a UTF-16 surrogate pair, which is not Unicode text (Tenuo\'s strings are UTF-8)',
    ]);
    const span = (value: object): object => ({
      traceId: 'aa',
      attributes: [
        attr('gen_ai.operation.name', 'execute_tool'),
        attr('gen_ai.tool.name', 'read_file'),
        { key: 'gen_ai.tool.call.arguments', value },
      ],
    });
    expect(problems(otlp([span({ stringValue: '{"path": "/srv/\\udc00"}' })]))[0]).toMatch(
      /attributes\[gen_ai\.tool\.call\.arguments\]: \$\.path: .* holds half of a UTF-16 surrogate pair/,
    );
    expect(problems(otlp([span({ kvlistValue: { values: [{ key: 'path', value: { stringValue: '/srv/\ud800' } }] } })]))[0]).toMatch(
      /\$\.path: .* holds half of a UTF-16 surrogate pair/,
    );
    // A pair is one character: read as it is.
    expect(readTrace('{"tool":"read_file","args":{"path":"/srv/\\ud83d\\ude00"}}', 'r.jsonl').calls[0]!.args.path).toBe('/srv/😀');
  });
});

describe('init: a file with many problems', () => {
  it('prints at most 200 of them, then how many more', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'init-many-'));
    writeFileSync(path.join(dir, 'r.jsonl'), Array.from({ length: 250 }, () => '{"tool":"read_file","args":[]}').join('\n'));
    let err = '';
    const code = await main(['init', '--from-trace', 'r.jsonl', '--out', 's.yaml'], {
      stdout: () => {},
      stderr: (t) => void (err += t),
      readStdin: async () => '',
      cwd: dir,
    });
    expect(code).toBe(2);
    const lines = err.trimEnd().split('\n');
    expect(lines).toHaveLength(201);
    expect(lines[199]).toBe('r.jsonl:200:1: $.args: the arguments must be a JSON object of parameter → value, got a list');
    expect(lines[200]).toBe('… and 50 more problems');
  });
});

describe('the error model', () => {
  it('a trace that cannot be read is a BenchError of kind input, with a stable code and name', () => {
    let caught: unknown;
    try {
      readTrace('{"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [{"key": "a", "value": {"nope": 1}}]}]}]}]}', 't.json');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(TraceError);
    expect(isBenchError(caught)).toBe(true);
    const e = caught as TraceError;
    expect([e.name, e.code, e.kind]).toEqual(['TraceError', 'trace_invalid', 'input']);
    // The bad AnyValue is reported as a problem of the trace, never thrown past the reader.
    expect(e.problems).toEqual(['t.json: $.resourceSpans[0].scopeSpans[0].spans[0].attributes[0] (a): not an OTLP/JSON value: {"nope":1}']);
  });
});
