/**
 * Decision flips and rate deltas between the base's run and the head's, scenario by scenario.
 *
 * Calls are matched by what they are (tool and arguments), not by position: a call inserted in the
 * head must not make every later call look flipped. The k-th occurrence of a call in the head is
 * matched with its k-th occurrence in the base; calls only on one side have no decision to compare.
 */
import type { CallResult, Condition, Trial } from '../results/results.js';
import type { Flip, RateDelta } from '../results/baseline-comparison.js';

function callKey(c: CallResult): string {
  return `${c.tool}\0${JSON.stringify(c.args)}`;
}

function decision(c: CallResult): 'allow' | 'deny' {
  return c.authorized ? 'allow' : 'deny';
}

function trialFlips(base: Trial, head: Trial): Flip[] {
  const pool = new Map<string, CallResult[]>();
  for (const c of base.calls) {
    const k = callKey(c);
    const list = pool.get(k);
    if (list) list.push(c);
    else pool.set(k, [c]);
  }
  const flips: Flip[] = [];
  for (const h of head.calls) {
    const b = pool.get(callKey(h))?.shift();
    if (b === undefined || b.authorized === h.authorized) continue;
    const denial = h.denial ?? b.denial;
    flips.push({
      scenario: head.scenario,
      condition: head.condition,
      index: h.index,
      tool: h.tool,
      args: h.args as Flip['args'],
      base: decision(b),
      head: decision(h),
      ...(denial ? { denial } : {}),
      ...(h.source ? { source: h.source } : {}),
    });
  }
  return flips;
}

const rate = (b: boolean): number => (b ? 1 : 0);

/**
 * Flips and deltas over the scenarios both runs have, in the head's order. `matched` maps a head
 * scenario's name to its base scenario's (the same, or the old name of a renamed one).
 */
export function compareTrials(
  baseTrials: readonly Trial[],
  headTrials: readonly Trial[],
  matched: ReadonlyMap<string, string>,
): { flips: Flip[]; deltas: RateDelta[] } {
  const byKey = new Map<string, Trial>();
  for (const t of baseTrials) byKey.set(`${t.scenario}\0${t.condition}`, t);
  const flips: Flip[] = [];
  const deltas: RateDelta[] = [];
  for (const head of headTrials) {
    const baseName = matched.get(head.scenario);
    if (baseName === undefined) continue;
    const base = byKey.get(`${baseName}\0${head.condition}`);
    if (base === undefined) continue;
    flips.push(...trialFlips(base, head));
    if (base.attack_succeeded !== head.attack_succeeded || base.task_succeeded !== head.task_succeeded) {
      deltas.push({
        scenario: head.scenario,
        condition: head.condition as Condition,
        asr: { base: rate(base.attack_succeeded), head: rate(head.attack_succeeded) },
        tcr: { base: rate(base.task_succeeded), head: rate(head.task_succeeded) },
      });
    }
  }
  return { flips, deltas };
}
