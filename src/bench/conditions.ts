/**
 * The three conditions as real delegation chains (design §1).
 *
 * - no_warrant: no authority at all; every call runs (the baseline).
 * - broad / task_scoped: the org key, the only trusted root, mints a broad root warrant to the
 *   planner p; p grants the worker q the condition's warrant (broad: the same tools as the root;
 *   task_scoped: the scenario's own grant). Every call is then signed by q and checked against
 *   the whole chain [p, q], exactly as a production tool server would.
 *
 * Keys, warrant ids and timestamps come from the run's seed and a simulated clock, so the chain
 * bytes are the same on every run with the same seed.
 */
import { Authorizer } from '../warrant/authorize.js';
import { grant, mint } from '../warrant/builder.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../warrant/constraints/types.js';
import { isWarrantError } from '../warrant/errors.js';
import { SigningKey } from '../warrant/keys.js';
import type { SignedWarrant } from '../warrant/types.js';
import { HarnessError, describeError } from './errors.js';
import type { Condition } from './results.js';
import type { Scenario } from './scenario/types.js';
import { CALL_STEP_SECONDS, SimulatedClock, deriveBytes, seededRandom } from './seed.js';
import { BUILTIN_TOOLS } from './scenario/tools.js';

/** Base lifetimes of the reference (root 1 h, broad worker 30 min, task-scoped worker 10 min). */
const ROOT_TTL_SECONDS = 3600;
const BROAD_TTL_SECONDS = 1800;
const TASK_SCOPED_TTL_SECONDS = 600;

const WILDCARD: Constraint = { type: 'wildcard' };
/** The reference's ceiling on a transfer: even the broadest warrant bounds the amount. */
const TRANSFER_RANGE: Constraint = { type: 'range', min: 0, max: 1_000_000, minInclusive: true, maxInclusive: true };

function openSet(params: readonly string[], tool: string, allowUnknown: boolean): ConstraintSet {
  const constraints: Record<string, Constraint> = {};
  for (const p of params) constraints[p] = tool === 'transfer_money' && p === 'amount' ? TRANSFER_RANGE : WILDCARD;
  return { constraints, allowUnknown };
}

/**
 * The broad grant: every built-in tool and every tool the scenario declares, `Wildcard` on every
 * parameter. Closed-world like the reference, except for tools whose task-scoped grant opts out
 * (`_allow_unknown: true`): a child may not be wider than its parent, so the root must be open there.
 */
export function broadGrants(scenario: Scenario): ToolGrants {
  const tools: Record<string, ConstraintSet> = {};
  const openTools = new Set(Object.keys(scenario.warrant).filter((t) => scenario.warrant[t]?.allowUnknown));
  for (const [tool, sig] of Object.entries(BUILTIN_TOOLS)) tools[tool] = openSet(sig.params, tool, openTools.has(tool));
  for (const [tool, def] of Object.entries(scenario.tools)) tools[tool] = openSet(def.params, tool, openTools.has(tool));
  return tools;
}

/** Everything a trial needs to sign and check calls under a warranted condition. */
export interface Delegation {
  readonly condition: Exclude<Condition, 'no_warrant'>;
  readonly chain: readonly SignedWarrant[]; // [p's root warrant, q's warrant]
  readonly holder: SigningKey; // q: signs every call's proof-of-possession
  readonly warrantId: Uint8Array; // q's warrant id (the PoP names it)
  readonly authorizer: Authorizer; // one per trial: it caches the chain's verified signatures
  readonly clock: SimulatedClock;
}

/** The key of one party of one trial, from the seed. */
function deriveKey(seed: string, scenario: string, condition: Condition, label: string): SigningKey {
  return SigningKey.fromSeed(deriveBytes(seed, [scenario, condition, 'key', label]));
}

/**
 * Builds the chain for one scenario × condition, or null under no_warrant. A builder that refuses
 * (say, a scenario grant wider than the broad root) is a harness error: the condition could not be
 * set up, which must never be mistaken for a denied call.
 */
export function delegationFor(scenario: Scenario, condition: Condition, seed: string): Delegation | null {
  if (condition === 'no_warrant') return null;
  const clock = new SimulatedClock();
  const random = seededRandom(seed, [scenario.name, condition]);
  const org = deriveKey(seed, scenario.name, condition, 'org');
  const p = deriveKey(seed, scenario.name, condition, 'p');
  const q = deriveKey(seed, scenario.name, condition, 'q');
  // The warrants must outlive the trial however many calls it replays (one clock step each).
  const span = (scenario.calls.length + 1) * CALL_STEP_SECONDS;
  const root = broadGrants(scenario);
  const step = (what: string, build: () => SignedWarrant): SignedWarrant => {
    try {
      return build();
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
  };
  const pWarrant = step('mint the root warrant for p', () =>
    mint({ issuer: org, holder: p.publicKey, tools: root, ttlSeconds: ROOT_TTL_SECONDS + span, clock: clock.now, random }),
  );
  const qTools = condition === 'broad' ? root : scenario.warrant;
  const qWarrant = step(`grant q the ${condition} warrant`, () =>
    grant({
      parent: pWarrant,
      signer: p,
      holder: q.publicKey,
      tools: qTools,
      ttlSeconds: (condition === 'broad' ? BROAD_TTL_SECONDS : TASK_SCOPED_TTL_SECONDS) + span,
      clock: clock.now,
      random,
    }),
  );
  const authorizer = new Authorizer({ trustedRoots: [org.publicKey], clock: clock.now });
  return { condition, chain: [pWarrant, qWarrant], holder: q, warrantId: qWarrant.payload.id, authorizer, clock };
}
