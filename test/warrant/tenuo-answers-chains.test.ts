/**
 * Every chain check of Tenuo's own answers (chains.jsonl: 400 chains minted by Tenuo's builders,
 * 2,882 checks of Authorizer::verify_chain and check_chain at given times, through the three
 * transports, with PoPs signed by Tenuo), replayed through `warrant verify` in this process: the
 * verdict must be Tenuo's on every one. Where Tenuo signed the PoP from `holder_key`, our signature
 * must be byte-identical to Tenuo's (Ed25519 is deterministic: same key, same challenge).
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { parseArgsJson } from '../../src/cli/warrant.js';
import { toHex } from '../../src/lib/bytes.js';
import { SigningKey } from '../../src/warrant/keys.js';
import { signPop } from '../../src/warrant/pop.js';
import { parseTokens } from '../../src/warrant/text.js';
import { readAnswers, tenuoVerdict, transportTokens, type ChainCase, type ChainCheck } from './tenuo-answers.js';

const CASES = readAnswers<ChainCase>('chains.jsonl.gz');

interface Verdict {
  code: number;
  valid: boolean;
  message: string;
  stderr: string;
  pop?: string;
}

async function verify(c: ChainCase, check: ChainCheck): Promise<Verdict> {
  const r = check.request;
  const argv = ['warrant', 'verify', '--now', String(r.now)];
  for (const root of r.trusted_roots) argv.push('--trusted-root', root);
  if (r.op === 'authorize') {
    argv.push('--tool', r.tool!, '--args', JSON.stringify(r.args ?? {}));
    if (r.pop !== undefined) argv.push('--pop', r.pop);
    else argv.push('--holder-key', r.holder_key!);
  }
  argv.push('--', ...transportTokens(c, check));
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), readStdin: async () => '', cwd: '/' };
  const code = await main(argv, io);
  const json =
    stdout.trim() === '' ? {} : (JSON.parse(stdout) as { valid?: boolean; message?: string; authorization?: { pop?: string } | null });
  return { code, valid: json.valid === true, message: json.message ?? '', stderr, pop: json.authorization?.pop };
}

describe("Tenuo's answers: chains", () => {
  it('holds every case of the corpus', () => {
    expect(CASES.length).toBe(400);
    expect(CASES.reduce((n, c) => n + c.checks.length, 0)).toBe(2882);
  });

  it('agrees with every verify_chain and authorize verdict, through each transport', async () => {
    const differ: string[] = [];
    for (const c of CASES) {
      for (const check of c.checks) {
        const got = await verify(c, check);
        const want = tenuoVerdict(check);
        if (got.code === 2) differ.push(`${check.id} (${check.transport}; ${check.what}): usage error ${got.stderr.trim()}`);
        else if (got.valid !== want) {
          differ.push(
            `${check.id} (${check.transport}; ${check.what}): Tenuo ${want ? 'accepts' : `refuses (${check.answer.error})`}, we ${got.valid ? 'accept' : `refuse (${got.message})`}`,
          );
        }
      }
    }
    expect(differ).toEqual([]);
  }, 120_000);

  it('signs the PoP Tenuo signed, byte for byte, for every check where Tenuo signed from holder_key', () => {
    let compared = 0;
    const differ: string[] = [];
    for (const c of CASES) {
      for (const check of c.checks) {
        const r = check.request;
        const tenuo = check.answer.pop_signature;
        if (r.op !== 'authorize' || r.holder_key === undefined || typeof tenuo !== 'string') continue;
        const chain = transportTokens(c, check).flatMap((t) => parseTokens(t));
        const leaf = chain[chain.length - 1]!.payload;
        const key = SigningKey.fromSeed(Uint8Array.from(Buffer.from(r.holder_key, 'hex')));
        const ours = toHex(signPop(key, leaf.id, r.tool!, parseArgsJson(JSON.stringify(r.args ?? {})), r.now));
        compared++;
        if (ours !== tenuo) differ.push(check.id);
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(differ).toEqual([]);
  });
});
