/**
 * Chain verification: one test per failure the verifier can report, each on a chain whose only
 * defect is the one under test (forged with valid signatures), plus the order between defects.
 */
import { describe, expect, it } from 'vitest';
import { Authorizer } from '../../src/warrant/authorize.js';
import { grant, mint } from '../../src/warrant/builder.js';
import { MAX_WARRANT_TTL_SECONDS } from '../../src/warrant/link-rules.js';
import { checkDecodedIssuedAt, clockQuirks } from '../../src/warrant/validity.js';
import { signPop } from '../../src/warrant/pop.js';
import { sha256 } from '../../src/warrant/crypto/sha256.js';
import { warrantIdString } from '../../src/warrant/id.js';
import type { Constraint, ToolGrants } from '../../src/warrant/constraints/types.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { caught, fixedClock, forge, key, NOW, outcome, seededRandom } from './chain-fixtures.js';

const org = key('control_plane');
const p = key('orchestrator');
const q = key('worker');
const stranger = key('attacker');

const pattern = (glob: string): Constraint => ({ type: 'pattern', pattern: glob });
const grants = (tools: Record<string, Record<string, Constraint>>): ToolGrants =>
  Object.fromEntries(Object.entries(tools).map(([t, c]) => [t, { constraints: c, allowUnknown: false }]));

const ROOT_TOOLS = grants({ read_file: { path: pattern('/data/*') }, list_files: { dir: pattern('/data/*') } });
const CHILD_TOOLS = grants({ read_file: { path: pattern('/data/reports/*') } });

function makeRoot(extra: Partial<Parameters<typeof mint>[0]> = {}): SignedWarrant {
  return mint({
    issuer: org,
    holder: p.publicKey,
    tools: ROOT_TOOLS,
    ttlSeconds: 3600,
    clock: fixedClock(NOW),
    random: seededRandom(7),
    maxDepth: 3,
    ...extra,
  });
}

const root = makeRoot();
const child = grant({
  parent: root,
  signer: p,
  holder: q.publicKey,
  tools: CHILD_TOOLS,
  ttlSeconds: 600,
  clock: fixedClock(NOW),
  random: seededRandom(8),
});

function verify(chain: readonly SignedWarrant[], o: { now?: number; revoked?: string[]; roots?: Uint8Array[] } = {}): string {
  const authorizer = new Authorizer({
    trustedRoots: o.roots ?? [org.publicKey],
    clock: fixedClock(o.now ?? NOW),
    revoked: o.revoked ?? [],
  });
  return outcome(() => authorizer.verifyChain(chain));
}

function reason(chain: readonly SignedWarrant[], now = NOW): string {
  const authorizer = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(now) });
  return caught(() => authorizer.verifyChain(chain)).message;
}

/** A child of `root` with one field changed, validly signed by p (the parent's holder). */
function childWith(changes: Parameters<typeof forge>[1], signer = p): SignedWarrant {
  return forge(child.payload, changes, signer);
}

describe('valid chains', () => {
  it('accepts a root alone and a root with its child', () => {
    expect(verify([root])).toBe('valid');
    expect(verify([root, child])).toBe('valid');
  });

  it('accepts a three-link chain down to depth 3 = max_depth', () => {
    const r = seededRandom(3);
    const c2 = grant({
      parent: child,
      signer: q,
      holder: stranger.publicKey,
      tools: CHILD_TOOLS,
      ttlSeconds: 60,
      clock: fixedClock(NOW),
      random: r,
    });
    const c3 = grant({
      parent: c2,
      signer: stranger,
      holder: p.publicKey,
      tools: CHILD_TOOLS,
      ttlSeconds: 60,
      clock: fixedClock(NOW),
      random: r,
    });
    expect(c3.payload.depth).toBe(3);
    expect(verify([root, child, c2, c3])).toBe('valid');
  });

  it('accepts any of several trusted roots and only those', () => {
    expect(verify([root], { roots: [stranger.publicKey, org.publicKey] })).toBe('valid');
    expect(verify([root], { roots: [stranger.publicKey] })).toBe('chain_not_anchored');
    expect(verify([root], { roots: [] })).toBe('chain_not_anchored');
  });
});

describe('structure', () => {
  it('rejects an empty chain as malformed', () => {
    expect(verify([])).toBe('malformed');
  });

  it('rejects a chain longer than depths 0..64 allow before any other work', () => {
    const long = Array.from({ length: 66 }, () => root);
    expect(verify(long)).toBe('depth_exceeded');
    expect(reason(long)).toContain('66 warrants');
  });

  it('rejects the same warrant twice (a cycle)', () => {
    // A self-delegated warrant (holder = issuer) repeated passes the signature step (each copy is
    // signed by its parent's holder), so the cycle check is what stops it.
    const self = mint({
      issuer: org,
      holder: org.publicKey,
      tools: ROOT_TOOLS,
      ttlSeconds: 3600,
      clock: fixedClock(NOW),
      random: seededRandom(9),
    });
    expect(verify([self, self])).toBe('malformed');
    expect(reason([self, self])).toMatch(/^link 1 \(tnu_wrt_[0-9a-f]{32}\): cycle detected/);
    const selfChild = forge(
      { ...self.payload, id: self.payload.id.map((b, i) => (i === 15 ? b ^ 1 : b)), parentHash: sha256(self.payloadBytes), depth: 1 },
      {},
      org,
    );
    expect(reason([self, selfChild, self])).toMatch(/^link 2 \(tnu_wrt_[0-9a-f]{32}\): cycle detected/);
    // Order changed by verify-before-deserialize: any other repeated warrant is not signed by its
    // new parent's holder, and signatures are checked before ids are decoded, so it is reported as
    // the forged link it is (signed by its named issuer, not by the parent's holder).
    expect(verify([root, root])).toBe('delegation_authority_violated');
    expect(verify([root, child, child])).toBe('delegation_authority_violated');
  });

  it('rejects a lifetime over 90 days (spec §4.4, under I3)', () => {
    const long = forge(root.payload, { expiresAt: root.payload.issuedAt + MAX_WARRANT_TTL_SECONDS + 1 }, org);
    expect(verify([long])).toBe('ttl_monotonicity_violated');
    const justSo = forge(root.payload, { expiresAt: root.payload.issuedAt + MAX_WARRANT_TTL_SECONDS }, org);
    expect(verify([justSo])).toBe('valid');
  });

  it('rejects expires_at not after issued_at', () => {
    expect(verify([forge(root.payload, { expiresAt: root.payload.issuedAt }, org)])).toBe('malformed');
  });

  it('rejects a depth or max_depth over 64', () => {
    expect(verify([forge(root.payload, { depth: 65, maxDepth: 64 }, org)])).toBe('depth_exceeded');
    expect(verify([forge(root.payload, { maxDepth: 65 }, org)])).toBe('depth_exceeded');
  });

  it('rejects type-inconsistent warrants', () => {
    expect(verify([forge(root.payload, { issuableTools: ['read_file'] }, org)])).toBe('malformed');
    expect(verify([forge(root.payload, { warrantType: 'issuer', issuableTools: ['read_file'] }, org)])).toBe('malformed');
    expect(verify([forge(root.payload, { warrantType: 'issuer', tools: {}, issuableTools: [] }, org)])).toBe('malformed');
  });

  it('rejects min_approvals of 0 or above the number of approvers', () => {
    const a = [key('approver1').publicKey];
    expect(verify([forge(root.payload, { requiredApprovers: a, minApprovals: 2 }, org)])).toBe('malformed');
    expect(verify([forge(root.payload, { requiredApprovers: a, minApprovals: 0 }, org)])).toBe('malformed');
  });
});

describe('revocation', () => {
  it('rejects a chain when any warrant is revoked, by exact display id', () => {
    const rootId = warrantIdString(root.payload.id);
    const childId = warrantIdString(child.payload.id);
    expect(verify([root, child], { revoked: [childId] })).toBe('warrant_revoked');
    expect(verify([root, child], { revoked: [rootId] })).toBe('warrant_revoked');
    // Matched exactly: another spelling of the same id does not match.
    expect(verify([root, child], { revoked: [childId.toUpperCase()] })).toBe('valid');
    expect(verify([root, child], { revoked: [childId.slice('tnu_wrt_'.length)] })).toBe('valid');
  });

  it('checks revocation after the trusted root and the signatures, before every other rule', () => {
    // Changed from the reference's order (revocation first): a warrant id is read only from a payload
    // whose signature verified, so an untrusted root or a bad signature is reported first.
    const bad = { ...child, signature: child.signature.map((b, i) => (i === 0 ? b ^ 1 : b)) };
    const revoked = [warrantIdString(child.payload.id)];
    expect(verify([root, bad], { revoked })).toBe('signature_invalid');
    expect(verify([root, child], { revoked, roots: [stranger.publicKey] })).toBe('chain_not_anchored');
    // Once the signatures verify, revocation comes before cycles, structure, windows and link rules.
    const lateChild = childWith({ expiresAt: root.payload.expiresAt + 1, depth: 7 });
    expect(verify([root, lateChild], { revoked: [warrantIdString(lateChild.payload.id)] })).toBe('warrant_revoked');
    expect(verify([root, child], { revoked, now: root.payload.expiresAt + 3600 })).toBe('warrant_revoked');
  });
});

describe('signatures', () => {
  it('rejects a root whose signature does not verify', () => {
    const bad = { ...root, signature: root.signature.map((b, i) => (i === 5 ? b ^ 0x10 : b)) };
    expect(verify([bad])).toBe('signature_invalid');
  });

  it('rejects a root signed by another key than the trusted issuer it names', () => {
    expect(verify([forge(root.payload, {}, stranger)])).toBe('signature_invalid');
  });

  it('rejects a child signed by someone other than the issuer it names', () => {
    // Names p (the parent's holder) as issuer, but q signed it.
    expect(verify([root, childWith({}, q)])).toBe('signature_invalid');
    // Named by position only: no id is read from bytes whose signature did not verify.
    expect(reason([root, childWith({}, q)])).toBe(
      `link 1: signature does not verify under the parent's holder key ${Buffer.from(p.publicKey).toString('hex')}`,
    );
  });

  it('checks the trusted root before the signatures', () => {
    expect(verify([forge(root.payload, {}, stranger)], { roots: [stranger.publicKey] })).toBe('chain_not_anchored');
  });
});

describe('I1 delegation authority', () => {
  it('rejects a child whose issuer is not the parent holder, even with a valid signature', () => {
    const forged = childWith({ issuer: q.publicKey }, q);
    expect(verify([root, forged])).toBe('delegation_authority_violated');
    expect(reason([root, forged])).toContain(`is not the parent's holder ${Buffer.from(p.publicKey).toString('hex')}`);
  });
});

describe('I5 parent hash', () => {
  it('rejects a wrong or missing parent_hash', () => {
    expect(verify([root, childWith({ parentHash: sha256(child.payloadBytes) })])).toBe('parent_hash_mismatch');
    expect(verify([root, childWith({ parentHash: null })])).toBe('parent_hash_mismatch');
  });

  it('rejects a valid child spliced onto another parent with the same holder', () => {
    const otherRoot = makeRoot({ random: seededRandom(99) });
    expect(verify([otherRoot, child])).toBe('parent_hash_mismatch');
  });
});

describe('I2 depth', () => {
  it('rejects a depth that is not the parent depth + 1', () => {
    expect(verify([root, childWith({ depth: 2 })])).toBe('depth_monotonicity_violated');
    expect(verify([root, childWith({ depth: 0 })])).toBe('depth_monotonicity_violated');
  });

  it('rejects a child max_depth above the parent max_depth', () => {
    expect(verify([root, childWith({ maxDepth: 4 })])).toBe('depth_monotonicity_violated');
  });

  it('rejects a child deeper than the parent max_depth or its own', () => {
    const terminal = makeRoot({ maxDepth: 0 });
    const under = forge(child.payload, { parentHash: sha256(terminal.payloadBytes), maxDepth: 0 }, p);
    expect(verify([terminal, under])).toBe('depth_exceeded');
    expect(verify([root, childWith({ maxDepth: 0 })])).toBe('depth_exceeded');
  });
});

describe('I3 expiry monotonicity and the validity window', () => {
  it('rejects a child that outlives its parent, naming the link and both times', () => {
    const late = childWith({ expiresAt: root.payload.expiresAt + 1 });
    expect(verify([root, late])).toBe('ttl_monotonicity_violated');
    expect(reason([root, late])).toBe(
      `link 1 (${warrantIdString(late.payload.id)}): expires_at ${root.payload.expiresAt + 1} is after the parent's ${root.payload.expiresAt}`,
    );
  });

  // Rule: expired when now > expires_at + 30 s (the reference chain verifier's tolerance).
  it("never checks the root's expiry in chain verification, as Tenuo's verify_chain (a call checks it)", () => {
    const exp = root.payload.expiresAt;
    expect(verify([root], { now: exp })).toBe('valid');
    expect(verify([root], { now: exp + 31 })).toBe('valid');
    expect(verify([root], { now: exp + 86_400 })).toBe('valid');
    expect(clockQuirks([root], ['single'], exp + 31, false)[0]).toMatch(/never checks the root's expiry/);
    expect(clockQuirks([root], ['single'], exp - 1, false)).toEqual([]);
  });

  it('denies a call at expires_at itself, without tolerance, through the chain tolerance', () => {
    const exp = child.payload.expiresAt;
    const call = (now: number): string =>
      outcome(() => {
        const a = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(now) });
        const args = { path: '/data/reports/q3.pdf' };
        a.authorize([root, child], { tool: 'read_file', args, pop: signPop(q, child.payload.id, 'read_file', args, now) });
      });
    expect(call(exp - 1)).toBe('valid');
    expect(call(exp)).toBe('warrant_expired');
    expect(verify([root, child], { now: exp })).toBe('valid');
  });

  it('accepts at expires_at + 30 s and rejects one second later (child)', () => {
    const exp = child.payload.expiresAt;
    expect(exp).toBeLessThan(root.payload.expiresAt);
    expect(verify([root, child], { now: exp + 30 })).toBe('valid');
    expect(verify([root, child], { now: exp + 31 })).toBe('warrant_expired');
    expect(reason([root, child], exp + 31)).toMatch(/^link 1 \(tnu_wrt_[0-9a-f]{32}\): expired at \d+ \(now \d+/);
  });

  it('checks issued_at in the future only on a warrant decoded as a single token, as Tenuo decodes', () => {
    const early = childWith({ issuedAt: NOW + 31 });
    // Chain verification has no issued_at check (reference verify_chain)...
    expect(verify([root, early])).toBe('valid');
    // ...decoding a single token has (Warrant::validate), decoding a stack has not (decode_stack).
    expect(outcome(() => checkDecodedIssuedAt([root, early], ['single', 'single'], NOW))).toBe('warrant_expired');
    expect(caught(() => checkDecodedIssuedAt([root, early], ['single', 'single'], NOW)).message).toContain('not valid yet');
    expect(outcome(() => checkDecodedIssuedAt([root, early], ['stack', 'stack'], NOW))).toBe('valid');
    expect(clockQuirks([root, early], ['stack', 'stack'], NOW, true)[0]).toMatch(/TENUO WARRANT CHAIN/);
    const atEdge = childWith({ issuedAt: NOW + 30 });
    expect(outcome(() => checkDecodedIssuedAt([root, atEdge], ['single', 'single'], NOW))).toBe('valid');
  });
});

describe('I4 capabilities', () => {
  it('rejects a child that adds a tool', () => {
    const wider = childWith({ tools: { ...CHILD_TOOLS, ...grants({ write_file: { path: pattern('/data/*') } }) } });
    expect(verify([root, wider])).toBe('capability_monotonicity_violated');
  });

  it('rejects a child that widens a constraint', () => {
    expect(verify([root, childWith({ tools: grants({ read_file: { path: pattern('/*') } }) })])).toBe('capability_monotonicity_violated');
    expect(verify([root, childWith({ tools: grants({ read_file: { path: { type: 'wildcard' } } }) })])).toBe(
      'capability_monotonicity_violated',
    );
  });

  it('rejects an execution warrant delegating an issuer warrant', () => {
    const up = childWith({ warrantType: 'issuer', tools: {}, issuableTools: ['read_file'] });
    expect(verify([root, up])).toBe('capability_monotonicity_violated');
  });

  it('rejects a clearance increase, and introducing one the parent lacks', () => {
    const cleared = makeRoot({ clearance: 2 });
    const hash = sha256(cleared.payloadBytes);
    expect(verify([cleared, childWith({ parentHash: hash, clearance: 3 })])).toBe('clearance_monotonicity_violated');
    expect(verify([cleared, childWith({ parentHash: hash, clearance: 2 })])).toBe('valid');
    expect(verify([cleared, childWith({ parentHash: hash, clearance: null })])).toBe('valid');
    expect(verify([root, childWith({ clearance: 1 })])).toBe('clearance_monotonicity_violated');
  });

  it('rejects dropping approvers or lowering the threshold', () => {
    const a1 = key('approver1').publicKey;
    const a2 = key('approver2').publicKey;
    const gated = makeRoot({ requiredApprovers: [a1, a2], minApprovals: 2 });
    const hash = sha256(gated.payloadBytes);
    const base = { parentHash: hash, requiredApprovers: gated.payload.requiredApprovers, minApprovals: 2 };
    expect(verify([gated, childWith(base)])).toBe('valid');
    expect(verify([gated, childWith({ ...base, requiredApprovers: null, minApprovals: null })])).toBe('capability_monotonicity_violated');
    expect(verify([gated, childWith({ ...base, requiredApprovers: [a1], minApprovals: 1 })])).toBe('capability_monotonicity_violated');
    expect(verify([gated, childWith({ ...base, minApprovals: 1 })])).toBe('capability_monotonicity_violated');
  });
});

describe('issuer warrants', () => {
  const bounds = { constraints: { path: pattern('/data/*') }, allowUnknown: false };
  const issuer = mint({
    issuer: org,
    holder: p.publicKey,
    tools: {},
    issuableTools: ['read_file', 'write_file'],
    constraintBounds: bounds,
    maxIssueDepth: 2,
    ttlSeconds: 3600,
    clock: fixedClock(NOW),
    random: seededRandom(11),
    maxDepth: 4,
  });
  const issued = grant({
    parent: issuer,
    signer: p,
    holder: q.publicKey,
    tools: grants({ read_file: { path: pattern('/data/reports/*') } }),
    ttlSeconds: 600,
    clock: fixedClock(NOW),
    random: seededRandom(12),
  });
  const issuedWith = (changes: Parameters<typeof forge>[1]) => forge(issued.payload, changes, p);

  it('accepts an execution warrant issued within the issuer bounds', () => {
    expect(issued.payload.warrantType).toBe('execution');
    expect(issued.payload.maxDepth).toBe(2);
    expect(verify([issuer, issued])).toBe('valid');
  });

  it('rejects a tool outside issuable_tools', () => {
    expect(verify([issuer, issuedWith({ tools: grants({ delete_file: { path: pattern('/data/x') } }) })])).toBe(
      'capability_monotonicity_violated',
    );
  });

  it('rejects constraints outside constraint_bounds', () => {
    expect(verify([issuer, issuedWith({ tools: grants({ read_file: { path: pattern('/etc/*') } }) })])).toBe(
      'capability_monotonicity_violated',
    );
  });

  it('rejects a max_depth above max_issue_depth', () => {
    expect(verify([issuer, issuedWith({ maxDepth: 3 })])).toBe('capability_monotonicity_violated');
  });

  it('rejects self-issuance: to the issuer warrant holder or to its issuer', () => {
    expect(verify([issuer, issuedWith({ holder: p.publicKey })])).toBe('self_issuance');
    expect(verify([issuer, issuedWith({ holder: org.publicKey })])).toBe('self_issuance');
  });

  it('allows execution → execution self-delegation (spec §5.4, vector A.16)', () => {
    expect(verify([root, childWith({ holder: p.publicKey })])).toBe('valid');
  });

  it('rejects an issuer child that widens issuable_tools, bounds or issue depth', () => {
    const sub = grant({
      parent: issuer,
      signer: p,
      holder: q.publicKey,
      tools: {},
      type: 'issuer',
      ttlSeconds: 60,
      clock: fixedClock(NOW),
      random: seededRandom(5),
    });
    expect(sub.payload.issuableTools).toEqual(['read_file', 'write_file']);
    expect(verify([issuer, sub])).toBe('valid');
    const subWith = (changes: Parameters<typeof forge>[1]) => forge(sub.payload, changes, p);
    expect(verify([issuer, subWith({ issuableTools: ['read_file', 'send_email'] })])).toBe('capability_monotonicity_violated');
    expect(verify([issuer, subWith({ constraintBounds: { constraints: { path: pattern('/*') }, allowUnknown: false } })])).toBe(
      'capability_monotonicity_violated',
    );
    expect(verify([issuer, subWith({ constraintBounds: null })])).toBe('capability_monotonicity_violated');
    expect(verify([issuer, subWith({ maxIssueDepth: 3 })])).toBe('capability_monotonicity_violated');
  });
});

describe('order of checks', () => {
  it('reports I1 before I5, I2 and I3 on a link with all four defects', () => {
    const many = childWith({ issuer: q.publicKey, parentHash: null, depth: 5, expiresAt: root.payload.expiresAt + 9 }, q);
    expect(verify([root, many])).toBe('delegation_authority_violated');
  });

  it('reports the earlier link first', () => {
    const c2 = forge(
      {
        ...child.payload,
        id: child.payload.id.map((b, i) => (i === 15 ? b ^ 0xff : b)),
        depth: 2,
        issuer: q.publicKey,
        holder: stranger.publicKey,
        parentHash: sha256(child.payloadBytes),
      },
      { expiresAt: child.payload.expiresAt + 1 },
      q,
    );
    expect(verify([root, child, c2])).toBe('ttl_monotonicity_violated');
    const brokenChild = childWith({ depth: 7 });
    expect(verify([root, brokenChild, c2])).toBe('depth_monotonicity_violated');
  });

  it('checks the signature of every link before any link rule', () => {
    const lateAndUnsigned = { ...childWith({ expiresAt: root.payload.expiresAt + 1 }), signature: new Uint8Array(64) };
    expect(verify([root, lateAndUnsigned])).toBe('signature_invalid');
  });
});
