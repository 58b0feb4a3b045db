/**
 * The scenario's own world (src/chains/world.ts): an MCP-only agent (Jira, Slack, a deploy tool)
 * gets its broad root, its broad grant, its "one more tool granted" mutants, `warrant export`'s
 * root and LLM mode's offered tools over its own tools; the built-in tools join, all of them, as
 * soon as a call or the grant names one, and the built-in suite keeps every built-in.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzePolicy } from '../../src/analysis/mutants/analysis.js';
import { broadGrants, RunContext } from '../../src/chains/run-context.js';
import { toolsFor } from '../../src/llm/tool-schemas.js';
import type { Scenario } from '../../src/model/scenario.js';
import { scenarioTrials } from '../../src/trial/scenario-trials.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { parseTokens } from '../../src/warrant/text.js';
import { BUILTIN_TOOL_NAMES } from '../../src/world/tools.js';
import { runCli } from '../helpers/cli.js';
import { call } from '../trial/helpers.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/scenarios/mcp-agent/release.yaml');
const OWN = ['jira_get_issue', 'slack_post', 'deploy'];
let mcp: Scenario;
let suite: Scenario[];

beforeAll(async () => {
  mcp = (await loadScenarios([FIXTURE], process.cwd()))[0]!;
  suite = await loadScenarios([], process.cwd());
});

/** The scenario with the task_scoped grant of `deploy` dropped: a tool of its world it does not grant. */
function withoutDeployGrant(s: Scenario): Scenario {
  const { deploy: _dropped, ...warrant } = s.warrant;
  return { ...s, warrant };
}

describe("an MCP-only agent's world is its own tools", () => {
  it('the broad root and the broad grant hold its tools and no built-in', () => {
    const d = new RunContext('world-test').delegation(mcp, 'broad')!;
    expect(Object.keys(d.chain[0]!.payload.tools).sort()).toEqual([...OWN].sort());
    expect(Object.keys(d.chain[1]!.payload.tools).sort()).toEqual([...OWN].sort());
    expect(Object.keys(broadGrants(mcp)).sort()).toEqual([...OWN].sort());
  });

  it('"one more tool granted" mutants come from its own tools only', () => {
    const s = withoutDeployGrant(mcp);
    const context = new RunContext('world-test');
    const part = analyzePolicy(s, context, scenarioTrials(s, context));
    const granted = part.mutants.filter((m) => m.mutation === 'tool_granted').map((m) => m.tool);
    // deploy is its own tool, ungranted; no built-in is offered as one more tool.
    expect(granted).toEqual(['deploy']);
    expect(part.mutants.some((m) => BUILTIN_TOOL_NAMES.includes(m.tool))).toBe(false);
  });

  it("warrant export's root names its own tools only", async () => {
    const r = await runCli(['warrant', 'export', '--scenario', 'mcp_release', '--scenarios', FIXTURE]);
    expect(r.code).toBe(0);
    const [root, leaf] = parseTokens(r.out);
    expect(Object.keys(root!.payload.tools).sort()).toEqual([...OWN].sort());
    expect(Object.keys(leaf!.payload.tools).sort()).toEqual([...OWN].sort());
  });

  it('LLM mode offers the model its own tools only', () => {
    expect(toolsFor(mcp).map((t) => t.function.name)).toEqual(OWN);
  });
});

describe('the built-in tools join when the scenario uses one', () => {
  it('a call that names read_file brings every built-in in', () => {
    const s: Scenario = { ...mcp, calls: [...mcp.calls, call('read_file', { path: '/notes.txt' })] };
    const root = new RunContext('world-test').root(s);
    expect(Object.keys(root.payload.tools).sort()).toEqual([...BUILTIN_TOOL_NAMES, ...OWN].sort());
    expect(toolsFor(s).map((t) => t.function.name)).toEqual([...BUILTIN_TOOL_NAMES, ...OWN]);
    // Two scenarios that differ only in using a built-in get different roots (the cache keys on it).
    expect(new RunContext('world-test').root(mcp).payload.tools).not.toHaveProperty('read_file');
  });

  it('a grant that names one brings them in too', () => {
    const s: Scenario = { ...mcp, warrant: { ...mcp.warrant, http_request: { constraints: {}, allowUnknown: true } } };
    expect(Object.keys(broadGrants(s)).sort()).toEqual([...BUILTIN_TOOL_NAMES, ...OWN].sort());
  });

  it('every scenario of the built-in suite keeps all the built-ins', () => {
    const context = new RunContext('world-test');
    for (const s of suite) expect(Object.keys(context.root(s).payload.tools).sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
  });
});
