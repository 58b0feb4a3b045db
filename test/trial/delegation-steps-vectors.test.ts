/**
 * The delegation-level steps against Tenuo's own answers (delegation-steps-vectors.json, copied from
 * the chains corpus): each step kind, run through the step machinery (src/trial/delegation-steps.ts,
 * step-runner.ts and the harness's decision of a call), decides as Tenuo's code decided.
 *
 *   - delegate: Tenuo's builder minting a chain (children signed by their parent's holder) → our
 *     delegate steps from an agent holding the same root: refused where Tenuo's builder refused (at
 *     the same child), accepted where it accepted, with Tenuo's lifetimes (a child's TTL past its
 *     parent's expiry shortened to that expiry, not refused);
 *   - warrant_of: Tenuo's chain presented with a PoP signed by another key ("wrong holder key");
 *   - replay: a PoP Tenuo signed at one time, or over other arguments, presented at another;
 *   - splice: a leaf presented without its parents ("links [1]").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Delegation } from '../../src/chains/run-context.js';
import { SimulatedClock, seededRandom } from '../../src/chains/seed.js';
import type { CustomTool, Scenario, ScenarioCall } from '../../src/model/scenario.js';
import type { DelegateStep, ScenarioStep } from '../../src/model/steps.js';
import { TrialAgents, presentedBy, runDelegate, type AgentHold, type RecordedPop } from '../../src/trial/delegation-steps.js';
import { authorize } from '../../src/trial/harness.js';
import { runStep, type StepTrial } from '../../src/trial/step-runner.js';
import { Authorizer } from '../../src/warrant/authorize.js';
import { mint } from '../../src/warrant/builder.js';
import type { Value } from '../../src/warrant/constraint-value.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../../src/warrant/constraints/types.js';
import { parseJsonArgs } from '../../src/warrant/json-args.js';
import { SigningKey } from '../../src/warrant/keys.js';
import { parseTokens } from '../../src/warrant/text.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { scenario } from './helpers.js';

type Json = Record<string, unknown>;
interface MintRequest {
  now: number;
  root: { issuer_seed: string; holder_seed: string; ttl: number; max_depth?: number; tools: Record<string, Json> };
  children: { holder_seed: string; ttl: number; max_depth?: number; tools: Record<string, Json> }[];
}
interface DelegateVector {
  id: string;
  request: MintRequest;
  answer: { ok: boolean; error?: string; lifetimes?: number[] };
}
interface CallVector {
  id: string;
  step: 'warrant_of' | 'replay' | 'splice';
  what: string;
  links: number[] | null;
  warrants: string[];
  holder_seeds: string[];
  trusted_root: string;
  request: { now: number; tool: string; args: Json; holder_key?: string };
  answer: { allowed: boolean; error: string | null };
  pop_sign?: { holder_seed: string; tool: string; args: Json; timestamp: number };
}

const VECTORS = JSON.parse(readFileSync(new URL('./delegation-steps-vectors.json', import.meta.url), 'utf8')) as {
  delegate: DelegateVector[];
  calls: CallVector[];
};

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
const keyOf = (seed: string): SigningKey => SigningKey.fromSeed(hex(seed));

/** A constraint in Tenuo's serde form (the corpus README's table) for the kinds these vectors use. */
function constraintOf(c: Json): Constraint {
  const list = (v: unknown): Value[] => (v as Value[] | undefined) ?? [];
  switch (c['type']) {
    case 'Wildcard':
      return { type: 'wildcard' };
    case 'Exact':
      return { type: 'exact', value: c['value'] as Value };
    case 'Pattern':
      return { type: 'pattern', pattern: c['pattern'] as string };
    case 'Regex':
      return { type: 'regex', pattern: c['pattern'] as string };
    case 'OneOf':
      return { type: 'one_of', values: list(c['values']) };
    case 'NotOneOf':
      return { type: 'not_one_of', excluded: list(c['excluded']) };
    case 'Range':
      return {
        type: 'range',
        min: (c['min'] as number | null | undefined) ?? null,
        max: (c['max'] as number | null | undefined) ?? null,
        minInclusive: (c['min_inclusive'] as boolean | undefined) ?? true,
        maxInclusive: (c['max_inclusive'] as boolean | undefined) ?? true,
      };
    case 'Cidr':
      return { type: 'cidr', network: c['cidr'] as string };
    case 'UrlPattern':
      return { type: 'url_pattern', pattern: c['pattern'] as string };
    case 'Shlex':
      return { type: 'shlex', allow: c['allow'] as string[] };
    case 'Contains':
      return { type: 'contains', required: list(c['required']) };
    case 'Subset':
      return { type: 'subset', allowed: list(c['allowed']) };
    case 'Any':
      return { type: 'any', constraints: (c['constraints'] as Json[]).map(constraintOf) };
    case 'All':
      return { type: 'all', constraints: (c['constraints'] as Json[]).map(constraintOf) };
    case 'Not':
      return { type: 'not', constraint: constraintOf(c['constraint'] as Json) };
    case 'Subpath':
      return {
        type: 'subpath',
        root: c['root'] as string,
        caseSensitive: (c['case_sensitive'] as boolean | undefined) ?? true,
        allowEqual: (c['allow_equal'] as boolean | undefined) ?? true,
      };
    case 'UrlSafe':
      return {
        type: 'url_safe',
        schemes: (c['schemes'] as string[] | undefined) ?? ['http', 'https'],
        allowDomains: (c['allow_domains'] as string[] | undefined) ?? null,
        denyDomains: (c['deny_domains'] as string[] | undefined) ?? null,
        allowPorts: (c['allow_ports'] as number[] | undefined) ?? null,
        blockPrivate: (c['block_private'] as boolean | undefined) ?? true,
        blockLoopback: (c['block_loopback'] as boolean | undefined) ?? true,
        blockMetadata: (c['block_metadata'] as boolean | undefined) ?? true,
        blockReserved: (c['block_reserved'] as boolean | undefined) ?? true,
        blockInternalTlds: (c['block_internal_tlds'] as boolean | undefined) ?? false,
      };
    default:
      throw new Error(`constraint type ${String(c['type'])} is not used by these vectors`);
  }
}

function toolsOf(tools: Record<string, Json>): ToolGrants {
  const out = Object.create(null) as Record<string, ConstraintSet>;
  for (const [tool, fields] of Object.entries(tools)) {
    const constraints = Object.create(null) as Record<string, Constraint>;
    for (const [field, c] of Object.entries(fields)) if (field !== '$allow_unknown') constraints[field] = constraintOf(c as Json);
    out[tool] = { constraints, allowUnknown: fields['$allow_unknown'] === true };
  }
  return out;
}

function delegationAt(chain: readonly SignedWarrant[], holder: SigningKey, trustedRoot: Uint8Array, start: number): Delegation {
  const clock = new SimulatedClock(start);
  return {
    condition: 'task_scoped',
    chain,
    holder,
    warrantId: chain[chain.length - 1]!.payload.id,
    authorizer: new Authorizer({ trustedRoots: [trustedRoot], clock: clock.now }),
    clock,
  };
}

const SOURCE = { file: 'vectors.json', line: 1, col: 1 };
/** Every agent of a vector is given its key up front. */
const noNewAgents = (name: string): SigningKey => {
  throw new Error(`no key for '${name}'`);
};

describe("delegate steps decide as Tenuo's builder", () => {
  for (const v of VECTORS.delegate) {
    it(`${v.id}: ${v.answer.ok ? `accepted, lifetimes ${v.answer.lifetimes!.join(', ')}` : v.answer.error!.slice(0, 70)}`, () => {
      const r = v.request;
      const issuer = keyOf(r.root.issuer_seed);
      const rootHolder = keyOf(r.root.holder_seed);
      const root = mint({
        issuer,
        holder: rootHolder.publicKey,
        tools: toolsOf(r.root.tools),
        ttlSeconds: r.root.ttl,
        ...(r.root.max_depth !== undefined && { maxDepth: r.root.max_depth }),
        clock: () => r.now,
        random: seededRandom('vectors', [v.id]),
      });
      // Every agent's key is the vector's; only a0 holds a warrant before the steps.
      const initial = new Map<string, AgentHold>([['a0', { key: rootHolder, chain: [root] }]]);
      r.children.forEach((c, i) => initial.set(`a${i + 1}`, { key: keyOf(c.holder_seed), chain: null }));
      const agents = new TrialAgents(noNewAgents, 'a0', initial);
      // Tenuo issued every warrant at `now`: the steps run at that instant.
      const d = delegationAt([root], rootHolder, issuer.publicKey, r.now);
      const outcomes = r.children.map((c, i) => {
        const step: DelegateStep = {
          kind: 'delegate',
          from: `a${i}`,
          to: `a${i + 1}`,
          grant: toolsOf(c.tools),
          grantSources: {},
          ttl: c.ttl,
          ...(c.max_depth !== undefined && { maxDepth: c.max_depth }),
          expect: 'allow',
          source: SOURCE,
          afterCall: 0,
          wait: 0,
        };
        return runDelegate(d, agents, step, scenario({ name: v.id }), 'task_scoped', i + 1, 'vectors');
      });
      const refusedAt = outcomes.findIndex((o) => o.outcome === 'refused');
      if (v.answer.ok) {
        expect(refusedAt).toBe(-1);
        const lifetimes = [root.payload.expiresAt - r.now, ...outcomes.map((o) => o.expiresAt! - r.now)];
        expect(lifetimes).toEqual(v.answer.lifetimes);
        // Shortened exactly where a child asked for more than its parent had left.
        const asked = [r.root.ttl, ...r.children.map((c) => c.ttl)];
        outcomes.forEach((o, i) => expect(o.outcome).toBe(asked[i + 1]! > lifetimes[i]! ? 'shortened' : 'accepted'));
      } else {
        const at = Number(/^children\[(\d+)\]/.exec(v.answer.error!)![1]);
        expect(refusedAt).toBe(at);
        const code = outcomes[at]!.denial!.code;
        expect(
          /max_depth/.test(v.answer.error!) ? ['depth_exceeded', 'depth_monotonicity_violated'] : ['capability_monotonicity_violated'],
        ).toContain(code);
      }
    });
  }
});

/** A scenario declaring the vector's tool: every argument either call sends is a parameter, defaulting to None. */
function toolScenario(v: CallVector): Scenario {
  const params = [...new Set([...Object.keys(v.request.args), ...Object.keys(v.pop_sign?.args ?? {})])].sort();
  const def: CustomTool = { params, returns: '', defaults: Object.fromEntries(params.map((p) => [p, null])) };
  return scenario({ name: v.id, tools: { [v.request.tool]: def } });
}

const argsOf = (args: Json): Record<string, Value> => parseJsonArgs(JSON.stringify(args), { typedMarkers: true });

describe("call-making steps decide as Tenuo's authorizer", () => {
  for (const v of VECTORS.calls) {
    it(`${v.id} (${v.step}; ${v.what}): ${v.answer.allowed ? 'allowed' : 'refused'}`, () => {
      const full = v.warrants.flatMap((t) => parseTokens(t));
      const leafHolder = keyOf(v.holder_seeds[v.warrants.length - 1]!);
      const s = toolScenario(v);
      const initial = new Map<string, AgentHold>([
        ['owner', { key: leafHolder, chain: full }],
        ['planner', { key: keyOf(v.holder_seeds[0]!), chain: full.slice(0, 1) }],
      ]);
      if (v.request.holder_key !== undefined) initial.set('intruder', { key: keyOf(v.request.holder_key), chain: null });
      const agents = new TrialAgents(noNewAgents, 'owner', initial);
      const pops = new Map<number, RecordedPop>();
      const signedAt = v.pop_sign?.timestamp ?? v.request.now;
      // Each call and step moves the clock one second on before it is decided.
      const d = delegationAt(full, leafHolder, hex(v.trusted_root), signedAt - 1);
      const trial: StepTrial = {
        scenario: s,
        condition: 'task_scoped',
        seed: 'vectors',
        delegation: d,
        agents,
        pops,
        runCall: (presented, call, index, options) => (presented ? authorize(presented, s, call, index, options) : undefined),
        shownArgs: (call) => ({ ...call.args }),
      };
      const call = { tool: v.request.tool, args: argsOf(v.request.args) };
      let step: ScenarioStep;
      const base = { expect: 'deny' as const, source: SOURCE, afterCall: 1 };
      if (v.step === 'warrant_of') {
        step = { kind: 'warrant_of', ...base, wait: 0, agent: 'intruder', of: 'owner', call };
      } else if (v.step === 'splice') {
        step = { kind: 'splice', ...base, wait: 0, agent: 'owner', parentsOf: 'planner', call };
      } else {
        // Call #1: the owner's own call, at the time Tenuo signed its PoP, over the PoP's arguments.
        const first: ScenarioCall = { tool: v.pop_sign!.tool, args: argsOf(v.pop_sign!.args), expect: 'allow', source: SOURCE };
        authorize(presentedBy(d, agents, 'owner'), s, first, 1, { record: (pop) => pops.set(1, pop) });
        // The replay: call #1's PoP presented at the check's time (a second later when Tenuo checked
        // at the very instant it signed), for the check's arguments.
        step = { kind: 'replay', ...base, wait: Math.max(0, v.request.now - signedAt - 1), agent: 'owner', of: 1, call };
      }
      const result = runStep(step, 1, trial);
      expect(result.authorized).toBe(v.answer.allowed);
      if (!v.answer.allowed) {
        const expected = /Proof-of-Possession/.test(v.answer.error!) ? 'pop_failed' : 'chain_not_anchored';
        expect(result.denial?.code).toBe(expected);
      }
      expect(d.clock.now()).toBe(Math.max(v.request.now, v.step === 'replay' ? signedAt + 1 : v.request.now));
    });
  }
});
