/**
 * Delegation steps (docs/scenarios.md#delegation-steps): for each scenario with steps, a table of
 * each step under each condition: accepted, shortened (a child's lifetime cut to its parent's
 * expiry) or refused, with Tenuo's reason. Rendered only when some trial has steps, so a suite
 * without steps renders as before.
 *
 * Everything here comes from scenario files or a results file: names, agents and reasons are shown
 * in code spans or escaped (escape.ts), and every list is bounded.
 */
import type { Results, Trial } from '../../results/results.js';
import type { StepResult } from '../../results/step-results.js';
import { cellCodeSpan, type Escapers } from '../escape.js';

const MAX_SCENARIOS = 20; // tables shown; the rest are counted
const MAX_STEPS = 30; // rows per table
const MAX_REASON_CHARS = 120;

/** The trials that carry steps, grouped by scenario in trial order; undefined when none does. */
export function stepTrialsOf(results: Results): ReadonlyMap<string, readonly Trial[]> | undefined {
  const byScenario = new Map<string, Trial[]>();
  for (const trial of results.trials) {
    if (trial.steps === undefined || trial.steps.length === 0) continue;
    const list = byScenario.get(trial.scenario) ?? [];
    list.push(trial);
    byScenario.set(trial.scenario, list);
  }
  return byScenario.size > 0 ? byScenario : undefined;
}

/** What the step asked for, in the scenario's words: `delegate → child`, `warrant_of writer`, … */
function what(step: StepResult): string {
  if (step.kind === 'delegate') return `delegate → ${step.to ?? '?'}`;
  if (step.kind === 'warrant_of') return `${step.tool ?? 'call'} with ${step.warrant_of ?? '?'}'s warrant`;
  if (step.kind === 'replay') return `${step.tool ?? 'call'} replaying #${step.replay ?? '?'}'s PoP`;
  return `${step.tool ?? 'call'} under ${step.parents_of ?? '?'}'s parents`;
}

function outcome(step: StepResult | undefined): string {
  if (step === undefined) return '';
  const mark = step.expect === 'deny' ? (step.authorized ? '❌' : '✅') : step.authorized ? '✅' : '⚠️';
  if (step.denial === undefined) return `${mark} ${step.outcome}`;
  const reason = step.denial.reason.length <= MAX_REASON_CHARS ? step.denial.reason : `${step.denial.reason.slice(0, MAX_REASON_CHARS)}…`;
  return `${mark} ${step.outcome}: ${cellCodeSpan(step.denial.code)} ${cellCodeSpan(reason)}`;
}

function scenarioTable(scenario: string, trials: readonly Trial[], escapers: Escapers): string {
  const head = `| step | agent | what | expect | ${trials.map((t) => cellCodeSpan(t.condition)).join(' | ')} |`;
  const lines = [`**${escapers.text(scenario)}**:`, '', head, `| --- | --- | --- | --- | ${trials.map(() => '---').join(' | ')} |`];
  const steps = trials[0]!.steps!;
  for (const step of steps.slice(0, MAX_STEPS)) {
    const cells = trials.map((t) => outcome(t.steps?.find((s) => s.index === step.index)));
    lines.push(`| ${step.index} | ${cellCodeSpan(step.agent)} | ${cellCodeSpan(what(step))} | ${step.expect} | ${cells.join(' | ')} |`);
  }
  if (steps.length > MAX_STEPS) lines.push(`| … and ${steps.length - MAX_STEPS} more steps | | | | ${trials.map(() => '').join(' | ')} |`);
  return lines.join('\n');
}

export function renderStepsSection(byScenario: ReadonlyMap<string, readonly Trial[]>, escapers: Escapers): string {
  const parts = [
    '### Delegation steps',
    '',
    '✅ as labelled · ❌ a step marked `expect: deny` that Tenuo accepted · ⚠️ a step marked `expect: allow` that Tenuo refused',
  ];
  const names = [...byScenario.keys()];
  for (const name of names.slice(0, MAX_SCENARIOS)) parts.push('', scenarioTable(name, byScenario.get(name)!, escapers));
  if (names.length > MAX_SCENARIOS)
    parts.push('', `… and ${names.length - MAX_SCENARIOS} more scenarios with steps (see the results JSON).`);
  return parts.join('\n');
}
