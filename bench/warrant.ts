/**
 * Warrant engine micro-benchmark (issue 2, point 11), bundled and run by scripts/bench-warrant.mjs.
 * Not part of `npm test`: timings say nothing about correctness and vary with the machine.
 *
 * Every figure is measured in this one process, interleaved round by round, as the median over
 * rounds of the mean per call in a batch. The headline is this process's CPU time (user + system,
 * process.cpuUsage), which other jobs on a shared machine barely disturb; wall-clock medians and
 * best rounds are printed beside it.
 * The chain is the benchmark's own shape: org key (trusted root) → planner p (root warrant) →
 * worker q (attenuated), a call by q with its proof-of-possession, checked against [p, q].
 */
import { verify as nodeVerify, createPublicKey, type KeyObject } from 'node:crypto';
import { Authorizer } from '../src/warrant/authorize.js';
import { grant, mint } from '../src/warrant/builder.js';
import { sha256 } from '../src/warrant/crypto/sha256.js';
import { warrantSigningMessage } from '../src/warrant/crypto/domain.js';
import { decodeWarrant, encodeWarrant } from '../src/warrant/envelope.js';
import { SigningKey, verifyWarrantSignature } from '../src/warrant/keys.js';
import { signPop } from '../src/warrant/pop.js';
import { utf8 } from '../src/warrant/bytes.js';
import type { Args } from '../src/warrant/value.js';
import type { SignedWarrant } from '../src/warrant/types.js';

const NOW = 1704067200;
const clock = () => NOW;
let counter = 0;
const random = (n: number) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 32) out.set(sha256(utf8(`bench ${counter++}`)).subarray(0, Math.min(32, n - i)), i);
  return out;
};

const org = SigningKey.fromSeed(sha256(utf8('org')));
const planner = SigningKey.fromSeed(sha256(utf8('planner')));
const worker = SigningKey.fromSeed(sha256(utf8('worker')));

const root = mint({
  issuer: org,
  holder: planner.publicKey,
  tools: {
    read_file: { constraints: { path: { type: 'wildcard' } }, allowUnknown: false },
    write_file: { constraints: { path: { type: 'wildcard' }, content: { type: 'wildcard' } }, allowUnknown: false },
  },
  ttlSeconds: 3600,
  maxDepth: 3,
  clock,
  random,
});
const leaf = grant({
  parent: root,
  signer: planner,
  holder: worker.publicKey,
  tools: {
    read_file: {
      constraints: { path: { type: 'subpath', root: '/app/config', caseSensitive: true, allowEqual: false } },
      allowUnknown: false,
    },
  },
  ttlSeconds: 600,
  clock,
  random,
});
const chain: readonly SignedWarrant[] = [root, leaf];
const leafBytes = encodeWarrant(leaf);
const tool = 'read_file';
const args: Args = { path: '/app/config/auth.yml' };
const pop = signPop(worker, leaf.payload.id, tool, args, NOW);
const trustedRoots = [org.publicKey];

// Sanity: every measured operation must succeed, or the numbers would time a failure path.
decodeWarrant(leafBytes);
if (!verifyWarrantSignature(planner.publicKey, leaf.payloadBytes, leaf.signature)) throw new Error('leaf signature');
const warm = new Authorizer({ trustedRoots, clock });
warm.authorize(chain, { tool, args, pop });
new Authorizer({ trustedRoots, clock }).authorize(chain, { tool, args, pop });

// The yardstick: one bare node:crypto verify with a ready KeyObject and a ready message.
const bareKey: KeyObject = createPublicKey({
  key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(planner.publicKey).toString('base64url') },
  format: 'jwk',
});
const bareMessage = warrantSigningMessage(leaf.payloadBytes);
if (!nodeVerify(null, bareMessage, bareKey, leaf.signature)) throw new Error('bare verify');

interface Op {
  readonly name: string;
  readonly batch: number;
  readonly run: () => unknown;
}

let sink: unknown;
const ops: Op[] = [
  { name: 'decode one envelope', batch: 200, run: () => decodeWarrant(leafBytes) },
  {
    name: 'verify one warrant signature',
    batch: 20,
    run: () => verifyWarrantSignature(planner.publicKey, leaf.payloadBytes, leaf.signature),
  },
  {
    name: 'cold 2-link chain + authorize + PoP (fresh Authorizer)',
    batch: 5,
    run: () => new Authorizer({ trustedRoots, clock }).authorize(chain, { tool, args, pop }),
  },
  {
    name: 'same call, signatures cached (warm Authorizer)',
    batch: 20,
    run: () => warm.authorize(chain, { tool, args, pop }),
  },
  // Measured right after the warm call in every round, so each round gives a paired ratio.
  { name: 'bare node:crypto Ed25519 verify (yardstick)', batch: 20, run: () => nodeVerify(null, bareMessage, bareKey, leaf.signature) },
  { name: 'PoP signing', batch: 50, run: () => signPop(worker, leaf.payload.id, tool, args, NOW) },
];

interface Sample {
  readonly cpu: number; // µs of CPU per call
  readonly wall: number; // µs of wall clock per call
}

function timeBatch(op: Op): Sample {
  const cpu0 = process.cpuUsage();
  const wall0 = process.hrtime.bigint();
  for (let i = 0; i < op.batch; i++) sink = op.run();
  const wall = Number(process.hrtime.bigint() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / op.batch, wall: wall / op.batch };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 60);
for (let w = 0; w < 5; w++) for (const op of ops) timeBatch(op); // JIT warm-up
const samples = new Map<string, Sample[]>(ops.map((o) => [o.name, []]));
for (let r = 0; r < rounds; r++) {
  for (const op of ops) samples.get(op.name)!.push(timeBatch(op));
}
void sink;

const results = ops.map((o) => {
  const xs = samples.get(o.name)!;
  return {
    name: o.name,
    cpu: median(xs.map((x) => x.cpu)),
    wall: median(xs.map((x) => x.wall)),
    best: Math.min(...xs.map((x) => x.wall)),
  };
});
const width = Math.max(...results.map((r) => r.name.length), 30);
const col = (x: number) => `${x.toFixed(1).padStart(8)} µs`;
console.log(`warrant benchmark: node ${process.version}, ${rounds} interleaved rounds, µs per call`);
console.log(`  ${'operation'.padEnd(width)}  ${'median CPU'.padStart(11)}  ${'median wall'.padStart(11)}  ${'best wall'.padStart(11)}`);
for (const r of results) console.log(`  ${r.name.padEnd(width)}  ${col(r.cpu)}  ${col(r.wall)}  ${col(r.best)}`);
const cached = results.find((r) => r.name.startsWith('same call'))!;
const bare = results.find((r) => r.name.startsWith('bare'))!;
// Paired: the two are timed back to back in each round, so a round's ratio shares its load.
const cachedSamples = samples.get(cached.name)!;
const paired = median(samples.get(bare.name)!.map((b, i) => cachedSamples[i]!.cpu / b.cpu));
const ratio = cached.cpu / bare.cpu;
const x = (v: number) => `${v.toFixed(2).padStart(8)} × `;
console.log(`  ${'cached per-call / bare verify'.padEnd(width)}  ${x(ratio)}  ${x(cached.wall / bare.wall)}  ${x(cached.best / bare.best)}`);
console.log(
  `  ${'  median of per-round CPU ratios'.padEnd(width)}  ${x(paired)}   target ≤ 1.20× (on this paired figure): ${paired <= 1.2 ? 'met' : 'missed'}`,
);
