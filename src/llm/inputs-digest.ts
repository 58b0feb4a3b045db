/**
 * A fingerprint of the scenarios as run: shards and resumed runs are joined only when they ran the
 * same scenarios. File paths and source positions are left out (a shard may run from another
 * checkout path); everything that can change a trial is in.
 */
import { createHash } from 'node:crypto';
import type { Scenario } from '../model/scenario.js';

// Where things are, and where a grant read from a file came from (its path and the file's digest,
// which a checkout's line endings change): the grant itself is in.
const POSITION_KEYS = new Set([
  'source',
  'suiteSource',
  'file',
  'taskSource',
  'attackSource',
  'warrantSource',
  'grantSources',
  'grantRules',
  'warrantFrom',
  'toolsFrom',
]);

function canonical(v: unknown): unknown {
  if (typeof v === 'bigint') return { $bigint: v.toString() };
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    const ctor = (v as object).constructor?.name;
    if (ctor && ctor !== 'Object') out.$class = ctor; // Float vs a plain number
    for (const k of Object.keys(v).sort()) {
      if (!POSITION_KEYS.has(k)) out[k] = canonical((v as Record<string, unknown>)[k]);
    }
    return out;
  }
  return v;
}

export function inputsDigest(scenarios: readonly Scenario[]): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(scenarios.map(canonical)));
  return `sha256:${h.digest('hex')}`;
}
