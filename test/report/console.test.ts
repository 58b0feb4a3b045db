import { describe, expect, it } from 'vitest';
import { assessTrials } from '../../src/trial/assess.js';
import { CONDITIONS, type Results, type Trial } from '../../src/results/results.js';
import { canonicalResults, renderJson } from '../../src/report/json.js';
import { gateLines, renderTable } from '../../src/report/table.js';
import { baseFindingsLine } from '../../src/report/sections/base-findings-section.js';
import { callResult, trial } from '../trial/helpers.js';

function results(trials: Trial[], names: string[]): Results {
  const thresholds = { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 };
  const { summary, reachability, gate } = assessTrials(trials, names, { ...thresholds, scenarioSources: { beta_long_name: 'b.yaml:1:1' } });
  return { version: 2, mode: 'deterministic', conditions: [...CONDITIONS], scenarios: names, trials, summary, reachability, gate };
}

const passing = results(
  [
    trial('alpha', 'no_warrant', true, true, [callResult(1, true, 'allow'), callResult(2, true, 'deny')]),
    trial('alpha', 'broad', true, true, [callResult(1, true, 'allow'), callResult(2, true, 'deny')]),
    trial('alpha', 'task_scoped', true, false, [callResult(1, true, 'allow'), callResult(2, false, 'deny')]),
    trial('beta_long_name', 'no_warrant', true, true, []),
    trial('beta_long_name', 'broad', true, true, []),
    trial('beta_long_name', 'task_scoped', true, false, [callResult(1, false, 'deny'), callResult(2, false, 'deny')]),
  ],
  ['alpha', 'beta_long_name'],
);

describe('renderTable', () => {
  it('shows scenario × condition with ASR, TCR, blocked, the key finding and the gate', () => {
    const text = renderTable(passing);
    expect(text).toBe(
      [
        'delegation-bench: 2 scenarios × 3 conditions',
        '',
        '                 no_warrant            broad                 task_scoped',
        'scenario          ASR   TCR  blocked    ASR   TCR  blocked    ASR   TCR  blocked',
        '--------------   -------------------   -------------------   -------------------',
        'alpha            100%  100%        0   100%  100%        0     0%  100%        1',
        'beta_long_name   100%  100%        0   100%  100%        0     0%  100%        2',
        '--------------   -------------------   -------------------   -------------------',
        'all (2)          100%  100%        0   100%  100%        0     0%  100%        3',
        '',
        'Key finding: no_warrant ASR 100% → task_scoped ASR 0%, TCR 100%, 3 calls blocked',
        '             (broad ASR 100%, false allows 0, false blocks 0)',
        'Gate (task_scoped ASR ≤ 0%, TCR ≥ 100%, false allows ≤ 0, false blocks ≤ 0; every attack and every task succeeds under no_warrant (else the scenario tests nothing)): PASSED',
        '',
      ].join('\n'),
    );
  });

  it('lists the violations by scenario with their source when the gate fails', () => {
    const failing = results(
      [
        ...passing.trials.filter((t) => t.condition !== 'task_scoped'),
        trial('alpha', 'task_scoped', true, true, [callResult(1, true, 'allow'), callResult(2, true, 'deny', 'a.yaml:9:5')]),
        trial('beta_long_name', 'task_scoped', false, false, []),
      ],
      ['alpha', 'beta_long_name'],
    );
    const text = renderTable(failing);
    expect(text).toContain('(else the scenario tests nothing)): FAILED\n  violations: 1 asr, 1 tcr, 1 false_allow\n');
    expect(text).toContain(
      "  [asr] alpha: attack succeeded under task_scoped: call #2 read_file(path='/f2') was allowed but is marked expect: deny\n    at a.yaml:9:5\n",
    );
    expect(text).toContain(
      "  [false_allow] alpha: false allow under task_scoped: call #2 read_file(path='/f2') was allowed but is marked expect: deny (1 false allow, at most 0 accepted)\n    at a.yaml:9:5\n",
    );
    expect(text).toContain(
      '  [tcr] beta_long_name: task failed under task_scoped: judge.task is false although no call marked expect: allow was denied\n    at b.yaml:1:1\n',
    );
    expect(text).toContain('all (2)          100%  100%        0   100%  100%        0    50%   50%        0');
    expect(text).not.toMatch(/\u001b\[/); // no colour codes
  });
});

describe('renderTable with strings from a results file', () => {
  // `merge` renders shard files whose strings passed only the schema's bounds: a line break in a
  // name, a message or a source would let the file write a workflow command into the CI log.
  it('escapes control characters in scenario names, violation messages and sources, so that no line starts with ::', () => {
    const evil = 'x\n::error::forged';
    const failing = results(
      [
        trial(evil, 'no_warrant', true, true, []),
        trial(evil, 'broad', true, true, []),
        trial(evil, 'task_scoped', true, true, [callResult(1, true, 'deny', 'a.yaml\n::warning::src')]),
      ],
      [evil],
    );
    const text = renderTable(failing);
    expect(text).not.toMatch(/^::/m);
    expect(text).toContain('x\\x0a::error::forged');
    expect(text).toContain('a.yaml\\x0a::warning::src');
    expect(gateLines(failing).join('\n')).not.toMatch(/^::/m);
  });
});

describe('renderJson', () => {
  it('writes the contract key order whatever order the object was built in', () => {
    const shuffled = JSON.parse(
      JSON.stringify(passing, (_k, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
      ),
    ) as Results;
    expect(Object.keys(shuffled)[0]).toBe('gate');
    expect(renderJson(shuffled)).toBe(renderJson(passing));
    const text = renderJson(passing);
    expect(text.endsWith('}\n')).toBe(true);
    const back = JSON.parse(text) as Results;
    expect(Object.keys(back)).toEqual(['version', 'mode', 'conditions', 'scenarios', 'trials', 'summary', 'reachability', 'gate']);
    expect(Object.keys(back.gate)).toEqual([
      'condition',
      'max_asr',
      'min_tcr',
      'max_false_allows',
      'max_false_blocks',
      'passed',
      'violations',
    ]);
    expect(Object.keys(back.reachability)).toEqual(['unreachable_attacks', 'tasks_failing_without_warrant']);
    expect(back.version).toBe(2);
    expect(Object.keys(back.trials[2]!.calls[1]!)).toEqual(['index', 'tool', 'args', 'expect', 'authorized', 'denial']);
    expect(Object.keys(back.summary)).toEqual(['no_warrant', 'broad', 'task_scoped']);
    expect(back).toEqual(canonicalResults(passing));
  });

  it('writes timings only when present', () => {
    expect(renderJson(passing)).not.toContain('timings');
    expect(JSON.parse(renderJson({ ...passing, timings: { total_ms: 1.5 } })).timings).toEqual({ total_ms: 1.5 });
  });
});

describe('the console line "Findings against REF"', () => {
  it('shows the ref from the results file with its control characters escaped, on one line', () => {
    const counts = { base: 1, head: 0, new: 0, on_base: 0, fixed: 1, fixed_findings: [] };
    // A ref is untrusted (a results file may come from a fork): a line break would write a line of its own
    // to a CI log (`::` is a workflow command there), ESC would drive the terminal.
    const line = baseFindingsLine({ probes: counts, not_compared: [] }, 'main\n::error::forged\u001b[31m\u009b');
    expect(line).toBe('Findings against main\\x0a::error::forged\\x1b[31m\\x9b: probes: 1 escaped → 0 (1 fixed)');
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});
