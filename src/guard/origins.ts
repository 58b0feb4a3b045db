/**
 * Where a grant comes from. A scenario may read its grant (`warrant: {from: PATH}`: a token or a
 * governance policy) and its tools (`tools: {from: PATH}`) from files; the file the team deploys is
 * the policy, and the scenario is only the test that reads it. Two things follow:
 *
 * - a matched head scenario that reads its grant or tools from another file than the base did (or
 *   inline where the base read a file, or the other way) changed the test, not the policy: a suite
 *   change (`grant_origin_changed`), whatever the grants compare to;
 * - a file a base scenario read that changed in the head is compared as that scenario's grant,
 *   whoever reads it now: the base scenario is read again with the head's version of its files and
 *   compared with itself (widenings, cross-replay). Pointing the head's scenario at a frozen copy
 *   of the old policy while widening the real one then still shows the real one's widening. When
 *   the matched head scenario reads the very same files, its own comparison already covers them.
 */
import { resolve } from 'node:path';
import type { RunContext } from '../chains/run-context.js';
import { headText } from './head-file.js';
import { formatSource } from '../model/errors.js';
import type { Scenario } from '../model/scenario.js';
import type { Trial } from '../results/results.js';
import type { SuiteChange, Widening } from '../results/baseline-comparison.js';
import { parseScenarioText } from '../scenario/parse/index.js';
import { artifactPath, type BaseScenario } from './base-read.js';
import { crossReplay, withCrossReplay } from './cross-replay.js';
import { scenarioWidenings, type Pair } from './widenings.js';
import { atToolList } from './tool-list-place.js';

type Part = 'warrant' | 'tools';
const PARTS: readonly Part[] = ['warrant', 'tools'];

/** The file `part` is read from, as the loader names it, or undefined when it is written inline. */
export function originOf(scenario: Scenario, part: Part): string | undefined {
  const from = part === 'warrant' ? scenario.warrantFrom?.from : scenario.toolsFrom;
  return from === undefined ? undefined : artifactPath(scenario.file, from);
}

function describeOrigin(part: Part, path: string | undefined): string {
  return path === undefined ? `${part}: written inline in the scenario` : `${part}: {from: ${path}}`;
}

/** Each matched pair whose grant or tools are read from elsewhere than at the base. */
export function originChanges(pairs: readonly Pair[]): SuiteChange[] {
  const out: SuiteChange[] = [];
  for (const { base, head } of pairs) {
    for (const part of PARTS) {
      const b = originOf(base, part);
      const h = originOf(head, part);
      if (b === h) continue;
      const where = (s: Scenario): string => formatSource(part === 'warrant' && s.warrantSource ? s.warrantSource : s.source);
      out.push({
        scenario: head.name,
        change: 'grant_origin_changed',
        base: describeOrigin(part, b),
        head: describeOrigin(part, h),
        base_source: where(base),
        head_source: where(head),
      });
    }
  }
  return out;
}

export interface FileCompareContext {
  readonly context: RunContext;
  /** Where the scenario files are named from (the head's loader's folder). */
  readonly cwd: string;
  /** The repository: a file is read at the head from inside it only, as at the base. */
  readonly top: string;
  /** The base run's task_scoped trials, by base scenario name (cross-replay runs from them). */
  readonly baseScoped: ReadonlyMap<string, Trial>;
}

/**
 * The widenings of the files base scenarios read that changed in the head, each compared as its
 * base scenario's grant (the base scenario read again with the head's files), for the base
 * scenarios no head scenario reads the same files for. A file deleted in the head has no version
 * to compare: the scenario that stood for it reads another (grant_origin_changed) or is gone
 * (scenario_removed), each a suite change.
 */
export function fileWidenings(ctx: FileCompareContext, base: readonly BaseScenario[], pairs: readonly Pair[]): Widening[] {
  const headOf = new Map(pairs.map((p) => [p.base, p.head]));
  const out: Widening[] = [];
  for (const b of base) {
    if (b.reads.length === 0) continue;
    const h = headOf.get(b.scenario);
    if (h !== undefined && PARTS.every((part) => originOf(b.scenario, part) === originOf(h, part))) continue;
    const abs = resolve(ctx.cwd, b.scenario.file);
    const changed = b.reads.find((r) => {
      const now = headText(r.from, abs, ctx.top);
      return now !== undefined && now !== r.text;
    });
    if (changed === undefined) continue;
    const source = `${changed.path}:1:1`;
    const parsed = parseScenarioText(b.text, b.scenario.file, { abs, confine: ctx.top });
    if (parsed.scenario === undefined) {
      // The head's file cannot be compared as this scenario's grant: it fails closed, unproven.
      out.push({
        scenario: b.scenario.name,
        change: 'file_not_comparable',
        tool: '',
        param: null,
        base: `${changed.path} as it is at the base`,
        head: `${changed.path} as it is in the head`,
        why: `the base scenario does not load with the head's version of ${changed.path}: ${parsed.problems
          .slice(0, 3)
          .map((p) => p.message)
          .join('; ')}`,
        proof: 'unproven',
        counterexample: null,
        effect: null,
        source,
        base_file: changed.path,
      });
      continue;
    }
    const pair: Pair = { base: b.scenario, head: parsed.scenario };
    const r = scenarioWidenings(ctx.context, pair);
    const scoped = ctx.baseScoped.get(b.scenario.name);
    const crossed = scoped === undefined ? [] : crossReplay(ctx.context, pair, scoped).widenings;
    // At the changed file's rule when the widened grant is read from it, else at the file itself.
    for (const w of atToolList(withCrossReplay(r.widenings, crossed), b, pair.head, ctx))
      out.push({ ...w, source: w.source?.startsWith(`${changed.path}:`) === true ? w.source : source, base_file: changed.path });
  }
  return out;
}
