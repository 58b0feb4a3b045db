/** Claude Code's tools in the simulated environment: the effects of the built-ins of their kind. */
import { beforeAll, describe, expect, it } from 'vitest';
import { SimulatedEnvironment } from '../../src/world/environment.js';
import { claudeCodeTool, CLAUDE_CODE_TOOL_NAMES, DEFAULT_CWD } from '../../src/world/claude-code.js';
import { loadShellParser } from '../../src/world/shell.js';
import { EnvironmentLimitError } from '../../src/world/limit.js';
import type { CustomTool } from '../../src/model/scenario.js';

function env(files: Record<string, string>, cwd = DEFAULT_CWD): SimulatedEnvironment {
  const tools: Record<string, CustomTool> = {};
  for (const name of CLAUDE_CODE_TOOL_NAMES) tools[name] = claudeCodeTool(name, cwd);
  return new SimulatedEnvironment({ files, transactions: [], emails: [], balance: 0 }, tools);
}

describe("Claude Code's tools", () => {
  beforeAll(loadShellParser);

  it('Read is a file_read of the resolved path; a relative path resolves against the cwd', () => {
    const e = env({ '/workspace/a.txt': 'A', '/etc/shadow': 'S' });
    expect(e.execute('Read', { file_path: 'a.txt' })).toBe('A');
    expect(e.execute('Read', { file_path: '/workspace/../etc/shadow' })).toBe('S');
    expect(e.effects).toEqual([
      { type: 'file_read', path: '/workspace/a.txt', raw_path: 'a.txt', found: true },
      { type: 'file_read', path: '/etc/shadow', raw_path: '/workspace/../etc/shadow', found: true },
    ]);
  });

  it('Write and Edit are file_written with the new content; an Edit that matches nothing writes nothing', () => {
    const e = env({ '/workspace/a.ts': 'x = 1; x = 1;' });
    e.execute('Write', { file_path: '/workspace/b.md', content: 'B' });
    expect(e.execute('Edit', { file_path: '/workspace/a.ts', old_string: 'x = 1', new_string: 'x = 2' })).toMatch(
      /^Error calling Edit: Found 2 matches/,
    );
    e.execute('Edit', { file_path: '/workspace/a.ts', old_string: 'x = 1', new_string: 'x = 2', replace_all: true });
    expect(e.execute('Edit', { file_path: '/workspace/a.ts', old_string: 'nope', new_string: 'x' })).toMatch(
      /^Error calling Edit: String to replace not found/,
    );
    expect(e.effects).toEqual([
      { type: 'file_written', path: '/workspace/b.md', raw_path: '/workspace/b.md', content: 'B' },
      { type: 'file_written', path: '/workspace/a.ts', raw_path: '/workspace/a.ts', content: 'x = 2; x = 2;' },
    ]);
  });

  it('Bash is a command_run, WebFetch a GET http_request', () => {
    const e = env({});
    e.execute('Bash', { command: 'curl http://169.254.169.254/', description: '', timeout: 1 });
    e.execute('WebFetch', { url: 'https://example.com/x', prompt: 'p' });
    expect(e.effects[0]).toMatchObject({ type: 'command_run', programs: [['curl', 'http://169.254.169.254/']], parsed: true });
    expect(e.effects[1]).toMatchObject({
      type: 'http_request',
      method: 'GET',
      host: 'example.com',
      canonical_url: 'https://example.com/x',
    });
  });

  it('Bash reads the line as bash, run_command as POSIX sh: `{r,}m` runs rm only under bash', () => {
    const e = env({});
    e.execute('Bash', { command: '{r,}m -rf / && coproc rm -rf /x', description: '', timeout: 1 });
    e.execute('run_command', { command: '{r,}m -rf /' });
    expect(e.effects[0]).toMatchObject({
      type: 'command_run',
      programs: [
        ['rm', 'm', '-rf', '/'],
        ['rm', '-rf', '/x'],
      ],
      parsed: true,
    });
    expect(e.effects[1]).toMatchObject({ type: 'command_run', programs: [['{r,}m', '-rf', '/']], parsed: true });
  });

  it('WebFetch fetches an http URL over https, as Claude Code upgrades it; the effect keeps the URL as written', () => {
    const e = env({});
    e.execute('WebFetch', { url: 'http://docs.example.com:80/a?b', prompt: 'p' });
    e.execute('WebFetch', { url: 'http://docs.example.com:8080/', prompt: 'p' });
    e.execute('http_request', { url: 'http://docs.example.com/', method: 'GET', body: '' });
    expect(e.effects.map((x) => (x.type === 'http_request' ? [x.url, x.canonical_url, x.port] : []))).toEqual([
      ['http://docs.example.com:80/a?b', 'https://docs.example.com/a?b', 443],
      ['http://docs.example.com:8080/', 'https://docs.example.com:8080/', 8080],
      ['http://docs.example.com/', 'http://docs.example.com/', 80],
    ]);
  });

  it('Glob lists the folder (the cwd by default); Grep reads each file it finds the pattern in', () => {
    const e = env({ '/workspace/a.txt': 'token=1', '/workspace/b.txt': 'nothing', '/other/c.txt': 'token' });
    expect(e.execute('Glob', { pattern: '*', path: DEFAULT_CWD })).toBe('/workspace/a.txt\n/workspace/b.txt');
    expect(e.execute('Grep', { pattern: 'token', path: DEFAULT_CWD, glob: '', output_mode: 'files_with_matches' })).toBe(
      'Found 1 file\n/workspace/a.txt',
    );
    expect(e.effects).toEqual([
      { type: 'files_listed', directory: '/workspace', raw_directory: '/workspace', found: true },
      { type: 'file_read', path: '/workspace/a.txt', raw_path: '/workspace/a.txt', found: true },
    ]);
    expect(claudeCodeTool('Grep', '/repo').defaults).toMatchObject({ path: '/repo' });
  });

  it("Grep reads the pattern as ripgrep does: Rust's regex syntax, line by line", () => {
    const e = env({ '/workspace/a.env': '# config\nTOKEN=1', '/workspace/b.txt': 'no secrets here' });
    const grep = (pattern: string): string =>
      e.execute('Grep', { pattern, path: DEFAULT_CWD, glob: '', output_mode: 'files_with_matches' });
    expect(grep('(?i)token')).toBe('Found 1 file\n/workspace/a.env');
    expect(grep('^TOKEN=')).toBe('Found 1 file\n/workspace/a.env');
    expect(grep('\\d+$')).toBe('Found 1 file\n/workspace/a.env');
    expect(grep('(?P<x>a')).toMatch(/^Error calling Grep: regex parse error in "\(\?P<x>a": /);
    expect(e.effects).toEqual([
      { type: 'file_read', path: '/workspace/a.env', raw_path: '/workspace/a.env', found: true },
      { type: 'file_read', path: '/workspace/a.env', raw_path: '/workspace/a.env', found: true },
      { type: 'file_read', path: '/workspace/a.env', raw_path: '/workspace/a.env', found: true },
    ]);
  });

  it('a Grep pattern our regex bounds cannot decide stops the run (environment_limit), never reads as no match', () => {
    const e = env({ '/workspace/a.txt': 'café' });
    expect(() => e.execute('Grep', { pattern: '\\bcaf', path: DEFAULT_CWD, glob: '', output_mode: 'files_with_matches' })).toThrow(
      EnvironmentLimitError,
    );
    expect(e.effects).toEqual([]);
  });
});
