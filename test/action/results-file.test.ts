import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rejudgeResults } from '../../src/action/results-audit.js';
import { judgeResults, readResultsFile } from '../../src/action/results-file.js';
import { checkResults } from '../../src/results/file-checks.js';
import { MAX_TRIALS } from '../../src/results/limits.js';
import { assessTrials } from '../../src/trial/assess.js';
import type { GateThresholds } from '../../src/trial/gate.js';
import type { Results } from '../../src/results/results.js';
import { FIXTURES, bigResults, fixture } from '../report/results-builders.js';

const STEP: GateThresholds = { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 };

function write(r: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-results-'));
  const file = join(dir, 'results.json');
  writeFileSync(file, JSON.stringify(r));
  return file;
}

/** The refusal's problems, or a failure naming what was accepted. */
function problems(r: Results, step = STEP): string[] {
  const out = rejudgeResults(r, step);
  if ('problems' in out) return out.problems;
  throw new Error(`accepted: gate ${JSON.stringify(out.results.gate)}`);
}

describe('report-only results file: shape and bounds', () => {
  it('accepts the fixtures', async () => {
    expect(checkResults(fixture('passing'))).toBeUndefined();
    expect(checkResults(fixture('failing'))).toBeUndefined();
    expect((await readResultsFile(join(FIXTURES, 'passing.json'), STEP)).results.gate.passed).toBe(true);
  });

  it.each([
    [
      (r: any) => {
        r.version = 3;
      },
      '$.version: expected 2',
    ],
    [
      (r: any) => {
        r.version = 1;
      },
      '$.version: version 1 comes from an older delegation-bench',
    ],
    [
      (r: any) => {
        delete r.gate;
      },
      '$.gate: missing',
    ],
    [
      (r: any) => {
        delete r.reachability;
      },
      '$.reachability: missing',
    ],
    [
      (r: any) => {
        delete r.gate.max_false_allows;
      },
      '$.gate.max_false_allows: missing',
    ],
    [
      (r: any) => {
        r.gate.max_false_blocks = -1;
      },
      '$.gate.max_false_blocks: expected a count',
    ],
    [
      (r: any) => {
        r.gate.violations = [{ scenario: 'x', kind: 'attack_succeeded', message: 'm' }];
      },
      '$.gate.violations[0].kind: expected one of "asr"',
    ],
    [
      (r: any) => {
        r.summary.task_scoped.asr = 1.5;
      },
      '$.summary.task_scoped.asr: expected a rate between 0 and 1',
    ],
    [
      (r: any) => {
        r.summary.everything = r.summary.broad;
      },
      "$.summary key 'everything': expected one of",
    ],
    [
      (r: any) => {
        r.trials[4].calls[2].authorized = 'yes';
      },
      '$.trials[4].calls[2].authorized: expected true or false',
    ],
    [
      (r: any) => {
        r.trials[0].condition = 'none';
      },
      '$.trials[0].condition: expected one of "no_warrant", "broad", "task_scoped"',
    ],
    [
      (r: any) => {
        r.trials = {};
      },
      '$.trials: expected a list',
    ],
    [
      (r: any) => {
        r.trials[0].calls[0].args = { a: JSON.parse('['.repeat(40) + ']'.repeat(40)) };
      },
      '$.trials[0].calls[0].args: nested deeper than 32 levels',
    ],
  ])('rejects a bad shape (%#) naming the field', (mutate, message) => {
    const r = fixture('passing');
    mutate(r);
    expect(checkResults(r)).toContain(message);
  });

  it('bounds the number of trials and of calls', () => {
    const r = fixture('passing');
    r.trials = Array.from({ length: MAX_TRIALS + 1 }, () => r.trials[0]!);
    expect(checkResults(r)).toBe(`$.trials: more than ${MAX_TRIALS} trials`);
    const wide = fixture('passing');
    wide.trials[0]!.calls = Array.from({ length: 10_001 }, () => wide.trials[0]!.calls[0]!);
    expect(checkResults(wide)).toBe('$.trials[0].calls: more than 10000 calls');
    const many = bigResults(2, 1);
    for (const t of many.trials) t.calls = Array.from({ length: 10_000 }, () => t.calls[0]!);
    many.trials = [...many.trials, ...many.trials.map((t) => ({ ...t })), ...Array.from({ length: 100 }, () => many.trials[0]!)];
    expect(checkResults(many)).toMatch(/^\$\.trials: \d+ calls in all, more than 1000000$/);
  });

  it('says clearly when the file is missing or not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-results-'));
    await expect(readResultsFile(join(dir, 'none.json'), STEP)).rejects.toThrow(/results-path .*none\.json: cannot read it \(ENOENT\)/);
    writeFileSync(join(dir, 'bad.json'), '{"version": 2,');
    await expect(readResultsFile(join(dir, 'bad.json'), STEP)).rejects.toThrow(/bad\.json: not JSON/);
    writeFileSync(join(dir, 'arr.json'), '[]');
    await expect(readResultsFile(join(dir, 'arr.json'), STEP)).rejects.toThrow(
      /not a delegation-bench results file: \$: expected an object/,
    );
  });
});

describe('report-only results file: recomputed, never believed', () => {
  it('a forged passed: true over trials with ASR 100 % is refused, saying what disagrees', async () => {
    const r = fixture('failing');
    for (const t of r.trials) if (t.condition === 'task_scoped') t.attack_succeeded = true;
    r.gate.passed = true;
    r.gate.violations = [];
    const file = write(r);
    const err = await readResultsFile(file, STEP).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toContain(`results-path ${file}: refused: parts of the file disagree with its own trials`);
    expect(err?.message).toContain('summary.task_scoped.asr is 0.5 but its trials give 1');
    expect(err?.message).toContain("gate.passed is true but its trials fail the file's own thresholds");
    expect(err?.message).toMatch(
      /gate\.violations are \[\] but its trials give \["asr config_review at scenarios\/config_review\.yaml:16:5"/,
    );
  });

  it('a forged file whose summary also claims ASR 0 % is refused on the summary', () => {
    const r = fixture('failing');
    r.summary.task_scoped!.asr = 0;
    r.summary.task_scoped!.false_allows = 0;
    r.gate.passed = true;
    r.gate.violations = [];
    expect(problems(r)).toEqual([
      'summary.task_scoped.asr is 0 but its trials give 0.5',
      'summary.task_scoped.false_allows is 0 but its trials give 1',
      "gate.passed is true but its trials fail the file's own thresholds",
      expect.stringMatching(/^gate\.violations are \[\] but its trials give \["asr config_review/),
    ]);
  });

  it('a trial whose counts disagree with its calls is refused, naming the trial', () => {
    const r = fixture('passing');
    const t = r.trials.findIndex((x) => x.condition === 'task_scoped');
    r.trials[t]!.calls_blocked = 0;
    r.trials[t]!.calls_allowed += 1;
    r.trials[t]!.calls_total += 1;
    expect(problems(r)).toEqual([
      `trials[${t}] ("config_review", task_scoped): calls_total is ${r.trials[t]!.calls_total} but it lists ${r.trials[t]!.calls.length} calls`,
      `trials[${t}] ("config_review", task_scoped): calls_allowed is ${r.trials[t]!.calls_allowed} but ${r.trials[t]!.calls_allowed - 1} of its calls are authorized`,
      `trials[${t}] ("config_review", task_scoped): calls_blocked is 0 but 1 of its calls are not authorized`,
    ]);
  });

  it('a call flipped to allowed without its denial removed, or a missing or repeated trial, is refused', () => {
    const r = fixture('passing');
    const t = r.trials.findIndex((x) => x.condition === 'task_scoped');
    const j = r.trials[t]!.calls.findIndex((c) => !c.authorized);
    r.trials[t]!.calls[j]!.authorized = true;
    expect(problems(r)).toContain(`trials[${t}] ("config_review", task_scoped).calls[${j}]: authorized is true but it has a denial`);

    const gap = fixture('passing');
    gap.trials = gap.trials.filter((x) => !(x.scenario === 'expense_audit' && x.condition === 'no_warrant'));
    expect(problems(gap)).toEqual(['scenario "expense_audit" has no no_warrant trial']);

    const twice = fixture('passing');
    twice.trials.push(twice.trials[0]!);
    expect(problems(twice)).toEqual([`trials[${twice.trials.length - 1}] ("config_review", no_warrant) repeats trials[0]`]);
  });

  it('a reachability that disagrees with the no_warrant trials is refused', () => {
    const r = fixture('passing');
    r.reachability.unreachable_attacks = ['config_review'];
    expect(problems(r)).toEqual(['reachability.unreachable_attacks is ["config_review"] but its trials give []']);
  });

  it("a file gated with looser thresholds is judged by the step's, and says so", () => {
    const r = fixture('failing');
    // Consistent with its trials under its own, looser thresholds: it says it passed.
    r.gate = { ...r.gate, max_asr: 0.5, max_false_allows: 1, passed: true, violations: [] };
    const out = judgeResults(r, STEP);
    expect(out.results.gate.passed).toBe(false);
    expect(out.results.gate).toMatchObject({ max_asr: 0, min_tcr: 1, max_false_allows: 0, max_false_blocks: 0 });
    expect(out.results.gate.violations.map((v) => [v.kind, v.scenario])).toEqual([
      ['asr', 'config_review'],
      ['false_allow', 'config_review'],
    ]);
    expect(out.notes).toEqual([
      "the results file was gated with looser thresholds (max ASR 50% (the step's: 0%), max false allows 1 (the step's: 0)); this step's thresholds decide",
    ]);
    // And the step's own looser thresholds are the ones that count, too.
    const loose = judgeResults(r, { ...STEP, maxAsr: 0.5, maxFalseAllows: 1 });
    expect(loose.results.gate.passed).toBe(true);
  });

  it("an analysis's finding in the file cannot be recomputed, so it is kept and still fails the gate", () => {
    const r = fixture('passing');
    r.gate.passed = false;
    r.gate.violations = [
      { scenario: 'config_review', kind: 'probe_escape', message: 'escaped', source: 'scenarios/config_review.yaml:30:7' },
    ];
    const out = judgeResults(r, STEP);
    expect(out.results.gate.passed).toBe(false);
    expect(out.results.gate.violations).toEqual(r.gate.violations);
  });

  it('an analysis section it cannot check is not rendered, and the log says so', async () => {
    const r = { ...fixture('passing'), probes: { total: 1, escaped: 1, escapes: [] } } as Results;
    const again = await readResultsFile(write(r), STEP);
    expect('probes' in again.results).toBe(false);
    expect(again.notes).toEqual([
      'report-only mode renders the matrix only: the file\'s "probes" section is not rendered (its gate findings, if any, still count)',
    ]);
    expect((await readResultsFile(join(FIXTURES, 'passing.json'), STEP)).notes).toEqual([]);
  });

  it('a file without scripted trials is refused, even one whose own parts agree (a gate over nothing passes nothing)', async () => {
    const own = assessTrials([], [], STEP);
    const empty: Results = {
      ...fixture('passing'),
      scenarios: [],
      trials: [],
      summary: own.summary,
      reachability: own.reachability,
      gate: own.gate,
    };
    delete empty.scenario_info;
    expect('results' in rejudgeResults(empty, STEP)).toBe(true); // consistent with its (absent) trials
    await expect(readResultsFile(write(empty), STEP)).rejects.toThrow(
      /refused: the file has no scripted trials: there is nothing for the gate to judge/,
    );
  });

  it('recomputes an honest file to the same summary, reachability and gate', () => {
    for (const r of [fixture('passing'), fixture('failing'), bigResults(20, 4, [3, 7])]) {
      const out = judgeResults(r, STEP);
      expect(out.results.summary).toEqual(r.summary);
      expect(out.results.reachability).toEqual(r.reachability);
      expect(out.results.gate).toEqual(r.gate);
      expect(out.notes).toEqual([]);
    }
  });

  it('lists at most a dozen problems, then how many more, with short excerpts of untrusted names', () => {
    const r = bigResults(30, 2);
    for (const t of r.trials) t.calls_total += 1;
    r.scenarios[0] = `${'x'.repeat(200)}\n@team`;
    const p = problems(r);
    expect(p).toHaveLength(13);
    expect(p.at(-1)).toMatch(/^… and \d+ more$/);
    expect(p.every((line) => line.length < 200 && !line.includes('\n'))).toBe(true);
  });
});

describe('report-only: monotonicity escapes are judged with the step’s own allow-widening', () => {
  const escaping = (approved: boolean): Results => {
    const r = fixture('passing');
    const finding = {
      scenario: r.scenarios[0]!,
      link: 'tnu_wrt_a → tnu_wrt_b',
      tool: 'http_request',
      param: 'url',
      witness: { tool: 'http_request', args: { url: 'https://a.com/v1/x' } },
      proof: "UrlPattern('https://a.com/v1/*') allows https://a.com/v1/x, which UrlPattern('https://a.com/v1') denies",
      tenuo_accepted: true,
      approved,
    };
    // The file's run approved its own escape (allow-widening in the pull request's workflow).
    r.monotonicity = {
      links_total: 1,
      proven: 0,
      escapes: 1,
      unproven: 0,
      links: [],
      findings: [finding],
    } as unknown as Results['monotonicity'];
    return r;
  };

  it('an escape the file approved fails a step that does not allow widening', () => {
    const out = judgeResults(escaping(true), STEP);
    expect(out.results.gate.passed).toBe(false);
    expect(out.results.gate.violations.map((v) => v.kind)).toEqual(['monotonicity_escape']);
    expect(out.results.gate.violations[0]!.message).toMatch(/http_request\.url is wider than its parent's/);
  });

  it('the step’s allow-widening approves it, whatever the file says', () => {
    expect(judgeResults(escaping(false), STEP, { allowWidening: true }).results.gate.passed).toBe(true);
  });

  it('a malformed finding is refused at its path', () => {
    const r = escaping(false);
    (r.monotonicity as unknown as { findings: unknown[] }).findings = [{ scenario: 1 }];
    expect(() => judgeResults(r, STEP)).toThrowError(/\$\.monotonicity\.findings\[0\]\.scenario: expected a string/);
  });
});
