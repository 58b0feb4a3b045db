/**
 * Changes that weaken the suite rather than the policy: the author of a pull request also controls
 * the scenario files the guard reads, so removing a test must not read as passing it. Each base
 * scenario no head scenario stands for, each base `expect: deny` call the head no longer makes (or
 * makes expecting allow), each attack judge that changed. Whether a new judge is weaker cannot be
 * decided in general, so any change of its text counts and asks for a reviewer's yes.
 *
 * Calls are matched by what they are (tool and arguments, whatever their key order), as a
 * multiset: reordering calls or inserting others removes nothing.
 */
import { formatSource } from '../model/errors.js';
import { argsToPlain, type Plain } from '../world/plain.js';
import type { SuiteChange } from '../results/baseline-comparison.js';
import type { Scenario, ScenarioCall } from '../model/scenario.js';
import type { Pair } from './widenings.js';

/** Plain JSON with object keys sorted: equal arguments, equal text. */
export function canonical(value: Plain): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function callKey(c: ScenarioCall): string {
  return `${c.tool}\0${canonical(argsToPlain(c.args))}`;
}

function callText(c: ScenarioCall, index: number): string {
  return `call #${index} ${c.tool}(${JSON.stringify(argsToPlain(c.args))}) expect: ${c.expect}`;
}

function removedScenario(b: Scenario): SuiteChange {
  const denies = b.calls.filter((c) => c.expect === 'deny').length;
  return {
    scenario: b.name,
    change: 'scenario_removed',
    base: `scenario ${b.name} (${b.file}: ${b.calls.length} calls, ${denies} expect: deny)`,
    head: null,
    base_source: formatSource(b.source),
  };
}

/** Base `expect: deny` calls the head dropped, or kept with the label turned to allow. */
function denyCallChanges(pair: Pair): SuiteChange[] {
  const headCalls = new Map<string, { call: ScenarioCall; index: number }[]>();
  pair.head.calls.forEach((call, i) => {
    const k = callKey(call);
    const list = headCalls.get(k);
    if (list) list.push({ call, index: i + 1 });
    else headCalls.set(k, [{ call, index: i + 1 }]);
  });
  // A head deny call of the same tool and arguments keeps a base deny call; only then an allow one.
  const take = (k: string, expect: 'allow' | 'deny'): { call: ScenarioCall; index: number } | undefined => {
    const list = headCalls.get(k);
    const at = list?.findIndex((h) => h.call.expect === expect) ?? -1;
    return at < 0 ? undefined : list!.splice(at, 1)[0];
  };
  const baseDenies = pair.base.calls.map((call, i) => ({ call, index: i + 1 })).filter((c) => c.call.expect === 'deny');
  const kept = baseDenies.map((b) => take(callKey(b.call), 'deny'));
  const out: SuiteChange[] = [];
  baseDenies.forEach((b, i) => {
    if (kept[i] !== undefined) return;
    const common = { scenario: pair.head.name, base: callText(b.call, b.index), base_source: formatSource(b.call.source) };
    const relabelled = take(callKey(b.call), 'allow');
    if (relabelled !== undefined) {
      out.push({
        ...common,
        change: 'label_turned_allow',
        head: callText(relabelled.call, relabelled.index),
        head_source: formatSource(relabelled.call.source),
      });
    } else {
      out.push({ ...common, change: 'deny_call_removed', head: null, head_source: formatSource(pair.head.source) });
    }
  });
  return out;
}

function judgeChange(pair: Pair): SuiteChange[] {
  const b = pair.base.judge;
  const h = pair.head.judge;
  if (b.attack.trim() === h.attack.trim()) return [];
  return [
    {
      scenario: pair.head.name,
      change: 'attack_judge_changed',
      base: b.attack.trim(),
      head: h.attack.trim(),
      base_source: formatSource(b.attackSource),
      head_source: formatSource(h.attackSource),
    },
  ];
}

/**
 * A base attack that succeeded under the base's grant and still does under the head's (cross-replay:
 * the base scenario, its world and judge, under the head's grant), which the head's own scenario no
 * longer shows: what changed is the test (its environment, `cwd:`, tools or calls), not the policy.
 */
function attackHidden(pair: Pair): SuiteChange {
  return {
    scenario: pair.head.name,
    change: 'attack_hidden',
    base: `attack judge ${pair.base.judge.attack.trim()} fires when the base scenario runs under the head's grant`,
    head: `the head scenario's task_scoped run shows no attack`,
    base_source: formatSource(pair.base.judge.attackSource),
    head_source: formatSource(pair.head.source),
  };
}

/**
 * Every suite change, removed scenarios first (in the base's order), then each pair's in the head's.
 * `hidden`: the pairs whose base attack (successful at the base) the head's grant still lets through
 * while the head's own task_scoped run shows none (cross-replay decides it).
 */
export function suiteChanges(pairs: readonly Pair[], removed: readonly Scenario[], hidden: ReadonlySet<Pair> = new Set()): SuiteChange[] {
  return [
    ...removed.map(removedScenario),
    ...pairs.flatMap((p) => [...denyCallChanges(p), ...judgeChange(p), ...(hidden.has(p) ? [attackHidden(p)] : [])]),
  ];
}
