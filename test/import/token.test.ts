/**
 * `warrant: {from: PATH}`: a real Tenuo token as a scenario's task_scoped grant. Every warrant of
 * the official vectors is imported: the ones that verify and that the benchmark can carry are
 * re-granted to its worker with each constraint's CBOR bytes unchanged; the others are refused
 * with the reason.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunContext } from '../../src/chains/run-context.js';
import { authorize } from '../../src/trial/harness.js';
import { mint } from '../../src/warrant/builder.js';
import { SigningKey } from '../../src/warrant/keys.js';
import { loadScenarioSet, loadScenarios } from '../../src/scenario/load.js';
import { readToken, TokenImportError, type TokenImportCode } from '../../src/import/token.js';
import type { TokenOrigin } from '../../src/model/scenario.js';
import { toHex } from '../../src/lib/bytes.js';
import { decode, encode, type CborValue } from '../../src/warrant/cbor/index.js';
import { encodeStack } from '../../src/warrant/stack.js';
import { toBase64UrlStackToken, toPem } from '../../src/warrant/text.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { decodeVectorWarrant, VECTORS, vectorChain, type VectorWarrant } from '../warrant/chain-fixtures.js';
import { problemsOf, tempDir } from '../scenario/helpers.js';

/** Each constraint of a payload's tools (wire key 3) as its own CBOR bytes, keyed `tool.param`. */
function constraintBytes(payloadBytes: Uint8Array): Record<string, string> {
  const payload = decode(payloadBytes) as Map<CborValue, CborValue>;
  const tools = payload.get(3) as Map<string, Map<string, CborValue>>;
  const out: Record<string, string> = {};
  for (const [tool, set] of tools) {
    const constraints = set.get('constraints') as Map<string, CborValue>;
    for (const [param, c] of constraints) out[`${tool}.${param}`] = toHex(encode(c));
  }
  return out;
}

function refusal(text: string): { code: TokenImportCode; message: string } | undefined {
  try {
    readToken(text);
    return undefined;
  } catch (e) {
    if (e instanceof TokenImportError) return { code: e.code, message: e.message };
    throw e;
  }
}

/** What importing one vector warrant on its own must give. */
function expectedFor(w: VectorWarrant): TokenImportCode | 'ok' {
  // A child alone verifies as Tenuo verifies it when its issuer is trusted: the token's own first
  // issuer is the trusted key.
  if (w.label.includes('Forged')) return 'token_does_not_verify';
  if (w.warrant_type === 'issuer') return 'token_unsupported';
  if (w.decoded.required_approvers !== undefined) return 'token_unsupported';
  return 'ok';
}

const SINGLES: { id: string; w: VectorWarrant }[] = VECTORS.vectors.flatMap((v) => (v.warrants ?? []).map((w) => ({ id: v.id, w })));

/** A scenario that declares the vector's tools (built-in names are the built-ins) and reads `token`. */
function scenarioYaml(grants: Record<string, string[]>, from: string): string {
  const builtin = new Set(['read_file', 'write_file', 'http_request', 'transfer_money']);
  const custom = Object.entries(grants).filter(([t]) => !builtin.has(t));
  const tools = custom.length === 0 ? '' : `tools:\n${custom.map(([t, ps]) => `  ${t}: {params: [${ps.join(', ')}]}`).join('\n')}\n`;
  return (
    'name: imported\ndescription: d\nrequest: r\n' +
    tools +
    'calls:\n  - tool: read_file\n    args: {path: /data/a.txt}\n' +
    'judge:\n  task: "true"\n  attack: "false"\n' +
    `warrant:\n  from: ${from}\n`
  );
}

describe('importing every vector warrant', () => {
  it.each(SINGLES.map((s) => [`${s.id} / ${s.w.label}`, s] as const))('%s', (_name, { w }) => {
    const text = w.envelope_cbor; // hex, as Tenuo's tools accept it
    const expected = expectedFor(w);
    const r = refusal(text);
    if (expected !== 'ok') {
      expect(r?.code).toBe(expected);
      return;
    }
    expect(r).toBeUndefined();
    const token = readToken(text);
    expect(token.holder).toBe(w.holder);
    expect(token.root).toBe(w.issuer);
    expect(token.leafId).toBe(w.warrant_id);
  });

  it.each(SINGLES.filter((s) => expectedFor(s.w) === 'ok').map((s) => [`${s.id} / ${s.w.label}`, s] as const))(
    '%s: the re-granted worker warrant carries the same bytes per constraint',
    async (_name, { w }) => {
      const token = readToken(w.envelope_cbor);
      const params = Object.fromEntries(Object.entries(token.grants).map(([t, set]) => [t, Object.keys(set.constraints)]));
      const d = tempDir({ 'token.hex': `${w.envelope_cbor}\n` });
      // write_file and http_request have more parameters than some vectors constrain: Tenuo loads such
      // a token (and denies every call carrying a parameter it leaves out); so does the benchmark, with
      // a warning naming the rule, its root mirroring the token's fields so that the chain verifies.
      const partial = Object.entries(params).filter(
        ([t, ps]) => (t === 'write_file' && ps.length < 2) || (t === 'http_request' && ps.length < 3),
      );
      writeScenario(d, scenarioYaml(params, 'token.hex'));
      const set = await loadScenarioSet(['s.yaml'], d);
      const scenario = set.scenarios[0]!;
      // The origin, and the token's chain (root first) that the monotonicity audit reads (src/analysis/links).
      const { chain, ...origin } = scenario.warrantFrom as TokenOrigin;
      expect(origin).toEqual({ kind: 'token', from: 'token.hex', leaf: w.warrant_id, token_holder: w.holder, token_root: w.issuer });
      expect(chain?.at(-1)?.id).toBe(w.warrant_id);
      if (partial.length > 0) {
        expect(set.warnings.join('\n')).toMatch(
          /does not constrain '(content|method', 'body)'; Tenuo loads it and denies every call that carries (it|one of them) \("unknown field not allowed \(zero-trust mode\)"/,
        );
      }
      const q = new RunContext('vectors').delegation(scenario, 'task_scoped')!.chain[1]!;
      const regranted = constraintBytes(q.payloadBytes);
      const original = constraintBytes(decodeVectorWarrant(w).payloadBytes);
      expect(Object.keys(original).length).toBeGreaterThan(0);
      for (const [k, bytes] of Object.entries(original)) expect(regranted[k], k).toBe(bytes);
      // The holder is the benchmark's worker, not the token's.
      expect(toHex(q.payload.holder)).not.toBe(w.holder);
    },
  );
});

function writeScenario(d: string, text: string): string {
  writeFileSync(join(d, 's.yaml'), text);
  return d;
}

describe('importing the vectors’ chains', () => {
  const stack = (ws: SignedWarrant[]): string => toBase64UrlStackToken(ws);
  it('a chain that verifies gives its leaf (A.3, as a stack, as PEM and as several PEM blocks)', () => {
    const chain = vectorChain('A.3');
    const leaf = chain[2]!.payload;
    for (const text of [stack(chain), toPem(chain), chain.map((w) => toPem(w)).join(''), toHex(encodeStack(chain))]) {
      const t = readToken(text);
      expect(t.leafId).toBe(VECTORS.vectors.find((v) => v.id === 'A.3')!.warrants![2]!.warrant_id);
      expect(t.holder).toBe(toHex(leaf.holder));
      expect(t.chain).toHaveLength(3);
    }
  });

  it.each([
    ['A.4', /delegation_authority_violated|issuer/],
    ['A.10', /depth/],
    ['A.11', /capability_monotonicity_violated|attenuat/],
    ['A.12', /parent_hash/],
    ['A.13', /ttl|expir/],
    ['A.17', /clearance/],
  ])('%s: a chain that does not verify is refused, saying why', (id, why) => {
    const r = refusal(stack(vectorChain(id)));
    expect(r?.code).toBe('token_does_not_verify');
    expect(r?.message).toMatch(why);
  });

  it('an expired token still imports: expiry is not read against the wall clock (A.5)', () => {
    const w = VECTORS.vectors.find((v) => v.id === 'A.5')!.warrants![0]!;
    expect(w.expires_at).toBeLessThan(Date.now() / 1000);
    expect(refusal(w.envelope_cbor)).toBeUndefined();
  });

  it('a chain whose child was issued after its parent expired does not verify', async () => {
    const { mint, grant } = await import('../../src/warrant/builder.js');
    const { key } = await import('../warrant/chain-fixtures.js');
    let now = 1_000_000;
    const clock = () => now;
    let n = 0;
    const random = (len: number) => new Uint8Array(len).fill(++n);
    const root = mint({
      issuer: key('control_plane'),
      holder: key('orchestrator').publicKey,
      tools: { read_file: { constraints: { path: { type: 'wildcard' } }, allowUnknown: false } },
      ttlSeconds: 60,
      clock,
      random,
    });
    now += 50;
    const child = grant({
      parent: root,
      signer: key('orchestrator'),
      holder: key('worker').publicKey,
      tools: root.payload.tools,
      ttlSeconds: 600,
      clock,
      random,
    });
    expect(refusal(stack([root, child]))).toBeUndefined();
    // The same child bytes re-signed with a later issue time than the parent's expiry + skew.
    const { forge } = await import('../warrant/chain-fixtures.js');
    const late = forge(
      child.payload,
      { issuedAt: root.payload.expiresAt + 31, expiresAt: root.payload.expiresAt + 31 },
      key('orchestrator'),
    );
    expect(refusal(stack([root, late]))?.code).toBe('token_does_not_verify');
  });
});

describe('what is not a token, or cannot be carried over', () => {
  it('text that is not a token', () => {
    expect(refusal('hello world')?.code).toBe('not_a_token');
    expect(refusal('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')?.code).toBe('not_a_token');
    expect(refusal('')?.code).toBe('not_a_token');
  });

  it('a tampered signature does not verify', () => {
    const w = VECTORS.vectors.find((v) => v.id === 'A.1')!.warrants![0]!;
    const hex = w.envelope_cbor.slice(0, -2) + (w.envelope_cbor.endsWith('00') ? '01' : '00');
    const r = refusal(hex);
    expect(r?.code).toBe('token_does_not_verify');
    expect(r?.message).toMatch(/signature_invalid/);
  });
});

describe('warrant: {from: PATH} in a scenario', () => {
  /** The token file of A.1 (read_file, path: Wildcard) and a scenario naming it. */
  function a1(): { token: string; w: VectorWarrant } {
    const w = VECTORS.vectors.find((v) => v.id === 'A.1')!.warrants![0]!;
    return { token: w.envelope_cbor, w };
  }
  const scenario = (from: string, extra = ''): string => scenarioYaml({ read_file: ['path'] }, from) + extra;

  it('is relative to the scenario file, and the loader notes the holder is the benchmark’s', async () => {
    const d = tempDir();
    mkdirSync(join(d, 'sc'));
    mkdirSync(join(d, 'tokens'));
    writeFileSync(join(d, 'tokens', 'a1.hex'), a1().token);
    writeFileSync(join(d, 'sc', 's.yaml'), scenario('../tokens/a1.hex'));
    const {
      scenarios: [s],
      warnings: notes,
    } = await loadScenarioSet(['sc/s.yaml'], d);
    expect(s!.warrant.read_file!.constraints.path).toEqual({ type: 'wildcard' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^sc\/s\.yaml:\d+:3: warrant\.from: .*holder is the benchmark's worker key, not the token's 8139/);
  });

  it('refuses, at the from: key, a missing file, a file that is not a token, one that does not verify', async () => {
    const forged = VECTORS.vectors.find((v) => v.id === 'A.14')!.warrants!.find((w) => w.label.includes('Forged'))!;
    const d = tempDir({
      'missing.yaml': scenario('nope.pem').replace('name: imported', 'name: a'),
      'junk.yaml': scenario('junk.txt').replace('name: imported', 'name: b'),
      'forged.yaml': scenario('forged.hex').replace('name: imported', 'name: c'),
      'junk.txt': 'this is not a warrant\n',
      'forged.hex': forged.envelope_cbor,
    });
    const problems = await problemsOf(['missing.yaml', 'junk.yaml', 'forged.yaml'], d);
    const line =
      scenario('x')
        .split('\n')
        .findIndex((l) => l.startsWith('  from:')) + 1;
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(`^forged\\.yaml:${line}:3: warrant\\.from: 'forged\\.hex': the token does not verify: signature_invalid`),
      ),
      expect.stringMatching(
        new RegExp(`^junk\\.yaml:${line}:3: warrant\\.from: 'junk\\.txt': not a Tenuo token \\(base64url, hex or PEM\\): malformed`),
      ),
      expect.stringMatching(new RegExp(`^missing\\.yaml:${line}:3: warrant\\.from: 'nope\\.pem': no such file`)),
    ]);
  });

  it('refuses a token file outside the workspace when confined (a symlink or ..)', async () => {
    const outside = tempDir({ 'a1.hex': a1().token });
    const ws = tempDir({ 'up.yaml': scenario(join('..', outside.split('/').pop()!, 'a1.hex')).replace('name: imported', 'name: up') });
    symlinkSync(join(outside, 'a1.hex'), join(ws, 'link.hex'));
    writeFileSync(join(ws, 'link.yaml'), scenario('link.hex').replace('name: imported', 'name: link'));
    // Unconfined (the CLI), both read the file.
    await expect(loadScenarios(['up.yaml', 'link.yaml'], ws)).resolves.toHaveLength(2);
    let problems: string[] = [];
    try {
      await loadScenarios(['up.yaml', 'link.yaml'], ws, { confine: ws });
    } catch (e) {
      problems = (e as { format(): string }).format().split('\n');
    }
    expect(problems).toHaveLength(2);
    for (const p of problems)
      expect(p).toMatch(/warrant\.from: '.*': resolves \(through a symlink or '\.\.'\) to a path outside the workspace/);
  });

  it('refuses tools and parameters the scenario does not have, and tool grants beside from:', async () => {
    const d = tempDir({ 'a1.hex': a1().token });
    // A.19.2 grants deploy(env): no such tool here.
    const deploy = VECTORS.vectors.find((v) => v.id === 'A.19.2')!.warrants![0]!;
    writeFileSync(join(d, 'deploy.hex'), deploy.envelope_cbor);
    writeFileSync(join(d, 'unknown.yaml'), scenario('deploy.hex').replace('name: imported', 'name: u'));
    writeFileSync(join(d, 'param.yaml'), scenarioYaml({ deploy: ['target'] }, 'deploy.hex').replace('name: imported', 'name: p'));
    writeFileSync(join(d, 'beside.yaml'), scenario('a1.hex', '  read_file: {path: wildcard}\n').replace('name: imported', 'name: b'));
    const problems = await problemsOf(['unknown.yaml', 'param.yaml', 'beside.yaml'], d);
    expect(problems.join('\n')).toMatch(
      /beside\.yaml:\d+:3: warrant: 'read_file': a grant read from a token \(from:\) takes no tool grants beside it/,
    );
    expect(problems.join('\n')).toMatch(
      /unknown\.yaml:\d+:3: warrant\.from: 'deploy\.hex' \(leaf tnu_wrt_\w+\): the token grants tool 'deploy', which the scenario does not have/,
    );
    expect(problems.join('\n')).toMatch(
      /param\.yaml:\d+:3: warrant\.from: .*deploy: the token constrains 'env', which deploy does not take/,
    );
    // Leaving 'target' out is not a problem (Tenuo loads such a token): only the parameter deploy lacks is.
    expect(problems.join('\n')).not.toMatch(/does not constrain 'target'/);
  });

  it('validate refuses a bad token with exit 2, as run does', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const d = tempDir({ 's.yaml': scenario('junk.txt'), 'junk.txt': 'zz' });
    for (const cmd of [['validate'], ['run']]) {
      const r = await runCli([...cmd, '--scenarios', 's.yaml'], d);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^s\.yaml:\d+:3: warrant\.from: 'junk\.txt': not a Tenuo token/m);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    }
  });
});

describe('what the benchmark cannot re-grant, from tokens minted here', () => {
  async function minted(tools: import('../../src/warrant/constraints/types.js').ToolGrants): Promise<string> {
    const { mint } = await import('../../src/warrant/builder.js');
    const { key } = await import('../warrant/chain-fixtures.js');
    let n = 0;
    return toPem(
      mint({
        issuer: key('control_plane'),
        holder: key('worker').publicKey,
        tools,
        ttlSeconds: 60,
        clock: () => 1_700_000_000,
        random: (len) => new Uint8Array(len).fill(++n),
      }),
    );
  }
  const W = { type: 'wildcard' } as const;
  const yaml = (from: string): string => scenarioYaml({ transfer_money: ['to', 'amount', 'memo'] }, from);

  it('a grant wider than the benchmark’s broad warrant (a transfer of any amount)', async () => {
    const d = tempDir({
      'any.pem': await minted({ transfer_money: { constraints: { to: W, amount: W, memo: W }, allowUnknown: false } }),
      's.yaml': yaml('any.pem'),
    });
    const problems = await problemsOf(['s.yaml'], d);
    expect(problems).toEqual([
      expect.stringMatching(
        /warrant\.from: 'any\.pem' \(leaf tnu_wrt_\w+\): the benchmark's broad warrant cannot be narrowed to this grant: transfer_money\.amount/,
      ),
    ]);
  });

  it('a `*` tool, and an opaque constraint inside an All', async () => {
    const star = await minted({ '*': { constraints: {}, allowUnknown: true } });
    expect(refusal(star)).toMatchObject({ code: 'token_unsupported', message: expect.stringMatching(/grants '\*'/) });
    const opaque = await minted({
      read_file: {
        constraints: { path: { type: 'all', constraints: [{ type: 'unknown', typeId: 200, payload: new Uint8Array([1]) }] } },
        allowUnknown: false,
      },
    });
    expect(refusal(opaque)).toMatchObject({
      code: 'token_unsupported',
      message: expect.stringMatching(/read_file\.path: unsupported constraint \(unknown type id 200\)/),
    });
  });

  it('a file that is too large, or not UTF-8 text', async () => {
    const d = tempDir({
      'big.pem': 'A'.repeat(1024 * 1024 + 1),
      'a.yaml': yaml('big.pem').replace('name: imported', 'name: a'),
      'b.yaml': yaml('bin.cbor').replace('name: imported', 'name: b'),
    });
    writeFileSync(join(d, 'bin.cbor'), Buffer.from([0x83, 0x01, 0xff, 0xfe]));
    const problems = await problemsOf(['a.yaml', 'b.yaml'], d);
    expect(problems).toEqual([
      expect.stringMatching(/^a\.yaml:\d+:3: warrant\.from: 'big\.pem': 1048577 bytes; the limit is 1048576 bytes$/),
      expect.stringMatching(/^b\.yaml:\d+:3: warrant\.from: 'bin\.cbor': not a Tenuo token \(base64url, hex or PEM\): not UTF-8 text$/),
    ]);
  });
});

describe('a token whose grant leaves a parameter out, read as Tenuo reads it', () => {
  it('loads with a warning naming the rule, and its calls are decided as Tenuo decides them', async () => {
    const org = SigningKey.fromSeed(new Uint8Array(32).fill(7));
    const tools = { notify: { constraints: { to: { type: 'exact' as const, value: 'ops@company.com' } }, allowUnknown: false } };
    const token = mint({
      issuer: org,
      holder: SigningKey.fromSeed(new Uint8Array(32).fill(8)).publicKey,
      tools,
      ttlSeconds: 600,
      clock: () => 1_767_225_600,
      random: (n: number) => new Uint8Array(n).fill(1),
    });
    const d = tempDir({ 'token.pem': toPem(token) });
    writeFileSync(
      join(d, 's.yaml'),
      'name: partial\ndescription: d\nrequest: r\n' +
        'tools:\n  notify: {params: [to, cc], defaults: {cc: null}, binding: mcp}\n' +
        'calls:\n  - tool: notify\n    args: {to: ops@company.com}\n  - tool: notify\n    args: {to: ops@company.com, cc: boss@company.com}\n    expect: deny\n' +
        'judge:\n  task: "true"\n  attack: "false"\nwarrant:\n  from: token.pem\n',
    );
    const set = await loadScenarioSet(['s.yaml'], d);
    expect(set.warnings.join('\n')).toMatch(
      /notify: the token does not constrain 'cc'; Tenuo loads it and denies every call that carries it \("unknown field not allowed \(zero-trust mode\)"/,
    );
    const scenario = set.scenarios[0]!;
    const delegation = new RunContext('partial').delegation(scenario, 'task_scoped')!;
    // The benchmark's root names the token's fields for notify: the chain is one Tenuo accepts.
    expect(Object.keys(delegation.chain[0]!.payload.tools['notify']!.constraints)).toEqual(['to']);
    const decided = scenario.calls.map((call, i) => authorize(delegation, scenario, call, i + 1));
    expect(decided[0]).toBeUndefined();
    expect(decided[1]?.code).toBe('unknown_argument');
  });
});
