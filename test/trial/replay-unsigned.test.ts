/**
 * A replay step of a call MCPVerifier refused before the warrant was consulted (its McpConfig
 * extraction failed): the call's proof-of-possession was signed all the same, so the replay is
 * decided like any other, not a crash of the run.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSES } from '../../src/pipeline/analyses.js';
import { matrixResults } from '../../src/pipeline/matrix.js';
import { loadScenarioSet } from '../../src/scenario/load.js';
import { tempDir } from '../scenario/helpers.js';

const TOOLS = JSON.stringify({
  tools: [
    {
      name: 'filesystem_read',
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string' }, owner: { type: 'string' } },
        required: ['path'],
        additionalProperties: false,
      },
    },
  ],
});

const CONFIG = `version: "1"
tools:
  filesystem_read:
    description: "Read files"
    constraints:
      path: {from: body, path: "path", required: true}
      owner: {from: body, path: "owner", required: true}
`;

const SCENARIO = `name: fs
description: d
request: r
tools:
  from: tools.json
  mcp_config: mcp-config.yaml
calls:
  - tool: filesystem_read
    args: {path: /data/a.txt}
    expect: deny
  - replay: 1
    expect: deny
judge:
  task: "true"
  attack: "false"
warrant:
  filesystem_read: {path: {subpath: /data}, owner: wildcard}
`;

describe('a replay of a call refused by its McpConfig extraction', () => {
  it('is decided, not a crash', async () => {
    const set = await loadScenarioSet(['s.yaml'], tempDir({ 'tools.json': TOOLS, 'mcp-config.yaml': CONFIG, 's.yaml': SCENARIO }));
    const results = await matrixResults({
      scenarios: set.scenarios,
      maxAsr: 1,
      minTcr: 0,
      seed: 'cfg',
      analyses: DEFAULT_ANALYSES,
      workers: 1,
    });
    const scoped = results.trials.find((t) => t.condition === 'task_scoped')!;
    expect(scoped.calls.map((c) => c.authorized)).toEqual([false]);
    expect(scoped.steps!.map((s) => [s.kind, s.outcome])).toEqual([['replay', 'refused']]);
  });
});
