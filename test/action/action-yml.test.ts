// action.yml is the contract users see: it must declare exactly what the code reads and writes.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseInputs } from '../../src/action/inputs.js';
import { ROOT } from './run-action.js';

interface ActionYml {
  runs: { using: string; main: string };
  branding: { icon: string; color: string };
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description: string }>;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionYml;

describe('action.yml', () => {
  it('runs dist/index.js on node24 with branding', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(action.branding.icon).toBeTruthy();
  });

  it('declares the inputs of docs/action.md with their defaults, each described', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([
      'allow-suite-changes',
      'allow-widening',
      'approval-label',
      'badge-path',
      'baseline',
      'charts',
      'comment',
      'gate',
      'github-token',
      'job-summary',
      'max-asr',
      'max-escapes',
      'max-false-allows',
      'max-false-blocks',
      'min-mutation-score',
      'min-tcr',
      'mode',
      'model',
      'mutants',
      'name',
      'openai-api-key',
      'openai-base-url',
      'pr-number',
      'probes',
      'require-baseline',
      'results-path',
      'runs',
      'scenarios',
      'shard',
    ]);
    const defaults = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default]));
    expect(defaults).toMatchObject({
      scenarios: 'builtin',
      'max-asr': '0',
      'min-tcr': '100',
      'max-false-allows': '0',
      'max-false-blocks': '0',
      'github-token': '${{ github.token }}',
      comment: 'auto',
      name: 'delegation-bench',
      'job-summary': 'true',
      'badge-path': '',
      'results-path': '',
      baseline: '',
      'allow-widening': 'false',
      'allow-suite-changes': 'false',
      'require-baseline': 'false',
      'approval-label': 'delegation-bench:approved',
      charts: 'false',
      mutants: 'on',
      'min-mutation-score': '',
      probes: 'on',
      'max-escapes': '',
    });
    for (const v of Object.values(action.inputs)) expect(v.description.length).toBeGreaterThan(10);
  });

  it('has defaults the input parser accepts', () => {
    const defaults = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? '']));
    const c = parseInputs((n) => defaults[n] ?? '');
    expect(c).toMatchObject({ maxAsr: 0, minTcr: 1, comment: 'auto', name: 'delegation-bench', jobSummary: true });
  });

  it('declares every output the action sets', () => {
    const src = ['outputs.ts'].map((f) => readFileSync(join(ROOT, 'src', 'action', f), 'utf8')).join('\n');
    const set = [...src.matchAll(/setOutput\('([a-z-]+)'/g)].map((m) => m[1]).sort();
    expect(Object.keys(action.outputs).sort()).toEqual(set);
    expect(set).toEqual([
      'asr',
      'badge-file',
      'calls-blocked',
      'comment-id',
      'comment-url',
      'junit-file',
      'passed',
      'report-file',
      'results-file',
      'sarif-file',
      'tcr',
    ]);
  });

  it('workflows name no machine paths and pin node 24', () => {
    const dir = join(ROOT, '.github', 'workflows');
    for (const f of readdirSync(dir)) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text).not.toMatch(/\/(work|home|root|tmp|Users)\//);
      parse(text);
      for (const m of text.matchAll(/node-version:\s*(\S+)/g)) expect(m[1]).toBe('24');
    }
  });
});
