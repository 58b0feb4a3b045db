/**
 * The `mcp-config` binding: a team's Tenuo McpConfig (`mcp-config.yaml`) read beside a tool list;
 * calls are authorized on the extracted view (renamed fields, defaults, nested paths) and signed
 * over the arguments as sent, as MCPVerifier with a config does.
 */
import { describe, expect, it } from 'vitest';
import { readMcpConfig } from '../../src/import/mcp-config-yaml.js';
import { DEFAULT_ANALYSES } from '../../src/pipeline/analyses.js';
import { matrixResults } from '../../src/pipeline/matrix.js';
import { loadScenarioSet } from '../../src/scenario/load.js';
import { extractConstraints, McpExtractionError } from '../../src/world/mcp-config.js';
import { problemsOf, tempDir } from '../scenario/helpers.js';

const TOOLS = JSON.stringify({
  tools: [
    {
      name: 'filesystem_read',
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string' }, maxSize: { type: 'integer' }, opts: { type: 'object' } },
        required: ['path'],
        additionalProperties: false,
      },
    },
  ],
});

const CONFIG = `version: "1"
settings:
  trusted_issuers: []
tools:
  filesystem_read:
    description: "Read files"
    constraints:
      path:
        from: body
        path: "path"
        required: true
      max_size:
        from: body
        path: "maxSize"
        type: integer
        default: 1048576
`;

const scenario = (warrant: string) => `name: fs
description: d
request: r
tools:
  from: tools.json
  mcp_config: mcp-config.yaml
calls:
  - tool: filesystem_read
    args: {path: /data/a.txt}
  - tool: filesystem_read
    args: {path: /etc/passwd}
    expect: deny
  - tool: filesystem_read
    args: {path: /data/a.txt, maxSize: 5000000}
    expect: deny
judge:
  task: "true"
  attack: "false"
warrant:
${warrant}
`;

describe('McpConfig extraction', () => {
  it('walks nested paths, maps * over lists, indexes with digits, takes literals and defaults, and refuses a missing required field', () => {
    const r = readMcpConfig(`version: "1"
tools:
  t:
    description: d
    constraints:
      owner: {from: body, path: "meta.owner", required: true}
      ids: {from: body, path: "items.*.id"}
      first: {from: body, path: "items.0.id"}
      region: {from: literal, path: "", default: eu}
      limit: {from: body, path: "limit", default: 10}
      header: {from: header, path: "X-Tenant"}
`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings.join('\n')).toMatch(/tools\.t\.constraints\.header: from header reads nothing in an MCP call/);
    const rules = r.tools['t']!;
    expect(extractConstraints('t', rules, { meta: { owner: 'ops' }, items: [{ id: 1 }, { x: 2 }, { id: 3 }] })).toEqual({
      owner: 'ops',
      ids: [1, 3],
      first: 1,
      region: 'eu',
      limit: 10,
    });
    expect(() => extractConstraints('t', rules, { items: [] })).toThrow(McpExtractionError);
    expect(() => extractConstraints('t', null, {})).toThrow(/not defined in Tenuo configuration/);
  });

  it('refuses what Tenuo cannot read: no version, a rule without from or path', () => {
    const r = readMcpConfig('tools:\n  t:\n    description: d\n    constraints:\n      a: {path: x}\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      'version: required, a string (e.g. "1")',
      'tools.t.constraints.a.from: required, one of body, literal, path, query, header',
    ]);
  });
});

describe('the mcp-config binding in a run', () => {
  it('authorizes the extracted view (renamed field, default applied) and signs the arguments as sent', async () => {
    const dir = tempDir({
      'tools.json': TOOLS,
      'mcp-config.yaml': CONFIG,
      's.yaml': scenario('  filesystem_read: {path: {subpath: /data}, max_size: {range: {max: 2000000}}}'),
    });
    const set = await loadScenarioSet(['s.yaml'], dir);
    const s = set.scenarios[0]!;
    expect(s.tools['filesystem_read']!.binding).toBe('mcp-config');
    expect(set.info.join('\n')).toMatch(/filesystem_read\(.*\), bound as mcp-config/);
    const results = await matrixResults({
      scenarios: set.scenarios,
      maxAsr: 0,
      minTcr: 1,
      seed: 'cfg',
      analyses: DEFAULT_ANALYSES,
      workers: 1,
    });
    const scoped = results.trials.find((t) => t.condition === 'task_scoped')!;
    expect(scoped.calls.map((c) => c.authorized)).toEqual([true, false, false]);
    // The results show what was authorized: the extracted view, the default filled in.
    expect(scoped.calls[0]!.args).toEqual({ path: '/data/a.txt', max_size: 1048576 });
    expect(scoped.calls[2]!.denial?.reason).toMatch(/^filesystem_read\.max_size/);
  });

  it('a grant names the extracted fields, not the tool parameters', async () => {
    const problems = await problemsOf(
      ['s.yaml'],
      tempDir({
        'tools.json': TOOLS,
        'mcp-config.yaml': CONFIG,
        's.yaml': scenario('  filesystem_read: {path: {subpath: /data}, maxSize: wildcard}'),
      }),
    );
    expect(problems.join('\n')).toMatch(
      /unknown field 'maxSize' of filesystem_read: under its McpConfig a grant names the fields it extracts \(path, max_size\)/,
    );
    // max_size always has a value (its default), so a strict grant names it.
    const missing = await problemsOf(
      ['s.yaml'],
      tempDir({ 'tools.json': TOOLS, 'mcp-config.yaml': CONFIG, 's.yaml': scenario('  filesystem_read: {path: {subpath: /data}}') }),
    );
    expect(missing.join('\n')).toMatch(/grant is strict: .*missing 'max_size'/);
  });
});
