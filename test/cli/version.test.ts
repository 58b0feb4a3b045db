import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main, VERSION } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function io(): CliIO & { out: string; err: string } {
  const x = {
    out: '',
    err: '',
    cwd: '.',
    stdout: (t: string) => void (x.out += t),
    stderr: (t: string) => void (x.err += t),
    readStdin: async () => '',
  };
  return x as unknown as CliIO & { out: string; err: string };
}

describe('--version', () => {
  it("is package.json's version", () => {
    expect(VERSION).toBe(pkg.version);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([['--version'], ['-v'], ['run', '--version'], ['validate', '--version']])('%s %s prints it and exits 0', async (...argv) => {
    const x = io();
    expect(await main(argv, x)).toBe(0);
    expect(x.out).toBe(`${pkg.version}\n`);
    expect(x.err).toBe('');
  });

  it('is listed in the usage', async () => {
    const x = io();
    await main(['--help'], x);
    expect(x.out).toContain('delegation-bench --version');
  });
});
