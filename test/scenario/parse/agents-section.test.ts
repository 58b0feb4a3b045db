/**
 * `agents:` (src/scenario/parse/agents-section.ts, docs/scenarios.md#agents): what a run could not
 * set up is refused at its place, all problems at once: `agents:` beside `warrant:`, a parent that is
 * not declared, a cycle, a call without an agent when several agents are leaves, an unknown agent,
 * a chain deeper than Tenuo's MAX_DELEGATION_DEPTH (64), and a child grant the builder refuses.
 */
import { describe, expect, test } from 'vitest';
import { problemsOfText } from '../helpers.js';
import { parseScenarioText } from '../../../src/scenario/parse/index.js';

const HEAD = `name: topo
description: a topology
request: do the task
environment:
  files:
    /app/a.txt: a
`;
const JUDGE = `judge:
  task: "true"
  attack: "false"
`;

describe('agents: in a scenario', () => {
  test('every topology problem at once, each at FILE:LINE:COL', async () => {
    const text = `${HEAD}warrant:
  read_file: {path: wildcard}
agents:
  lead:
    grant:
      read_file: {path: wildcard}
  a:
    from: b
    grant: {}
  b:
    from: a
    grant: {}
  c:
    from: nobody
    grant: {}
calls:
  - tool: read_file
    args: {path: /app/a.txt}
  - tool: read_file
    agent: ghost
    args: {path: /app/a.txt}
${JUDGE}`;
    expect(await problemsOfText(text)).toEqual([
      "s.yaml:9:1: 'agents' and 'warrant' together: with agents, each agent's grant is under agents.NAME.grant; leave 'warrant' out",
      "s.yaml:20:11: agents.c.from: unknown agent 'nobody': a parent is another agent of agents: or 'org' (the org key mints the warrant)",
      // (the topology has a problem, so a call without agent: is not judged: which agents are leaves is unknown)
      "s.yaml:26:12: calls[1].agent: unknown agent 'ghost': the scenario's agents are lead, a, b, c",
    ]);
  });

  test('a cycle, and a call that names no agent when several are leaves', async () => {
    const text = `${HEAD}agents:
  lead:
    grant:
      read_file: {path: wildcard}
  x:
    from: lead
    grant:
      read_file: {path: wildcard}
  y:
    from: lead
    grant:
      read_file: {path: wildcard}
calls:
  - tool: read_file
    args: {path: /app/a.txt}
${JUDGE}`;
    expect(await problemsOfText(text)).toEqual([
      's.yaml:20:5: calls[0]: several agents delegate to nobody (x, y): say which one makes this call with agent: NAME',
    ]);
    const cycle = `${HEAD}agents:
  a:
    from: b
    grant: {}
  b:
    from: a
    grant: {}
calls:
  - tool: read_file
    agent: a
    args: {path: /app/a.txt}
${JUDGE}`;
    expect(await problemsOfText(cycle)).toEqual([
      "s.yaml:9:11: agents.a.from: 'a' is on a delegation cycle (or below one): every chain must start at the org key",
      "s.yaml:12:11: agents.b.from: 'b' is on a delegation cycle (or below one): every chain must start at the org key",
    ]);
  });

  test('child grants Tenuo refuses, each at its own grant, all at once', async () => {
    const text = `${HEAD}agents:
  lead:
    grant:
      read_file: {path: {subpath: /app}}
  wide:
    from: lead
    grant:
      read_file: {path: {subpath: /}}
  extra:
    from: lead
    grant:
      get_balance: {}
calls:
  - tool: read_file
    agent: wide
    args: {path: /app/a.txt}
${JUDGE}`;
    const problems = await problemsOfText(text);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^s\.yaml:14:19: agents\.wide\.grant\.read_file\.path: agent 'lead' cannot grant 'wide' this, so task_scoped cannot be set up: /,
    );
    expect(problems[1]).toMatch(
      /^s\.yaml:18:7: agents\.extra\.grant\.get_balance: agent 'lead' cannot grant 'extra' this, so task_scoped cannot be set up: /,
    );
  });

  test(`a chain of 64 delegations loads; one more is refused at its from: (Tenuo's MAX_DELEGATION_DEPTH)`, () => {
    const chain = (n: number): string => {
      const lines = ['agents:'];
      for (let i = 0; i < n; i++) {
        lines.push(`  a${i}:`);
        if (i > 0) lines.push(`    from: a${i - 1}`);
        lines.push('    grant:', '      read_file: {path: wildcard}');
      }
      return lines.join('\n') + '\n';
    };
    const calls = (n: number) => `calls:\n  - tool: read_file\n    agent: a${n - 1}\n    args: {path: /app/a.txt}\n`;
    const ok = parseScenarioText(`${HEAD}${chain(65)}${calls(65)}${JUDGE}`, 'ok.yaml');
    expect(ok.problems).toEqual([]);
    expect(ok.scenario!.agents).toHaveLength(65);
    const deep = parseScenarioText(`${HEAD}${chain(66)}${calls(66)}${JUDGE}`, 'deep.yaml');
    const line = 7 + 3 + 64 * 4 + 2; // `agents:`, a0 (3 lines), a1..a64 (4 each), a65's key, its `from:`
    expect(deep.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`)).toEqual([
      `deep.yaml:${line}:11: agents.a65.from: 'a65' would be at depth 65: Tenuo's chains allow at most 64 delegations below the org's root (MAX_DELEGATION_DEPTH), so its warrant cannot be granted`,
    ]);
  });
});
