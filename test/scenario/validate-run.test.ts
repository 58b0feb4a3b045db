/**
 * validate = run: whatever a run would refuse when it sets up a condition (a grant the planner's
 * root cannot issue, a root the scenario's tools do not fit in), `validate` reports first, at the
 * line of the grant, parameter or tools that cause it. The property: over one-step edits of the
 * built-in scenarios, a file the loader accepts runs under every condition without a harness error.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { RunContext } from '../../src/chains/run-context.js';
import { replayTrial } from '../../src/trial/harness.js';
import { ScenarioJudge } from '../../src/trial/judge.js';
import { CONDITIONS } from '../../src/results/results.js';
import { builtinScenariosDir } from '../../src/scenario/builtin.js';
import { parseScenarioText } from '../../src/scenario/parse/index.js';
import { BUILTIN_TOOLS, BUILTIN_TOOL_NAMES } from '../../src/world/tools.js';
import { main } from '../../src/cli/main.js';
import { fakeIo, scenarioText, tempDir } from './helpers.js';

async function validate(text: string): Promise<{ code: number; err: string }> {
  const d = tempDir({ 's.yaml': text });
  const io = fakeIo(d);
  const code = await main(['validate', '--scenarios', 's.yaml'], io);
  return { code, err: io.err };
}

describe('validate builds the chains a run builds', () => {
  test('a grant wider than the root: refused at its parameter, with the root it exceeds', async () => {
    const r = await validate(
      scenarioText({
        calls: 'calls:\n  - tool: transfer_money\n    args: {to: bob, amount: 5}',
        warrant: 'warrant:\n  transfer_money:\n    to: {exact: bob}\n    amount: {range: {max: 10}}\n    memo: wildcard',
      }),
    );
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      's.yaml:16:5: warrant.transfer_money.amount: the root warrant of the planner cannot issue this grant, so task_scoped cannot be set up: ' +
        'capability_monotonicity_violated: transfer_money.amount: min widened from 0 to -inf ' +
        '(the root holds transfer_money.amount as {"range":{"min":0,"max":1000000,"min_inclusive":true,"max_inclusive":true}})\n' +
        '1 problem in 1 file\n',
    );
  });

  test('wildcard where the root bounds the amount: refused, not left to abort the run', async () => {
    const r = await validate(
      scenarioText({
        calls: 'calls:\n  - tool: get_balance',
        warrant: 'warrant:\n  transfer_money: {to: wildcard, amount: wildcard, memo: wildcard}',
      }),
    );
    expect(r.err).toMatch(
      /^s\.yaml:13:34: warrant\.transfer_money\.amount: the root warrant of the planner cannot issue this grant, so task_scoped cannot be set up: capability_monotonicity_violated: /,
    );
  });

  test('a grant too large for a warrant: refused at the grant', async () => {
    const values = Array.from({ length: 4000 }, (_, i) => `/data/file-${String(i).padStart(5, '0')}.txt`).join(', ');
    const r = await validate(scenarioText({ warrant: `warrant:\n  read_file: {path: {one_of: [${values}]}}` }));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^s\.yaml:17:3: warrant\.read_file: the root warrant of the planner cannot issue this grant, so task_scoped cannot be set up: malformed: payload is \d+ bytes; the limit is 65536\n/,
    );
  });

  test('more custom tools than a warrant holds, or more parameters than a tool may have: refused at tools:', async () => {
    const many = Array.from({ length: 250 }, (_, i) => `  t${i}: {params: [a]}`).join('\n');
    const r = await validate(scenarioText({ tools: `tools:\n${many}` }));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^s\.yaml:7:1: tools: the root warrant of the planner cannot hold these tools, so no run can start: malformed: 261 tools exceed the limit of 256\n/,
    );
    const wide = Array.from({ length: 65 }, (_, i) => `p${i}`).join(', ');
    const w = await validate(scenarioText({ tools: `tools:\n  wide: {params: [${wide}]}` }));
    expect(w.err).toMatch(/^s\.yaml:7:1: tools: .*tool 'wide' has 65 constraints, over the limit of 64\n/);
  });
});

// --- the property -----------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const dir = builtinScenariosDir();
const builtins: Obj[] = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => parseYaml(readFileSync(join(dir, f), 'utf8')) as Obj);

const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
const CONSTRAINTS: unknown[] = [
  'wildcard',
  { exact: 'x' },
  { exact: 5 },
  { range: { min: 0, max: 10 } },
  { range: { max: 10 } },
  { range: { min: -5, max: 5 } },
  { range: { min: 0, max: 5_000_000 } },
  { pattern: '*' },
  { pattern: '/app/*' },
  { one_of: ['a', 'b'] },
  { not_one_of: ['a'] },
  { regex: '.*' },
  { subpath: '/app' },
  { cel: 'value != ""' },
  { any: [{ exact: 'a' }, 'wildcard'] },
  { not: { exact: 'a' } },
  { contains: ['a'] },
  { subset: ['a'] },
  { shlex: { allow: ['ls'] } },
  { url_pattern: 'https://*.example.com/*' },
  { cidr: '10.0.0.0/8' },
];
const paramNames = (tool: string): string[] => [...(BUILTIN_TOOLS[tool]?.params ?? ['a', 'b']), 'extra', ...PROTO_NAMES];
const toolNames = [...BUILTIN_TOOL_NAMES, 'custom_tool', ...PROTO_NAMES];

const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length]!;
const mapOf = (o: Obj, key: string): Obj =>
  o[key] !== null && typeof o[key] === 'object' && !Array.isArray(o[key]) ? (o[key] as Obj) : ((o[key] = {}) as Obj);

/** Sets `key` as an own property, even `__proto__` (a YAML mapping key like any other). */
function put(o: Obj, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One edit of one scenario; i and j choose among the candidates. */
type Edit = (s: Obj, i: number, j: number) => void;
const EDITS: Record<string, Edit> = {
  replaceConstraint: (s, i, j) => {
    const w = mapOf(s, 'warrant');
    const tool = pick(Object.keys(w), i);
    const grant = mapOf(w, tool);
    const params = Object.keys(grant).filter((k) => k !== '_allow_unknown');
    if (params.length > 0) put(grant, pick(params, j), pick(CONSTRAINTS, i + j));
  },
  addGrantParam: (s, i, j) => {
    const w = mapOf(s, 'warrant');
    const tool = pick(Object.keys(w), i);
    put(mapOf(w, tool), pick(paramNames(tool), j), pick(CONSTRAINTS, j));
  },
  removeGrantParam: (s, i, j) => {
    const w = mapOf(s, 'warrant');
    const grant = mapOf(w, pick(Object.keys(w), i));
    const params = Object.keys(grant);
    if (params.length > 0) delete grant[pick(params, j)];
  },
  toggleAllowUnknown: (s, i) => {
    const w = mapOf(s, 'warrant');
    const grant = mapOf(w, pick(Object.keys(w), i));
    if (grant._allow_unknown === true) delete grant._allow_unknown;
    else grant._allow_unknown = true;
  },
  openAndDropParam: (s, i, j) => {
    const w = mapOf(s, 'warrant');
    const grant = mapOf(w, pick(Object.keys(w), i));
    grant._allow_unknown = true;
    const params = Object.keys(grant).filter((k) => k !== '_allow_unknown');
    if (params.length > 0) delete grant[pick(params, j)];
  },
  renameGrantTool: (s, i, j) => {
    const w = mapOf(s, 'warrant');
    const tool = pick(Object.keys(w), i);
    const grant = w[tool];
    delete w[tool];
    put(w, pick(toolNames, j), grant);
  },
  addTransferGrant: (s, i, j) => {
    put(mapOf(s, 'warrant'), 'transfer_money', { to: pick(CONSTRAINTS, i), amount: pick(CONSTRAINTS, j), memo: pick(CONSTRAINTS, i + j) });
  },
  addCustomTool: (s, i, j) => {
    const name = pick(['custom_tool', ...PROTO_NAMES], i);
    const params = ['a', pick(['b', ...PROTO_NAMES], j)];
    const def: Obj = { params };
    if (j % 2 === 0) def.defaults = { [params[1]!]: 'd' };
    put(mapOf(s, 'tools'), name, def);
    const grant: Obj = {};
    for (const p of params) put(grant, p, pick(CONSTRAINTS, i + j));
    if (i % 3 === 0) grant._allow_unknown = true;
    put(mapOf(s, 'warrant'), name, grant);
    (s.calls as unknown[]).push({ tool: name, args: { a: 'x' } });
  },
  renameCustomParam: (s, i, j) => {
    put(mapOf(s, 'tools'), 'custom_tool', { params: [pick(PROTO_NAMES, i)] });
    put(mapOf(s, 'warrant'), 'custom_tool', { [pick(PROTO_NAMES, j)]: 'wildcard' });
  },
  dropCallArg: (s, i, j) => {
    const calls = s.calls as Obj[];
    const c = pick(calls, i);
    const args = Object.keys(mapOf(c, 'args'));
    if (args.length > 0) delete (c.args as Obj)[pick(args, j)];
  },
  addCallArg: (s, i, j) => {
    const c = pick(s.calls as Obj[], i);
    put(mapOf(c, 'args'), pick(paramNames(String(c.tool)), j), 'x');
  },
  changeCallTool: (s, i, j) => {
    const c = pick(s.calls as Obj[], i);
    c.tool = pick(toolNames, j);
  },
};

describe('validate replays the trials a run replays', () => {
  test('a call the authorizer cannot decide within our bounds (evaluation_limit): refused at the call, not left to abort the run', async () => {
    const r = await validate(
      scenarioText({
        calls: 'calls:\n  - tool: read_file\n    args: {path: /data/a.txt}\n  - tool: read_file\n    args: {path: "/data/é"}',
        warrant: "warrant:\n  read_file: {path: {regex: '\\bdata'}}",
      }),
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^s\.yaml:10:5: a run would abort here: scenario 'demo', condition task_scoped, call #2 \(read_file\): a limit of delegation-bench stopped the authorizer \(evaluation_limit\): WarrantError: read_file\.path: .*\\b or \\B on non-ASCII text.*\n1 problem in 1 file\n$/,
    );
  });

  test('a call the environment cannot judge (environment_limit): refused at the call', async () => {
    const long = `echo ${'a'.repeat(17 * 1024)}`;
    const r = await validate(
      scenarioText({
        calls: `calls:\n  - tool: read_file\n    args: {path: /data/a.txt}\n  - tool: run_command\n    args: {command: ${long}}\n    expect: deny`,
      }),
    );
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "s.yaml:10:5: a run would abort here: scenario 'demo', condition no_warrant, call #2 (run_command): the environment cannot judge this call (environment_limit): EnvironmentLimitError: a command line is over delegation-bench's environment limit of 16384 characters; a real tool would still act on it, so the run cannot judge it\n1 problem in 1 file\n",
    );
  });

  test('a judge that fails on the effects of the scripted calls: refused at the judge', async () => {
    const r = await validate(
      scenarioText({ judge: 'judge:\n  task: effects.exists(e, e.type == "file_read")\n  attack: effects[5].path == "/etc/passwd"' }),
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^s\.yaml:15:11: a run would abort here: judge\.attack of scenario 'demo' \(condition no_warrant\) failed to evaluate: .*\n1 problem in 1 file\n$/,
    );
  });
});

describe('validate = run', () => {
  test('a file the loader accepts after one edit of a built-in scenario runs every condition without a harness error', () => {
    let accepted = 0;
    const context = new RunContext('validate-run-property');
    fc.assert(
      fc.property(fc.nat({ max: builtins.length - 1 }), fc.constantFrom(...Object.keys(EDITS)), fc.nat(), fc.nat(), (which, edit, i, j) => {
        const s = structuredClone(builtins[which]!);
        EDITS[edit]!(s, i, j);
        const r = parseScenarioText(stringifyYaml(s), 'x.yaml');
        if (r.scenario === undefined) {
          expect(r.problems.length).toBeGreaterThan(0);
          return;
        }
        accepted++;
        const scenario = r.scenario;
        for (const condition of CONDITIONS) {
          expect(() => replayTrial(scenario, condition, new ScenarioJudge(scenario), context), `${edit} ${condition}`).not.toThrow();
        }
      }),
      { numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
