/**
 * A Cel constraint's names are bound only at run time (Tenuo binds an object argument's fields,
 * anything else as `value`), so the loader cannot refuse an unknown name: it loads the scenario and
 * warns at the constraint's FILE:LINE:COL. Syntax errors are still refused, with line:column within
 * the expression.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../src/scenario/parse.js';
import { drainLoaderWarnings } from '../../src/scenario/warnings.js';

const base = readFileSync(join(__dirname, '../../scenarios/expense_audit.yaml'), 'utf8');
const ORIGINAL = `recipients: {cel: "value.all(r, r.endsWith('@company.com'))"}`;
const withCel = (expr: string): string => base.replace(ORIGINAL, `recipients: {cel: "${expr}"}`);
const line = base.split('\n').findIndex((l) => l.includes(ORIGINAL)) + 1;

describe('the loader and Cel constraint names', () => {
  it('the fixture has the constraint', () => expect(line).toBeGreaterThan(0));

  it('loads a constraint reading an unknown name, with a warning at FILE:LINE:COL', () => {
    drainLoaderWarnings();
    const r = parseScenarioText(withCel("amount < 10 && to == 'x'"), 's.yaml');
    expect(r.problems).toEqual([]);
    expect(r.scenario).toBeDefined();
    const warnings = drainLoaderWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^s\\.yaml:${line}:\\d+: .*CEL reads 'amount', 'to': bound only when the argument is an object`));
  });

  it('says nothing for `value` alone', () => {
    drainLoaderWarnings();
    expect(parseScenarioText(base, 's.yaml').problems).toEqual([]);
    expect(drainLoaderWarnings()).toEqual([]);
  });

  it('refuses a syntax error with line:column within the expression', () => {
    const r = parseScenarioText(withCel('value.all(r, r +)'), 's.yaml');
    expect(r.problems.map((p) => p.message)).toEqual([expect.stringMatching(/invalid CEL expression: does not compile: 1:17: /)]);
  });
});
