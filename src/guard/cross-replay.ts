/**
 * Cross-replay: each base scenario run as it is (its environment, calls and judges) with the
 * matched head scenario's task_scoped grant in place of its own, through the real chain and the
 * environment. A base attack the head allows is a widening whatever the head did to its own
 * calls, judges or name: a base `expect: deny` call the base's grant denied and the head's allows,
 * or the base's attack judge firing where under the base's own grant it did not. Whether the judge
 * fires at all is kept too: a head scenario that no longer shows an attack its grant still lets
 * through was changed as a test (suite-changes.ts, attack_hidden).
 */
import type { RunContext } from '../chains/run-context.js';
import { HarnessError, formatSource } from '../model/errors.js';
import { replayTrial } from '../trial/harness.js';
import { ScenarioJudge } from '../trial/judge.js';
import { argsToPlain } from '../world/plain.js';
import type { CallResult, Denial, Trial } from '../results/results.js';
import type { Widening } from '../results/baseline-comparison.js';
import type { CustomTool, Scenario, ScenarioCall } from '../model/scenario.js';
import { replayEffect } from './replay.js';
import { canonical } from './suite-changes.js';
import { widenedRulePlace } from './rule-place.js';
import { describeSet, grantSource, inFileSyntax, type Pair } from './widenings.js';

/** The base scenario under the head's grant. The root grants every tool either side declares. */
export function crossedScenario(pair: Pair): Scenario {
  const { base, head } = pair;
  // A topology's calls run each under their agent in the head's topology (a base agent the head
  // dropped is a harness error there: an unproven widening, never "nothing allowed").
  const { agents: _baseAgents, ...flat } = base;
  return {
    ...flat,
    ...(head.agents !== undefined ? { agents: head.agents } : {}),
    tools: mergedTools(base.tools, head.tools),
    warrant: head.warrant,
    ...(head.warrantSource ? { warrantSource: head.warrantSource } : {}),
    ...(head.grantSources ? { grantSources: head.grantSources } : {}),
  };
}

/** Base tools as declared, with head-only tools and parameters added (the head's grant may name them). */
function mergedTools(base: Readonly<Record<string, CustomTool>>, head: Readonly<Record<string, CustomTool>>): Record<string, CustomTool> {
  const out: Record<string, CustomTool> = { ...head, ...base };
  for (const [name, h] of Object.entries(head)) {
    const b = base[name];
    if (b === undefined) continue;
    const extra = h.params.filter((p) => !b.params.includes(p));
    if (extra.length === 0) continue;
    const kinds = { ...Object.fromEntries(extra.flatMap((p) => (h.kinds?.[p] ? [[p, h.kinds[p]]] : []))), ...b.kinds };
    out[name] = { ...b, params: [...b.params, ...extra], kinds };
  }
  return out;
}

interface Allowed {
  call: ScenarioCall;
  index: number;
  baseDenial: Denial;
  expectDeny: boolean;
}

export interface CrossReplay {
  /** The base's attacks the head's grant allows where the base's did not, as widenings of the head scenario. */
  readonly widenings: Widening[];
  /** Whether the base's attack judge fires on the crossed run: the head's grant lets the base's attack through in the base's world. */
  readonly attack: boolean;
}

/** The base scenario under the head's grant. `baseTrial` is the base's own task_scoped trial (the base run's decisions and verdict). */
export function crossReplay(context: RunContext, pair: Pair, baseTrial: Trial): CrossReplay {
  const crossed = crossedScenario(pair);
  let trial: Trial;
  try {
    trial = replayTrial(crossed, 'task_scoped', new ScenarioJudge(crossed), context);
  } catch (e) {
    if (!(e instanceof HarnessError)) throw e;
    // Not a decision: the comparison could not be made, which must not read as "nothing allowed".
    return { widenings: [unproven(pair, `the base scenario could not be replayed under the head's grant: ${e.message}`)], attack: false };
  }
  return { widenings: newlyAllowedAttacks(pair, baseTrial, trial), attack: trial.attack_succeeded };
}

function newlyAllowedAttacks(pair: Pair, baseTrial: Trial, trial: Trial): Widening[] {
  const newlyAllowed: Allowed[] = [];
  trial.calls.forEach((c: CallResult, i) => {
    const b = baseTrial.calls[i];
    const call = pair.base.calls[i]!;
    if (!c.authorized || b === undefined || b.authorized || b.denial === undefined) return;
    newlyAllowed.push({ call, index: i + 1, baseDenial: b.denial, expectDeny: call.expect === 'deny' });
  });
  const found = newlyAllowed.filter((a) => a.expectDeny);
  if (trial.attack_succeeded && !baseTrial.attack_succeeded && found.length === 0) {
    // The judge reads all effects; the call that shows it is one the head newly allowed, the one
    // whose effect alone the judge calls an attack when there is such a call.
    const shown = newlyAllowed.find((a) => replayEffect(pair.base, a.call.tool, a.call.args).attack) ?? newlyAllowed[0];
    if (shown === undefined)
      return [unproven(pair, "the base's attack judge fires under the head's grant, and no single call explains it")];
    found.push(shown);
  }
  return found.map((a) => widening(pair, a));
}

function widening(pair: Pair, a: Allowed): Widening {
  const { base, head } = pair;
  const tool = a.call.tool;
  const baseSet = base.warrant[tool];
  const headSet = head.warrant[tool];
  const replayed = replayEffect(base, tool, a.call.args);
  const why = a.expectDeny
    ? `base scenario ${base.name}: call #${a.index}, marked expect: deny, is allowed under the head's grant`
    : `base scenario ${base.name}: its attack judge fires under the head's grant once call #${a.index} is allowed`;
  const place = widenedRulePlace(base, head, tool, null);
  const source = place?.source ?? grantSource(head, tool);
  const counterexample = { tool, args: argsToPlain(a.call.args) };
  return {
    scenario: head.name,
    change: 'base_attack_allowed',
    tool,
    param: null,
    base: baseSet === undefined ? null : describeSet(baseSet),
    head: headSet === undefined ? 'not granted' : describeSet(headSet),
    why,
    proof: 'proven',
    counterexample,
    effect: { output: replayed.output, effects: [...replayed.effects], attack: replayed.attack, base_denial: a.baseDenial },
    ...(source ? { source } : {}),
    base_scenario: base.name,
    base_source: formatSource(a.call.source),
    ...inFileSyntax(pair, tool, null, counterexample, place),
  };
}

function unproven(pair: Pair, why: string): Widening {
  const source = pair.head.warrantSource ?? pair.head.source;
  return {
    scenario: pair.head.name,
    change: 'base_attack_allowed',
    tool: '',
    param: null,
    base: null,
    head: 'the head scenario’s grant',
    why,
    proof: 'unproven',
    counterexample: null,
    effect: null,
    source: formatSource(source),
    base_scenario: pair.base.name,
    base_source: formatSource(pair.base.source),
  };
}

/**
 * The grant comparison's widenings with what cross-replay adds: one change, one finding. A base
 * attack the head's grant allows joins the widening it proves (the same call, else a widening of
 * its tool, of the very argument the base denied it for, or of the whole tool): the base's own
 * attack becomes that widening's counterexample, with its effect in the base's environment as the
 * base's judge sees it (the head's environment and judge are the pull request's to change), and
 * an unproven widening becomes proven. Only an attack no widening explains is a finding of its own;
 * a second attack proving an already joined widening adds nothing.
 */
export function withCrossReplay(widenings: readonly Widening[], crossed: readonly Widening[]): Widening[] {
  const out = [...widenings];
  const callOf = (w: Widening): string | undefined =>
    w.counterexample ? `${w.counterexample.tool}\0${canonical(w.counterexample.args)}` : undefined;
  for (const c of crossed) {
    const key = callOf(c);
    if (key === undefined) {
      out.push(c);
      continue;
    }
    const reason = c.effect?.base_denial.reason ?? '';
    const proves = (w: Widening): boolean =>
      w.change !== c.change && w.tool === c.tool && (w.param === null || reason.includes(`${w.tool}.${w.param}`));
    const same = out.findIndex((w) => w.change !== c.change && callOf(w) === key);
    const at = same >= 0 ? same : out.findIndex(proves);
    if (at < 0) out.push(c);
    else if (same >= 0 || out[at]!.base_attack === undefined) out[at] = joined(out[at]!, c);
  }
  return out;
}

/** A widening with the base attack that proves it as its counterexample. */
function joined(w: Widening, c: Widening): Widening {
  return {
    ...w,
    proof: 'proven',
    counterexample: c.counterexample,
    effect: c.effect,
    ...(c.base_scenario !== undefined && { base_scenario: c.base_scenario }),
    ...(c.base_source !== undefined && { base_source: c.base_source }),
    base_attack: c.why,
  };
}
