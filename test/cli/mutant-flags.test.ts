import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const cli = (argv: string[]) => runCli(['run', ...argv]);

describe('run --no-mutants / --min-mutation-score', () => {
  it('are documented in the help', async () => {
    const { code, out } = await cli(['--help']);
    expect(code).toBe(0);
    expect(out).toContain('[--no-mutants] [--min-mutation-score PCT]');
    expect(out).toMatch(/--min-mutation-score PCT +lowest share of warrant mutants/);
  });

  it('refuse a score that is not a percentage, as a usage error', async () => {
    for (const bad of ['120', 'abc', '-5']) {
      const { code, err } = await cli([`--min-mutation-score=${bad}`]);
      expect(code, bad).toBe(2);
      expect(err).toContain(`--min-mutation-score expects a percentage between 0 and 100, got '${bad}'`);
    }
  });

  it('refuse a score gate without the mutants', async () => {
    const { code, err } = await cli(['--no-mutants', '--min-mutation-score', '50']);
    expect(code).toBe(2);
    expect(err).toContain('--min-mutation-score needs the warrant mutants: drop --no-mutants');
  });
});
