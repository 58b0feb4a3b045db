/**
 * The step's outputs (action.yml). Rates are percentages, like the max-asr / min-tcr inputs.
 * Every output is written, empty when it does not apply, so a later step can test it reliably.
 */
import { ratePercent } from '../results/rate.js';
import type { Results } from '../results/results.js';
import { passedOverall } from '../llm/attach.js';
import type { Runner } from './runner.js';

export interface FileOutputs {
  resultsFile: string;
  reportFile: string;
  badgeFile: string | undefined;
}

/** The number the reports show, without the sign (src/results/rate.ts). */
function percent(fraction: number): string {
  return String(ratePercent(fraction));
}

export function setResultOutputs(runner: Runner, results: Results, files: FileOutputs): void {
  const s = results.summary.task_scoped;
  runner.setOutput('passed', String(passedOverall(results))); // with `gate: llm`, the LLM gate too
  runner.setOutput('asr', s ? percent(s.asr) : '');
  runner.setOutput('tcr', s ? percent(s.tcr) : '');
  runner.setOutput('calls-blocked', s ? String(s.calls_blocked) : '');
  runner.setOutput('results-file', files.resultsFile);
  runner.setOutput('report-file', files.reportFile);
  runner.setOutput('badge-file', files.badgeFile ?? '');
}

export function setCommentOutputs(runner: Runner, comment: { id: number; url: string } | undefined): void {
  runner.setOutput('comment-id', comment ? String(comment.id) : '');
  runner.setOutput('comment-url', comment?.url ?? '');
}

/** docs/action.md: the SARIF and JUnit files the action always writes. */
export function setCiFileOutputs(runner: Runner, files: { sarifFile: string; junitFile: string }): void {
  runner.setOutput('sarif-file', files.sarifFile);
  runner.setOutput('junit-file', files.junitFile);
}
