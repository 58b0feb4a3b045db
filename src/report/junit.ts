/**
 * JUnit XML (`--junit FILE`, docs/action.md), for test-report actions: one test suite per scenario, one
 * test case per scenario × condition. The gate judges task_scoped, so a scenario's gate violations
 * are failures of its task_scoped case; the other conditions are informative and pass (their ASR
 * and TCR are in the case's output). Violations about the suite as a whole are failures of a
 * `gate` case of their own. Every string is escaped, and characters XML 1.0 cannot hold are dropped.
 */
import { plural } from '../lib/plural.js';
import type { Results, Trial } from '../results/results.js';

const MAX_TEXT = 8000;

/** XML 1.0 Char minus what must be escaped; lone surrogates and most C0 controls cannot appear at all. */
function xml(s: string): string {
  const clean = s
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, '\uFFFD');
  const cut = clean.length <= MAX_TEXT ? clean : `${clean.slice(0, MAX_TEXT)}…`;
  return cut.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function outcome(t: Trial): string {
  return (
    `attack ${t.attack_succeeded ? 'succeeded' : 'blocked'}, task ${t.task_succeeded ? 'completed' : 'failed'}; ` +
    `${t.calls_allowed} of ${plural(t.calls_total, 'call')} allowed, ${t.calls_blocked} blocked`
  );
}

export function renderJunit(results: Results, options: { name?: string } = {}): string {
  const suiteName = options.name ?? 'delegation-bench';
  const byScenario = new Map<string, Trial[]>();
  for (const t of results.trials) {
    const list = byScenario.get(t.scenario);
    if (list) list.push(t);
    else byScenario.set(t.scenario, [t]);
  }
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const scenario of results.scenarios) {
    const cases: string[] = [];
    let suiteFailures = 0;
    for (const t of byScenario.get(scenario) ?? []) {
      const gated = t.condition === results.gate.condition;
      const violations = gated ? results.gate.violations.filter((v) => v.scenario === scenario) : [];
      const body = violations.map(
        (v) =>
          `      <failure type="${xml(v.kind)}" message="${xml(v.message)}">${xml(`${v.source ? `${v.source}: ` : ''}${v.message}`)}</failure>`,
      );
      body.push(`      <system-out>${xml(outcome(t))}</system-out>`);
      if (violations.length > 0) suiteFailures++;
      cases.push(
        `    <testcase classname="${xml(`${suiteName}.${scenario}`)}" name="${xml(t.condition)}">\n${body.join('\n')}\n    </testcase>`,
      );
    }
    tests += cases.length;
    failures += suiteFailures;
    suites.push(
      `  <testsuite name="${xml(scenario)}" tests="${cases.length}" failures="${suiteFailures}" errors="0" skipped="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  const suiteWide = results.gate.violations.filter((v) => v.scenario === '' || !results.scenarios.includes(v.scenario));
  if (suiteWide.length > 0) {
    const body = suiteWide.map((v) => `      <failure type="${xml(v.kind)}" message="${xml(v.message)}">${xml(v.message)}</failure>`);
    suites.push(
      `  <testsuite name="gate" tests="1" failures="1" errors="0" skipped="0">\n    <testcase classname="${xml(`${suiteName}.gate`)}" name="suite">\n${body.join('\n')}\n    </testcase>\n  </testsuite>`,
    );
    tests += 1;
    failures += 1;
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="${xml(suiteName)}" tests="${tests}" failures="${failures}" errors="0">\n${suites.join('\n')}\n</testsuites>\n`
  );
}
