/**
 * What `run --baseline REF` prints of the comparison, and the CI formats (`--sarif FILE`,
 * `--junit FILE`). The comparison itself is a stage of the pipeline (src/pipeline/pipeline.ts); a
 * baseline that cannot be read is bad input (exit 2, run.ts) with git's reason and what to do,
 * never a silent run without the comparison.
 */
import { escapeControls } from '../lib/control-chars.js';
import { plural } from '../lib/plural.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { BaselineResults } from '../results/baseline-comparison.js';
import type { Results } from '../results/results.js';
import { UsageError } from './io.js';

/** What the console shows of the comparison (the report and the JSON hold the details). */
export function baselineLines(baseline: BaselineResults): string[] {
  const lines = [
    `Changes against ${baseline.ref} (${baseline.commit.slice(0, 12)}): ${plural(baseline.suite_changes.length, 'suite change')}` +
      `${baseline.suite_changes.length > 0 && baseline.allow_suite_changes ? ' (allowed)' : ''}, ${plural(baseline.widenings.length, 'widening')}` +
      `${baseline.widenings.length > 0 && baseline.allow_widening ? ' (allowed)' : ''}, ${plural(baseline.flips.length, 'flip')}, ${plural(baseline.narrowings.length, 'narrowing')}`,
  ];
  // docs/guard.md#which-base: the commit compared with is not REF itself (e.g. its merge base with HEAD).
  if (baseline.reason !== undefined) lines.push(`  compared with ${baseline.commit.slice(0, 12)}: ${baseline.reason}`);
  for (const c of baseline.suite_changes.slice(0, 20)) {
    lines.push(
      `  suite ${c.scenario}: ${c.change}: base ${c.base_source}: ${c.base}${c.head === null ? '' : `; head${c.head_source ? ` ${c.head_source}` : ''}: ${c.head}`}`,
    );
  }
  for (const w of baseline.widenings.slice(0, 20)) {
    const what = w.param === null ? `tool ${w.tool}` : `${w.tool}.${w.param}`;
    const proof = w.counterexample
      ? `e.g. ${w.counterexample.tool}(${JSON.stringify(w.counterexample.args)}) allowed, base: ${w.effect?.base_denial.code}${w.effect?.attack ? '; the attack judge fires' : ''}`
      : 'unproven';
    lines.push(`  widened ${w.scenario}: ${what}: ${w.base ?? 'not granted'} -> ${w.head}; ${proof}`);
  }
  for (const f of baseline.flips.slice(0, 20))
    lines.push(`  flipped ${f.scenario} ${f.condition} call #${f.index} ${f.tool}: ${f.base} -> ${f.head}`);
  if (baseline.added.length > 0) lines.push(`  added: ${baseline.added.join(', ')}`);
  if (baseline.removed.length > 0) lines.push(`  removed: ${baseline.removed.join(', ')}`);
  for (const r of baseline.renamed.slice(0, 20)) lines.push(`  renamed: ${r.base} -> ${r.head} (${r.file})`);
  // Constraint texts come from scenario files: no terminal control sequences reach the console.
  return lines.map(escapeControls);
}

/** Writes the SARIF and JUnit files asked for (their folders are created). */
export async function writeCiFiles(
  results: Results,
  files: { sarif?: string | undefined; junit?: string | undefined },
  cwd: string,
): Promise<void> {
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
