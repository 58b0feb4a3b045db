/**
 * Authorizer.decide returns exactly the WarrantError authorize throws (same code, same message)
 * and undefined when authorize returns: for an allowed call, each per-call denial and a chain
 * failure.
 */
import { describe, expect, it } from 'vitest';
import { Authorizer, type ToolCall } from '../../src/warrant/authorize.js';
import { grant, mint } from '../../src/warrant/builder.js';
import { isWarrantError } from '../../src/warrant/errors.js';
import { signPop } from '../../src/warrant/pop.js';
import type { ToolGrants } from '../../src/warrant/constraints/types.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { fixedClock, key, NOW, seededRandom } from './chain-fixtures.js';

const org = key('control_plane');
const p = key('orchestrator');
const q = key('worker');
const tools: ToolGrants = { read_file: { constraints: { path: { type: 'pattern', pattern: '/data/*' } }, allowUnknown: false } };
const root = mint({ issuer: org, holder: p.publicKey, tools, ttlSeconds: 3600, clock: fixedClock(NOW), random: seededRandom(21) });
const leaf = grant({
  parent: root,
  signer: p,
  holder: q.publicKey,
  tools,
  ttlSeconds: 600,
  clock: fixedClock(NOW),
  random: seededRandom(22),
});
const call = (tool: string, path: string, signer = q): ToolCall => ({
  tool,
  args: { path },
  pop: signPop(signer, leaf.payload.id, tool, { path }, NOW),
});

function thrown(f: () => void): { code: string; message: string } | undefined {
  try {
    f();
    return undefined;
  } catch (e) {
    if (!isWarrantError(e)) throw e;
    return { code: e.code, message: e.message };
  }
}

describe('Authorizer.decide', () => {
  const cases: Array<[string, SignedWarrant[], ToolCall]> = [
    ['allowed', [root, leaf], call('read_file', '/data/x')],
    ['constraint', [root, leaf], call('read_file', '/etc/passwd')],
    ['tool', [root, leaf], call('send_email', '/data/x')],
    ['pop', [root, leaf], call('read_file', '/data/x', p)],
    ['short pop', [root, leaf], { tool: 'read_file', args: { path: '/data/x' }, pop: new Uint8Array(3) }],
    ['unknown argument', [root, leaf], { ...call('read_file', '/data/x'), args: { path: '/data/x', mode: 'r' } }],
    ['untrusted chain', [leaf], call('read_file', '/data/x')],
  ];

  it('returns what authorize throws', () => {
    for (const [name, chain, c] of cases) {
      const a = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(NOW) });
      const b = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(NOW) });
      const expected = thrown(() => a.authorize(chain, c));
      const got = b.decide(chain, c);
      expect(got === undefined ? undefined : { code: got.code, message: got.message }, name).toEqual(expected);
      if (name !== 'allowed') expect(expected, name).toBeDefined();
    }
  });
});
