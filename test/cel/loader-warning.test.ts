/**
 * A Cel constraint's names are bound only at run time (Tenuo binds an object argument's fields,
 * anything else as `value`), so the loader cannot refuse an unknown name: it loads the scenario and
 * warns at the constraint's FILE:LINE:COL. Syntax errors are still refused, with line:column within
 * the expression. The warnings belong to the load that found them (returned with its scenarios),
 * never to a later one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../src/scenario/parse/index.js';
import { loadScenarioSet, ScenarioError } from '../../src/scenario/load.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../scenario/helpers.js';

const base = readFileSync(join(__dirname, '../../scenarios/expense_audit.yaml'), 'utf8');
const ORIGINAL = `recipients: {cel: "value.all(r, r.endsWith('@company.com'))"}`;
const withCel = (expr: string): string => base.replace(ORIGINAL, `recipients: {cel: "${expr}"}`);
const line = base.split('\n').findIndex((l) => l.includes(ORIGINAL)) + 1;
const WARNING = new RegExp(`^s\\.yaml:${line}:\\d+: .*CEL reads 'amount', 'to': bound only when the argument is an object`);

describe('the loader and Cel constraint names', () => {
  it('the fixture has the constraint', () => expect(line).toBeGreaterThan(0));

  it('loads a constraint reading an unknown name, with a warning at FILE:LINE:COL', () => {
    const r = parseScenarioText(withCel("amount < 10 && to == 'x'"), 's.yaml');
    expect(r.problems).toEqual([]);
    expect(r.scenario).toBeDefined();
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(WARNING);
  });

  it('says nothing for `value` alone', () => {
    expect(parseScenarioText(base, 's.yaml').warnings).toEqual([]);
  });

  it('refuses a syntax error with line:column within the expression', () => {
    const r = parseScenarioText(withCel('value.all(r, r +)'), 's.yaml');
    expect(r.problems.map((p) => p.message)).toEqual([expect.stringMatching(/invalid CEL expression: does not compile: 1:17: /)]);
  });
});

describe('loader warnings belong to their load', () => {
  it('a load returns its warnings with its scenarios, and a second load of the same file the same ones', async () => {
    const d = tempDir({ 's.yaml': withCel("amount < 10 && to == 'x'") });
    const first = await loadScenarioSet(['s.yaml'], d);
    const second = await loadScenarioSet(['s.yaml'], d);
    expect(first.warnings).toHaveLength(1);
    expect(first.warnings[0]).toMatch(WARNING);
    expect(second.warnings).toEqual(first.warnings);
  });

  it('the warnings of a refused load do not show up in the next command', async () => {
    // s.yaml warns, bad.yaml is refused: the load fails, and its warning must go with it.
    const d = tempDir({ 's.yaml': withCel("amount < 10 && to == 'x'"), 'bad.yaml': 'name: [\n' });
    await expect(loadScenarioSet(['s.yaml', 'bad.yaml'], d)).rejects.toBeInstanceOf(ScenarioError);
    const clean = tempDir({ 'ok.yaml': base });
    const r = await runCli(['validate', '--scenarios', 'ok.yaml'], clean);
    expect(r.code).toBe(0);
    expect(r.err).not.toContain('warning:');
  });

  it('a parse of another file in between does not take a load’s warnings', async () => {
    const d = tempDir({ 's.yaml': withCel("amount < 10 && to == 'x'") });
    const loading = loadScenarioSet(['s.yaml'], d);
    parseScenarioText(base, 'other.yaml'); // e.g. the baseline analysis parsing a file at a git ref
    expect((await loading).warnings).toEqual([expect.stringMatching(WARNING)]);
  });
});
