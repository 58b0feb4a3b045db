import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processRunner } from '../../src/action/runner.js';
import { parseOutputFile } from './run-action.js';

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

function capture(): string[] {
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk).replace(/\n$/, ''));
    return true;
  });
  return lines;
}

describe('processRunner (workflow commands)', () => {
  it('reads INPUT_ names upper-cased with hyphens kept, trimmed', () => {
    const r = processRunner({ 'INPUT_MAX-ASR': ' 5 \n', 'INPUT_GITHUB-TOKEN': 't' });
    expect(r.getInput('max-asr')).toBe('5');
    expect(r.getInput('github-token')).toBe('t');
    expect(r.getInput('missing')).toBe('');
  });

  it('writes outputs as heredocs that survive newlines and delimiter look-alikes', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'db-runner-')), 'out');
    writeFileSync(file, '');
    const r = processRunner({ GITHUB_OUTPUT: file });
    r.setOutput('a', 'line1\nline2');
    r.setOutput('b', 'EOF\nghadelimiter_x');
    expect(parseOutputFile(readFileSync(file, 'utf8'))).toEqual({ a: 'line1\nline2', b: 'EOF\nghadelimiter_x' });
  });

  it('escapes annotation data and properties', () => {
    const lines = capture();
    const r = processRunner({});
    r.error('50% done\nnext', { title: 'gate: a,b', file: 'dir/a:b.yaml', line: 3, col: 5 });
    r.warning('plain');
    expect(lines).toEqual([
      '::error title=gate%3A a%2Cb,file=dir/a%3Ab.yaml,line=3,col=5::50%25 done%0Anext',
      '::warning::plain',
    ]);
  });

  it('setFailed sets exit code 1 and logs an error', () => {
    const lines = capture();
    processRunner({}).setFailed('gate failed');
    expect(process.exitCode).toBe(1);
    expect(lines).toEqual(['::error::gate failed']);
  });
});
