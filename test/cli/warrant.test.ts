/**
 * `delegation-bench warrant decode|verify`, run in-process through main() with a fake io: output
 * JSON, every failure code, PoP by --holder-key and --pop, int/float in --args, exit codes 0/1/2.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseArgsJson } from '../../src/cli/warrant.js';
import type { CliIO } from '../../src/cli/io.js';
import { grant, mint } from '../../src/warrant/builder.js';
import { toHex } from '../../src/lib/bytes.js';
import { decode, encode, isCborMap, type CborValue } from '../../src/warrant/cbor/index.js';
import { signWarrantPayload } from '../../src/warrant/keys.js';
import { signPop } from '../../src/warrant/pop.js';
import { toBase64UrlStackToken, toBase64UrlToken, toPem } from '../../src/warrant/text.js';
import { Float } from '../../src/warrant/constraint-value.js';
import { decodeVectorWarrant, fixedClock, forge, key, NOW, seededRandom, vector, vectorChain, VECTORS } from '../warrant/chain-fixtures.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  json: Record<string, unknown> & { chain?: unknown[]; authorization?: Record<string, unknown> | null };
}

async function run(argv: string[], stdin = ''): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: async () => stdin,
    cwd: '/',
  };
  const code = await main(['warrant', ...argv], io);
  let json = {} as Run['json'];
  if (stdout.trim().startsWith('{') || stdout.trim().startsWith('[')) json = JSON.parse(stdout) as Run['json'];
  return { code, stdout, stderr, json };
}

const ROOT_HEX = VECTORS.keys.control_plane!.public_key;
const AT = ['--trusted-root', ROOT_HEX, '--now', String(NOW)];
const tokensOf = (id: string) => vectorChain(id).map(toBase64UrlToken);
const seedOf = (role: string) => VECTORS.keys[role]!.seed;

async function verify(tokens: string[], extra: string[] = []): Promise<Run> {
  return run(['verify', ...AT, ...extra, ...tokens]);
}

describe('warrant decode', () => {
  it('prints one envelope as a JSON object', async () => {
    const w = vector('A.1').warrants![0]!;
    const r = await run(['decode', toBase64UrlToken(decodeVectorWarrant(w))]);
    expect(r.code).toBe(0);
    expect(r.json.id).toBe(w.warrant_id);
    expect(r.json.holder).toBe(w.holder);
    expect(r.json.expires_at).toBe(w.expires_at);
    const fromHex = await run(['decode', w.envelope_cbor]);
    expect(fromHex.json).toEqual(r.json);
  });

  it('prints a stack as an array, from stdin too', async () => {
    const token = vector('A.8').data!.base64url as string;
    const r = await run(['decode', token]);
    expect(r.code).toBe(0);
    expect(Array.isArray(r.json)).toBe(true);
    expect((r.json as unknown as { id: string }[]).map((x) => x.id)).toEqual(
      (vector('A.3') as { chain_warrant_ids?: string[] }).chain_warrant_ids,
    );
    const piped = await run(['decode', '-'], `${token}\n`);
    expect(piped.json).toEqual(r.json);
  });

  it('reports a bad token as malformed JSON with the reason, exit 1, no stack trace', async () => {
    for (const bad of ['not-a-token!', 'g4MB', 'abc', '=====']) {
      const r = await run(['decode', bad]);
      expect(r.code, bad).toBe(1);
      expect(r.json.valid).toBe(false);
      expect(r.json.code).toBe('malformed');
      expect(String(r.json.message).length).toBeGreaterThan(5);
      expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('needs exactly one token', async () => {
    expect((await run(['decode'])).code).toBe(2);
    expect((await run(['decode', 'a', 'b'])).code).toBe(2);
  });
});

describe('warrant verify: chains', () => {
  it('verifies a chain given as several tokens, root first', async () => {
    const r = await verify(tokensOf('A.3'));
    expect(r.code).toBe(0);
    expect(r.json.valid).toBe(true);
    expect(r.json.code).toBeNull();
    expect(r.json.chain).toHaveLength(3);
    expect(r.json.authorization).toBeNull();
    expect(Object.keys(r.json)).toEqual(['valid', 'chain_valid', 'code', 'message', 'chain', 'authorization', 'warnings']);
    expect(r.json.warnings).toEqual([]);
  });

  it('expands a stack token to its chain, and reads stdin', async () => {
    const stack = vector('A.8').data!.base64url as string;
    expect((await verify([stack])).json.valid).toBe(true);
    expect((await run(['verify', ...AT, '-'], stack)).code).toBe(0);
    // Whitespace-separated tokens on stdin, and PEM.
    expect((await run(['verify', ...AT, '-'], tokensOf('A.3').join('\n'))).code).toBe(0);
    expect((await run(['verify', ...AT, '-'], toPem(vectorChain('A.3')))).code).toBe(0);
  });

  const VECTOR_FAILURES: [string, string][] = [
    ['A.4', 'delegation_authority_violated'],
    ['A.10', 'depth_monotonicity_violated'],
    ['A.11', 'capability_monotonicity_violated'],
    ['A.12', 'parent_hash_mismatch'],
    ['A.13', 'ttl_monotonicity_violated'],
    ['A.15', 'capability_monotonicity_violated'],
    ['A.17', 'clearance_monotonicity_violated'],
  ];
  for (const [id, code] of VECTOR_FAILURES) {
    it(`${id} → ${code}, exit 1`, async () => {
      const r = await verify(tokensOf(id));
      expect(r.code).toBe(1);
      expect(r.json).toMatchObject({ valid: false, code });
      // A.4's forged link is caught at the signature step, before its payload (and so its id) is
      // decoded: it is named by position; the others fail after decoding, named with their id.
      expect(String(r.json.message)).toMatch(
        id === 'A.4' ? /^link 1: issuer [0-9a-f]{64} is not the parent's holder / : /^link 1 \(tnu_wrt_[0-9a-f]{32}\): /,
      );
      expect(r.json.chain).toHaveLength(2);
    });
  }

  it('signature_invalid (A.14 forged) and chain_not_anchored (another trusted root)', async () => {
    const forged = vector('A.14').warrants!.find((w) => w.label.includes('Forged'))!;
    expect((await verify([forged.envelope_cbor])).json.code).toBe('signature_invalid');
    const other = await run(['verify', '--trusted-root', VECTORS.keys.orchestrator!.public_key, '--now', String(NOW), ...tokensOf('A.3')]);
    expect(other.json.code).toBe('chain_not_anchored');
    expect(other.code).toBe(1);
  });

  it('warrant_expired: A.5 as Tenuo reads time: the chain verifies past expiry (with a warning), a call from expires_at on is denied', async () => {
    const w = vector('A.5').warrants![0]!;
    const at = (now: number, call: string[] = []) =>
      run(['verify', '--trusted-root', ROOT_HEX, '--now', String(now), ...call, w.envelope_cbor]);
    const late = await at(w.expires_at + 31);
    expect(late.code).toBe(0);
    expect(late.json.warnings).toEqual([expect.stringMatching(/verify_chain never checks the root's expiry/)]);
    const call = ['--tool', 'read_file', '--args', '{}', '--pop', '00'.repeat(64)];
    const denied = await at(w.expires_at, call);
    expect(denied.code).toBe(1);
    expect(denied.json.code).toBe('warrant_expired');
    expect((await at(w.expires_at - 1, call)).json.code).not.toBe('warrant_expired');
  });

  it('checks issued_at in the future on single tokens and PEM blocks, not in a TENUO WARRANT CHAIN (with a warning)', async () => {
    const org = key('control_plane');
    const tools = { read_file: { constraints: { path: { type: 'wildcard' as const } }, allowUnknown: false } };
    const early = mint({
      issuer: org,
      holder: key('worker').publicKey,
      tools,
      ttlSeconds: 600,
      clock: fixedClock(NOW + 31),
      random: seededRandom(1),
    });
    const orgHex = toHex(org.publicKey);
    const at = (token: string) => run(['verify', '--trusted-root', orgHex, '--now', String(NOW), token]);
    const single = await at(toBase64UrlToken(early));
    expect(single.json.code).toBe('warrant_expired');
    expect(single.json.message).toContain('not valid yet');
    expect((await at(toPem(early))).json.code).toBe('warrant_expired');
    const chainPem = `-----BEGIN TENUO WARRANT CHAIN-----\n${toBase64UrlStackToken([early])
      .match(/.{1,64}/g)!
      .join('\n')}\n-----END TENUO WARRANT CHAIN-----\n`;
    const stack = await at(chainPem);
    expect(stack.code).toBe(0);
    expect(stack.json.warnings).toEqual([expect.stringMatching(/TENUO WARRANT CHAIN.*never checks issued_at/)]);
  });

  it('warrant_revoked: --revoked accepts the display form and bare hex alike', async () => {
    const childId = (vector('A.22').expected.revoked_ids as string[])[0]!;
    for (const id of [childId, childId.slice('tnu_wrt_'.length), childId.toUpperCase().replace('TNU_WRT_', 'tnu_wrt_')]) {
      const r = await verify(tokensOf('A.22'), ['--revoked', id]);
      expect(r.json.code, id).toBe('warrant_revoked');
    }
    expect((await verify(tokensOf('A.22'))).code).toBe(0);
  });

  it('depth_exceeded, self_issuance and unknown_field from hand-made tokens', async () => {
    const org = key('control_plane');
    const p = key('orchestrator');
    const tools = { read_file: { constraints: { path: { type: 'wildcard' as const } }, allowUnknown: false } };
    const root = mint({
      issuer: org,
      holder: p.publicKey,
      tools,
      ttlSeconds: 600,
      clock: fixedClock(NOW),
      random: seededRandom(1),
      maxDepth: 1,
    });
    const child = grant({
      parent: root,
      signer: p,
      holder: key('worker').publicKey,
      tools,
      ttlSeconds: 60,
      clock: fixedClock(NOW),
      random: seededRandom(2),
    });
    const deep = forge(child.payload, { maxDepth: 0 }, p);
    expect((await verify([toBase64UrlToken(root), toBase64UrlToken(deep)])).json.code).toBe('depth_exceeded');

    const issuer = mint({
      issuer: org,
      holder: p.publicKey,
      tools: {},
      issuableTools: ['read_file'],
      ttlSeconds: 600,
      clock: fixedClock(NOW),
      random: seededRandom(3),
    });
    const selfIssued = forge({ ...child.payload, parentHash: null }, {}, p);
    const linked = forge(
      selfIssued.payload,
      { holder: p.publicKey, parentHash: (await import('../../src/warrant/crypto/sha256.js')).sha256(issuer.payloadBytes) },
      p,
    );
    expect((await verify([toBase64UrlStackToken([issuer, linked])])).json.code).toBe('self_issuance');

    // Payload key 12 (the removed trust_ceiling) fails closed as unknown_field.
    const payload = decode(root.payloadBytes);
    if (!isCborMap(payload)) throw new Error('payload is not a map');
    const withTwelve = new Map<CborValue, CborValue>([...payload].filter(([k]) => (k as number) < 12));
    withTwelve.set(12, 1);
    for (const [k, v] of payload) if ((k as number) > 12) withTwelve.set(k, v);
    // Signed by the trusted root: the signature verifies, then the payload decode refuses key 12.
    const twelveBytes = encode(withTwelve);
    const envelope = encode([1, twelveBytes, [1, signWarrantPayload(org, twelveBytes)]]);
    const r = await verify([toHex(envelope)]);
    expect(r.json.code).toBe('unknown_field');
    expect(r.json.message).toMatch(/^link 0: envelope: payload: unknown field key 12/);
    expect(r.json.chain).toEqual([]);
    expect(r.code).toBe(1);
    // Verify before deserialize: the same bytes under the old (now wrong) signature are refused for
    // the signature, before the payload is decoded; and decode still explains what is wrong.
    const unsigned = await verify([toHex(encode([1, twelveBytes, [1, root.signature]]))]);
    expect(unsigned.json.code).toBe('signature_invalid');
    expect(unsigned.code).toBe(1);
    const decoded = await run(['decode', toHex(envelope)]);
    expect(decoded.code).toBe(1);
    expect(decoded.json).toMatchObject({ valid: false, code: 'unknown_field' });
    expect(String(decoded.json.message)).toMatch(/unknown field key 12/);
  });

  it('a bad token among several is malformed, naming which, exit 1', async () => {
    const [rootToken] = tokensOf('A.3');
    const r = await verify([rootToken!, 'zz-not-base64!']);
    expect(r.code).toBe(1);
    expect(r.json.code).toBe('malformed');
    expect(String(r.json.message)).toMatch(/^token 2: /);
    expect(r.json.chain).toEqual([]);
  });
});

describe('warrant verify: a call', () => {
  // A.3's leaf: holder worker2, read_file path Exact('/data/reports/q3.pdf').
  const chain = tokensOf('A.3');
  const leaf = vectorChain('A.3')[2]!;
  const GOOD = '{"path": "/data/reports/q3.pdf"}';

  it('signs the PoP itself with --holder-key and allows the call', async () => {
    const r = await verify(chain, ['--tool', 'read_file', '--args', GOOD, '--holder-key', seedOf('worker2')]);
    expect(r.code).toBe(0);
    expect(r.json.valid).toBe(true);
    expect(r.json.authorization).toEqual({
      tool: 'read_file',
      args: { path: '/data/reports/q3.pdf' },
      allowed: true,
      code: null,
      message: 'read_file allowed',
    });
  });

  it('pop_failed with another holder key', async () => {
    const r = await verify(chain, ['--tool', 'read_file', '--args', GOOD, '--holder-key', seedOf('worker')]);
    expect(r.code).toBe(1);
    expect(r.json.code).toBe('pop_failed');
    expect(r.json.authorization).toMatchObject({ allowed: false, code: 'pop_failed' });
  });

  it('says the chain verdict and the call verdict apart: a denied call on a valid chain', async () => {
    const denied = await verify(chain, ['--tool', 'read_file', '--args', '{"path": "/etc/passwd"}', '--holder-key', seedOf('worker2')]);
    expect(denied.code).toBe(1);
    expect(denied.json).toMatchObject({ valid: false, chain_valid: true, code: 'constraint_not_satisfied' });
    expect(denied.json.message).toMatch(/^chain verified; read_file denied: /);
    expect(denied.json.authorization).toMatchObject({ allowed: false, code: 'constraint_not_satisfied' });
    const broken = await verify(tokensOf('A.13'), ['--tool', 'read_file', '--args', GOOD, '--holder-key', seedOf('worker')]);
    expect(broken.json).toMatchObject({ valid: false, chain_valid: false, code: 'ttl_monotonicity_violated' });
    const ok = await verify(chain, ['--tool', 'read_file', '--args', GOOD, '--holder-key', seedOf('worker2')]);
    expect(ok.json).toMatchObject({ valid: true, chain_valid: true });
    expect((await verify(chain)).json).toMatchObject({ valid: true, chain_valid: true, authorization: null });
  });

  it('accepts a PoP given with --pop, inside its window only', async () => {
    const pop = toHex(signPop(key('worker2'), leaf.payload.id, 'read_file', { path: '/data/reports/q3.pdf' }, NOW));
    expect((await verify(chain, ['--tool', 'read_file', '--args', GOOD, '--pop', pop])).code).toBe(0);
    const later = await run([
      'verify',
      '--trusted-root',
      ROOT_HEX,
      '--now',
      String(NOW + 90),
      '--tool',
      'read_file',
      '--args',
      GOOD,
      '--pop',
      pop,
      ...chain,
    ]);
    expect(later.json.code).toBe('pop_failed');
    const short = await verify(chain, ['--tool', 'read_file', '--args', GOOD, '--pop', pop.slice(0, 64)]);
    expect(short.json.code).toBe('pop_failed');
  });

  it('tool_not_allowed, constraint_not_satisfied, unknown_argument', async () => {
    const call = (tool: string, args: string) => verify(chain, ['--tool', tool, '--args', args, '--holder-key', seedOf('worker2')]);
    expect((await call('write_file', GOOD)).json.code).toBe('tool_not_allowed');
    expect((await call('read_file', '{"path": "/etc/passwd"}')).json.code).toBe('constraint_not_satisfied');
    expect((await call('read_file', '{"path": "/data/reports/q3.pdf", "mode": "r"}')).json.code).toBe('unknown_argument');
  });

  it('insufficient_approvals for a warrant that requires approvers (A.21.2)', async () => {
    const w = vector('A.21.2').warrants![0]!;
    const r = await verify([w.envelope_cbor], ['--tool', 'read_file', '--args', '{"path": "/data/x"}', '--holder-key', seedOf('worker')]);
    expect(r.json.code).toBe('insufficient_approvals');
    expect(r.code).toBe(1);
  });

  it('reports the chain failure on the call when the chain is invalid', async () => {
    const r = await verify(tokensOf('A.13'), ['--tool', 'read_file', '--args', GOOD, '--holder-key', seedOf('worker')]);
    expect(r.json.code).toBe('ttl_monotonicity_violated');
    expect(r.json.authorization).toMatchObject({ allowed: false, code: 'ttl_monotonicity_violated' });
  });

  it('keeps float and int apart in --args: the PoP covers the difference', async () => {
    // A.19.1: api_call count Range(0, 100), holder worker. The PoP is signed over count = 50.0.
    const w = vector('A.19.1').warrants![0]!;
    const signed = signPop(key('worker'), decodeVectorWarrant(w).payload.id, 'api_call', { count: new Float(50) }, NOW);
    const call = (args: string) => verify([w.envelope_cbor], ['--tool', 'api_call', '--args', args, '--pop', toHex(signed)]);
    expect((await call('{"count": 50.0}')).code).toBe(0);
    expect((await call('{"count": 5e1}')).code).toBe(0);
    expect((await call('{"count": {"$float": 50}}')).code).toBe(0);
    expect((await call('{"count": 50}')).json.code).toBe('pop_failed');
    const echoed = (await call('{"count": 50.0}')).json.authorization!;
    expect(echoed.args).toEqual({ count: { $float: 50 } });
  });
});

describe('--args parsing', () => {
  it('types numbers by their text', () => {
    const a = parseArgsJson(
      '{"i": 1, "f": 1.0, "e": 1e2, "neg": -0, "big": 9007199254740993, "forced": {"$float": 2}, "s": "x\\u00e9", "l": [1, 2.5], "o": {"k": null, "b": true}}',
    );
    expect(a.i).toBe(1);
    expect(a.f).toEqual(new Float(1));
    expect(a.e).toEqual(new Float(100));
    expect(Object.is(a.neg, 0)).toBe(true);
    expect(a.big).toBe(9007199254740993n);
    expect(a.forced).toEqual(new Float(2));
    expect(a.s).toBe('xé');
    expect(a.l).toEqual([1, new Float(2.5)]);
    expect(a.o).toEqual(Object.assign(Object.create(null), { k: null, b: true }));
  });

  it('treats __proto__ as an ordinary key', () => {
    const a = parseArgsJson('{"__proto__": {"x": 1}}');
    expect(Object.keys(a)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(a)).toBeNull();
  });

  it('refuses what is not a plain JSON object of arguments', () => {
    for (const bad of [
      '',
      '[]',
      '1',
      '{"a": 1,}',
      '{"a": 1} x',
      '{"a": 1, "a": 2}',
      '{"a": 01}',
      '{"a": 1e999}',
      '{"a": 99999999999999999999}',
      "{'a': 1}",
      '{"a": NaN}',
    ]) {
      expect(() => parseArgsJson(bad), bad).toThrow(/--args/);
    }
  });
});

describe('usage errors exit 2 with a message on stderr', () => {
  const [rootToken] = tokensOf('A.3');
  const cases: [string, string[]][] = [
    ['no subcommand', []],
    ['unknown subcommand', ['check', rootToken!]],
    ['no --trusted-root', ['verify', '--now', String(NOW), rootToken!]],
    ['bad --trusted-root', ['verify', '--trusted-root', 'zz', rootToken!]],
    ['short --trusted-root', ['verify', '--trusted-root', 'abcd', rootToken!]],
    ['bad --now', ['verify', ...AT.slice(0, 2), '--now', 'yesterday', rootToken!]],
    ['bad --revoked', ['verify', ...AT, '--revoked', 'tnu_wrt_xyz', rootToken!]],
    ['unknown option', ['verify', ...AT, '--frobnicate', '1', rootToken!]],
    ['no token', ['verify', ...AT]],
    ['--args without --tool', ['verify', ...AT, '--args', '{}', rootToken!]],
    ['--tool without a PoP', ['verify', ...AT, '--tool', 'read_file', rootToken!]],
    ['--pop and --holder-key', ['verify', ...AT, '--tool', 't', '--pop', '00', '--holder-key', seedOf('worker'), rootToken!]],
    ['bad --args JSON', ['verify', ...AT, '--tool', 't', '--args', '{path: 1}', '--holder-key', seedOf('worker'), rootToken!]],
    ['bad --pop hex', ['verify', ...AT, '--tool', 't', '--args', '{}', '--pop', 'xyz', rootToken!]],
    ['short --holder-key', ['verify', ...AT, '--tool', 't', '--holder-key', '0101', rootToken!]],
    ['a flag without its value', ['verify', ...AT, '--now']],
  ];
  for (const [what, argv] of cases) {
    it(what, async () => {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^delegation-bench warrant: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('--help prints the usage and exits 0', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('warrant verify --trusted-root HEX');
  });
});
