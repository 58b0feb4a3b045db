/**
 * The action's regression guard and CI files (docs/action.md, docs/guard.md). The baseline is the `baseline`
 * input, or by default the event's base (docs/guard.md#which-base: a pull request's base, a merge
 * group's base_sha, a push's before); `off` disables it. A run that compares nothing says so in the
 * report's heading, or fails with `require-baseline: true`. A checkout that lacks the base fetches that one
 * commit from origin, as actions/checkout does; a baseline that still cannot be read fails the step
 * with the reason, never a silent run without the comparison. SARIF and JUnit are always written.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BaselineOutcome } from '../guard/index.js';
import type { Results } from '../results/results.js';
import { renderJunit } from '../report/junit.js';
import { renderSarif } from '../report/sarif.js';
import type { ActionContext } from './event-context.js';
import type { ActionConfig } from './inputs.js';
import type { PullRequestFacts } from './pull-request.js';
import { setCiFileOutputs } from './outputs.js';
import type { Runner } from './runner.js';

/** How the action compares: which event's base, the approval, the commit chosen and why (comparedBase). */
export interface ComparisonOptions {
  readonly of?: ActionContext['baseOf'];
  readonly approvedBy?: string;
  readonly reason?: string;
  readonly mergeBase?: boolean;
}

/** The ref to compare with, or undefined for none (and why, for the log and the report). */
export function baselineRef(
  config: Pick<ActionConfig, 'baseline'>,
  ctx: Pick<ActionContext, 'baseSha' | 'eventName'> & Partial<Pick<ActionContext, 'baseOf' | 'noBase'>>,
): { ref?: string; why: string; of?: ActionContext['baseOf'] } {
  if (config.baseline === 'off') return { why: 'baseline: off' };
  if (config.baseline !== '') return { ref: config.baseline, why: `baseline: ${config.baseline}` };
  if (ctx.baseSha) {
    const of = ctx.baseOf ?? 'pull_request';
    const what =
      of === 'merge_group'
        ? "the merge group's base_sha"
        : of === 'push'
          ? "the push's previous commit (before)"
          : "the pull request's base";
    return { ref: ctx.baseSha, why: `baseline: ${what} ${ctx.baseSha.slice(0, 12)}`, of };
  }
  return { why: `no baseline comparison: ${ctx.noBase ?? `no pull request base in this ${ctx.eventName || 'unknown'} event`}` };
}

/**
 * The commit the comparison reads, and why (docs/guard.md#which-base): a pull request's base as
 * the checkout calls for it (base-choice.ts), an explicit `baseline` at its merge base with HEAD
 * (what `git diff REF...HEAD` compares, as the CLI), a merge group's or a push's base as the event names it.
 */
export async function comparedBase(
  config: Pick<ActionConfig, 'baseline'>,
  ctx: Pick<ActionContext, 'workspace'>,
  pr: Pick<PullRequestFacts, 'headSha' | 'baseRef'>,
  chosen: { ref?: string; why: string; of?: ActionContext['baseOf'] },
): Promise<{ ref?: string; why: string; reason?: string; mergeBase?: boolean }> {
  if (chosen.ref === undefined) return { why: chosen.why };
  if (config.baseline !== '') return { ref: chosen.ref, why: `${chosen.why} (at its merge base with HEAD)`, mergeBase: true };
  if (chosen.of !== 'pull_request') return { ref: chosen.ref, why: chosen.why };
  const { pullRequestBase } = await import('./base-choice.js');
  const base = await pullRequestBase(ctx.workspace, { baseSha: chosen.ref, headSha: pr.headSha, baseName: pr.baseRef }, true);
  return { ref: base.ref, why: `baseline: ${base.reason}`, reason: base.reason };
}

/** What the log says of the comparison (the pipeline ran it: src/pipeline/pipeline.ts). */
export function reportBaseline(runner: Runner, outcome: BaselineOutcome): void {
  for (const p of outcome.problems.slice(0, 20)) runner.warning(`baseline: ${p}`);
  const b = outcome.baseline;
  runner.info(
    `against ${b.ref}: ${b.suite_changes.length} suite change(s), ${b.widenings.length} widening(s), ${b.flips.length} flip(s), ${b.narrowings.length} narrowing(s)`,
  );
}

/** Writes results.sarif and junit.xml beside the other files and sets their outputs. */
export async function writeActionCiFiles(runner: Runner, results: Results, outDir: string): Promise<void> {
  const sarifFile = join(outDir, 'results.sarif');
  const junitFile = join(outDir, 'junit.xml');
  await writeFile(sarifFile, renderSarif(results), 'utf8');
  await writeFile(junitFile, renderJunit(results), 'utf8');
  setCiFileOutputs(runner, { sarifFile, junitFile });
}
