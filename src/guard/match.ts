/**
 * Which head scenario stands for which base scenario. By name first; then, among the rest, by the
 * file that holds them: one scenario per file, so a scenario renamed in its own file is the same
 * scenario under a new name, compared as one. What remains is added (head) or removed (base).
 */
import type { Renamed } from '../results/baseline-comparison.js';
import type { Scenario } from '../model/scenario.js';
import type { Pair } from './widenings.js';

export interface Matching {
  /** In the head's order. */
  readonly pairs: readonly Pair[];
  readonly renamed: readonly Renamed[];
  readonly added: readonly Scenario[];
  readonly removed: readonly Scenario[];
}

export function matchScenarios(base: readonly Scenario[], head: readonly Scenario[]): Matching {
  const baseByName = new Map(base.map((s) => [s.name, s]));
  const byName = new Set(head.filter((h) => baseByName.has(h.name)).map((h) => h.name));
  // A file that held more than one unmatched scenario on either side names no single one.
  const unmatchedBase = base.filter((b) => !byName.has(b.name));
  const baseByFile = uniqueBy(unmatchedBase, (s) => s.file);
  const headByFile = uniqueBy(
    head.filter((h) => !byName.has(h.name)),
    (s) => s.file,
  );
  const pairs: Pair[] = [];
  const renamed: Renamed[] = [];
  const added: Scenario[] = [];
  const pairedBase = new Set<Scenario>();
  for (const h of head) {
    const named = byName.has(h.name) ? baseByName.get(h.name) : undefined;
    const b = named ?? (headByFile.get(h.file) === h ? baseByFile.get(h.file) : undefined);
    if (b === undefined) {
      added.push(h);
      continue;
    }
    pairs.push({ base: b, head: h });
    pairedBase.add(b);
    if (named === undefined) renamed.push({ base: b.name, head: h.name, file: h.file });
  }
  return { pairs, renamed, added, removed: base.filter((b) => !pairedBase.has(b)) };
}

function uniqueBy<T>(items: readonly T[], key: (x: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  const twice = new Set<string>();
  for (const x of items) {
    const k = key(x);
    if (out.has(k)) twice.add(k);
    else out.set(k, x);
  }
  for (const k of twice) out.delete(k);
  return out;
}
