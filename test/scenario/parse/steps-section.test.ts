/**
 * `validate` refuses what `run` could not do with a delegation-level step (src/scenario/parse/
 * steps-section.ts): every problem at once, each at FILE:LINE:COL, exit 2 through the CLI.
 */
import { describe, expect, it } from 'vitest';
import { problemsOfText } from '../helpers.js';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../helpers.js';

const HEAD = `name: s
description: d
request: r
judge:
  task: 'true'
  attack: 'false'
warrant:
  read_file: {path: {subpath: /app}}
calls:
`;

describe('delegation-level steps: validate', () => {
  it('reports every malformed step at once, at its place', async () => {
    const text =
      HEAD +
      [
        '  - tool: read_file', //                                              10
        '    args: {path: /app/a}',
        '  - delegate: {from: ghost, to: h, grant: {read_file: {path: wildcard}}}', // 12: unknown from
        '  - warrant_of: nobody', //                                           13: unknown agent, no tool
        '  - replay: 2', //                                                    14: call #2 comes later
        '  - tool: read_file', //                                              15
        '    args: {path: /app/b}',
        '  - replay: 7', //                                                    17: no call #7
        '  - delegate: {from: worker, to: h2, grant: {}}', //                  18: empty grant
        '  - delegate: {from: worker, to: h3, grant: {read_file: {path: wildcard}}}', // 19
        '    tool: read_file', //                                              20: a delegate names no tool
        '  - splice: {parents_of: planner}', //                                21: two kinds in one entry
        '    replay: 1',
        '    tool: read_file',
        '    args: {path: /app/a}',
        '  - tool: read_file', //                                              25: an agent made later
        '    agent: h4',
        '    args: {path: /app/a}',
        '  - delegate: {from: worker, to: h4, grant: {read_file: {path: wildcard}}}',
        '  - tool: read_file', //                                              29: after: on a call
        '    after: 10',
        '    args: {path: /app/a}',
        '  - warrant_of: worker', //                                           32: warrant_of itself
        '    tool: read_file',
        '    args: {path: /app/a}',
      ].join('\n') +
      '\n';
    expect(await problemsOfText(text)).toEqual([
      "s.yaml:12:22: calls[1].delegate.from: unknown agent 'ghost' as delegate.from: the agents here are planner, worker (a delegate step makes a new one for the steps after it)",
      's.yaml:13:5: calls[2]: a call names its tool (`tool:`), unless it is a `delegate` or `replay` step',
      "s.yaml:13:17: calls[2].warrant_of: unknown agent 'nobody' as warrant_of: the agents here are planner, worker, h (a delegate step makes a new one for the steps after it)",
      's.yaml:14:13: calls[3].replay: there is no call #2 before this step (1 ordinary call comes before it; calls are numbered from 1, steps are not counted)',
      's.yaml:17:13: calls[5].replay: there is no call #7 before this step (2 ordinary calls come before it; calls are numbered from 1, steps are not counted)',
      "s.yaml:18:45: calls[6].delegate.grant: grant names no tool: Tenuo's builder refuses an execution warrant without one",
      "s.yaml:20:11: calls[7].tool: a delegate step makes no call and its agent is `delegate.from`: drop 'tool'",
      "s.yaml:22:13: calls[8].replay: one step per entry: this entry is already a 'splice' step",
      "s.yaml:26:12: calls[9].agent: unknown agent 'h4' (did you mean 'h'?): the scenario's agents are planner, worker, h, h2, h3 (with those the steps before it make)",
      's.yaml:30:12: calls[11].after: `after:` belongs to a step (delegate, warrant_of, replay, splice)',
      "s.yaml:32:17: calls[12].warrant_of: 'worker' is the caller itself: warrant_of names another agent",
    ]);
  });

  it('validate exits 2 on a bad step and 0 on the steps fixture', async () => {
    const d = tempDir({ 's.yaml': `${HEAD}  - replay: 1\n` });
    const bad = await runCli(['validate', '--scenarios', 's.yaml'], d);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('s.yaml:10:13: calls[0].replay: there is no call #1 before this step');
    const good = await runCli(['validate', '--scenarios', 'test/fixtures/scenarios/steps/two-agent-steps.yaml']);
    expect(good.code).toBe(0);
  });
});
