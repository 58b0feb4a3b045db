/**
 * The three conditions as real delegation chains (README.md, "How it works").
 *
 * - no_warrant: no authority at all; every call runs (what an injected agent does unprotected).
 * - broad / task_scoped: the org key, the only trusted root, mints a broad root warrant to the
 *   planner p; p grants the worker q the condition's warrant (broad: the same tools as the root;
 *   task_scoped: the scenario's own grant). Every call is then signed by q and checked against
 *   the whole chain [p, q], exactly as a production tool server would.
 *
 * Keys, warrant ids and timestamps come from the run's seed and a simulated clock, so the chain
 * bytes are the same on every run with the same seed.
 */
import type { WorkBudget } from '../lib/budget.js';
import { Authorizer, VerificationCache } from '../warrant/authorize.js';
import { grant, mint } from '../warrant/builder.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../warrant/constraints/types.js';
import { isWarrantError } from '../warrant/errors.js';
import { encode } from '../warrant/cbor/index.js';
import { toolGrantsToCbor } from '../warrant/constraints/wire.js';
import { Buffer } from 'node:buffer';
import { SigningKey } from '../warrant/keys.js';
import type { SignedWarrant } from '../warrant/types.js';
import { HarnessError, describeError } from '../model/errors.js';
import type { Condition } from '../model/condition.js';
import type { Scenario } from '../model/scenario.js';
import { CALL_STEP_SECONDS, SimulatedClock, deriveBytes, seededRandom } from './seed.js';
import { BUILTIN_TOOLS } from '../world/tools.js';
import { authorizedParams } from '../world/claude-hook.js';
import { usesBuiltins, type WorldOf } from './world.js';
import { frozen } from './frozen.js';
import { agentDelegations, agentSeed, buildTopology, firstFailure, implicitAgents, TopologyCache } from './topology.js';
import type { AgentChains, AgentDelegations, Delegation } from './topology.js';

export type { AgentDelegations, Delegation } from './topology.js';

/** Base lifetimes of the reference (root 1 h, broad worker 30 min, task-scoped worker 10 min). */
const ROOT_TTL_SECONDS = 3600;
const BROAD_TTL_SECONDS = 1800;
const TASK_SCOPED_TTL_SECONDS = 600;

const WILDCARD: Constraint = { type: 'wildcard' };
/** The reference's ceiling on a transfer: even the broadest warrant bounds the amount. */
const TRANSFER_RANGE: Constraint = { type: 'range', min: 0, max: 1_000_000, minInclusive: true, maxInclusive: true };

/** A map with no inherited members: a parameter or tool name is only ever an own key. */
function table<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * The root's constraint set of one tool. Closed-world like the reference: every parameter named,
 * `Wildcard` (the transfer amount bounded). A tool whose task-scoped grant opts out of closed world
 * (`_allow_unknown: true`) is held with no constraint and unknown arguments allowed instead: Tenuo
 * lets a child enable `allow_unknown` only under a parent that has it, and lets it leave out a
 * parameter only when the parent names none (keyset identity), so only this root can issue such a
 * grant. Under broad, the worker then holds that tool unconstrained too (no transfer ceiling).
 */
function rootSet(params: readonly string[], tool: string, optedOut: boolean): ConstraintSet {
  const constraints = table<Constraint>();
  if (optedOut) return { constraints, allowUnknown: true };
  for (const p of params) constraints[p] = tool === 'transfer_money' && p === 'amount' ? TRANSFER_RANGE : WILDCARD;
  return { constraints, allowUnknown: false };
}

/**
 * The broad grant: every tool of the scenario's own world (src/chains/world.ts: the tools it
 * declares, and the built-in tools when it uses any), `Wildcard` on every parameter, except the
 * tools whose task-scoped grant opts out of closed world (rootSet).
 */
export function broadGrants(scenario: WorldOf): ToolGrants {
  const tools = table<ConstraintSet>();
  const optedOut = (t: string): boolean => Object.prototype.hasOwnProperty.call(scenario.warrant, t) && scenario.warrant[t]!.allowUnknown;
  if (usesBuiltins(scenario))
    for (const [tool, sig] of Object.entries(BUILTIN_TOOLS))
      tools[tool] = rootSet(rootParams(scenario, tool, sig.params), tool, optedOut(tool));
  for (const [tool, def] of Object.entries(scenario.tools))
    tools[tool] = rootSet(rootParams(scenario, tool, authorizedParams(def)), tool, optedOut(tool));
  return tools;
}

/**
 * The parameters the root names for a tool: all of them, or, where the task-scoped grant names
 * fewer (a parameter its binding may leave absent, a token that leaves one out), exactly the
 * grant's: Tenuo's attenuation keeps a closed set's keys (a child may neither drop nor add one),
 * so the root mirrors the grant's fields and the chain is one Tenuo accepts. The broad worker then
 * holds those fields too (Wildcard), as a production root minted for that grant would.
 */
function rootParams(scenario: Pick<Scenario, 'warrant'>, tool: string, params: readonly string[]): readonly string[] {
  const set = Object.prototype.hasOwnProperty.call(scenario.warrant, tool) ? scenario.warrant[tool]! : undefined;
  if (set === undefined || set.allowUnknown) return params;
  const named = Object.keys(set.constraints);
  return named.length < params.length && named.every((p) => params.includes(p)) ? params.filter((p) => named.includes(p)) : params;
}

/** The three parties' keys: the org (trusted root), the planner p and the worker q. */
export interface PartyKeys {
  readonly org: SigningKey;
  readonly p: SigningKey;
  readonly q: SigningKey;
}

/**
 * The parties' keys of a run, from its seed. One set per run, not per trial: importing a private
 * key costs about a millisecond in OpenSSL, more than the signatures of a whole trial.
 */
export function deriveKeys(seed: string): PartyKeys {
  const key = (party: keyof PartyKeys) => SigningKey.fromSeed(partySeed(seed, party));
  return { org: key('org'), p: key('p'), q: key('q') };
}

/**
 * The 32-byte Ed25519 seed of a party's key. Anyone who knows the run's seed derives it: these
 * keys identify the benchmark's parties, they protect nothing.
 */
export function partySeed(seed: string, party: keyof PartyKeys): Uint8Array {
  return deriveBytes(seed, ['key', party]);
}

/**
 * Lifetimes grow with the number of calls (one clock step each), rounded up to whole hours so
 * that scenarios of similar length share their broad warrants.
 */
const TTL_BUCKET_SECONDS = 3600;
function extraLifetime(scenario: Scenario): number {
  const span = (scenario.calls.length + 1) * CALL_STEP_SECONDS;
  return Math.ceil(span / TTL_BUCKET_SECONDS) * TTL_BUCKET_SECONDS;
}

/** Runs a builder; a refusal is a harness error naming scenario and condition. */
function build(scenario: Scenario, condition: string, what: string, make: () => SignedWarrant): SignedWarrant {
  try {
    return make();
  } catch (e) {
    const why = isWarrantError(e) ? `${e.code}: ${e.message}` : describeError(e);
    throw new HarnessError(
      `scenario '${scenario.name}', condition ${condition}: cannot ${what}: ${why}`,
      scenario.name,
      condition,
      undefined,
      { cause: e },
    );
  }
}

/** Identifies the broad grant and lifetime of a scenario (what its root depends on). */
function fingerprintOf(scenario: Scenario): string {
  const custom = Object.entries(scenario.tools)
    .map(([name, def]) => [name, [...rootParams(scenario, name, authorizedParams(def))]] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Built-ins whose root mirrors a grant that names fewer parameters (rootParams).
  const mirrored = Object.entries(BUILTIN_TOOLS)
    .filter(([name]) => !Object.prototype.hasOwnProperty.call(scenario.tools, name)) // replaced: among `custom`
    .map(([name, sig]) => [name, [...rootParams(scenario, name, sig.params)], sig.params.length] as const)
    .filter(([, params, all]) => params.length < all)
    .map(([name, params]) => [name, params] as const);
  const open = Object.keys(scenario.warrant)
    .filter((t) => scenario.warrant[t]?.allowUnknown)
    .sort();
  const world = [custom, open, usesBuiltins(scenario), extraLifetime(scenario)];
  return JSON.stringify(mirrored.length === 0 ? world : [...world, mirrored]);
}

/**
 * Bytes as a string of one char per byte (latin1: U+0000 to U+00FF, so distinct bytes give
 * distinct strings): a map key, half the length of hex and one native call instead of a loop.
 */
function byteString(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** One scenario's chain, as first built: the root and q's warrant of one warranted condition. */
export interface BuiltChain {
  readonly root: SignedWarrant;
  readonly q: SignedWarrant;
}

/**
 * The chains a scenario object was given, and what they were built from: a hit also needs the same
 * name, tools, grant and calls (the parts a chain reads), so a copy with another grant (the
 * loader's one-grant retries, a mutant) never gets the original's chain.
 */
interface ScenarioChains {
  readonly name: string;
  readonly tools: Scenario['tools'];
  readonly warrant: Scenario['warrant'];
  readonly calls: Scenario['calls'];
  readonly agents: Scenario['agents'];
  /**
   * fingerprintOf(scenario), once for both conditions (their roots and broad q, and the scoped key,
   * each asked for it). It reads only tools, warrant, calls and agents (the grants written), the
   * very objects this entry is kept by, so it is as current as the chains beside it.
   */
  fingerprint?: string;
  broad?: BuiltChain;
  task_scoped?: BuiltChain;
}

/**
 * The run's deterministic context: its seed, the parties' keys derived from it, the warrants built
 * from them and the signature checks already done. Built once per run (the pipeline makes it, the
 * loader's chain check and every stage of the run use it; a worker thread rebuilds it from the seed,
 * which gives the same keys and bytes). Same seed → same chains, whichever context built them.
 *
 * p's root warrant and q's broad warrant depend only on the tools a scenario declares and on its
 * lifetime bucket, so scenarios that agree on those share them: the chain a trial verifies is
 * exactly the one it would get from a fresh mint, minus the signing work (minting is the costliest
 * step of a short trial). q's task_scoped warrant is the scenario's own. Every trial still gets its
 * own Authorizer and clock, and verifies its whole chain.
 *
 * A scenario's chains are also kept by the scenario object: the loader builds them to refuse what
 * a run would (chain-check.ts), and the run then finds them without building or keying them again.
 */
export class RunContext {
  readonly keys: PartyKeys;
  private readonly roots = new Map<string, SignedWarrant>();
  private readonly broads = new Map<string, SignedWarrant>();
  /**
   * q's task_scoped warrants, by everything the grant reads (scopedKey): the trials, probes and
   * mutants of a scenario all ask for it, and signing it again each time costs a tenth of a call.
   */
  private readonly scoped = new Map<string, SignedWarrant>();
  /** Each scenario object's chains (weakly held: a scenario gone is its entry gone). */
  private readonly byScenario = new WeakMap<Scenario, ScenarioChains>();
  /** Each `agents:` scenario object's chains per condition, and the agents' keys by name. */
  private readonly topologies = new TopologyCache();
  private readonly agentKeys = new Map<string, SigningKey>();
  /** Warrants this context signed or tried to (minted or granted): what building chains costs, for tests. */
  #signed = 0;
  /**
   * The run's signature and chain checks, shared by every trial's authorizer: each trial still
   * checks its chain's revocations and times, at its own clock, but a signature over the same
   * bytes, or the same chain's structure, is checked once.
   */
  readonly verified = new VerificationCache();

  constructor(
    readonly seed: string,
    keys?: PartyKeys,
  ) {
    this.keys = keys ?? deriveKeys(seed);
  }

  /** How many warrants this context has signed so far. */
  get warrantsSigned(): number {
    return this.#signed;
  }

  /**
   * p's root warrant: the org key mints the broad grant to p at the simulated epoch. `fingerprint`:
   * fingerprintOf(scenario) when the caller has it already (chainOf), else computed now.
   */
  root(scenario: Scenario, condition: Condition = 'broad', fingerprint: string = fingerprintOf(scenario)): SignedWarrant {
    const key = fingerprint;
    let w = this.roots.get(key);
    if (w === undefined) {
      const clock = new SimulatedClock();
      this.#signed++;
      w = build(scenario, condition, 'mint the root warrant for p', () =>
        mint({
          issuer: this.keys.org,
          holder: this.keys.p.publicKey,
          tools: broadGrants(scenario),
          ttlSeconds: ROOT_TTL_SECONDS + extraLifetime(scenario),
          clock: clock.now,
          random: seededRandom(this.seed, ['root', key]),
        }),
      );
      this.roots.set(key, frozen(w));
    }
    return w;
  }

  private qWarrant(scenario: Scenario, condition: 'broad' | 'task_scoped', root: SignedWarrant, fingerprint: string): SignedWarrant {
    const broad = condition === 'broad';
    const key = broad ? fingerprint : undefined;
    const scopedKey = broad ? undefined : this.scopedKey(scenario, fingerprint);
    const cached = key !== undefined ? this.broads.get(key) : scopedKey !== undefined ? this.scoped.get(scopedKey) : undefined;
    if (cached) return cached;
    const clock = new SimulatedClock();
    this.#signed++;
    const w = build(scenario, condition, `grant q the ${condition} warrant`, () =>
      grant({
        parent: root,
        signer: this.keys.p,
        holder: this.keys.q.publicKey,
        tools: broad ? root.payload.tools : scenario.warrant,
        ttlSeconds: (broad ? BROAD_TTL_SECONDS : TASK_SCOPED_TTL_SECONDS) + extraLifetime(scenario),
        clock: clock.now,
        random: seededRandom(this.seed, broad ? ['broad', key!] : [scenario.name, condition]),
      }),
    );
    // Frozen either way: the authorizer then recognises the envelope by its bytes without re-keying it.
    if (key !== undefined) this.broads.set(key, frozen(w));
    else if (scopedKey !== undefined) this.scoped.set(scopedKey, frozen(w));
    else frozen(w);
    return w;
  }

  /**
   * What q's task_scoped grant of `scenario` is made of, as a string: its name (the seed's label),
   * its lifetime bucket, its root's fingerprint and the wire bytes of its grants. Undefined when the
   * grants do not encode (the builder then reports why).
   */
  private scopedKey(scenario: Scenario, fingerprint: string): string | undefined {
    try {
      const tools = byteString(encode(toolGrantsToCbor(scenario.warrant)));
      return JSON.stringify([scenario.name, extraLifetime(scenario), fingerprint, tools]);
    } catch {
      return undefined;
    }
  }

  /**
   * The chain for one scenario × condition, or null under no_warrant. A builder that refuses (say,
   * a scenario grant wider than the broad root) is a harness error: the condition could not be set
   * up, which must never be mistaken for a denied call. `budget`: the scenario's work budget, which
   * the authorizer charges its constraint evaluations to (src/lib/budget.ts).
   */
  delegation(scenario: Scenario, condition: Condition, budget?: WorkBudget): Delegation | null {
    if (condition === 'no_warrant') return null;
    if (scenario.agents !== undefined) return this.delegations(scenario, condition, budget)!.of(undefined);
    const { root, q } = this.chainOf(scenario, condition);
    const clock = new SimulatedClock();
    const authorizer = new Authorizer({ trustedRoots: [this.keys.org.publicKey], clock: clock.now, verified: this.verified, budget });
    return { condition, chain: [root, q], holder: this.keys.q, warrantId: q.payload.id, authorizer, clock };
  }

  /**
   * One trial's delegations, one per agent (null under no_warrant), sharing its clock and
   * authorizer. A call under an agent the scenario does not have, or without one when there is no
   * default, is a harness error (the loader refuses both).
   */
  delegations(scenario: Scenario, condition: Condition, budget?: WorkBudget): AgentDelegations | null {
    if (condition === 'no_warrant') return null;
    const chains = this.agentChains(scenario, condition);
    const clock = new SimulatedClock();
    const authorizer = new Authorizer({ trustedRoots: [this.keys.org.publicKey], clock: clock.now, verified: this.verified, budget });
    return agentDelegations(scenario, chains, authorizer, clock);
  }

  /**
   * Every agent's chain under a warranted condition (chains/topology.ts), parents first: the
   * declared agents, or the implicit planner ([root]) and worker ([root, q]). A builder's refusal
   * is thrown as a harness error naming the agent.
   */
  agentChains(scenario: Scenario, condition: Exclude<Condition, 'no_warrant'>): AgentChains {
    if (scenario.agents === undefined) return implicitAgents(condition, this.chainOf(scenario, condition), this.keys);
    const built = this.topologyOf(scenario, condition);
    firstFailure(scenario.name, condition, built.failures);
    return { condition, agents: built.agents };
  }

  /** A declared topology's chains and the builder's refusals (the loader reports each; chain-check.ts). */
  topologyOf(scenario: Scenario, condition: Exclude<Condition, 'no_warrant'>): ReturnType<typeof buildTopology> {
    return this.topologies.get(scenario, condition, () => {
      const extra = extraLifetime(scenario);
      const built = buildTopology(scenario.agents ?? [], {
        ...{ seed: this.seed, scenario: scenario.name, condition, org: this.keys.org, broad: broadGrants(scenario) },
        keyOf: (agent) => this.agentKey(agent),
        rootTtlSeconds: ROOT_TTL_SECONDS + extra,
        childTtlSeconds: (condition === 'broad' ? BROAD_TTL_SECONDS : TASK_SCOPED_TTL_SECONDS) + extra,
        onSign: () => this.#signed++,
      });
      for (const a of built.agents) for (const w of a.chain) frozen(w);
      return built;
    });
  }

  /** A declared agent's key, from the seed and its name (docs/scenarios.md#agents). */
  agentKey(agent: string): SigningKey {
    let key = this.agentKeys.get(agent);
    if (key === undefined) {
      key = SigningKey.fromSeed(agentSeed(this.seed, agent));
      this.agentKeys.set(agent, key);
    }
    return key;
  }

  /**
   * The scenario's chain under a warranted condition: the one this scenario object was given, else
   * built now (a builder's refusal is thrown, as by `delegation`).
   */
  chainOf(scenario: Scenario, condition: Exclude<Condition, 'no_warrant'>): BuiltChain {
    let kept = this.byScenario.get(scenario);
    if (
      kept === undefined ||
      kept.name !== scenario.name ||
      kept.tools !== scenario.tools ||
      kept.warrant !== scenario.warrant ||
      kept.calls !== scenario.calls ||
      kept.agents !== scenario.agents
    ) {
      kept = { name: scenario.name, tools: scenario.tools, warrant: scenario.warrant, calls: scenario.calls, agents: scenario.agents };
      this.byScenario.set(scenario, kept);
    }
    const found = kept[condition];
    if (found !== undefined) return found;
    const fingerprint = (kept.fingerprint ??= fingerprintOf(scenario));
    const root = this.root(scenario, condition, fingerprint);
    const built = { root, q: this.qWarrant(scenario, condition, root, fingerprint) };
    kept[condition] = built;
    return built;
  }
}

/**
 * The context a stage of the run works in: the run's own when it is handed one (its seed must be
 * the stage's), else one built from the seed (a stage called on its own: tests, scripts).
 */
export function contextFor(seed: string, context?: RunContext): RunContext {
  if (context === undefined) return new RunContext(seed);
  if (context.seed !== seed) throw new HarnessError(`the run's context is of seed '${context.seed}', not '${seed}'`);
  return context;
}

/** One scenario × condition on its own (tests, tools); a run shares a `RunContext`. */
export function delegationFor(scenario: Scenario, condition: Condition, seed: string): Delegation | null {
  return new RunContext(seed).delegation(scenario, condition);
}
