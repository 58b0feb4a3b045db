/**
 * delegation-bench's own evaluation bounds, end to end through `delegation-bench warrant verify`:
 * a heavy regex against a 120,000-character argument ends at once with a clear, distinct code
 * (evaluation_limit, not the policy's constraint_not_satisfied), and Tenuo's CEL clock functions
 * read the authorizer's injected clock (--now), never the machine's.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { mint } from '../../src/warrant/builder.js';
import type { Constraint } from '../../src/warrant/constraints/types.js';
import { toBase64UrlToken } from '../../src/warrant/text.js';
import { VECTORS, fixedClock, key, NOW, seededRandom } from '../warrant/chain-fixtures.js';

async function verify(
  constraint: Constraint,
  args: Record<string, unknown>,
  now = NOW,
): Promise<{ code: number; json: Record<string, unknown> }> {
  const tools = { read_file: { constraints: { path: constraint }, allowUnknown: false } };
  const w = mint({
    issuer: key('control_plane'),
    holder: key('worker').publicKey,
    tools,
    ttlSeconds: 600,
    clock: fixedClock(NOW),
    random: seededRandom(5),
  });
  let stdout = '';
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: () => undefined, readStdin: async () => '', cwd: '/' };
  const code = await main(
    [
      'warrant',
      'verify',
      '--trusted-root',
      VECTORS.keys.control_plane!.public_key,
      '--now',
      String(now),
      '--tool',
      'read_file',
      '--args',
      JSON.stringify(args),
      '--holder-key',
      VECTORS.keys.worker!.seed,
      toBase64UrlToken(w),
    ],
    io,
  );
  return { code, json: JSON.parse(stdout) as Record<string, unknown> };
}

describe('evaluation bounds through warrant verify', () => {
  it('a heavy regex against a 120,000-character argument is refused by our bound, with its own code', async () => {
    const r = await verify({ type: 'regex', pattern: '(?:a?){500}a{500}$' }, { path: `${'a'.repeat(119_999)}b` });
    expect(r.code).toBe(1);
    expect(r.json.code).toBe('evaluation_limit');
    expect(String(r.json.message)).toMatch(/exceeds delegation-bench's regex work limit .* the reference has no such limit/);
  });

  it('the same regex on a short argument is decided by the policy', async () => {
    expect((await verify({ type: 'regex', pattern: '(?:a?){500}a{500}$' }, { path: 'a'.repeat(600) })).code).toBe(0);
    const no = await verify({ type: 'regex', pattern: '(?:a?){500}a{500}$' }, { path: 'b' });
    expect(no.json.code).toBe('constraint_not_satisfied');
  });

  it('a CEL matches() over the long argument is stopped by the CEL cost bound, with the same code', async () => {
    const r = await verify({ type: 'cel', expression: "value.matches('(?:a?){500}a{500}$')" }, { path: `${'a'.repeat(119_999)}b` });
    expect(r.json.code).toBe('evaluation_limit');
    expect(String(r.json.message)).toMatch(/delegation-bench/);
  });

  it('a pattern our engine cannot judge as Rust would is refused as our limit, never as the policy', async () => {
    // \b is a Unicode word boundary in Rust and an ASCII one in RE2: on non-ASCII text we cannot decide.
    for (const c of [
      { type: 'regex', pattern: '\\bcat\\b' },
      { type: 'cel', expression: "value.matches('\\\\bcat\\\\b')" },
      { type: 'regex', pattern: 'a'.repeat(5000) }, // over our pattern length bound
    ] as Constraint[]) {
      const r = await verify(c, { path: 'é cat' });
      expect(r.json.code, JSON.stringify(c).slice(0, 60)).toBe('evaluation_limit');
    }
    // On ASCII text the same pattern is the policy's to decide.
    expect((await verify({ type: 'regex', pattern: '\\bcat\\b' }, { path: 'a dog' })).json.code).toBe('constraint_not_satisfied');
  });

  it("time_is_expired reads the authorizer's clock", async () => {
    const c: Constraint = { type: 'cel', expression: "!time_is_expired('2024-01-01T00:00:30Z')" };
    expect((await verify(c, { path: 'x' }, NOW)).code).toBe(0); // NOW is 2024-01-01T00:00:00Z
    expect((await verify(c, { path: 'x' }, NOW + 60)).json.code).toBe('constraint_not_satisfied');
  });
});
