/**
 * The action in LLM mode against the stand-in server: inputs, the key masked before anything is
 * printed and never written, shards run as a matrix would run them, and report-only mode on the
 * folder of shard files merging them into the unsharded results.
 */
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInputs, InputError } from '../../src/action/inputs.js';
import { run } from '../../src/action/main.js';
import type { Runner } from '../../src/action/runner.js';
import type { Results } from '../../src/results/results.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { startStandIn, type StandIn } from './stand-in.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const KEY = 'sk-action-SECRET-4242';
let server: StandIn;
let dir: string;

beforeAll(async () => {
  server = await startStandIn(await loadScenarios([], ROOT));
  dir = mkdtempSync(join(tmpdir(), 'db-action-llm-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function runner(
  inputs: Record<string, string>,
  temp: string,
): Runner & { lines: string[]; failed: string[]; outputs: Record<string, string> } {
  const lines: string[] = [];
  const failed: string[] = [];
  const outputs: Record<string, string> = {};
  return {
    env: { RUNNER_TEMP: temp, GITHUB_WORKSPACE: dir },
    lines,
    failed,
    outputs,
    getInput: (n) => (inputs[n] ?? '').trim(),
    setOutput: (n, v) => void (outputs[n] = v),
    setSecret: (v) => void lines.push(`secret: ${v}`),
    info: (m) => void lines.push(m),
    debug: (m) => void lines.push(m),
    notice: (m) => void lines.push(m),
    warning: (m) => void lines.push(`warning: ${m}`),
    error: (m) => void lines.push(`error: ${m}`),
    group: (_name, fn) => fn(),
    summary: undefined,
    setFailed: (m) => void failed.push(m),
  };
}

/** A job summary that appends to `file`, as the runner's does. */
function fileSummary(file: string): NonNullable<Runner['summary']> {
  return { file, append: async (markdown: string) => appendFileSync(file, markdown) };
}

const base = () => ({
  comment: 'off',
  'job-summary': 'false',
  probes: 'off',
  mode: 'both',
  model: 'obedient',
  runs: '2',
  'openai-base-url': server.url,
  'openai-api-key': KEY,
});

describe('action inputs for LLM mode', () => {
  it('every problem at once; the key never appears in them', () => {
    const get = (m: Record<string, string>) => (n: string) => m[n] ?? '';
    let err: InputError | undefined;
    try {
      parseInputs(get({ mode: 'llm', runs: 'many', shard: '5/2', 'openai-api-key': KEY, 'openai-base-url': 'ftp://x' }));
    } catch (e) {
      err = e as InputError;
    }
    expect(err?.problems.join('\n')).toMatch(/input runs[\s\S]*input shard[\s\S]*input model[\s\S]*openai-base-url/);
    expect(err?.message).not.toContain(KEY);
    expect(() => parseInputs(get({ mode: 'llm', model: 'm' }))).toThrow(/needs a model server/);
    expect(parseInputs(get({ mode: 'llm', model: 'm' }), { OPENAI_API_KEY: 'k' }).llm.apiKey).toBe('k');
    expect(() => parseInputs(get({ model: 'm' }))).toThrow(/apply to LLM mode only/);
    expect(parseInputs(get({ gate: 'llm' })).llm.gateLlm).toBe(true); // report-only mode
  });
});

describe('the action in LLM mode', () => {
  it('masks the key first, runs both modes, writes results without the key', async () => {
    const temp = mkdtempSync(join(dir, 't-'));
    const r = runner(base(), temp);
    await run(r, dir);
    expect(r.failed).toEqual([]);
    expect(r.lines[0]).toBe(`secret: ${KEY}`);
    const text = readFileSync(r.outputs['results-file']!, 'utf8');
    expect(text).not.toContain(KEY);
    const res = JSON.parse(text) as Results;
    expect(res.mode).toBe('both');
    expect(res.llm!.summary.task_scoped!.asr.mean).toBe(0);
    expect(r.lines.filter((l) => l.startsWith('llm: '))).toHaveLength(res.llm!.cells.length);
  });

  it('shards as a matrix, then report-only mode on their folder merges them into the unsharded results', async () => {
    const whole = runner(base(), mkdtempSync(join(dir, 't-')));
    await run(whole, dir);
    const shards = join(dir, 'shards');
    mkdirSync(shards, { recursive: true });
    for (const i of [1, 2]) {
      const r = runner({ ...base(), shard: `${i}/2` }, mkdtempSync(join(dir, 't-')));
      await run(r, dir);
      expect(r.failed).toEqual([]);
      copyFileSync(r.outputs['results-file']!, join(shards, `shard-${i}.json`));
    }
    const merge = runner({ comment: 'off', 'job-summary': 'false', 'results-path': 'shards', gate: 'llm' }, mkdtempSync(join(dir, 't-')));
    await run(merge, dir);
    expect(merge.failed).toEqual([]);
    expect(merge.outputs.passed).toBe('true');
    const merged = JSON.parse(readFileSync(merge.outputs['results-file']!, 'utf8')) as Results;
    const unsharded = JSON.parse(readFileSync(whole.outputs['results-file']!, 'utf8')) as Results;
    expect(merged.llm!.trials).toEqual(unsharded.llm!.trials);
    expect(merged.llm!.cells).toEqual(unsharded.llm!.cells);
    expect(merged.trials).toEqual(unsharded.trials);

    // One shard missing: refused, and the step fails.
    rmSync(join(shards, 'shard-2.json'));
    const missing = runner({ comment: 'off', 'job-summary': 'false', 'results-path': 'shards' }, mkdtempSync(join(dir, 't-')));
    await run(missing, dir);
    expect(missing.failed.join('\n')).toMatch(/shard 2\/2 not given/);
  });

  it('gate: llm fails the step, and the passed output, when the model breaks the task', async () => {
    const r = runner({ ...base(), model: 'no-tools', mode: 'llm', gate: 'llm' }, mkdtempSync(join(dir, 't-')));
    await run(r, dir);
    expect(r.outputs.passed).toBe('false');
    expect(r.failed.join('\n')).toMatch(/LLM gate failed:[\s\S]*LLM task_scoped TCR 0% over 2 runs is below 100%/);
  });

  it('report-only mode carries nothing of an llm file it did not check; the badge follows the LLM gate', async () => {
    const r = runner({ ...base(), model: 'no-tools', mode: 'llm' }, mkdtempSync(join(dir, 't-')));
    await run(r, dir);
    const res = JSON.parse(readFileSync(r.outputs['results-file']!, 'utf8')) as Results;
    // A forged probes section, with holes to annotate at positions of the file's choosing.
    res.probes = {
      total: 1,
      escaped: 1,
      escapes: [
        {
          scenario: 'x',
          tool: 'read_file',
          param: 'path',
          constraint: 'c',
          family: 'traversal',
          value: 'v',
          canonical: 'v',
          effect: 'e',
          fix: 'f',
          source: 'evil.yaml:1:1',
        },
      ],
    } as unknown as Results['probes'];
    const forged = join(dir, 'forged-probes.json');
    (await import('node:fs')).writeFileSync(forged, JSON.stringify(res));
    const badges = mkdtempSync(join(dir, 'b-'));
    const rep = runner(
      { comment: 'off', 'job-summary': 'false', 'results-path': 'forged-probes.json', gate: 'llm', 'badge-path': badges },
      mkdtempSync(join(dir, 't-')),
    );
    await run(rep, dir);
    const judged = JSON.parse(readFileSync(rep.outputs['results-file']!, 'utf8')) as Results;
    expect(judged.probes).toBeUndefined();
    expect(rep.lines.join('\n')).not.toContain('evil.yaml');
    expect(rep.lines).toContain(
      'warning: report-only mode renders the LLM results only: the file\'s "probes" section is not rendered (its gate findings, if any, still count)',
    );
    // The no-tools model breaks every task: the LLM gate fails, and so do `passed` and the badge.
    expect(rep.outputs.passed).toBe('false');
    expect(JSON.parse(readFileSync(join(badges, 'delegation-bench.json'), 'utf8')).color).toBe('red');
  });

  it('report-only mode refuses an llm file (no scripted trials) unless the step gates on its LLM results', async () => {
    const r = runner({ ...base(), mode: 'llm' }, mkdtempSync(join(dir, 't-')));
    await run(r, dir);
    expect(r.failed).toEqual([]);
    const file = join(dir, 'llm-only.json');
    copyFileSync(r.outputs['results-file']!, file);
    expect((JSON.parse(readFileSync(file, 'utf8')) as Results).trials).toEqual([]);
    // The default gate judges scripted trials: over none it would pass on nothing.
    const ungated = runner({ comment: 'off', 'job-summary': 'false', 'results-path': 'llm-only.json' }, mkdtempSync(join(dir, 't-')));
    await run(ungated, dir);
    expect(ungated.failed.join('\n')).toMatch(
      /refused: the file has no scripted trials \(\$\.mode is llm[^\n]*set `gate: llm` to gate on the file's LLM results/,
    );
    expect(ungated.outputs.passed).toBeUndefined();
    // gate: llm: the LLM results are judged, and the verdict is theirs.
    const gated = runner(
      { comment: 'off', 'job-summary': 'false', 'results-path': 'llm-only.json', gate: 'llm' },
      mkdtempSync(join(dir, 't-')),
    );
    await run(gated, dir);
    expect(gated.failed).toEqual([]);
    expect(gated.outputs.passed).toBe('true');
    expect(JSON.parse(readFileSync(gated.outputs['results-file']!, 'utf8')).llm.gate.passed).toBe(true);
  });

  it("report-only mode's log says what the report renders: the LLM section of a mode both file is rendered", async () => {
    const r = runner(base(), mkdtempSync(join(dir, 't-')));
    await run(r, dir);
    copyFileSync(r.outputs['results-file']!, join(dir, 'both.json'));
    const summary = join(mkdtempSync(join(dir, 's-')), 'summary.md');
    const rep = { ...runner({ comment: 'off', 'results-path': 'both.json' }, mkdtempSync(join(dir, 't-'))), summary: fileSummary(summary) };
    await run(rep, dir);
    expect(rep.failed).toEqual([]);
    // The analyses cannot be checked and are not carried over; the LLM section is checked and shown.
    expect(rep.lines.filter((l) => l.includes('not rendered'))).toEqual([
      'warning: report-only mode renders the matrix, the LLM results and the delegation links: the file\'s "mutants", "coverage", "slack" sections are not rendered (their gate findings, if any, still count)',
    ]);
    expect(readFileSync(summary, 'utf8')).toContain('### LLM mode: model obedient, N = 2 runs per scenario × condition');
    expect(readFileSync(rep.outputs['report-file']!, 'utf8')).toBe(readFileSync(summary, 'utf8'));
  });

  it('report-only mode refuses an llm section whose numbers disagree with its trials', async () => {
    const r = runner({ ...base(), mode: 'llm' }, mkdtempSync(join(dir, 't-')));
    await run(r, dir);
    const res = JSON.parse(readFileSync(r.outputs['results-file']!, 'utf8')) as Results;
    res.llm!.cells[0]!.asr.mean = 0.5;
    const forged = join(dir, 'forged.json');
    (await import('node:fs')).writeFileSync(forged, JSON.stringify(res));
    const rep = runner({ comment: 'off', 'job-summary': 'false', 'results-path': 'forged.json' }, mkdtempSync(join(dir, 't-')));
    await run(rep, dir);
    expect(rep.failed.join('\n')).toMatch(/cells disagree with \$\.llm\.trials/);
  });
});

describe('report-only mode on a partial llm section', () => {
  /** The no-tools model's run (it breaks every task), rewritten to hold only `keep` of its trials, every derived number made to agree. */
  async function partialFile(
    name: string,
    keep: (t: NonNullable<Results['llm']>['trials'][number]) => boolean,
    edit?: (l: NonNullable<Results['llm']>) => void,
  ): Promise<string> {
    const { assemble } = await import('../../src/llm/llm-stage.js');
    const r = runner({ ...base(), model: 'no-tools', mode: 'llm' }, mkdtempSync(join(dir, 't-')));
    await run(r, dir);
    const res = JSON.parse(readFileSync(r.outputs['results-file']!, 'utf8')) as Results;
    const l = res.llm!;
    edit?.(l);
    const again = assemble(
      { model: l.model, runs: l.runs, seed: l.seed, inputs: l.inputs, config: l.config, ...(l.shard ? { shard: l.shard } : {}) },
      res.scenarios,
      l.trials.filter(keep),
    );
    res.llm = { ...again, ...(l.gate ? { gate: l.gate } : {}) };
    const file = join(dir, name);
    (await import('node:fs')).writeFileSync(file, JSON.stringify(res));
    return name;
  }

  const reportOnly = async (file: string) => {
    const rep = runner({ comment: 'off', 'job-summary': 'false', 'results-path': file, gate: 'llm' }, mkdtempSync(join(dir, 't-')));
    await run(rep, dir);
    return rep;
  };

  it('refuses a file whose task_scoped trials were left out (its gate would judge nothing)', async () => {
    const rep = await reportOnly(await partialFile('no-task-scoped.json', (t) => t.condition !== 'task_scoped'));
    expect(rep.outputs.passed).toBeUndefined();
    expect(rep.failed.join('\n')).toMatch(/refused: \$\.llm\.trials: \d+ trials missing, first [^\n]* × task_scoped run 1/);
  });

  it('refuses a file with fewer runs than it says it made', async () => {
    const rep = await reportOnly(await partialFile('one-run.json', (t) => t.run === 1));
    expect(rep.failed.join('\n')).toMatch(/refused: \$\.llm\.trials: \d+ trials missing, first [^\n]* run 2/);
  });

  it('refuses a trial from outside the run, and a trial given twice', async () => {
    const stray = await reportOnly(
      await partialFile(
        'stray.json',
        () => true,
        (l) => void l.trials.push({ ...l.trials[0]!, run: 3 }),
      ),
    );
    expect(stray.failed.join('\n')).toMatch(/refused: \$\.llm\.trials\[\d+\]: "[a-z_]+" × no_warrant run 3 is not a trial of this run/);
    const twice = await reportOnly(
      await partialFile(
        'twice.json',
        () => true,
        (l) => void l.trials.push({ ...l.trials[0]! }),
      ),
    );
    expect(twice.failed.join('\n')).toMatch(/refused: \$\.llm\.trials\[\d+\]: "[a-z_]+" × no_warrant run 1 is there twice/);
  });

  it('refuses one shard of a split given alone: the merge of all of them decides the gate', async () => {
    const name = await partialFile(
      'shard-alone.json',
      (t) => t.run === 1,
      (l) => void (l.shard = { index: 1, count: 2 }),
    );
    const rep = await reportOnly(name);
    expect(rep.outputs.passed).toBeUndefined();
    expect(rep.failed.join('\n')).toMatch(/refused: \$\.llm is shard 1\/2 of a run/);
  });
});
