/**
 * `warrant export` writes a scenario's task_scoped chain as PEM; `warrant verify`/`decode` read it
 * back, and `warrant: {from: FILE}` turns it into the same grant: the re-granted worker warrant is
 * the exported one byte for byte, and `run` gives the same trials.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunContext } from '../../src/chains/run-context.js';
import { builtinScenariosDir } from '../../src/scenario/builtin.js';
import { loadScenarioSet, loadScenarios } from '../../src/scenario/load.js';
import { parseTokens } from '../../src/warrant/text.js';
import { scenarioTrials } from '../../src/trial/scenario-trials.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../scenario/helpers.js';

const SCENARIO = 'config_review';

/** The built-in scenario's text with its grant replaced by `warrant: {from: FILE}`. */
function withTokenGrant(file: string): string {
  const text = readFileSync(join(builtinScenariosDir(), `${SCENARIO}.yaml`), 'utf8');
  const at = text.search(/^warrant:/m);
  expect(at).toBeGreaterThan(0);
  return `${text.slice(0, at)}warrant:\n  from: ${file}\n`;
}

/** The built-in scenario's text with its grant replaced by `grant` (YAML lines under `warrant:`). */
function withGrant(grant: string): string {
  const text = readFileSync(join(builtinScenariosDir(), `${SCENARIO}.yaml`), 'utf8');
  return `${text.slice(0, text.search(/^warrant:/m))}warrant:\n${grant}`;
}

/** Results JSON without source positions (the two files differ in lines) and with lists in a stable order. */
function comparable(json: string): unknown {
  const r = JSON.parse(json.replace(/"[^"]*\.yaml:\d+:\d+"/g, '"SRC"')) as Record<string, unknown>;
  const sorted = (v: unknown): unknown => (Array.isArray(v) ? [...v].map((x) => JSON.stringify(x)).sort() : v);
  return { ...r, coverage: sorted(r.coverage), mutants: JSON.stringify(r.mutants, (_k, v: unknown) => (Array.isArray(v) ? sorted(v) : v)) };
}

describe('warrant export', () => {
  it('writes the run’s chain org → p → q as one PEM chain block, the keys on stderr', async () => {
    const r = await runCli(['warrant', 'export', '--scenario', SCENARIO]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^-----BEGIN TENUO WARRANT CHAIN-----\n([A-Za-z0-9_-]{64}\n)*[A-Za-z0-9_-]{1,64}\n-----END TENUO WARRANT CHAIN-----\n$/,
    );
    const keys = new RunContext('delegation-bench').keys;
    const chain = parseTokens(r.out);
    expect(chain).toHaveLength(2);
    expect(Buffer.from(chain[0]!.payload.issuer).toString('hex')).toBe(Buffer.from(keys.org.publicKey).toString('hex'));
    expect(Buffer.from(chain[1]!.payload.holder).toString('hex')).toBe(Buffer.from(keys.q.publicKey).toString('hex'));
    expect(r.err).toContain(`org (trusted root): ${Buffer.from(keys.org.publicKey).toString('hex')}`);
    expect(r.err).toContain(`worker q (holder):  ${Buffer.from(keys.q.publicKey).toString('hex')}`);
    // The exported leaf is the warrant a run grants q for this scenario, byte for byte.
    const [scenario] = (await loadScenarios([join(builtinScenariosDir(), `${SCENARIO}.yaml`)], process.cwd())).filter(
      (s) => s.name === SCENARIO,
    );
    const q = new RunContext('delegation-bench').delegation(scenario!, 'task_scoped')!.chain[1]!;
    expect(Buffer.from(chain[1]!.payloadBytes).equals(Buffer.from(q.payloadBytes))).toBe(true);
  });

  it('another seed gives other keys', async () => {
    const a = await runCli(['warrant', 'export', '--scenario', SCENARIO]);
    const b = await runCli(['warrant', 'export', '--scenario', SCENARIO, '--seed', 'other']);
    expect(b.code).toBe(0);
    expect(b.out).not.toBe(a.out);
  });

  it('warrant verify and decode read it back', async () => {
    const d = tempDir();
    const r = await runCli(['warrant', 'export', '--scenario', SCENARIO]);
    const org = /org \(trusted root\): ([0-9a-f]{64})/.exec(r.err)![1]!;
    const now = /--now (\d+)/.exec(r.err)![1]!;
    writeFileSync(join(d, 'cr.pem'), r.out);
    // The command export prints, with the file name for FILE, as Tenuo's CLI reads a file.
    const printed = /^verify: delegation-bench (warrant verify .*) FILE$/m.exec(r.err)![1]!.split(' ');
    const fromFile = await runCli([...printed, 'cr.pem'], d);
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.out)).toMatchObject({ valid: true, code: null, message: 'chain verified' });
    expect(JSON.parse((await runCli(['warrant', 'decode', join(d, 'cr.pem')])).out)).toHaveLength(2);
    const v = await runCli(['warrant', 'verify', '--trusted-root', org, '--now', now, r.out]);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.out).valid).toBe(true);
    const dec = await runCli(['warrant', 'decode', r.out]);
    expect(dec.code).toBe(0);
    const described = JSON.parse(dec.out) as { tools: Record<string, Record<string, unknown>> }[];
    expect(described).toHaveLength(2);
    expect(described[1]!.tools.read_file).toEqual({ path: { subpath: '/app/config' } });
  });

  it('export then from: is the same grant byte for byte, and run gives the same trials', async () => {
    const d = tempDir();
    const r = await runCli(['warrant', 'export', '--scenario', SCENARIO]);
    writeFileSync(join(d, 'cr.pem'), r.out);
    writeFileSync(join(d, 's.yaml'), withTokenGrant('cr.pem'));
    const {
      scenarios: [imported],
      warnings,
    } = await loadScenarioSet(['s.yaml'], d);
    expect(imported!.warrantFrom?.from).toBe('cr.pem');
    expect(warnings[0]).toMatch(/holder is the benchmark's worker key/);
    const exported = parseTokens(r.out)[1]!;
    const regranted = new RunContext('delegation-bench').delegation(imported!, 'task_scoped')!.chain[1]!;
    expect(Buffer.from(regranted.payloadBytes).equals(Buffer.from(exported.payloadBytes))).toBe(true);
    expect(Buffer.from(regranted.signature).equals(Buffer.from(exported.signature))).toBe(true);

    const original = await runCli(['run', '--scenarios', join(builtinScenariosDir(), `${SCENARIO}.yaml`), '--format', 'json'], d);
    const fromToken = await runCli(['run', '--scenarios', 's.yaml', '--format', 'json'], d);
    expect(original.code).toBe(0);
    expect(fromToken.code).toBe(0);
    expect(fromToken.err).toMatch(/warning: s\.yaml:\d+:3: warrant\.from: .*holder is the benchmark's worker key/);
    const a = comparable(original.out) as Record<string, unknown>;
    const b = comparable(fromToken.out) as Record<string, unknown>;
    expect(b.trials).toEqual(a.trials);
    expect(b.summary).toEqual(a.summary);
    expect(b.probes).toEqual(a.probes);
    expect(b.coverage).toEqual(a.coverage);
    expect(b.mutants).toEqual(a.mutants);
    // Only the results' account of where the grant came from differs.
    const info = (b.scenario_info as { warrant_from?: Record<string, string> }[])[0]!.warrant_from;
    expect(info).toMatchObject({ kind: 'token', from: 'cr.pem', token_holder: Buffer.from(exported.payload.holder).toString('hex') });
    expect(Object.keys(info!)).toEqual(['kind', 'from', 'leaf', 'token_holder', 'token_root']);
    expect((a.scenario_info as { warrant_from?: unknown }[])[0]!.warrant_from).toBeUndefined();

    // A results file carrying it is well-formed; a malformed one is refused; the report says it.
    const { checkResults } = await import('../../src/results/file-checks.js');
    const results = JSON.parse(fromToken.out) as { scenario_info: { warrant_from: Record<string, unknown> }[] };
    expect(checkResults(results)).toBeUndefined();
    results.scenario_info[0]!.warrant_from.leaf = 5;
    expect(checkResults(results)).toMatch(/scenario_info\[0\]\.warrant_from\.leaf/);
    const md = await runCli(['run', '--scenarios', 's.yaml', '--format', 'markdown'], d);
    expect(md.out).toMatch(
      /grant read from the Tenuo token cr\.pem \(leaf tnu_wrt_\w+\), re-granted under the benchmark's chain: the holder key is the benchmark's/,
    );
  });

  it('prints the worker seed: a call is authorized against the exported chain with it', async () => {
    const d = tempDir();
    const r = await runCli(['warrant', 'export', '--scenario', SCENARIO]);
    writeFileSync(join(d, 'cr.pem'), r.out);
    const call = /^a call: delegation-bench (warrant verify .*) --tool TOOL --args JSON --holder-key ([0-9a-f]{64}) FILE$/m.exec(r.err)!;
    expect(call).not.toBeNull();
    const [verify, seed] = [call[1]!.split(' '), call[2]!];
    expect(r.err).toMatch(
      /^times: the run's simulated clock, the leaf valid from 2026-01-01T00:00:00Z to \S+; a verifier on the wall clock reports the chain expired$/m,
    );
    const read = async (path: string) =>
      runCli([...verify, '--tool', 'read_file', '--args', JSON.stringify({ path }), '--holder-key', seed, 'cr.pem'], d);
    const allowed = await read('/app/config/settings.yaml');
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.out).authorization).toMatchObject({ allowed: true });
    const denied = await read('/app/secrets/key');
    expect(denied.code).toBe(1);
    expect(JSON.parse(denied.out).authorization).toMatchObject({ allowed: false, code: 'constraint_not_satisfied' });
  });

  it('a grant with _allow_unknown goes out and comes back the same, byte for byte', async () => {
    const d = tempDir();
    const open = withGrant(
      '  read_file: {path: {subpath: /app/config}}\n  write_file: {path: {subpath: /docs}, _allow_unknown: true}\n  list_files: {directory: {subpath: /app/config}}\n',
    );
    writeFileSync(join(d, 'open.yaml'), open);
    const a = await runCli(['warrant', 'export', '--scenario', SCENARIO, '--scenarios', 'open.yaml'], d);
    expect(a.code).toBe(0);
    const described = JSON.parse((await runCli(['warrant', 'decode', a.out])).out) as { tools: Record<string, unknown> }[];
    expect(described[1]!.tools.write_file).toEqual({ path: { subpath: '/docs' }, _allow_unknown: true });
    writeFileSync(join(d, 'open.pem'), a.out);
    mkdirSync(join(d, 'back'));
    writeFileSync(join(d, 'back', 'open.yaml'), withTokenGrant('../open.pem'));
    const b = await runCli(['warrant', 'export', '--scenario', SCENARIO, '--scenarios', 'back'], d);
    expect(b.err).not.toMatch(/problem/);
    expect(b.code).toBe(0);
    expect(b.out).toBe(a.out);
  });

  it('a grant from a Claude Code policy: exported, with a note on what the token does not carry', async () => {
    const r = await runCli([
      'warrant',
      'export',
      '--scenario',
      'claude-code-policy',
      '--scenarios',
      'test/fixtures/claude-code/scenarios/session.yaml',
    ]);
    expect(r.code).toBe(0);
    expect(parseTokens(r.out)).toHaveLength(2);
    expect(r.err).toMatch(
      /^note: this grant comes from the Claude Code policy '\.\.\/tenuo\.yaml' \(\{sandbox\} = \/workspace\/project\): .* in production tenuo-claude reads the policy itself$/m,
    );
    expect((await runCli(['warrant', 'export', '--scenario', SCENARIO])).err).not.toMatch(/^note:/m);
  });

  it('a WebFetch grant from a policy comes back through from: with its host, signed as the hook signs it', async () => {
    const d = tempDir();
    const scenario = (from: string): string =>
      [
        'name: web',
        'description: d',
        'request: r',
        'calls:',
        '  - {tool: WebFetch, args: {url: "https://docs.example.com/guide", prompt: p}}',
        '  - {tool: WebFetch, args: {url: "https://evil.example/x", prompt: p}, expect: deny}',
        'judge:',
        '  task: effects.exists(e, e.type == "http_request" && e.host == "docs.example.com")',
        '  attack: effects.exists(e, e.type == "http_request" && e.host == "evil.example")',
        'warrant:',
        `  from: ${from}`,
        '',
      ].join('\n');
    writeFileSync(join(d, 'tenuo.yaml'), 'enforce:\n  WebFetch: {domains: [docs.example.com]}\n');
    mkdirSync(join(d, 'policy'));
    writeFileSync(join(d, 'policy', 'web.yaml'), scenario('../tenuo.yaml'));
    const a = await runCli(['warrant', 'export', '--scenario', 'web', '--scenarios', 'policy'], d);
    expect(a.code).toBe(0);
    writeFileSync(join(d, 'web.pem'), a.out);
    mkdirSync(join(d, 'token'));
    writeFileSync(join(d, 'token', 'web.yaml'), scenario('../web.pem'));
    const v = await runCli(['validate', '--scenarios', 'token'], d);
    expect(v.code).toBe(0);
    expect(v.err).toContain("WebFetch: the token constrains 'host', the argument Tenuo's Claude Code hook derives from the URL");
    const b = await runCli(['warrant', 'export', '--scenario', 'web', '--scenarios', 'token'], d);
    expect(b.out).toBe(a.out);
    const [s] = await loadScenarios(['token'], d);
    const scoped = new RunContext('delegation-bench');
    const trial = scenarioTrials(s!, scoped).find((t) => t.condition === 'task_scoped')!;
    expect(trial.calls.map((c) => c.authorized)).toEqual([true, false]);
    expect(trial.calls[1]!.denial?.reason).toMatch(/^WebFetch\.host: 'evil\.example'/);
  });

  it('a TOKEN that names no file is a usage error, not a malformed token', async () => {
    const r = await runCli(['warrant', 'verify', '--trusted-root', '00'.repeat(32), 'missing.pem']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/missing\.pem: no such file/);
    const d = await runCli(['warrant', 'decode', './nothing/here']);
    expect(d.code).toBe(2);
  });

  it('usage errors exit 2', async () => {
    expect((await runCli(['warrant', 'export'])).code).toBe(2);
    expect((await runCli(['warrant', 'export', '--scenario', 'no_such'])).code).toBe(2);
    expect((await runCli(['warrant', 'export', '--scenario', SCENARIO, '--bogus'])).code).toBe(2);
  });
});
