/**
 * `run --baseline REF` and the CI formats (`--sarif FILE`, `--junit FILE`): the steps that come
 * after the run and before the exit code. A baseline that cannot be read is bad input (exit 2) with
 * git's reason and what to do, never a silent run without the comparison.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BaselineError, runBaseline } from '../analysis/baseline/index.js';
import { withBaseline } from '../analysis/baseline/gate.js';
import type { Results } from '../bench/results.js';
import type { Scenario } from '../bench/scenario/types.js';
import { UsageError, type CliIO } from './io.js';

export interface BaselineFlags {
  ref: string;
  allowWidening: boolean;
  inputs: readonly string[];
  names: readonly string[];
  seed: string;
}

export async function applyBaseline(results: Results, scenarios: readonly Scenario[], f: BaselineFlags, io: CliIO): Promise<Results> {
  try {
    const outcome = await runBaseline({
      ref: f.ref,
      inputs: f.inputs,
      names: f.names,
      cwd: io.cwd,
      seed: f.seed,
      head: scenarios,
      headResults: results,
      allowWidening: f.allowWidening,
    });
    for (const p of outcome.problems.slice(0, 20)) io.stderr(`warning: baseline: ${p}\n`);
    return withBaseline(results, outcome.baseline, outcome.violations, scenarios);
  } catch (e) {
    if (e instanceof BaselineError) throw new UsageError(`--baseline: ${e.code}: ${e.message}`);
    throw e;
  }
}

/** Writes the SARIF and JUnit files asked for (their folders are created). */
export async function writeCiFiles(results: Results, files: { sarif?: string | undefined; junit?: string | undefined }, cwd: string): Promise<void> {
  const write = async (flag: string, file: string, render: () => Promise<string>): Promise<void> => {
    const path = resolve(cwd, file);
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, await render());
    } catch (e) {
      throw new UsageError(`${flag}: cannot write ${file}: ${(e as Error).message}`);
    }
  };
  if (files.sarif !== undefined) await write('--sarif', files.sarif, async () => (await import('../report/sarif.js')).renderSarif(results));
  if (files.junit !== undefined) await write('--junit', files.junit, async () => (await import('../report/junit.js')).renderJunit(results));
}
