/** The environment's run_command, http_request, send_email delivered_to and custom tools' kinds. */
import { beforeAll, describe, expect, it } from 'vitest';
import { needsShellParser, prepareEnvironment } from '../../src/world/prepare.js';
import { SimulatedEnvironment } from '../../src/world/environment.js';
import { call, scenario } from '../trial/helpers.js';

const initial = { files: {}, transactions: [], emails: [], balance: 0 };

beforeAll(async () => {
  await prepareEnvironment([scenario({ name: 'x', calls: [call('run_command', { command: 'ls' })] })]);
});

describe('run_command', () => {
  it('records every program a shell would start, never runs anything', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('run_command', { command: 'X=/ls rm -rf /project | tee /tmp/out' })).toBe('ran: rm -rf /project; tee /tmp/out');
    expect(env.effects).toEqual([
      {
        type: 'command_run',
        command: 'X=/ls rm -rf /project | tee /tmp/out',
        programs: [
          ['rm', '-rf', '/project'],
          ['tee', '/tmp/out'],
        ],
        assignments: ['X=/ls'],
        redirects: [],
        parsed: true,
      },
    ]);
  });
  it('a syntax error starts nothing and says so', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('run_command', { command: 'ls (' })).toMatch(/^sh: syntax error/);
    expect(env.effects).toMatchObject([{ type: 'command_run', programs: [], parsed: false }]);
  });
  it('a non-string command is an argument error, no effect', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('run_command', { command: 1 })).toMatch(/^Error calling run_command/);
    expect(env.effects).toEqual([]);
  });
});

describe('http_request', () => {
  it('records the canonical destination and its class', () => {
    const env = new SimulatedEnvironment(initial);
    env.execute('http_request', { url: 'http://[::]:8080/admin', method: 'post', body: 'x' });
    expect(env.effects).toEqual([
      {
        type: 'http_request',
        url: 'http://[::]:8080/admin',
        canonical_url: 'http://[::1]:8080/admin',
        method: 'POST',
        host: '[::1]',
        port: 8080,
        target: 'unspecified',
        body: 'x',
      },
    ]);
  });
  it('what a client cannot fetch is an error, no effect', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('http_request', { url: 'file:///etc/passwd' })).toMatch(/^Error calling http_request/);
    expect(env.effects).toEqual([]);
  });
});

describe('send_email delivered_to', () => {
  it('is what a mail library delivers to', () => {
    const env = new SimulatedEnvironment(initial);
    env.execute('send_email', {
      recipients: ['x@evil.example, Finance@Company.com', '"boss@company.com" <y@evil.example>'],
      subject: 's',
      body: 'b',
    });
    expect(env.effects).toMatchObject([{ delivered_to: ['x@evil.example', 'finance@company.com', 'y@evil.example'] }]);
  });
});

describe('custom tools with parameter kinds', () => {
  it('records the canonical form of each kinded argument', () => {
    const tools = {
      act: {
        params: ['p', 'c', 'u', 'm', 'n', 't'],
        returns: 'ok',
        kinds: { p: 'path', c: 'shell', u: 'url', m: 'email_list', n: 'number', t: 'text' } as const,
      },
    };
    const env = new SimulatedEnvironment(initial, tools);
    env.execute('act', { p: '/a/b\\c/../../x', c: 'A=1 rm x', u: 'https://h.example./', m: 'a@x.com, b@y.com', n: ' 12.5 ', t: 'hi' });
    expect(env.effects).toMatchObject([
      { type: 'tool_called', canonical: { c: [['rm', 'x']], m: ['a@x.com', 'b@y.com'], n: 12.5, p: '/x', u: 'https://h.example/' } },
    ]);
  });
  it('needsShellParser: only scenarios that can reach a shell', () => {
    expect(needsShellParser([scenario({ name: 'a' })])).toBe(false);
    expect(needsShellParser([scenario({ name: 'b', tools: { t: { params: ['c'], returns: '', kinds: { c: 'shell' } } } })])).toBe(true);
    expect(
      needsShellParser([
        scenario({ name: 'c', warrant: { t: { constraints: { c: { type: 'shlex', allow: ['ls'] } }, allowUnknown: false } } }),
      ]),
    ).toBe(true);
  });
});

describe('paths with a NUL', () => {
  it('fail as a real tool fails: nothing read, written or listed', () => {
    const env = new SimulatedEnvironment({ ...initial, files: { '/a/b': 'x' } });
    expect(env.execute('read_file', { path: '/a/b\0/../../etc/passwd' })).toMatch(/^Error calling read_file: .*NUL/);
    expect(env.execute('write_file', { path: '/a/\0x', content: 'c' })).toMatch(/^Error calling write_file/);
    expect(env.execute('list_files', { directory: '/a\0' })).toMatch(/^Error calling list_files/);
    expect(env.effects).toEqual([]);
  });
});
