/**
 * Every input of action.yml, parsed and validated once into a typed config. All problems are
 * reported together, each naming the input, the value received and what was expected, so a user
 * fixes the workflow file in one go.
 */
import type { MutantOptions } from '../analysis/mutants/analysis.js';
import type { ProbeOptions } from '../analysis/probes/types.js';

import { percentFraction } from '../lib/percent.js';
import { parseLlmInputs, type ActionLlm } from './llm-step.js';
import { clipText } from '../lib/quote.js';
import { BenchError } from '../lib/errors.js';

export type CommentMode = 'auto' | 'always' | 'off';

export interface ActionConfig {
  /** Files or folders of scenarios; `builtin` is the built-in suite. Never empty. */
  scenarios: string[];
  /** Gate bounds on task_scoped, as fractions in [0, 1]. */
  maxAsr: number;
  minTcr: number;
  /** Gate bounds on task_scoped calls that contradict their expect label (counts). */
  maxFalseAllows: number;
  maxFalseBlocks: number;
  githubToken: string;
  comment: CommentMode;
  /** The report's identity: comment marker, headings, badge file names. */
  name: string;
  jobSummary: boolean;
  /** Folder for NAME.svg and NAME.json; undefined: no badge. */
  badgePath: string | undefined;
  /** Report-only mode: an existing results JSON to post instead of running. */
  resultsPath: string | undefined;
  /** The pull request to comment on when the event does not name one (workflow_run). */
  prNumber: number | undefined;
  /** docs/guard.md: '' = the pull request's base commit, 'off' = no baseline, else a git ref. */
  baseline: string;
  /** Widenings against the baseline are reported without failing the gate. */
  allowWidening: boolean;
  /** Suite changes against the baseline (suite_weakened) are reported without failing the gate. */
  allowSuiteChanges: boolean;
  /** docs/guard.md#which-base: a run with no baseline comparison fails instead of saying so. */
  requireBaseline: boolean;
  /**
   * The pull request label that approves its widenings and suite changes (docs/action.md): when
   * the pull request carries it they are shown as approved and do not fail the gate.
   */
  approvalLabel: string;
  /** The Mermaid charts of ASR and TCR in the report (off by default: the table says the same). */
  charts: boolean;
  /** docs/analyses.md: warrant mutants, coverage and slack; `minScore` (a fraction) gates the mutation score. */
  mutants: MutantOptions;
  /** docs/analyses.md: probes (policy holes); `maxEscapes` gates their escapes. */
  probes: ProbeOptions;
  /** LLM mode (docs/llm.md): mode, model, runs, shard, gate and the model server. */
  llm: ActionLlm;
}

export class InputError extends BenchError {
  override readonly name = 'InputError';
  readonly code = 'action_input_invalid';
  readonly kind = 'input' as const;
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

export const DEFAULT_NAME = 'delegation-bench';
export const DEFAULT_APPROVAL_LABEL = 'delegation-bench:approved';
/** GitHub's own limit on a label's name. */
const MAX_LABEL = 50;
const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MAX_SCENARIO_ENTRIES = 1000;
const MAX_PATH = 4096;

/** What a "not evaluated" report needs of the inputs: where it goes and under which name. */
export type ReportInputs = Pick<ActionConfig, 'name' | 'comment' | 'jobSummary' | 'githubToken' | 'prNumber'>;

/**
 * The report's inputs when the inputs as a whole are invalid (docs/action.md, "never stale"): each
 * read alone, an invalid one falling back to what still reports the failure (the comment and the
 * job summary written, the event's pull request). A name that is not valid names no sticky
 * comment (the comment is found by its name): then only the job summary is written (`unnamed`).
 */
export function reportInputsOf(getInput: (name: string) => string): ReportInputs & { unnamed: boolean } {
  const get = (name: string): string => getInput(name).trim();
  const given = get('name') || DEFAULT_NAME;
  const unnamed = !NAME_RE.test(given);
  const comment = get('comment');
  const pr = get('pr-number');
  return {
    name: unnamed ? DEFAULT_NAME : given,
    unnamed,
    comment: unnamed || comment === 'off' ? 'off' : comment === 'always' ? 'always' : 'auto',
    jobSummary: !['false', 'False', 'FALSE'].includes(get('job-summary')),
    githubToken: get('github-token'),
    prNumber: /^[1-9]\d{0,9}$/.test(pr) ? Number(pr) : undefined,
  };
}

export function parseInputs(getInput: (name: string) => string, env: Readonly<Record<string, string | undefined>> = {}): ActionConfig {
  const problems: string[] = [];
  const get = (name: string): string => getInput(name).trim();
  const show = (v: string): string => `'${clipText(v)}'`;

  const percent = (name: string, fallback: number): number => {
    const raw = get(name);
    if (raw === '') return fallback / 100;
    const fraction = percentFraction(raw);
    if (fraction === undefined) {
      problems.push(`input ${name}: ${show(raw)} is not a percentage between 0 and 100`);
      return fallback / 100;
    }
    return fraction;
  };

  const calls = (name: string): number => {
    const raw = get(name);
    if (raw === '') return 0;
    if (!/^\d{1,9}$/.test(raw)) {
      problems.push(`input ${name}: ${show(raw)} is not a number of calls (a whole number ≥ 0)`);
      return 0;
    }
    return Number(raw);
  };

  const path = (name: string): string | undefined => {
    const raw = get(name);
    if (raw === '') return undefined;
    if (raw.includes('\0') || raw.length > MAX_PATH || /[\r\n]/.test(raw)) {
      problems.push(`input ${name}: ${show(raw)} is not a single path`);
      return undefined;
    }
    return raw;
  };

  // scenarios: a multiline and/or comma-separated list.
  const scenarios: string[] = [];
  for (const entry of get('scenarios').split(/[\n,]/)) {
    const s = entry.trim();
    if (s === '' || scenarios.includes(s)) continue;
    if (s.includes('\0') || s.length > MAX_PATH) {
      problems.push(`input scenarios: ${show(s)} is not a path`);
      continue;
    }
    scenarios.push(s);
  }
  if (scenarios.length > MAX_SCENARIO_ENTRIES) {
    problems.push(
      `input scenarios: ${scenarios.length} entries; at most ${MAX_SCENARIO_ENTRIES} are accepted (name folders instead of files)`,
    );
  }
  if (scenarios.length === 0) scenarios.push('builtin');

  const maxAsr = percent('max-asr', 0);
  const minTcr = percent('min-tcr', 100);
  const maxFalseAllows = calls('max-false-allows');
  const maxFalseBlocks = calls('max-false-blocks');

  const commentRaw = get('comment') || 'auto';
  let comment: CommentMode = 'auto';
  if (commentRaw === 'auto' || commentRaw === 'always' || commentRaw === 'off') comment = commentRaw;
  else problems.push(`input comment: ${show(commentRaw)} must be one of auto, always, off`);

  const name = get('name') || DEFAULT_NAME;
  if (!NAME_RE.test(name)) {
    problems.push(
      `input name: ${show(name)} must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit ` +
        '(it names the comment marker and the badge files)',
    );
  }

  // YAML 1.2 core booleans, as the runner's own getBooleanInput accepts them.
  const summaryRaw = get('job-summary') || 'true';
  let jobSummary = true;
  if (['true', 'True', 'TRUE'].includes(summaryRaw)) jobSummary = true;
  else if (['false', 'False', 'FALSE'].includes(summaryRaw)) jobSummary = false;
  else problems.push(`input job-summary: ${show(summaryRaw)} must be true or false`);

  const badgePath = path('badge-path');
  const resultsPath = path('results-path');

  const prRaw = get('pr-number');
  let prNumber: number | undefined;
  if (prRaw !== '') {
    if (/^[1-9]\d{0,9}$/.test(prRaw)) prNumber = Number(prRaw);
    else problems.push(`input pr-number: ${show(prRaw)} is not a pull request number`);
  }

  const baseline = get('baseline');
  if (
    baseline !== '' &&
    baseline !== 'off' &&
    (baseline.length > 256 || baseline.startsWith('-') || baseline.includes(':') || /[\s\x00-\x1f\x7f]/.test(baseline))
  ) {
    problems.push(`input baseline: ${show(baseline)} is not a git ref (or 'off')`);
  }
  const flag = (name: string): boolean => {
    const raw = get(name) || 'false';
    if (['true', 'True', 'TRUE'].includes(raw)) return true;
    if (!['false', 'False', 'FALSE'].includes(raw)) problems.push(`input ${name}: ${show(raw)} must be true or false`);
    return false;
  };
  const allowWidening = flag('allow-widening');
  const allowSuiteChanges = flag('allow-suite-changes');
  const requireBaseline = flag('require-baseline');
  if (requireBaseline && baseline === 'off') problems.push('input require-baseline: true, but baseline: off turns the comparison off');
  const approvalLabel = get('approval-label') || DEFAULT_APPROVAL_LABEL;
  if (approvalLabel.length > MAX_LABEL || /[\x00-\x1f\x7f]/.test(approvalLabel)) {
    problems.push(`input approval-label: ${show(approvalLabel)} is not a label name (at most ${MAX_LABEL} characters, one line)`);
  }
  const charts = flag('charts');

  // The analyses are on unless turned off; `on`/`off` and `true`/`false` both read as users write them.
  const analysisSwitch = (name: string): boolean => {
    const raw = get(name) || 'on';
    if (['off', 'false', 'False', 'FALSE'].includes(raw)) return false;
    if (!['on', 'true', 'True', 'TRUE'].includes(raw)) problems.push(`input ${name}: ${show(raw)} must be on or off (true or false)`);
    return true;
  };
  const mutantsOn = analysisSwitch('mutants');
  // An empty min-mutation-score is no gate; a value gates the score the mutants reach.
  let mutants: MutantOptions = { enabled: mutantsOn };
  if (get('min-mutation-score') !== '') {
    if (!mutantsOn) problems.push('input min-mutation-score: needs the warrant mutants (mutants: true)');
    mutants = { enabled: true, minScore: percent('min-mutation-score', 0) };
  }

  const probesOn = analysisSwitch('probes');
  // An empty max-escapes is no gate: escapes are reported, not gated.
  let probes: ProbeOptions = { enabled: probesOn };
  if (get('max-escapes') !== '') {
    if (!probesOn) problems.push('input max-escapes: needs the probes (probes: on)');
    probes = { enabled: true, maxEscapes: calls('max-escapes') };
  }

  const llm = parseLlmInputs(get, env, problems);
  // A shard leaves the gates to the merge of all shards; report-only mode gates a whole run's file.
  if (resultsPath !== undefined && llm.shard !== undefined) {
    problems.push(
      'input shard: report-only mode (results-path) runs nothing, and a shard leaves the gate to the merge; give results-path the folder of all the shard files instead',
    );
  }

  if (problems.length > 0) throw new InputError(problems);
  return {
    llm,
    scenarios,
    maxAsr,
    minTcr,
    maxFalseAllows,
    maxFalseBlocks,
    githubToken: get('github-token'),
    comment,
    name,
    jobSummary,
    badgePath,
    resultsPath,
    prNumber,
    baseline,
    allowWidening,
    allowSuiteChanges,
    requireBaseline,
    approvalLabel,
    charts,
    mutants,
    probes,
  };
}
