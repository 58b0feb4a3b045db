/**
 * An imported suite's members (docs/results.md#suites), checked per suite against everything the
 * run loaded: a scenario in any folder that names the suite unlisted is refused at its `suite:`
 * line, a listed file the run read that no longer names the suite at `$.imported[i]`.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/model/scenario.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import { readSuiteManifests } from '../../src/scenario/suite-manifest.js';

/** bank/: a.yaml and b.yaml, both listed by bank/suite.json; the scenarios are made here, by hand. */
function suiteDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-members-'));
  mkdirSync(join(dir, 'bank'));
  for (const f of ['a.yaml', 'b.yaml']) writeFileSync(join(dir, 'bank', f), 'name: x\n');
  const manifest = { format: 'delegation-bench suite 1', suite: 'bank', imported: ['a.yaml', 'b.yaml'], skipped: [] };
  writeFileSync(join(dir, 'bank', 'suite.json'), JSON.stringify(manifest));
  return dir;
}

function scenario(file: string, suite?: string): Scenario {
  const name = file.replace(/\W/g, '_');
  const source = { file, line: 1, col: 1 };
  return { name, file, source, ...(suite && { suite, suiteSource: { file, line: 2, col: 1 } }) } as unknown as Scenario;
}

function problems(scenarios: Scenario[], dir: string): string[] {
  try {
    readSuiteManifests(scenarios, dir);
    return [];
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return e.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`);
  }
}

const members = [scenario('bank/a.yaml', 'bank'), scenario('bank/b.yaml', 'bank')];

describe('an imported suite, checked per suite', () => {
  it('takes the listed files, and a run that read only some of them (the report says how many ran)', () => {
    const dir = suiteDir();
    expect(problems(members, dir)).toEqual([]);
    expect(problems([members[0]!], dir)).toEqual([]);
    expect(readSuiteManifests(members, dir).get('bank')?.imported).toEqual(['a.yaml', 'b.yaml']);
  });

  it('refuses a scenario of the suite in another folder, or in a folder below it, at its suite: line', () => {
    const dir = suiteDir();
    mkdirSync(join(dir, 'other'));
    mkdirSync(join(dir, 'bank', 'extra'));
    const found = problems([...members, scenario('other/evil.yaml', 'bank'), scenario('bank/extra/a.yaml', 'bank')], dir);
    // The problems come sorted by file, as the loader's.
    expect(found).toHaveLength(2);
    expect(found[1]).toMatch(
      /^other\/evil\.yaml:2:1: suite: 'bank' is an imported suite and this file is not one of its scenarios \(bank\/suite\.json lists/,
    );
    expect(found[1]).toContain("move it beside bank/suite.json and add 'evil.yaml' to the list");
    expect(found[0]).toMatch(/^bank\/extra\/a\.yaml:2:1: suite: 'bank' is an imported suite/);
    // Another suite's scenario in another folder is no member of bank.
    expect(problems([...members, scenario('other/mail.yaml', 'mail')], dir)).toEqual([]);
  });

  it('refuses a listed file the run read that no longer names the suite, even when none of them does', () => {
    const dir = suiteDir();
    const lost = problems([members[0]!, scenario('bank/b.yaml')], dir);
    expect(lost).toEqual([
      "bank/suite.json:0:0: $.imported[1]: 'b.yaml' is a scenario the import wrote, but it has no suite: line, not suite: 'bank', and the suite would run without it; put its suite: line back, import again with --force, or take it out of the list to run the suite without it knowingly",
    ]);
    // With every suite: line gone, the manifest is still read from the folder the scenarios came from.
    expect(problems([scenario('bank/a.yaml'), scenario('bank/b.yaml')], dir)).toHaveLength(2);
  });
});
