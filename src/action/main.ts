/**
 * The action (docs/action.md). Order of work: run → write files and outputs → job summary → PR comment
 * → fail last. Only the gate (or bad input) decides the exit code: a comment that cannot be
 * written (a fork's read-only token, an API outage, a body too long) is a warning, unless the
 * workflow asked for `comment: always`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { annotateProblem, annotationPath, parseSource } from './annotation-place.js';
import { VIOLATION_KINDS } from '../trial/gate-kinds.js';
import { plural } from '../lib/plural.js';
import { collapseRepeatedWarnings } from '../lib/repeated-warnings.js';
import { formatRate } from '../results/rate.js';
import type { Results } from '../results/results.js';
import { DEFAULT_SEED } from '../trial/scenario-trials.js';
import { runPipeline, type PipelineConfig } from '../pipeline/pipeline.js';
import { defaultWorkers } from '../pipeline/matrix.js';
import { verdictOf, type Verdict } from '../pipeline/verdict.js';
import { ScenarioError } from '../scenario/errors.js';
import { renderJson } from '../report/json.js';
import { gateRule } from '../report/gate-rule.js';
import { renderMarkdown, reportMarker, type MarkdownOptions } from '../report/markdown.js';
import { renderNotEvaluated } from '../report/not-evaluated.js';
import { baselineRef, comparedBase, reportBaseline, writeActionCiFiles, type ComparisonOptions } from './baseline-step.js';
import { describeCommentError, upsertStickyComment } from './comment.js';
import { readContext, type ActionContext } from './event-context.js';
import { actionLlmConfig, llmEdges, maskSecrets, mergeShardFolder } from './llm-step.js';
import { parseInputs, reportInputsOf, type ActionConfig, type ReportInputs } from './inputs.js';
import { setCommentOutputs, setResultOutputs } from './outputs.js';
import { readResultsFile } from './results-file.js';
import { stepFailure, type FailureContext, type Stopped } from './errors.js';
import { toolkitRunner, type AnnotationProps, type Runner } from './runner.js';
import { writeJobSummary, writeNotEvaluatedSummary } from './summary.js';
import { approvalOf, computedForOf, readPullRequest, type PullRequestFacts } from './pull-request.js';
import { probeWarnings, probesOf } from '../report/sections/probes-section.js';
import { newEscapes, onBaseOnly } from './on-base.js';
import { foldIntoWidenings } from './annotation-fold.js';

/** GitHub refuses comment bodies over 65,536 characters. */
export const COMMENT_LIMIT_CHARS = 65_536;

export async function run(runner: Runner = toolkitRunner(), cwd: string = process.cwd()): Promise<void> {
  try {
    await runAction(runner, cwd);
  } catch (e) {
    // Not an expected failure (those are handled where they happen): keep the stack for debugging.
    if (e instanceof Error && e.stack) runner.debug(e.stack);
    runner.setFailed(e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e));
  }
}

async function runAction(runner: Runner, cwd: string): Promise<void> {
  let config: ActionConfig;
  try {
    config = parseInputs((n) => runner.getInput(n), runner.env);
  } catch (e) {
    // The step fails; the comment and the summary still say so (never a stale green), as far as
    // the inputs they need can be read on their own.
    const { message, stopped } = stepFailure(e);
    runner.setFailed(message);
    const report = reportInputsOf((n) => runner.getInput(n));
    if (report.unnamed) runner.info('no comment: the input name is not valid, and the sticky comment is found by its name');
    const ctx = readContext(runner.env, cwd);
    const computedFor = computedForOf(readPullRequest(runner.env), report.prNumber ?? ctx.prNumber);
    await reportNotEvaluated(runner, report, ctx, {
      name: report.name,
      ...(ctx.runUrl ? { runUrl: ctx.runUrl } : {}),
      ...(computedFor ? { computedFor } : {}),
      ...stopped,
    });
    return;
  }
  maskSecrets((secret) => runner.setSecret(secret), config.llm); // before anything else can print them
  const ctx = readContext(runner.env, cwd);
  if (ctx.payloadProblem) runner.warning(ctx.payloadProblem);
  const pr = readPullRequest(runner.env);
  const approvedBy = approvalOf(runner, config, pr);
  const computedFor = computedForOf(pr, config.prNumber ?? ctx.prNumber);
  const reportOptions: Omit<MarkdownOptions, 'maxChars'> = {
    name: config.name,
    charts: config.charts,
    ...(ctx.runUrl ? { runUrl: ctx.runUrl } : {}),
    ...(computedFor ? { computedFor } : {}),
  };

  // 1. Run (or, in report-only mode, read an earlier run's results).
  const stage = config.resultsPath ? 'Read the results' : 'Run the scenarios';
  const outcome = await runner.group(stage, () => obtainResults(runner, config, ctx, approvedBy, pr));
  if ('stopped' in outcome) {
    // The step has failed already; the comment and the summary still say so (never a stale green).
    await reportNotEvaluated(runner, config, ctx, { ...reportOptions, ...outcome.stopped });
    return;
  }
  const { results, verdict } = outcome;

  // 2. Files and outputs, before anything that talks to GitHub or can fail the step.
  const outDir = join(ctx.tempDir, `delegation-bench-${config.name}`);
  await mkdir(outDir, { recursive: true });
  // In report-only mode too: the file as this step judged it (recomputed), never the file as given.
  const resultsFile = join(outDir, 'results.json');
  await writeFile(resultsFile, renderJson(results), 'utf8');
  const reportFile = join(outDir, 'report.md');
  await writeFile(reportFile, renderMarkdown(results, reportOptions), 'utf8');
  let badgeFile: string | undefined;
  if (config.badgePath) {
    const { writeBadge } = await import('./write-badge.js');
    badgeFile = (await writeBadge(resolve(ctx.workspace, config.badgePath), config.name, results)).svg;
  }
  setResultOutputs(runner, results, { resultsFile, reportFile, badgeFile });
  await writeActionCiFiles(runner, results, outDir);
  const s = results.summary.task_scoped;
  if (s) {
    runner.info(
      `task_scoped: ASR ${formatRate(s.asr)}, TCR ${formatRate(s.tcr)}, ${plural(s.calls_blocked, 'call')} blocked; ` +
        `gate ${results.gate.passed ? 'passed' : 'failed'}`,
    );
  }

  // 3. Job summary.
  if (config.jobSummary && runner.summary) {
    try {
      await writeJobSummary(runner.summary, results, reportOptions);
    } catch (e) {
      runner.warning(`could not write the job summary: ${(e as Error).message}`);
    }
  }

  // 4. PR comment.
  const comment: { posted?: { id: number; url: string } } = {};
  const commentFailure = await postComment(
    runner,
    config,
    ctx,
    (maxChars) => renderMarkdown(results, { ...reportOptions, maxChars }),
    comment,
  );
  setCommentOutputs(runner, comment.posted);

  // Policy holes (docs/analyses.md): a warning at each grant a probe escaped, gated or not.
  probeAnnotations(runner, results, ctx);

  // 5. Fail last: the verdict, then a comment that was required.
  const failures = verdictFailures(runner, results, verdict, ctx);
  if (commentFailure) failures.push(commentFailure);
  if (failures.length > 0) runner.setFailed(failures.join('\n'));
}

/**
 * Why the step fails, from the pipeline's verdict (src/pipeline/verdict.ts): the gate's violations
 * (each an annotation), the LLM gate's, an LLM run that did not complete. A shard's verdict is the
 * merge's (report-only mode on the folder of all the shards): it fails only when incomplete.
 */
function verdictFailures(runner: Runner, results: Results, verdict: Verdict, ctx: ActionContext): string[] {
  const failures: string[] = [];
  if (verdict.status === 'passed' || verdict.status === 'deferred') return failures;
  if (!verdict.gatePassed) failures.push(gateFailure(runner, results, ctx));
  const l = results.llm;
  if (verdict.status === 'incomplete' || verdict.status === 'interrupted')
    failures.push(`LLM run incomplete: ${l?.stopped?.message ?? 'stopped early'}`);
  else if (verdict.llmGatePassed === false && l?.gate) {
    failures.push(`LLM gate failed:\n${l.gate.violations.map((v) => `  ${v.scenario || 'suite'}: ${v.message}`).join('\n')}`);
  }
  return failures;
}

/** The step fails with `message`; the report says why it is not evaluated. */
function stop(runner: Runner, message: string, stopped: Stopped = { reason: message }): { stopped: Stopped } {
  runner.setFailed(message);
  return { stopped };
}

/** The step fails for `error` (errors.ts maps it by kind). */
function stopFor(runner: Runner, error: unknown, context?: FailureContext): { stopped: Stopped } {
  const { message, stopped } = stepFailure(error, context);
  return stop(runner, message, stopped);
}

async function obtainResults(
  runner: Runner,
  config: ActionConfig,
  ctx: ActionContext,
  approvedBy: string | undefined,
  pr: PullRequestFacts,
): Promise<{ results: Results; verdict: Verdict } | { stopped: Stopped }> {
  if (config.resultsPath) {
    try {
      const given = resolve(ctx.workspace, config.resultsPath);
      // A folder: the shard files of one LLM run, merged here into the results of the whole run.
      const merged = await mergeShardFolder(given);
      let file = given;
      if (merged !== undefined) {
        file = join(ctx.tempDir, `delegation-bench-${config.name}-merged.json`);
        await writeFile(file, merged, 'utf8');
        runner.info(`report-only mode: merged the shard files in ${config.resultsPath}`);
      }
      const { results, notes } = await readResultsFile(
        file,
        {
          maxAsr: config.maxAsr,
          minTcr: config.minTcr,
          maxFalseAllows: config.maxFalseAllows,
          maxFalseBlocks: config.maxFalseBlocks,
        },
        {
          allowWidening: config.allowWidening,
          allowSuiteChanges: config.allowSuiteChanges,
          gateLlm: config.llm.gateLlm,
          ...(approvedBy !== undefined ? { approvedBy } : {}),
        },
      );
      runner.info(
        `report-only mode: ${config.resultsPath} agrees with its trials; rates and gate recomputed from them with this step's thresholds`,
      );
      for (const n of notes) runner.warning(n);
      // A report-only step is never a shard (inputs.ts refuses results-path with shard): it decides.
      return { results, verdict: verdictOf(results, { shard: false }) };
    } catch (e) {
      return stopFor(runner, e);
    }
  }
  const ref = baselineRef(config, ctx);
  const llm = config.llm.mode === 'deterministic' ? undefined : llmEdges(runner);
  try {
    // docs/guard.md#which-base: GitHub's merge commit is compared with its base, any other checkout with the merge base.
    const chosen = await comparedBase(config, ctx, pr, ref);
    runner.info(chosen.why);
    const outcome = await runPipeline(
      actionPipelineConfig(config, ctx, chosen.ref, {
        of: ref.of,
        ...(approvedBy !== undefined ? { approvedBy } : {}),
        ...(chosen.reason !== undefined ? { reason: chosen.reason } : {}),
        ...(chosen.mergeBase ? { mergeBase: true } : {}),
      }),
      {
        // Loader warnings (e.g. a Cel constraint name bound only for object arguments) reach the log.
        loaded: (warnings, summary) => {
          for (const w of collapseRepeatedWarnings(warnings)) runner.warning(w);
          runner.info(summary);
        },
        compared: (b) => reportBaseline(runner, b),
        ...llm?.edges,
      },
    );
    // docs/guard.md#which-base: no comparison ran (no base in this event, or a push's `before` is gone).
    const gone = outcome.results.no_baseline;
    // `baseline: off` is the step's own choice, as a CLI run without --baseline: nothing to say.
    const skipped =
      ref.ref === undefined
        ? config.baseline === 'off'
          ? undefined
          : ref.why
        : gone !== undefined
          ? `no baseline comparison: ${gone}`
          : undefined;
    if (skipped === undefined) return { results: outcome.results, verdict: outcome.verdict };
    if (ref.ref !== undefined) runner.info(skipped);
    if (config.requireBaseline) return stop(runner, `require-baseline: true, and ${skipped}`);
    return { results: { ...outcome.results, no_baseline: skipped }, verdict: outcome.verdict };
  } catch (e) {
    // Each scenario problem an annotation at its place, before the step fails.
    if (e instanceof ScenarioError) for (const p of e.problems) annotateProblem(runner, ctx, p);
    return stopFor(runner, e, { baselineRef: ref.ref });
  } finally {
    llm?.done();
  }
}

/**
 * The pipeline's configuration from the action's inputs and event: the only thing they decide.
 * Relative paths resolve against the workspace, and must stay in it (symlinks followed); the
 * matrix uses every core (one for a plain run on 2 cores: defaultWorkers); `ref`: the baseline to
 * compare with (baselineRef), if any; `cores`: the machine's (a parameter for the tests).
 */
export function actionPipelineConfig(
  config: ActionConfig,
  ctx: Pick<ActionContext, 'workspace'>,
  ref: string | undefined,
  base: ComparisonOptions = {},
  cores?: number,
): PipelineConfig {
  return {
    scenarios: config.scenarios,
    names: [],
    cwd: ctx.workspace,
    confine: ctx.workspace,
    seed: DEFAULT_SEED,
    workers: defaultWorkers({ probes: config.probes, mutants: config.mutants }, cores),
    timings: false,
    thresholds: {
      maxAsr: config.maxAsr,
      minTcr: config.minTcr,
      maxFalseAllows: config.maxFalseAllows,
      maxFalseBlocks: config.maxFalseBlocks,
    },
    analyses: { probes: config.probes, mutants: config.mutants },
    ...(ref !== undefined
      ? {
          baseline: {
            ref,
            allowWidening: config.allowWidening,
            allowSuiteChanges: config.allowSuiteChanges,
            fetch: true,
            skipWhenMissing: base.of === 'push',
            ...(base.approvedBy !== undefined ? { approvedBy: base.approvedBy } : {}),
            ...(base.reason !== undefined ? { reason: base.reason } : {}),
            ...(base.mergeBase ? { mergeBase: true } : {}),
          },
        }
      : {}),
    allowWidening: config.allowWidening,
    ...(base.approvedBy !== undefined ? { approvedBy: base.approvedBy } : {}),
    mode: config.llm.mode,
    ...(config.llm.mode !== 'deterministic' ? { llm: actionLlmConfig(config.llm) } : {}),
  };
}

/**
 * A run that stopped before results still rewrites the job summary and the sticky comment: "not
 * evaluated" and why. The step has failed already; a comment that cannot be written is a warning.
 */
async function reportNotEvaluated(
  runner: Runner,
  config: ReportInputs,
  ctx: ActionContext,
  o: Omit<MarkdownOptions, 'maxChars'> & Stopped,
): Promise<void> {
  const notEvaluated = {
    name: o.name,
    reason: o.reason,
    ...(o.problems ? { problems: o.problems } : {}),
    ...(o.computedFor ? { computedFor: o.computedFor } : {}),
    ...(o.runUrl ? { runUrl: o.runUrl } : {}),
  };
  if (config.jobSummary && runner.summary) {
    await writeNotEvaluatedSummary(runner.summary, notEvaluated).catch((w: Error) =>
      runner.warning(`could not write the job summary: ${w.message}`),
    );
  }
  const render = (maxChars: number): string => {
    // Fewer problems until the body fits the comment (each problem is bounded by the loader).
    let max = o.problems?.length ?? 0;
    let text = renderNotEvaluated({ ...notEvaluated, maxProblems: max });
    while (text.length > maxChars && max > 0) {
      max = Math.floor(max / 2);
      text = renderNotEvaluated({ ...notEvaluated, maxProblems: max });
    }
    return text;
  };
  const out: { posted?: { id: number; url: string } } = {};
  const failure = await postComment(
    runner,
    { ...config, comment: config.comment === 'always' ? 'auto' : config.comment },
    ctx,
    render,
    out,
  );
  if (failure) runner.warning(failure);
  setCommentOutputs(runner, out.posted);
}

async function postComment(
  runner: Runner,
  config: ReportInputs,
  ctx: ActionContext,
  render: (maxChars: number) => string,
  out: { posted?: { id: number; url: string } },
): Promise<string | undefined> {
  if (config.comment === 'off') return undefined;
  const prNumber = config.prNumber ?? ctx.prNumber;
  if (prNumber === undefined) {
    runner.info(`no pull request in this ${ctx.eventName || 'unknown'} event: no comment`);
    return undefined;
  }
  const fail = (message: string): string | undefined => {
    if (config.comment === 'always') return message;
    runner.warning(message);
    return undefined;
  };
  if (!config.githubToken) return fail('no github-token: cannot comment on the pull request');
  if (!ctx.owner || !ctx.repo) return fail('GITHUB_REPOSITORY is not set: cannot comment on the pull request');
  const body = render(COMMENT_LIMIT_CHARS);
  try {
    const { createCommentApi } = await import('./github.js');
    const api = createCommentApi({
      token: config.githubToken,
      apiUrl: ctx.apiUrl,
      graphqlUrl: ctx.graphqlUrl,
      owner: ctx.owner,
      repo: ctx.repo,
      issueNumber: prNumber,
    });
    const outcome = await upsertStickyComment(api, reportMarker(config.name), body);
    if (outcome.authorFallback) {
      runner.info(`could not read the token's identity; assumed ${outcome.authorFallback} as the comment author`);
    }
    out.posted = { id: outcome.id, url: outcome.url };
    runner.info(`pull request comment ${outcome.action}: ${outcome.url}`);
    return undefined;
  } catch (e) {
    return fail(describeCommentError(e, { prNumber, forkRepo: ctx.forkRepo }));
  }
}

/** One annotation per violation, on the line that broke the gate; the failure message lists them. */
function gateFailure(runner: Runner, results: Results, ctx: ActionContext): string {
  const g = results.gate;
  const lines = [`gate failed: ${gateRule(g)}`];
  // A call's failures that a widening in another file explains are annotated at that widening (annotation-fold.ts).
  for (const { violation: v, folded } of foldIntoWidenings(results)) {
    const props: AnnotationProps = { title: `delegation-bench gate: ${VIOLATION_KINDS[v.kind].title}: ${v.scenario || 'suite'}` };
    const old = onBaseOnly(results, v);
    const where = v.source && !old ? parseSource(v.source) : undefined;
    if (where) Object.assign(props, { file: annotationPath(ctx, where.file), line: where.line, col: where.col });
    const message = folded.length === 0 ? v.message : `${v.message}\nso the scenario's own run fails too:\n${folded.join('\n')}`;
    runner.error(old ? `already on the base: ${message}` : message, props);
  }
  for (const v of g.violations)
    lines.push(`  ${v.source ? `${v.source}: ` : ''}[${v.kind}] ${v.scenario ? `${v.scenario}: ` : ''}${v.message}`);
  return lines.join('\n');
}

/** One warning per policy hole (grant × probe family) the change brings, at the grant's line. */
function probeAnnotations(runner: Runner, results: Results, ctx: ActionContext): void {
  const holes = probesOf(results);
  if (!holes) return;
  for (const w of probeWarnings(newEscapes(holes))) {
    const props: AnnotationProps = { title: w.title };
    const where = w.source ? parseSource(w.source) : undefined;
    if (where) Object.assign(props, { file: annotationPath(ctx, where.file), line: where.line, col: where.col });
    runner.warning(w.message, props);
  }
}
