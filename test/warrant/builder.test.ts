/**
 * mint / grant: what they build (fields, ids, timestamps, bytes), that what they build verifies,
 * and that every kind of widening is refused with the verifier's own error code.
 */
import { describe, expect, it } from 'vitest';
import { Authorizer } from '../../src/warrant/authorize.js';
import { grant, mint, type GrantOptions } from '../../src/warrant/builder.js';
import { sha256 } from '../../src/warrant/crypto/sha256.js';
import { decodeWarrant, encodeWarrant } from '../../src/warrant/envelope.js';
import { verifyWarrantSignature } from '../../src/warrant/keys.js';
import type { Constraint, ToolGrants } from '../../src/warrant/constraints/types.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { caught, fixedClock, key, NOW, outcome, seededRandom } from './chain-fixtures.js';

const org = key('control_plane');
const p = key('orchestrator');
const q = key('worker');
const r = key('worker2');

const pattern = (glob: string): Constraint => ({ type: 'pattern', pattern: glob });
const range = (min: number, max: number): Constraint => ({ type: 'range', min, max, minInclusive: true, maxInclusive: true });
const grants = (tools: Record<string, Record<string, Constraint>>, allowUnknown = false): ToolGrants =>
  Object.fromEntries(Object.entries(tools).map(([t, c]) => [t, { constraints: c, allowUnknown }]));

const ROOT_TOOLS = grants({
  read_file: { path: pattern('/data/*') },
  transfer_money: { to: { type: 'wildcard' }, amount: range(0, 1000) },
});

const clock = fixedClock(NOW);

function rootWarrant(extra: Partial<Parameters<typeof mint>[0]> = {}): SignedWarrant {
  return mint({
    issuer: org,
    holder: p.publicKey,
    tools: ROOT_TOOLS,
    ttlSeconds: 3600,
    clock,
    random: seededRandom(1),
    maxDepth: 3,
    ...extra,
  });
}

function verifyAt(chain: readonly SignedWarrant[], now = NOW): string {
  return outcome(() => new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(now) }).verifyChain(chain));
}

const root = rootWarrant();

function child(extra: Partial<GrantOptions> = {}): SignedWarrant {
  return grant({
    parent: root,
    signer: p,
    holder: q.publicKey,
    tools: grants({ read_file: { path: pattern('/data/reports/*') } }),
    ttlSeconds: 600,
    clock,
    random: seededRandom(2),
    ...extra,
  });
}

function refusal(f: () => unknown): string {
  return caught(() => void f()).code;
}

describe('mint', () => {
  it('builds a signed root: issuer = the signing key, depth 0, no parent, times from the clock', () => {
    expect(root.payload.issuer).toEqual(org.publicKey);
    expect(root.payload.holder).toEqual(p.publicKey);
    expect(root.payload.depth).toBe(0);
    expect(root.payload.parentHash).toBeNull();
    expect(root.payload.issuedAt).toBe(NOW);
    expect(root.payload.expiresAt).toBe(NOW + 3600);
    expect(root.payload.maxDepth).toBe(3);
    expect(verifyWarrantSignature(org.publicKey, root.payloadBytes, root.signature)).toBe(true);
    expect(verifyAt([root])).toBe('valid');
  });

  it('makes a UUIDv7 id carrying the clock time, from the injected randomness', () => {
    const id = root.payload.id;
    expect(id.length).toBe(16);
    expect(id[6]! >> 4).toBe(7); // version
    expect(id[8]! >> 6).toBe(2); // variant
    const ms = id.slice(0, 6).reduce((acc, b) => acc * 256 + b, 0);
    expect(ms).toBe(NOW * 1000);
    expect(rootWarrant({ random: seededRandom(9) }).payload.id).not.toEqual(id);
  });

  it('is deterministic: same inputs, same bytes; the result round-trips through the codec', () => {
    const again = rootWarrant();
    expect(again.payloadBytes).toEqual(root.payloadBytes);
    expect(again.signature).toEqual(root.signature);
    const decoded = decodeWarrant(encodeWarrant(root));
    expect(decoded.payloadBytes).toEqual(root.payloadBytes);
    expect(decoded.payload).toEqual(root.payload);
  });

  it('defaults max_depth to 64 and sorts approvers by key bytes', () => {
    const a = [key('approver1').publicKey, key('approver2').publicKey, key('approver3').publicKey];
    const w = mint({
      issuer: org,
      holder: p.publicKey,
      tools: ROOT_TOOLS,
      ttlSeconds: 60,
      clock,
      random: seededRandom(3),
      requiredApprovers: a,
      minApprovals: 2,
    });
    expect(w.payload.maxDepth).toBe(64);
    const hexes = w.payload.requiredApprovers!.map((k) => Buffer.from(k).toString('hex'));
    expect(hexes).toEqual([...hexes].sort());
    expect(verifyAt([w])).toBe('valid');
  });

  it('builds an issuer root when given issuable tools and no tools', () => {
    const w = mint({
      issuer: org,
      holder: p.publicKey,
      tools: {},
      issuableTools: ['write_file', 'read_file'],
      ttlSeconds: 60,
      clock,
      random: seededRandom(4),
    });
    expect(w.payload.warrantType).toBe('issuer');
    expect(w.payload.issuableTools).toEqual(['read_file', 'write_file']);
    expect(verifyAt([w])).toBe('valid');
  });

  it('refuses what the verifier would reject', () => {
    expect(refusal(() => rootWarrant({ ttlSeconds: 90 * 86400 + 1 }))).toBe('ttl_monotonicity_violated');
    expect(refusal(() => rootWarrant({ ttlSeconds: 0 }))).toBe('malformed');
    expect(refusal(() => rootWarrant({ ttlSeconds: 1.5 }))).toBe('malformed');
    expect(refusal(() => rootWarrant({ maxDepth: 65 }))).toBe('depth_exceeded');
    expect(refusal(() => rootWarrant({ holder: new Uint8Array(31) }))).toBe('malformed');
    expect(refusal(() => rootWarrant({ issuableTools: ['x'] }))).toBe('malformed'); // execution with issuable tools
    expect(refusal(() => rootWarrant({ requiredApprovers: [q.publicKey], minApprovals: 2 }))).toBe('malformed');
    // The longest lifetime is allowed.
    expect(verifyAt([rootWarrant({ ttlSeconds: 90 * 86400 })])).toBe('valid');
  });
});

describe('grant', () => {
  it('builds a verifiable child: issuer = parent holder, parent hash, depth + 1, inherited max_depth', () => {
    const c = child();
    expect(c.payload.issuer).toEqual(p.publicKey);
    expect(c.payload.parentHash).toEqual(sha256(root.payloadBytes));
    expect(c.payload.depth).toBe(1);
    expect(c.payload.maxDepth).toBe(3);
    expect(c.payload.expiresAt).toBe(NOW + 600);
    expect(verifyAt([root, c])).toBe('valid');
  });

  it('clamps the expiry to the parent expiry', () => {
    const c = child({ ttlSeconds: 7200 });
    expect(c.payload.expiresAt).toBe(root.payload.expiresAt);
    expect(verifyAt([root, c])).toBe('valid');
  });

  it('keeps the parent clearance, session, agent and approvers unless told otherwise', () => {
    const a = [key('approver1').publicKey];
    const parent = rootWarrant({ clearance: 3, sessionId: 'sess-1', agentId: 'planner', requiredApprovers: a, minApprovals: 1 });
    const c = grant({
      parent,
      signer: p,
      holder: q.publicKey,
      tools: grants({ read_file: { path: pattern('/data/x') } }),
      ttlSeconds: 60,
      clock,
      random: seededRandom(5),
    });
    expect(c.payload.clearance).toBe(3);
    expect(c.payload.sessionId).toBe('sess-1');
    expect(c.payload.agentId).toBe('planner');
    expect(c.payload.requiredApprovers).toEqual(a);
    expect(c.payload.minApprovals).toBe(1);
    expect(verifyAt([parent, c])).toBe('valid');
  });

  it('builds chains down to max_depth and refuses one step further', () => {
    let chain = [root];
    const holders = [q, r, p, q];
    for (let depth = 1; depth <= 3; depth++) {
      const parent = chain[chain.length - 1]!;
      const signer = depth === 1 ? p : holders[depth - 2]!;
      chain = [
        ...chain,
        grant({
          parent,
          signer,
          holder: holders[depth - 1]!.publicKey,
          tools: grants({ read_file: { path: pattern('/data/a') } }),
          ttlSeconds: 60,
          clock,
          random: seededRandom(100 + depth),
        }),
      ];
      expect(verifyAt(chain)).toBe('valid');
    }
    const leaf = chain[3]!;
    expect(leaf.payload.depth).toBe(3);
    expect(
      refusal(() =>
        grant({
          parent: leaf,
          signer: holders[2]!,
          holder: q.publicKey,
          tools: grants({ read_file: { path: pattern('/data/a') } }),
          ttlSeconds: 60,
          clock,
          random: seededRandom(9),
        }),
      ),
    ).toBe('depth_exceeded');
  });

  describe('refuses every widening with the verifier code', () => {
    const cases: [string, Partial<GrantOptions>, string][] = [
      ['a signer that is not the parent holder', { signer: q }, 'delegation_authority_violated'],
      ['an added tool', { tools: grants({ read_file: { path: pattern('/data/*') }, send_email: {} }) }, 'capability_monotonicity_violated'],
      ['a wider pattern', { tools: grants({ read_file: { path: pattern('/*') } }) }, 'capability_monotonicity_violated'],
      [
        'a wider range',
        { tools: grants({ transfer_money: { to: { type: 'wildcard' }, amount: range(0, 5000) } }) },
        'capability_monotonicity_violated',
      ],
      ['a dropped constraint', { tools: grants({ transfer_money: { amount: range(0, 10) } }) }, 'capability_monotonicity_violated'],
      [
        'allow_unknown the parent lacks',
        { tools: grants({ read_file: { path: pattern('/data/x') } }, true) },
        'capability_monotonicity_violated',
      ],
      ['a larger max_depth', { maxDepth: 4 }, 'depth_monotonicity_violated'],
      ['a max_depth below its own depth', { maxDepth: 0 }, 'depth_exceeded'],
      ['a clearance the parent lacks', { clearance: 1 }, 'clearance_monotonicity_violated'],
      [
        'an issuer warrant from an execution warrant',
        { type: 'issuer', tools: {}, issuableTools: ['read_file'] },
        'capability_monotonicity_violated',
      ],
      ['a lifetime over 90 days', { ttlSeconds: 90 * 86400 + 1 }, 'ttl_monotonicity_violated'],
    ];
    for (const [what, extra, code] of cases) {
      it(what, () => {
        expect(refusal(() => child(extra))).toBe(code);
      });
    }
  });

  it('refuses to lower approvals', () => {
    const a = [key('approver1').publicKey, key('approver2').publicKey];
    const parent = rootWarrant({ requiredApprovers: a, minApprovals: 2 });
    const base = {
      parent,
      signer: p,
      holder: q.publicKey,
      tools: grants({ read_file: { path: pattern('/data/x') } }),
      ttlSeconds: 60,
      clock,
      random: seededRandom(5),
    };
    expect(refusal(() => grant({ ...base, minApprovals: 1 }))).toBe('capability_monotonicity_violated');
    expect(refusal(() => grant({ ...base, requiredApprovers: [a[0]!], minApprovals: 1 }))).toBe('capability_monotonicity_violated');
    const more = grant({ ...base, requiredApprovers: [...a, key('approver3').publicKey], minApprovals: 2 });
    expect(verifyAt([parent, more])).toBe('valid');
  });

  it('refuses to grant from an expired parent, and builds at the last valid second', () => {
    const late = (now: number) => child({ clock: fixedClock(now), ttlSeconds: 10 });
    expect(refusal(() => late(root.payload.expiresAt))).toBe('warrant_expired');
    const last = late(root.payload.expiresAt - 1);
    expect(last.payload.expiresAt).toBe(root.payload.expiresAt);
    expect(verifyAt([root, last], root.payload.expiresAt - 1)).toBe('valid');
  });

  describe('from an issuer warrant', () => {
    const issuer = mint({
      issuer: org,
      holder: p.publicKey,
      tools: {},
      issuableTools: ['read_file'],
      constraintBounds: { constraints: { path: pattern('/data/*') }, allowUnknown: false },
      maxIssueDepth: 2,
      maxDepth: 5,
      ttlSeconds: 3600,
      clock,
      random: seededRandom(20),
    });
    const issue = (tools: ToolGrants, holder = q.publicKey, extra: Partial<GrantOptions> = {}) =>
      grant({ parent: issuer, signer: p, holder, tools, ttlSeconds: 60, clock, random: seededRandom(21), ...extra });

    it('issues an execution warrant within the bounds', () => {
      const w = issue(grants({ read_file: { path: { type: 'exact', value: '/data/q3.pdf' } } }));
      expect(w.payload.warrantType).toBe('execution');
      expect(verifyAt([issuer, w])).toBe('valid');
    });

    it('refuses self-issuance, tools outside issuable_tools, bounds and issue depth', () => {
      const ok = grants({ read_file: { path: pattern('/data/x/*') } });
      expect(refusal(() => issue(ok, p.publicKey))).toBe('self_issuance');
      expect(refusal(() => issue(ok, org.publicKey))).toBe('self_issuance');
      expect(refusal(() => issue(grants({ write_file: { path: pattern('/data/x') } })))).toBe('capability_monotonicity_violated');
      // A.15's shape: Exact('/etc/passwd') under a Pattern('/data/*') bound.
      expect(refusal(() => issue(grants({ read_file: { path: { type: 'exact', value: '/etc/passwd' } } })))).toBe(
        'capability_monotonicity_violated',
      );
      expect(refusal(() => issue(ok, q.publicKey, { maxDepth: 3 }))).toBe('capability_monotonicity_violated');
    });
  });
});
