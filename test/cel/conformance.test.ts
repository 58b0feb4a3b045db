/**
 * The official CEL conformance suite (cel-spec's SimpleTest files, as @bufbuild/cel-spec ships
 * them) against the interpreter in src/cel.
 *
 * Every test of every suite is run. Those inside the dialect (support/dialect.ts says which, and
 * why not) must give exactly the expected value — same CEL type, recursively — or, when the suite
 * expects an evaluation error, an error. Those outside it must give exactly the outcome recorded
 * for them in conformance-out.data.ts, which is the crate's (the same refusal at the same stage with
 * the same message, or the same value), and must not give a value that differs from what the suite
 * expects: an out-of-dialect test that still evaluates correctly is fine. A test the suite expects
 * to fail, or whose expected value our model cannot hold, must therefore fail. (Tests in a
 * container are the exception to the latter: evaluateCel cannot be given one, and without it the text
 * is another program.)
 *
 * Where Tenuo's CEL (cel-interpreter 0.10, which src/cel follows) departs from the spec, a test
 * that does not meet the suite must show one of the departures of support/departures.ts (each a
 * rule naming the crate's source, matching both the expression and the result); every rule must
 * explain at least one test.
 *
 * The same in-dialect tests are also run against the reference evaluator (@bufbuild/cel) that the
 * differential test compares with, so that its own failures are known by name.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tests as suiteData } from '@bufbuild/cel-spec/testdata/conformance.js';
import { evaluateCel } from '../../src/cel/index.js';
import type { CelValue } from '../../src/cel/value.js';
import {
  bindingsOf,
  classify,
  deepType,
  expectationOf,
  flatten,
  render,
  type ConformanceTest,
  type Expectation,
  type SuiteNode,
  type Verdict,
} from './support/dialect.js';
import { DEPARTURES, departureOf } from './support/departures.js';
import { outcomeText } from './support/outcome.js';
import { OUT_OF_DIALECT_OUTCOMES } from './conformance-out.data.js';
import { referenceRun, type RunResult } from './support/reference.js';

/**
 * In-dialect tests on which evaluateCel deliberately differs from the suite, by id, with the reason.
 * Each is asserted to still differ, so that a fixed one leaves the list. (Departures of the
 * reference's CEL from the spec are not listed here: support/departures.ts explains each by rule.)
 */
const KNOWN_DIVERGENCES: Readonly<Record<string, string>> = {};

/** Departure rules seen, with the number of tests each explains. */
const departuresSeen = new Map<string, number>();

/**
 * Runs `check`; when it fails, the test must show one of the reference's departures from the spec
 * (support/departures.ts), which is then counted, else the failure stands.
 */
function checkOrDeparture(c: Case, r: RunResult, check: () => void): void {
  try {
    check();
  } catch (e) {
    const d = departureOf({
      expr: c.test.expr,
      expected: c.expectation.kind === 'value' ? 'value' : c.expectation.kind === 'error' ? 'error' : 'other',
      ok: r.ok,
      ...(r.ok ? {} : { error: r.error, stage: r.stage }),
    });
    if (d === undefined) throw e;
    departuresSeen.set(d.id, (departuresSeen.get(d.id) ?? 0) + 1);
  }
}

/**
 * In-dialect tests that the reference (@bufbuild/cel 0.6.1) fails, by id, with the reason. The
 * differential test does not copy these: it keeps such shapes out of its generator.
 */
const REFERENCE_FAILURES: Readonly<Record<string, string>> = {
  'fields/qualified_identifier_resolution/map_value_repeat_key_heterogeneous':
    'accepts {0: 1, 0u: 2}: its map literal does not see int 0 and uint 0 as the same key',
};

interface Case {
  readonly test: ConformanceTest;
  readonly name: string;
  readonly verdict: Verdict;
  readonly expectation: Expectation;
  /** Undefined when the test's bindings cannot be expressed in our values (the test is then out). */
  readonly bindings: Readonly<Record<string, CelValue>> | undefined;
}

const cases: Case[] = flatten(suiteData as SuiteNode).map((test) => {
  const b = bindingsOf(test.original);
  return {
    test,
    name: test.name,
    verdict: classify(test),
    expectation: expectationOf(test.original),
    bindings: b.ok ? b.bindings : undefined,
  };
});

/** Whether `r` is what `e` asks for (an in-dialect test's pass condition). */
function meets(r: RunResult, e: Expectation): boolean {
  if (e.kind === 'error') return !r.ok;
  if (e.kind === 'value') return r.ok && render(r.value) === render(e.value) && deepType(r.value) === deepType(e.value);
  return false;
}

function describeResult(r: RunResult): string {
  return r.ok ? `${render(r.value)} : ${deepType(r.value)}` : `error (${r.stage}): ${r.error}`;
}

function describeExpectation(e: Expectation): string {
  switch (e.kind) {
    case 'value':
      return `${render(e.value)} : ${deepType(e.value)}`;
    case 'error':
      return 'an evaluation error';
    case 'unrepresentable':
      return `a value outside the dialect (${e.why})`;
    case 'none':
      return `nothing (${e.why})`;
  }
}

/** Runs a case; an exception escaping the evaluator is a failure of its own (it must never throw). */
function runCase(c: Case, evaluate: (expr: string, bindings: Readonly<Record<string, CelValue>>) => RunResult): RunResult {
  return evaluate(c.test.expr, c.bindings ?? {});
}

function checkIn(c: Case, r: RunResult): void {
  const e = c.expectation;
  const context = `${c.test.id}: ${c.test.expr}\n  expected ${describeExpectation(e)}\n  got      ${describeResult(r)}`;
  if (e.kind === 'error') {
    expect(r.ok, context).toBe(false);
    return;
  }
  expect(r.ok, context).toBe(true);
  if (r.ok && e.kind === 'value') {
    expect(render(r.value), context).toBe(render(e.value));
    expect(deepType(r.value), context).toBe(deepType(e.value));
  }
}

function checkOut(c: Case, r: RunResult): void {
  const e = c.expectation;
  const context = `${c.test.id} (out: ${c.verdict.in ? '' : c.verdict.reason}): ${c.test.expr}\n  expected ${describeExpectation(e)} or a refusal\n  got      ${describeResult(r)}`;
  // Never throws, always answers (also for check-only tests, which have nothing to compare with).
  expect(typeof r.ok, context).toBe('boolean');
  if (!r.ok || e.kind === 'none' || (!c.verdict.in && !c.verdict.strict)) return;
  // A value: it must be the expected one. An expected error or an unrepresentable value leaves no
  // value that could be right.
  expect(e.kind, context).toBe('value');
  if (e.kind === 'value') {
    expect(render(r.value), context).toBe(render(e.value));
    expect(deepType(r.value), context).toBe(deepType(e.value));
  }
}

function bySuite(list: readonly Case[]): Map<string, Map<string, Case[]>> {
  const suites = new Map<string, Map<string, Case[]>>();
  for (const c of list) {
    let sections = suites.get(c.test.suite);
    if (sections === undefined) suites.set(c.test.suite, (sections = new Map()));
    let section = sections.get(c.test.section);
    if (section === undefined) sections.set(c.test.section, (section = []));
    section.push(c);
  }
  return suites;
}

describe('CEL conformance suite against evaluateCel', () => {
  afterAll(() => {
    const rows: string[] = [];
    let totalIn = 0;
    let totalOut = 0;
    for (const [suite, sections] of bySuite(cases)) {
      const all = [...sections.values()].flat();
      const n = all.filter((c) => c.verdict.in).length;
      totalIn += n;
      totalOut += all.length - n;
      rows.push(`  ${suite.padEnd(18)} in ${String(n).padStart(4)}   out ${String(all.length - n).padStart(4)}`);
    }
    const reasons = new Map<string, number>();
    for (const c of cases) {
      if (c.verdict.in) continue;
      // Reasons naming a function or an identifier are grouped by their general form.
      const key = c.verdict.reason.replace(/'[^']*'/g, "'…'").replace(/\([^)]*\{…\}\)/g, '(…{…})');
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    const reasonRows = [...reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => `  ${String(n).padStart(4)}  ${r}`);
    console.log(
      [
        `CEL conformance: ${cases.length} tests, ${totalIn} in the dialect, ${totalOut} out of it; ` +
          `${Object.keys(KNOWN_DIVERGENCES).length} known divergences`,
        ...rows,
        'out-of-dialect reasons:',
        ...reasonRows,
      ].join('\n'),
    );
  });

  for (const [suite, sections] of bySuite(cases)) {
    describe(suite, () => {
      for (const [section, list] of sections) {
        describe(section, () => {
          it.each(list.map((c) => [c.name, c] as const))('%s', (_name, c) => {
            const answer = evaluateCel(c.test.expr, c.bindings ?? {});
            const r: RunResult = answer;
            const divergence = KNOWN_DIVERGENCES[c.test.id];
            if (divergence !== undefined) {
              expect(c.verdict.in, `${c.test.id} is listed as a known divergence but is out of the dialect`).toBe(true);
              expect(meets(r, c.expectation), `${c.test.id} no longer diverges (${divergence}); remove it from KNOWN_DIVERGENCES`).toBe(
                false,
              );
            } else if (c.verdict.in) {
              checkOrDeparture(c, r, () => checkIn(c, r));
            } else {
              const recorded = OUT_OF_DIALECT_OUTCOMES[c.test.id];
              expect(recorded, `${c.test.id} is out of the dialect and has no recorded outcome`).toBeDefined();
              expect(outcomeText(answer), `${c.test.id}: ${c.test.expr}`).toBe(recorded);
              checkOrDeparture(c, r, () => checkOut(c, r));
            }
          });
        });
      }
    });
  }

  it("explains every departure by one of the reference's rules, and every rule explains some test", () => {
    console.log(`departures from the spec (the reference's CEL): ${[...departuresSeen].map(([id, n]) => `${id} ${n}`).join(', ')}`);
    expect(DEPARTURES.map((d) => d.id).filter((id) => !departuresSeen.has(id))).toEqual([]);
  });

  it('records an outcome for out-of-dialect tests only', () => {
    const out = new Set(cases.filter((c) => !c.verdict.in).map((c) => c.test.id));
    expect(Object.keys(OUT_OF_DIALECT_OUTCOMES).filter((id) => !out.has(id))).toEqual([]);
  });

  it('has every listed divergence among its tests', () => {
    const ids = new Set(cases.map((c) => c.test.id));
    expect(Object.keys(KNOWN_DIVERGENCES).filter((id) => !ids.has(id))).toEqual([]);
    expect(Object.keys(REFERENCE_FAILURES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('classifies a fair share of the suite as in the dialect', () => {
    // A classifier that put everything out would make the suite vacuous.
    const n = cases.filter((c) => c.verdict.in).length;
    expect(n).toBeGreaterThan(700);
  });
});

describe('CEL conformance suite against the reference (@bufbuild/cel), in-dialect tests', () => {
  const inDialect = cases.filter((c) => c.verdict.in);
  for (const [suite, sections] of bySuite(inDialect)) {
    describe(suite, () => {
      for (const [section, list] of sections) {
        describe(section, () => {
          it.each(list.map((c) => [c.name, c] as const))('%s', (_name, c) => {
            const r = runCase(c, referenceRun);
            const failure = REFERENCE_FAILURES[c.test.id];
            if (failure !== undefined) {
              expect(
                meets(r, c.expectation),
                `${c.test.id} now passes on the reference (${failure}); remove it from REFERENCE_FAILURES`,
              ).toBe(false);
            } else {
              checkIn(c, r);
            }
          });
        });
      }
    });
  }
});
