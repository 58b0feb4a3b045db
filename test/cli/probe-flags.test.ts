/** `run --no-probes` / `--max-escapes N`: parsed, refused together, and applied to the gate. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const cli = (argv: string[]) => runCli(['run', ...argv]);

describe('run: probe flags', () => {
  it('documents them', async () => {
    const { code, out } = await cli(['--help']);
    expect(code).toBe(0);
    expect(out).toContain('--no-probes');
    expect(out).toContain('--max-escapes N');
  });
  it('refuses --max-escapes with --no-probes, and a bad count', async () => {
    const both = await cli(['--no-probes', '--max-escapes', '1']);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--max-escapes needs the probes');
    const bad = await cli(['--max-escapes', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--max-escapes');
  });
  it('reports escapes by default; --max-escapes 0 fails the gate with probe_escape at the grant line', async () => {
    const reported = await cli(['--scenario', 'config_review', '--no-mutants', '--format', 'json', '--workers', '1']);
    expect(reported.code).toBe(0);
    const r = JSON.parse(reported.out);
    expect(r.probes.escaped).toBeGreaterThan(0);
    expect(r.gate.violations).toEqual([]);
    const gated = await cli(['--scenario', 'config_review', '--no-mutants', '--format', 'json', '--workers', '1', '--max-escapes', '0']);
    expect(gated.code).toBe(1);
    const g = JSON.parse(gated.out);
    expect(g.gate.passed).toBe(false);
    expect(g.gate.violations.length).toBe(g.probes.escaped);
    expect(g.gate.violations[0]).toMatchObject({
      kind: 'probe_escape',
      scenario: 'config_review',
      source: expect.stringMatching(/config_review\.yaml:\d+:\d+$/),
    });
    const off = await cli(['--scenario', 'config_review', '--no-mutants', '--no-probes', '--format', 'json', '--workers', '1']);
    expect(JSON.parse(off.out).probes).toBeUndefined();
  });
});
