/**
 * The authorizer: verifies a delegation chain against trusted roots and a clock, then decides one
 * tool call against the leaf (reference `planes.rs` `Authorizer::check_chain`, spec §6).
 *
 * Call order: chain (chain.ts, expiry of each child with 30 s tolerance) → the leaf has not expired
 * (no tolerance: `now < expires_at`) → the leaf is an execution warrant and grants the tool
 * (`tool_not_allowed`) → proof-of-possession by the leaf's holder (`pop_failed`) → the tool's
 * constraint set, closed world (`unknown_argument` / `constraint_not_satisfied`) → M-of-N
 * approvals when the leaf lists required approvers (`insufficient_approvals`). PoP comes before
 * the constraints, as in the reference, so a caller without the holder key learns nothing about
 * the constraints from the denial code.
 *
 * Verify before deserialize: the chain check (chain.ts, see its header for the order) verifies
 * every envelope's signature over its raw payload bytes, under the trusted root key for the root
 * and under the verified parent's holder key for a child, before any payload is decoded; the leaf
 * fields this file reads come after that.
 *
 * Hot path: the benchmark authorizes many calls against the same chain. A verified envelope's
 * signature is remembered (keyed by its exact bytes, together with the key it verified under), and
 * so is a chain whose clock-independent checks all passed (keyed by the trusted roots and the
 * bytes of all its envelopes). A repeated call then costs the revocation lookups, the expiry
 * comparisons (on the payloads already decoded and remembered by the envelopes), the constraint
 * checks and one PoP signature check: nothing is skimmed or decoded again.
 */
import { checkApprovals, type SignedApproval } from './approval.js';
import type { WorkBudget } from '../lib/budget.js';
import { checkConstraintSet } from './constraints/satisfy.js';
import { verifyWarrantSignature } from './keys.js';
import { assertPopMaxWindows, DEFAULT_POP_MAX_WINDOWS, verifyPop } from './pop.js';
import { bytesEqual, toHex } from '../lib/bytes.js';
import { isWarrantError, WarrantError } from './errors.js';
import { warrantIdString } from './id.js';
import { checkChainLength, checkRevocation, verifyChainFull } from './chain.js';
import { checkCallExpiry, checkChainTimes, DEFAULT_CLOCK_SKEW_SECONDS } from './validity.js';
import type { Args } from './constraint-value.js';
import type { ConstraintSet } from './constraints/types.js';
import type { Clock, SignedWarrant } from './types.js';

export interface AuthorizerOptions {
  /** Ed25519 public keys (32 bytes) whose root warrants are trusted. */
  readonly trustedRoots: readonly Uint8Array[];
  /** Unix seconds; injected so that verification is reproducible. */
  readonly clock: Clock;
  /** Revoked warrant ids in display form (`tnu_wrt_` + 32 lowercase hex), matched exactly. */
  readonly revoked?: Iterable<string>;
  /** PoP windows tried (offsets 0, −1, +1, −2, +2, …): 2–10, default 5; else WarrantError('malformed'). */
  readonly maxWindows?: number;
  /** Clock tolerance on a child's expiry in chain verification, in seconds (default 30, the reference's). */
  readonly clockSkewSeconds?: number;
  /**
   * Signature and chain checks to share with other authorizers (default: this authorizer's own).
   * Whether some bytes verify under a key depends on nothing an authorizer is configured with, and a
   * chain's clock-independent checks on nothing but its trusted roots (part of the chain's key), so
   * a run that gives each trial its own authorizer and clock still checks each signature and each
   * chain's structure once.
   */
  readonly verified?: VerificationCache;
  /**
   * The work budget the constraints' evaluations are charged to (src/lib/budget.ts): the caller's,
   * e.g. one scenario's. Without one, only each evaluation's and each match's own bounds apply.
   */
  readonly budget?: WorkBudget;
}

export interface ToolCall {
  readonly tool: string;
  readonly args: Args;
  /**
   * The arguments the constraints are matched against when they are not `args` (reference
   * `check_chain_with_pop_args`: MCP with a McpConfig signs the arguments as sent and matches the
   * extracted view). `args` stays what the PoP and approvals cover.
   */
  readonly constraintArgs?: Args;
  /** The holder's proof-of-possession signature (64 bytes). */
  readonly pop: Uint8Array;
  readonly approvals?: readonly SignedApproval[];
}

/** Bound on each cache; when full they are emptied (simple, bounded, and the working set is small). */
const CACHE_LIMIT = 4096;

/** Latin-1 is a byte-to-char bijection: the cheapest exact string form of some bytes. */
function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** An unambiguous key for one envelope's bytes: both lengths, then both byte strings. */
function envelopeKey(w: SignedWarrant): string {
  return `${w.payloadBytes.length},${w.signature.length}:${latin1(w.payloadBytes)}${latin1(w.signature)}`;
}

/**
 * Remembers which envelope id an object carried, with copies of its bytes: a later call with the
 * same object is recognised by comparing bytes (native memcmp), not by building and hashing a
 * string of them, so the cache stays keyed by bytes while its lookup costs well under a microsecond.
 */
interface EnvelopeMemo {
  readonly payload: Buffer;
  readonly signature: Buffer;
  readonly id: number;
}

function hasOwn(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/**
 * Signatures that verified, by the exact bytes of their envelope and the key they verified under,
 * and chains whose clock-independent checks passed, by their trusted roots and the bytes of their
 * envelopes. Envelopes get small ids (never reused, so a remembered id stays unambiguous after the
 * maps are emptied); an object seen before is recognised by comparing its bytes with a copy.
 * Bounded.
 *
 * Sharing a chain's verdict between authorizers is exact: its clock-independent checks (anchoring,
 * signatures, decoding, cycles, structure, every link's invariants) read nothing but the trusted
 * roots and those bytes. Revocations and the clock differ between authorizers, so they are never
 * remembered: each call checks them again, in the order the full check reports them (authorize.ts).
 */
export class VerificationCache {
  /** Envelope bytes (as a key string) → a small id standing for them. */
  readonly #envelopeIds = new Map<string, number>();
  #nextEnvelopeId = 0;
  readonly #memo = new WeakMap<SignedWarrant, EnvelopeMemo>();
  /** Envelope id → the public key its signature verified under. */
  readonly #verified = new Map<number, Uint8Array>();
  /**
   * Chains whose clock-independent checks passed: a trie per set of trusted roots (see rootsKey),
   * one level per envelope id. A trie, not a map keyed by a joined string: a call then builds and
   * hashes no string, only looks up small integers. Measured (npm run perf:run, 1,000 scenarios with
   * probes, one worker): with this trie and the envelope memo 185 µs per authorized call, with a
   * string-keyed map and the memo for frozen warrants only 208 µs (+12 %), so it stays.
   */
  readonly #chains = new Map<string, ChainNode>();
  /** Nodes in #chains (the bound). */
  #chainNodes = 0;

  /** The id of an envelope's exact bytes (the same bytes always get the same id). */
  envelopeId(warrant: SignedWarrant): number {
    if (
      typeof warrant !== 'object' ||
      warrant === null ||
      !(warrant.payloadBytes instanceof Uint8Array) ||
      !(warrant.signature instanceof Uint8Array)
    ) {
      throw new WarrantError('malformed', 'a chain element is not a decoded SignedWarrant (payload and signature bytes)');
    }
    const memo = this.#memo.get(warrant);
    if (memo !== undefined && memo.payload.equals(warrant.payloadBytes) && memo.signature.equals(warrant.signature)) return memo.id;
    const key = envelopeKey(warrant);
    let id = this.#envelopeIds.get(key);
    if (id === undefined) {
      if (this.#envelopeIds.size >= CACHE_LIMIT) {
        this.#envelopeIds.clear();
        this.#verified.clear();
      }
      id = this.#nextEnvelopeId++;
      this.#envelopeIds.set(key, id);
    }
    this.#memo.set(warrant, { payload: Buffer.from(warrant.payloadBytes), signature: Buffer.from(warrant.signature), id });
    return id;
  }

  /** Whether `warrant`'s signature verifies over its payload bytes under `key`; a success is remembered. */
  valid(warrant: SignedWarrant, key: Uint8Array): boolean {
    const id = this.envelopeId(warrant);
    const verifiedUnder = this.#verified.get(id);
    if (verifiedUnder !== undefined && bytesEqual(verifiedUnder, key)) return true;
    const ok = verifyWarrantSignature(key, warrant.payloadBytes, warrant.signature);
    if (ok) {
      if (this.#verified.size >= CACHE_LIMIT) this.#verified.clear();
      this.#verified.set(id, Uint8Array.from(key));
    }
    return ok;
  }

  /**
   * The display ids of the chain of envelopes `envelopeIds` when its clock-independent checks
   * passed under the trusted roots `rootsKey` names (see rootsKey); else undefined.
   */
  verifiedChain(rootsKey: string, envelopeIds: readonly number[]): readonly string[] | undefined {
    let node = this.#chains.get(rootsKey);
    for (let i = 0; i < envelopeIds.length && node !== undefined; i++) node = node.next.get(envelopeIds[i]!);
    return node?.ids;
  }

  /** Remembers that the clock-independent checks of that chain passed; `ids` are its display ids. */
  rememberChain(rootsKey: string, envelopeIds: readonly number[], ids: readonly string[]): void {
    if (this.#chainNodes + envelopeIds.length + 1 > CACHE_LIMIT) {
      this.#chains.clear();
      this.#chainNodes = 0;
    }
    let node: ChainNode | undefined = this.#chains.get(rootsKey);
    if (node === undefined) {
      node = { next: new Map() };
      this.#chains.set(rootsKey, node);
      this.#chainNodes++;
    }
    for (const id of envelopeIds) {
      let child: ChainNode | undefined = node.next.get(id);
      if (child === undefined) {
        child = { next: new Map() };
        node.next.set(id, child);
        this.#chainNodes++;
      }
      node = child;
    }
    node.ids = Object.freeze([...ids]);
  }
}

/** One level of the chain trie: the chains that go on from here, by their next envelope id. */
interface ChainNode {
  readonly next: Map<number, ChainNode>;
  /** The display ids of the chain that ends here, when its clock-independent checks passed. */
  ids?: readonly string[];
}

/** An unambiguous key naming a list of trusted root keys: their count, then each in hex. */
function rootsKey(roots: readonly Uint8Array[]): string {
  return `${roots.length}:${roots.map((k) => `${toHex(k)},`).join('')}|`;
}

export class Authorizer {
  readonly #trustedRoots: readonly Uint8Array[];
  readonly #clock: Clock;
  readonly #revoked: ReadonlySet<string>;
  readonly #maxWindows: number;
  readonly #skew: number;
  readonly #verified: VerificationCache;
  readonly #budget: WorkBudget | undefined;
  /** This authorizer's trusted roots as a key of the shared chain checks (see VerificationCache). */
  readonly #rootsKey: string;

  constructor(options: AuthorizerOptions) {
    const maxWindows = options.maxWindows ?? DEFAULT_POP_MAX_WINDOWS;
    assertPopMaxWindows(maxWindows); // a configuration error: WarrantError('malformed')
    const skew = options.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS;
    if (!Number.isInteger(skew) || skew < 0 || skew > 3600) {
      throw new WarrantError('malformed', `clockSkewSeconds must be a whole number of seconds from 0 to 3600 (got ${skew})`);
    }
    // Copies: later changes to the caller's arrays must not change what this authorizer trusts.
    this.#trustedRoots = options.trustedRoots.map((k) => Uint8Array.from(k));
    this.#clock = options.clock;
    this.#revoked = new Set(options.revoked ?? []);
    this.#maxWindows = maxWindows;
    this.#skew = skew;
    this.#verified = options.verified ?? new VerificationCache();
    this.#budget = options.budget;
    this.#rootsKey = rootsKey(this.#trustedRoots);
  }

  /** Verifies a chain (root first) at the injected clock's now; throws a WarrantError. */
  verifyChain(chain: readonly SignedWarrant[]): void {
    this.#verify(chain, this.#now());
  }

  /** Verifies the chain and decides one call against its leaf; throws a WarrantError on denial. */
  authorize(chain: readonly SignedWarrant[], call: ToolCall): void {
    const denial = this.decide(chain, call);
    if (denial !== undefined) throw denial;
  }

  /**
   * As authorize, with the denial returned instead of thrown: the same checks in the same order,
   * every WarrantError they raise returned. For callers that expect many denials (probes), since
   * throwing one costs more than deciding it. Anything but a WarrantError is still thrown.
   */
  decide(chain: readonly SignedWarrant[], call: ToolCall): WarrantError | undefined {
    try {
      return this.#decide(chain, call);
    } catch (e) {
      if (isWarrantError(e)) return e;
      throw e;
    }
  }

  #decide(chain: readonly SignedWarrant[], call: ToolCall): WarrantError | undefined {
    const now = this.#now();
    this.#verify(chain, now);
    const leafWarrant = chain[chain.length - 1]!;
    const leaf = leafWarrant.payload;
    const tool = call.tool;
    // Chain verification tolerated 30 s on expiry; a call tolerates none (reference order: first).
    checkCallExpiry(leaf, `${tool}: the leaf ${warrantIdString(leaf.id)}`, now);
    if (leaf.warrantType !== 'execution') {
      return new WarrantError(
        'tool_not_allowed',
        `${tool}: the leaf ${warrantIdString(leaf.id)} is an issuer warrant; only execution warrants authorize tool calls`,
      );
    }
    let set: ConstraintSet | undefined;
    if (hasOwn(leaf.tools, tool)) set = leaf.tools[tool];
    else if (hasOwn(leaf.tools, '*')) set = leaf.tools['*'];
    if (set === undefined) {
      const granted = Object.keys(leaf.tools);
      return new WarrantError(
        'tool_not_allowed',
        `${tool}: not granted by the leaf warrant (it grants ${granted.length === 0 ? 'no tools' : granted.join(', ')})`,
      );
    }
    const pop = call.pop;
    if (!(pop instanceof Uint8Array) || pop.length !== 64) {
      return new WarrantError('pop_failed', `${tool}: proof-of-possession must be a 64-byte Ed25519 signature`);
    }
    if (!verifyPop(leaf.holder, leaf.id, tool, call.args, pop, now, this.#maxWindows)) {
      return new WarrantError(
        'pop_failed',
        `${tool}: proof-of-possession does not verify under the holder key ${toHex(leaf.holder)} for these arguments within ${this.#maxWindows} 30-second windows around ${now}`,
      );
    }
    const denial = checkConstraintSet(tool, set, call.constraintArgs ?? call.args, now, this.#budget);
    if (denial !== undefined) return denial;
    if (leaf.requiredApprovers !== null && leaf.requiredApprovers.length > 0) {
      return checkApprovals(leafWarrant, tool, call.args, call.approvals ?? [], now);
    }
    return undefined;
  }

  #now(): number {
    const now = this.#clock();
    if (!Number.isFinite(now)) throw new WarrantError('malformed', `the clock returned ${now}, not a time`);
    return Math.floor(now);
  }

  #verify(chain: readonly SignedWarrant[], now: number): void {
    checkChainLength(chain);
    const envelopeIds: number[] = [];
    for (const w of chain) envelopeIds.push(this.#verified.envelopeId(w));
    const ids = this.#verified.verifiedChain(this.#rootsKey, envelopeIds);
    if (ids !== undefined) {
      // Everything clock-independent already passed for these exact bytes: what is left is what
      // can change between calls, in the order the full check would report it.
      checkRevocation(ids, this.#revoked);
      checkChainTimes(chain, now, this.#skew);
      return;
    }
    const verifiedIds = verifyChainFull(chain, {
      trustedRoots: this.#trustedRoots,
      now,
      revoked: this.#revoked,
      clockSkewSeconds: this.#skew,
      signatureValid: (w, key) => this.#verified.valid(w, key),
    });
    this.#verified.rememberChain(this.#rootsKey, envelopeIds, verifiedIds);
  }
}
