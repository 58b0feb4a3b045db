/**
 * Warrant engine micro-benchmark (issue 2, point 11), bundled and run by scripts/perf-warrant.mjs.
 * Not part of `npm test`: timings say nothing about correctness and vary with the machine.
 *
 * Method (so that one noisy moment cannot decide the verdict):
 *   - warm-up: every operation runs for a while first (JIT, caches, the key cache);
 *   - batch sizes are calibrated from the warm-up so each batch takes about BATCH_MS of wall time;
 *   - rounds: every round times one batch of every operation, in an order rotated round by round;
 *   - the per-call check and its yardstick (one bare node:crypto verify) form a pair timed
 *     A B B A within the same round, so both halves share whatever load the machine had then,
 *     and neither always runs first; each round gives one paired ratio;
 *   - reported: medians over rounds of the mean per call in a batch, in CPU time (user + system,
 *     process.cpuUsage, which other jobs on a shared machine barely disturb) and in wall time,
 *     with the interquartile range (p25–p75) of wall time; the ratio is the median of the
 *     per-round paired ratios, printed with its interquartile range.
 * Environment: BENCH_ROUNDS (default 100), BENCH_BATCH_MS (default 3).
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
import { utf8 } from '../src/lib/bytes.js';
import type { Args } from '../src/warrant/constraint-value.js';
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
  readonly run: () => unknown;
}

let sink: unknown;
// The envelope check plus the payload's strict decode (the payload is decoded on first read).
const decodeOp: Op = { name: 'decode one envelope and its payload', run: () => decodeWarrant(leafBytes).payload };
const verifyOp: Op = {
  name: 'verify one warrant signature',
  run: () => verifyWarrantSignature(planner.publicKey, leaf.payloadBytes, leaf.signature),
};
const coldOp: Op = {
  name: 'cold 2-link chain + authorize + PoP (fresh Authorizer)',
  run: () => new Authorizer({ trustedRoots, clock }).authorize(chain, { tool, args, pop }),
};
const cachedOp: Op = { name: 'same call, signatures cached (warm Authorizer)', run: () => warm.authorize(chain, { tool, args, pop }) };
const bareOp: Op = {
  name: 'bare node:crypto Ed25519 verify (yardstick)',
  run: () => nodeVerify(null, bareMessage, bareKey, leaf.signature),
};
const popOp: Op = { name: 'PoP signing', run: () => signPop(worker, leaf.payload.id, tool, args, NOW) };
const ops: readonly Op[] = [decodeOp, verifyOp, coldOp, cachedOp, bareOp, popOp];

interface Sample {
  readonly cpu: number; // µs of CPU per call
  readonly wall: number; // µs of wall clock per call
}

function timeBatch(op: Op, n: number): Sample {
  const run = op.run;
  const cpu0 = process.cpuUsage();
  const wall0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink = run();
  const wall = Number(process.hrtime.bigint() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / n, wall: wall / n };
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
};
const median = (xs: readonly number[]): number => quantile(xs, 0.5);

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 100);
const batchMs = Number(process.env['BENCH_BATCH_MS'] ?? 3);
if (!(Number.isInteger(rounds) && rounds >= 5) || !(batchMs > 0))
  throw new Error('BENCH_ROUNDS must be an integer ≥ 5, BENCH_BATCH_MS > 0');

// Warm-up, which also calibrates: about 250 ms per operation, the last half timed.
const batch = new Map<Op, number>();
for (const op of ops) {
  const start = process.hrtime.bigint();
  let calls = 0;
  let timedCalls = 0;
  let timedFrom = 0n;
  while (true) {
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (elapsed >= 250 && timedCalls >= 20) break;
    if (timedFrom === 0n && elapsed >= 125) timedFrom = process.hrtime.bigint();
    sink = op.run();
    calls++;
    if (timedFrom !== 0n) timedCalls++;
  }
  const perCallMs = Number(process.hrtime.bigint() - timedFrom) / 1e6 / timedCalls;
  batch.set(op, Math.max(5, Math.round(batchMs / perCallMs)));
  void calls;
}
// The pair shares one batch size, so both halves cover the same stretch of time.
const pairBatch = Math.max(batch.get(cachedOp)!, batch.get(bareOp)!);
batch.set(cachedOp, pairBatch);
batch.set(bareOp, pairBatch);

/** Mean of two half-batch samples. */
const mean2 = (a: Sample, b: Sample): Sample => ({ cpu: (a.cpu + b.cpu) / 2, wall: (a.wall + b.wall) / 2 });

// The units rotated through each round: every single operation, and the pair as one unit.
type Unit = Op | 'pair';
const units: readonly Unit[] = [decodeOp, verifyOp, coldOp, 'pair', popOp];
const samples = new Map<Op, Sample[]>(ops.map((o) => [o, []]));
const ratios: { cpu: number; wall: number }[] = [];
for (let r = 0; r < rounds; r++) {
  for (let u = 0; u < units.length; u++) {
    const unit = units[(u + r) % units.length]!;
    if (unit !== 'pair') {
      samples.get(unit)!.push(timeBatch(unit, batch.get(unit)!));
      continue;
    }
    // A B B A, half a batch each; which one leads alternates from round to round.
    const half = Math.max(3, pairBatch >> 1);
    const [first, second] = r % 2 === 0 ? [cachedOp, bareOp] : [bareOp, cachedOp];
    const f1 = timeBatch(first, half);
    const s1 = timeBatch(second, half);
    const s2 = timeBatch(second, half);
    const f2 = timeBatch(first, half);
    const f = mean2(f1, f2);
    const s = mean2(s1, s2);
    const [cached, bare] = first === cachedOp ? [f, s] : [s, f];
    samples.get(cachedOp)!.push(cached);
    samples.get(bareOp)!.push(bare);
    ratios.push({ cpu: cached.cpu / bare.cpu, wall: cached.wall / bare.wall });
  }
}
void sink;

const results = ops.map((o) => {
  const xs = samples.get(o)!;
  const walls = xs.map((x) => x.wall);
  return {
    name: o.name,
    batch: batch.get(o)!,
    cpu: median(xs.map((x) => x.cpu)),
    wall: median(walls),
    q1: quantile(walls, 0.25),
    q3: quantile(walls, 0.75),
  };
});
const width = Math.max(...results.map((r) => r.name.length), 30);
const us = (x: number) => `${x.toFixed(1).padStart(8)} µs`;
const iqr = (a: number, b: number, digits: number, unit: string) => `${a.toFixed(digits)}–${b.toFixed(digits)}${unit}`.padStart(19);
console.log(
  `warrant benchmark: node ${process.version}, ${rounds} rounds (operations rotated, the pair timed A B B A), batches of ~${batchMs} ms, µs per call`,
);
console.log(
  `  ${'operation'.padEnd(width)}  ${'median CPU'.padStart(11)}  ${'median wall'.padStart(11)}  ${'wall p25–p75'.padStart(19)}  batch`,
);
for (const r of results) {
  console.log(`  ${r.name.padEnd(width)}  ${us(r.cpu)}  ${us(r.wall)}  ${iqr(r.q1, r.q3, 1, ' µs')}  ${String(r.batch).padStart(5)}`);
}
const cpuRatios = ratios.map((x) => x.cpu);
const wallRatios = ratios.map((x) => x.wall);
const ratio = median(cpuRatios);
const f3 = (v: number) => v.toFixed(3);
console.log(
  `  cached / bare, paired per round: median ${f3(ratio)}× CPU (p25–p75 ${f3(quantile(cpuRatios, 0.25))}–${f3(quantile(cpuRatios, 0.75))}), ` +
    `${f3(median(wallRatios))}× wall (p25–p75 ${f3(quantile(wallRatios, 0.25))}–${f3(quantile(wallRatios, 0.75))}), ${ratios.length} rounds`,
);
const verdict = ratio <= 1.2 ? 'met' : 'missed';
const firm = quantile(cpuRatios, 0.75) <= 1.2 ? ' (p75 within it too)' : ' (p75 above it: a noisy machine? run it again)';
console.log(`  target ≤ 1.20× on the median paired CPU ratio: ${verdict}${verdict === 'met' ? firm : ''}`);
