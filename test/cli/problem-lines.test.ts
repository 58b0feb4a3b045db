/**
 * Problems are one console line each, whatever a file holds: a YAML key or a tools list may carry
 * line breaks and ESC, and a line the file writes of its own into a CI log starting with `::` is a
 * workflow command (a forged annotation, `::stop-commands::`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'db-problem-lines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('validate: one line per problem', () => {
  it('writes a key with a line break and ESC as \\x escapes, on its own line', async () => {
    await writeFile(join(dir, 's.yaml'), 'name: s\n"x\\n::error file=README.md::forged\\u001b[31m": 1\n');
    const r = await runCli(['validate', '--scenarios', 's.yaml'], dir);
    expect(r.code).toBe(2);
    const lines = r.err.trimEnd().split('\n');
    expect(lines.some((l) => l.startsWith('::'))).toBe(false);
    expect(r.err).not.toContain('\u001b');
    expect(lines).toContain("s.yaml:2:1: unknown key 'x\\x0a::error file=README.md::forged\\x1b[31m'");
    expect(lines.every((l) => /^s\.yaml(:\d+:\d+)?: |^\d+ problems? in /.test(l))).toBe(true);
  });

  it('does the same for a tools list read with tools: {from: PATH}', async () => {
    const tool = { name: 'a\nb', inputSchema: { type: 'object', properties: {}, additionalProperties: false } };
    await writeFile(join(dir, 'tools.json'), JSON.stringify({ tools: [tool] }));
    await writeFile(
      join(dir, 't.yaml'),
      [
        'name: t',
        'description: d',
        'request: r',
        'tools:',
        '  from: tools.json',
        'calls: []',
        'judge: {task: "true", attack: "false"}',
        'warrant: {}',
        '',
      ].join('\n'),
    );
    const r = await runCli(['validate', '--scenarios', 't.yaml'], dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain("'a\\x0ab' is not a valid tool name here");
    expect(
      r.err
        .trimEnd()
        .split('\n')
        .every((l) => /^t\.yaml(:\d+:\d+)?: |^\d+ problems? in /.test(l)),
    ).toBe(true);
  });

  it('writes the info and warning lines of a tools list on one line each', async () => {
    const tool = {
      name: 'fetch_x',
      inputSchema: { type: 'object', properties: { 'pa\nth': { type: 'string' }, q: { type: 'string' } }, additionalProperties: false },
    };
    await writeFile(join(dir, 'tools2.json'), JSON.stringify({ tools: [tool] }));
    await writeFile(
      join(dir, 'u.yaml'),
      [
        'name: u',
        'description: d',
        'request: r',
        'tools:',
        '  from: tools2.json',
        'calls:',
        '  - {tool: fetch_x, args: {q: a}}',
        'judge: {task: "true", attack: "false"}',
        'warrant: {}',
        '',
      ].join('\n'),
    );
    const r = await runCli(['validate', '--scenarios', 'u.yaml'], dir);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      "info: u.yaml:5:3: tools from tools2.json: fetch_x(pa\\x0ath?=null: text, q?=null: text), bound as mcp (Tenuo's MCPVerifier: the arguments as sent, None stripped, no defaults)\n",
    );
  });

  it('init writes what a trace holds on one line: its problems and its notes', async () => {
    await writeFile(join(dir, 'r.jsonl'), JSON.stringify({ tool: 'read\n::error::x', args: {} }) + '\n');
    const r = await runCli(['init', '--from-trace', 'r.jsonl', '--out', 'out.yaml'], dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('read\\x0a::error::x');
    expect(r.err.split('\n').some((l) => l.startsWith('::'))).toBe(false);
  });
});
