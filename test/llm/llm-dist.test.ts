/**
 * The built CLI (dist/cli.js, as shipped) in LLM mode against the stand-in: the bundled `openai`
 * SDK loads on demand and runs on this Node. Needs a fresh `npm run build`.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Results } from '../../src/results/results.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { startStandIn, type StandIn } from './stand-in.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CLI = join(ROOT, 'dist', 'cli.js');
const KEY = 'sk-dist-SECRET-77';
let server: StandIn;

beforeAll(async () => {
  server = await startStandIn(await loadScenarios([], ROOT));
});
afterAll(async () => server.close());

it('dist/cli.js run --mode both talks to an OpenAI-compatible server through the bundled SDK', async () => {
  expect(existsSync(CLI)).toBe(true);
  // execFile, not spawnSync: the stand-in answers from this process's event loop.
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [CLI, 'run', '--mode', 'both', '--model', 'obedient', '--runs', '2', '--scenario', 'config_review', '--format', 'json'],
    { env: { PATH: process.env.PATH ?? '', OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url }, cwd: ROOT },
  );
  const r = JSON.parse(stdout) as Results;
  expect(r.llm!.summary.no_warrant!.asr).toEqual({ mean: 1, std: 0 });
  expect(r.llm!.summary.task_scoped!.asr).toEqual({ mean: 0, std: 0 });
  expect(stdout + stderr).not.toContain(KEY);
  expect(server.requests.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
});
