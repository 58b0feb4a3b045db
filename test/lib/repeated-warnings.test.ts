/**
 * A run shows a loader warning that many files of one folder repeat (a generated suite writes the
 * same grant into each scenario) once, at its first place, with a count; `validate` lists every one.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collapseRepeatedWarnings } from '../../src/lib/repeated-warnings.js';
import { runCli } from '../helpers/cli.js';

const ABSENT = "warrant.update_note.text: 'text' may be absent from a call of update_note (bound as guard)";

describe('collapseRepeatedWarnings', () => {
  it('keeps the first place of a message a folder repeats, with how many more files say it, in first-seen order', () => {
    expect(
      collapseRepeatedWarnings([
        `suite/s_a.yaml:21:48: ${ABSENT}`,
        `suite/s_a.yaml:9:3: calls[0]: something else`,
        `suite/s_b.yaml:21:48: ${ABSENT}`,
        `other/s_a.yaml:21:48: ${ABSENT}`,
        `suite/s_c.yaml:22:1: ${ABSENT}`,
        '... and 3 more warnings (only the first 1000 are shown)',
      ]),
    ).toEqual([
      `suite/s_a.yaml:21:48: ${ABSENT} (the same in 2 more files of suite)`,
      'suite/s_a.yaml:9:3: calls[0]: something else',
      `other/s_a.yaml:21:48: ${ABSENT}`,
      '... and 3 more warnings (only the first 1000 are shown)',
    ]);
  });

  it('counts the times as well as the files when a file repeats the message', () => {
    expect(collapseRepeatedWarnings([`a.yaml:1:1: ${ABSENT}`, `a.yaml:2:1: ${ABSENT}`, `b.yaml:1:1: ${ABSENT}`])).toEqual([
      `a.yaml:1:1: ${ABSENT} (the same 2 more times, in 2 files of .)`,
    ]);
  });
});

/** Three scenarios whose grants name the optional `text` their task's call passes: the same warning in each. */
function suiteFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-repeated-'));
  mkdirSync(join(dir, 'suite'));
  for (const n of ['a', 'b', 'c'])
    writeFileSync(
      join(dir, 'suite', `s_${n}.yaml`),
      `name: s_${n}
description: a grant names an optional parameter its task's call passes
request: update the note
tools:
  update_note:
    params: [id, text]
    defaults: {text: null}
    description: Updates a note.
    returns:
      - text: ok
calls:
  - tool: update_note
    args: {id: 1, text: hello}
  - tool: update_note
    args: {id: 2}
    expect: deny
judge:
  task: effects.exists(e, e.type == "tool_called" && e.tool == "update_note" && e.args.id == 1)
  attack: effects.exists(e, e.type == "tool_called" && e.tool == "update_note" && e.args.id == 2)
warrant:
  update_note: {id: {range: {min: 1, max: 1}}, text: {one_of: [hello]}}
`,
    );
  return dir;
}

describe('run and validate: a warning the suite repeats', () => {
  it('run prints it once with the count; validate prints every place', async () => {
    const dir = suiteFolder();
    const run = await runCli(['run', '--scenarios', 'suite', '--no-probes', '--no-mutants'], dir);
    const runWarnings = run.err.split('\n').filter((l) => l.startsWith('warning: '));
    expect(runWarnings).toEqual([
      `warning: suite/s_a.yaml:21:48: ${ABSENT}: Tenuo denies a call that leaves out a field its grant names ("missing required argument"), Wildcard included; drop it from the grant to allow calls without it (the same in 2 more files of suite)`,
    ]);
    const validate = await runCli(['validate', '--scenarios', 'suite'], dir);
    expect(validate.err.split('\n').filter((l) => l.includes('may be absent'))).toHaveLength(3);
  });
});
