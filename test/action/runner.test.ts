/**
 * The real runner (@actions/core): what it writes to stdout, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY,
 * read back the way the runner reads them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolkitRunner } from '../../src/action/runner.js';
import { parseOutputFile } from './run-action.js';
import { readRunnerLog } from './runner-log.js';

const dir = mkdtempSync(join(tmpdir(), 'db-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let stdout: string;
beforeEach(() => {
  stdout = '';
  // The runner's files come from the test, never from a CI runner this test may run on.
  for (const name of ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY']) vi.stubEnv(name, undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  process.exitCode = undefined;
});

const lines = (): string[] => stdout.split('\n').filter((l) => l !== '');

describe('toolkitRunner (@actions/core)', () => {
  it('reads INPUT_ names upper-cased with hyphens kept, trimmed', () => {
    vi.stubEnv('INPUT_MAX-ASR', ' 5 \n');
    vi.stubEnv('INPUT_GITHUB-TOKEN', 't');
    const r = toolkitRunner();
    expect(r.getInput('max-asr')).toBe('5');
    expect(r.getInput('github-token')).toBe('t');
    expect(r.getInput('missing')).toBe('');
  });

  it('writes outputs as heredocs that survive newlines and delimiter look-alikes', () => {
    const file = join(dir, 'output');
    writeFileSync(file, '');
    vi.stubEnv('GITHUB_OUTPUT', file);
    const r = toolkitRunner();
    r.setOutput('a', 'line1\nline2');
    r.setOutput('b', 'EOF\nghadelimiter_x');
    expect(parseOutputFile(readFileSync(file, 'utf8'))).toEqual({ a: 'line1\nline2', b: 'EOF\nghadelimiter_x' });
    expect(stdout).toBe('');
  });

  it('annotates with title, file, line and column, all escaped', () => {
    const r = toolkitRunner();
    r.error('50% done\nnext', { title: 'gate: a,b', file: 'dir/a:b.yaml', line: 3, col: 5 });
    r.warning('plain');
    r.notice('at a file', { file: 'x.yaml' });
    expect(lines()).toEqual([
      '::error title=gate%3A a%2Cb,file=dir/a%3Ab.yaml,line=3,col=5::50%25 done%0Anext',
      '::warning::plain',
      '::notice file=x.yaml::at a file',
    ]);
  });

  it('masks a secret of several lines on every line, with one command the runner reads whole', () => {
    const secret = 'sk-first-line\nsk-second-line\r\nsk-third';
    const r = toolkitRunner();
    r.setSecret(secret);
    r.info(`the key is ${secret}`);
    r.info('sk-second-line on its own');
    expect(lines()[0]).toBe('::add-mask::sk-first-line%0Ask-second-line%0D%0Ask-third');
    const log = readRunnerLog(stdout);
    expect(log.secrets).toEqual(expect.arrayContaining([secret, 'sk-first-line', 'sk-second-line', 'sk-third']));
    const shown = log.shown.join('\n');
    for (const part of ['sk-first-line', 'sk-second-line', 'sk-third']) expect(shown).not.toContain(part);
    expect(log.shown).toContain('*** on its own');
  });

  it('folds what a group logs, and closes the group when its work throws', async () => {
    const r = toolkitRunner();
    expect(await r.group('Run the scenarios', async () => (r.info('inside'), 42))).toBe(42);
    await expect(r.group('Broken', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(lines()).toEqual(['::group::Run the scenarios', 'inside', '::endgroup::', '::group::Broken', '::endgroup::']);
  });

  it('appends to the job summary file, and has none without GITHUB_STEP_SUMMARY', async () => {
    expect(toolkitRunner().summary).toBeUndefined();
    const file = join(dir, 'summary.md');
    writeFileSync(file, 'earlier\n');
    vi.stubEnv('GITHUB_STEP_SUMMARY', file);
    const summary = toolkitRunner().summary!;
    expect(summary.file).toBe(file);
    await summary.append('# one\n');
    await summary.append('# two\n');
    expect(readFileSync(file, 'utf8')).toBe('earlier\n# one\n# two\n');
  });

  it('setFailed sets exit code 1 and logs an error', () => {
    toolkitRunner().setFailed('gate failed\n  a: b');
    expect(process.exitCode).toBe(1);
    expect(lines()).toEqual(['::error::gate failed%0A  a: b']);
  });
});
