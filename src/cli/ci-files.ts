/**
 * `run --baseline REF` and the CI formats (`--sarif FILE`, `--junit FILE`): the steps that come
 * after the run and before the exit code. A baseline that cannot be read is bad input (exit 2) with
 * git's reason and what to do, never a silent run without the comparison.
 */
import { escapeControls } from '../lib/control-chars.js';
import { plural } from '../lib/plural.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BaselineError, runBaseline, type BaselineResults } from '../analysis/baseline/index.js';
import { sourcesOf, withBaseline } from '../analysis/baseline/gate.js';
import type { Results } from '../results/results.js';
import type { Scenario } from '../model/scenario.js';
import { UsageError, type CliIO } from './io.js';

export interface BaselineFlags {
  ref: string;
  allowWidening: boolean;
  allowSuiteChanges: boolean;
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
      allowSuiteChanges: f.allowSuiteChanges,
    });
    for (const p of outcome.problems.slice(0, 20)) io.stderr(`warning: baseline: ${p}\n`);
    io.stderr(baselineLines(outcome.baseline).join('\n') + '\n');
    return withBaseline(results, outcome.baseline, outcome.violations, sourcesOf(scenarios));
  } catch (e) {
    if (e instanceof BaselineError) throw new UsageError(`--baseline: ${e.code}: ${e.message}`);
    throw e;
  }
}

/** What the console shows of the comparison (the report and the JSON hold the details). */
export function baselineLines(b: BaselineResults): string[] {
  const lines = [
    `Changes against ${b.ref} (${b.commit.slice(0, 12)}): ${plural(b.suite_changes.length, 'suite change')}` +
      `${b.suite_changes.length > 0 && b.allow_suite_changes ? ' (allowed)' : ''}, ${plural(b.widenings.length, 'widening')}` +
      `${b.widenings.length > 0 && b.allow_widening ? ' (allowed)' : ''}, ${plural(b.flips.length, 'flip')}, ${plural(b.narrowings.length, 'narrowing')}`,
  ];
  for (const c of b.suite_changes.slice(0, 20)) {
    lines.push(`  suite ${c.scenario}: ${c.change}: base ${c.base_source}: ${c.base}${c.head === null ? '' : `; head${c.head_source ? ` ${c.head_source}` : ''}: ${c.head}`}`);
  }
  for (const w of b.widenings.slice(0, 20)) {
    const what = w.param === null ? `tool ${w.tool}` : `${w.tool}.${w.param}`;
    const proof = w.counterexample
      ? `e.g. ${w.counterexample.tool}(${JSON.stringify(w.counterexample.args)}) allowed, base: ${w.effect?.base_denial.code}${w.effect?.attack ? '; the attack judge fires' : ''}`
      : 'unproven';
    lines.push(`  widened ${w.scenario}: ${what}: ${w.base ?? 'not granted'} -> ${w.head}; ${proof}`);
  }
  for (const f of b.flips.slice(0, 20)) lines.push(`  flipped ${f.scenario} ${f.condition} call #${f.index} ${f.tool}: ${f.base} -> ${f.head}`);
  if (b.added.length > 0) lines.push(`  added: ${b.added.join(', ')}`);
  if (b.removed.length > 0) lines.push(`  removed: ${b.removed.join(', ')}`);
  for (const r of b.renamed.slice(0, 20)) lines.push(`  renamed: ${r.base} -> ${r.head} (${r.file})`);
  // Constraint texts come from scenario files: no terminal control sequences reach the console.
  return lines.map(escapeControls);
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
