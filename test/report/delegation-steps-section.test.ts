/**
 * The report's delegation steps (src/report/sections/delegation-steps-section.ts): each step of a scenario
 * under each condition, with Tenuo's reason when it was refused, as the markdown report shows it
 * for examples/topologies (`npm run build` first). A suite without steps has no such section.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderStepsSection, stepTrialsOf } from '../../src/report/sections/delegation-steps-section.js';
import { ESCAPERS } from '../../src/report/escape.js';
import type { Results } from '../../src/results/results.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CLI = join(ROOT, 'dist', 'cli.js');

function markdown(args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, 'run', '--format', 'markdown', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '' },
  });
  return r.stdout;
}

describe('the delegation steps in the report', () => {
  it('shows each step per condition, with the refusal and Tenuo’s reason', () => {
    const md = markdown(['--scenarios', 'examples/topologies']);
    const section = md.slice(md.indexOf('### Delegation steps'));
    expect(section).toMatch(
      /\| 1 \| `researcher` \| `delegate → helper` \| deny \| ❌ accepted \| ❌ accepted \| ✅ refused: `capability_monotonicity_violated` /,
    );
    expect(section).toMatch(
      /\| 2 \| `researcher` \| `write_file with writer's warrant` \| deny \| ❌ accepted \| ✅ refused: `pop_failed` /,
    );
    expect(section).toMatch(/\| 3 \| `researcher` \| `delegate → fetcher` \| allow \| ✅ accepted \| ✅ shortened \| ✅ shortened \|/);
  });

  it('is absent from a suite without steps', () => {
    expect(markdown([])).not.toContain('Delegation steps');
  });

  it('bounds what a results file holds and escapes its names', () => {
    const step = {
      index: 1,
      kind: 'delegate',
      after_call: 0,
      agent: 'a`|b',
      expect: 'deny',
      outcome: 'refused',
      authorized: false,
      to: 'c',
      denial: { code: 'pop_failed', reason: 'x'.repeat(500) },
    };
    const trials = Array.from({ length: 25 }, (_, i) => ({
      scenario: `s${i} <b>`,
      condition: 'task_scoped',
      steps: Array.from({ length: 40 }, (_, k) => ({ ...step, index: k + 1 })),
    }));
    const byScenario = stepTrialsOf({ trials } as unknown as Results)!;
    const text = renderStepsSection(byScenario, ESCAPERS);
    expect(text).toContain('… and 5 more scenarios with steps');
    expect(text).toContain('… and 10 more steps');
    expect(text).not.toContain('x'.repeat(121));
    expect(text).not.toContain('<b>');
  });
});
