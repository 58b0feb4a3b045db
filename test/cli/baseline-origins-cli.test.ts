/**
 * `run --baseline REF` end to end, the attack: the head's scenario reads a frozen copy of
 * the old policy while the real `tenuo.yaml` widens. Before, 0 changes; now the origin change and
 * the real file's widening both fail the gate (docs/guard.md#everything-the-base-read).
 */
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/run.js';
import { fakeIo } from '../scenario/helpers.js';
import { claudeSession, repoWith } from '../helpers/baseline-repo.js';

const session = (from: string): string => claudeSession(`from: ${from}`);
const policy = (read: string): string => `sandbox: .\nenforce:\n  Read: "${read}"\n  Write: "subpath:{sandbox}/docs"\ndefault: deny\n`;

describe('run --baseline: the file the base read', () => {
  it('a frozen copy of the old policy in the head and a widened real one: exit 1, grant_origin_changed and the real file widened', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/session.yaml': session('../tenuo.yaml'), 'tenuo.yaml': policy('subpath:{sandbox}/config') },
      {
        'scenarios/session.yaml': session('../frozen.yaml'),
        'frozen.yaml': policy('subpath:{sandbox}/config'),
        'tenuo.yaml': policy('subpath:{sandbox}'),
      },
    );
    const io = fakeIo(dir);
    const code = await runCommand(['--scenarios', 'scenarios', '--baseline', baseSha, '--format', 'json', '--workers', '1'], io);
    type Out = {
      baseline: {
        suite_changes: { change: string; base: string; head: string }[];
        widenings: { tool: string; base_file?: string; proof: string; source?: string }[];
      };
      gate: { passed: boolean; violations: { kind: string; source?: string }[] };
    };
    const r = JSON.parse(io.out) as Out;
    expect(code).toBe(1);
    expect(r.baseline.suite_changes).toEqual([
      expect.objectContaining({
        change: 'grant_origin_changed',
        base: 'warrant: {from: tenuo.yaml}',
        head: 'warrant: {from: frozen.yaml}',
      }),
    ]);
    expect(r.baseline.widenings).toContainEqual(
      expect.objectContaining({ tool: 'Read', base_file: 'tenuo.yaml', proof: 'proven', source: 'tenuo.yaml:3:3' }),
    );
    expect(r.gate.violations.map((v) => v.kind)).toEqual(expect.arrayContaining(['suite_weakened', 'authority_widened']));
    expect(r.gate.violations.filter((v) => v.kind === 'authority_widened').every((v) => v.source === 'tenuo.yaml:3:3')).toBe(true);

    // Both approved: the run passes.
    const approved = fakeIo(dir);
    expect(
      await runCommand(
        [
          '--scenarios',
          'scenarios',
          '--baseline',
          baseSha,
          '--allow-widening',
          '--allow-suite-changes',
          '--format',
          'markdown',
          '--workers',
          '1',
        ],
        approved,
      ),
    ).toBe(0);
    expect(approved.out).toContain('the file the base scenario read, as it is in the head: tenuo.yaml');
    expect(approved.out).toContain('the grant (or the tool list) is read from another file than at the base, or turned inline');
  });
});
