/**
 * Delegation-level steps in a trial (docs/scenarios.md#delegation-steps), on the planner and worker
 * of a scenario without `agents:` (test/fixtures/scenarios/steps/two-agent-steps.yaml): each step
 * is decided by the chain code and judged by its effect; a step's label counts as a call's does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RunContext } from '../../src/chains/run-context.js';
import type { Trial } from '../../src/results/results.js';
import { parseScenarioText } from '../../src/scenario/parse/index.js';
import { assessTrials } from '../../src/trial/assess.js';
import { summarizeCondition } from '../../src/trial/metrics.js';
import { scenarioTrials } from '../../src/trial/scenario-trials.js';

const FILE = 'test/fixtures/scenarios/steps/two-agent-steps.yaml';

function trialsOf(text: string): Trial[] {
  const parsed = parseScenarioText(text, FILE);
  expect(parsed.problems).toEqual([]);
  return scenarioTrials(parsed.scenario!, new RunContext('steps'));
}

const TEXT = readFileSync(FILE, 'utf8');
const TRIALS = trialsOf(TEXT);
const under = (condition: string) => TRIALS.find((t) => t.condition === condition)!;
const outcomes = (t: Trial) => t.steps!.map((s) => [s.index, s.kind, s.outcome, s.denial?.code]);

describe('delegation-level steps', () => {
  it('under task_scoped: each step decided as Tenuo decides it', () => {
    expect(outcomes(under('task_scoped'))).toEqual([
      [1, 'delegate', 'shortened', undefined], // ten days asked of a worker warrant that ends sooner
      [2, 'delegate', 'refused', 'capability_monotonicity_violated'], // Subpath('/') under Subpath('/app/config')
      [3, 'delegate', 'accepted', undefined], // a step's child delegates in turn
      [4, 'warrant_of', 'refused', 'pop_failed'], // the planner's chain, the worker's key
      [5, 'replay', 'accepted', undefined], // the same call inside its window: Tenuo keeps no replay cache
      [6, 'replay', 'refused', 'pop_failed'], // other arguments
      [7, 'replay', 'refused', 'pop_failed'], // 300 s later: past the window
      [8, 'splice', 'refused', 'chain_not_anchored'], // the helper's warrant without its parents
    ]);
  });

  it('shortens a lifetime past the parent’s expiry to that expiry, never beyond', () => {
    const first = under('task_scoped').steps![0]!;
    const parsed = parseScenarioText(TEXT, FILE).scenario!;
    const worker = new RunContext('steps').chainOf(parsed, 'task_scoped').q.payload;
    // Asked: ten days from the step's instant (the epoch, one call and the step itself later).
    expect(first.requested_expires_at).toBe(worker.issuedAt + 2 + 864000);
    expect(first.expires_at).toBe(worker.expiresAt);
    // The helper's child (step #3, no ttl asked) gets the same expiry: the parent's.
    expect(under('task_scoped').steps![2]!.expires_at).toBe(first.expires_at);
    // Under broad the worker's warrant lives longer, and so does its child.
    expect(under('broad').steps![0]!.expires_at!).toBeGreaterThan(first.expires_at!);
  });

  it('runs a call of an agent a step made, under its own key and chain', () => {
    const scoped = under('task_scoped');
    expect(scoped.calls.map((c) => [c.index, c.agent, c.authorized])).toEqual([
      [1, undefined, true],
      [2, 'sub', true],
      [3, undefined, true],
    ]);
  });

  it('judges a step by its effect: a deny step accepted is an attack that succeeded under that condition', () => {
    // Under broad the worker holds everything: its wide delegation (step #2, expect deny) is accepted.
    expect(under('broad').steps![1]!.outcome).toBe('accepted');
    expect(under('broad').attack_succeeded).toBe(true);
    expect(under('no_warrant').steps!.every((s) => s.outcome === 'accepted')).toBe(true);
    expect(under('no_warrant').attack_succeeded).toBe(true);
    expect(under('task_scoped').attack_succeeded).toBe(false);
    expect(summarizeCondition(TRIALS, 'task_scoped')).toMatchObject({ false_allows: 0, false_blocks: 0, asr: 0 });
  });

  it('counts a mislabelled step as the gate counts calls, with the step in the message', () => {
    // The same-window replay (step #5) marked deny, the wide delegation (step #2) marked allow.
    const text = TEXT.replace('  - replay: 1\n  - replay: 1', '  - replay: 1\n    expect: deny\n  - replay: 1').replace(
      '        read_file: {path: {subpath: /}}\n    expect: deny',
      '        read_file: {path: {subpath: /}}\n    expect: allow',
    );
    const trials = trialsOf(text);
    const scoped = trials.find((t) => t.condition === 'task_scoped')!;
    expect(scoped.attack_succeeded).toBe(true);
    expect(summarizeCondition(trials, 'task_scoped')).toMatchObject({ false_allows: 1, false_blocks: 1, asr: 1 });
    const gate = assessTrials(trials, ['two_agent_steps'], { maxAsr: 1, minTcr: 0, maxFalseAllows: 0, maxFalseBlocks: 0 }).gate;
    expect(gate.violations.map((v) => [v.kind, v.source])).toEqual([
      ['false_block', `${FILE}:20:5`],
      ['false_allow', `${FILE}:38:5`],
    ]);
    expect(gate.violations[0]!.message).toContain('step #2 (delegate worker → thief) was refused (capability_monotonicity_violated');
    expect(gate.violations[1]!.message).toContain("step #5 (worker replays call #1's proof-of-possession)");
  });

  it('leaves a scenario without steps as it was: no steps in its trials', () => {
    const plain = trialsOf(
      TEXT.replace(/calls:[\s\S]*?judge:/, "calls:\n  - tool: write_file\n    args: {path: /docs/guide.md, content: '# Guide'}\njudge:"),
    );
    for (const t of plain) expect(Object.keys(t)).not.toContain('steps');
  });
});
