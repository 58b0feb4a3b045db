/**
 * A real Tenuo token as a scenario's task_scoped grant (`warrant: {from: PATH}`).
 *
 * The file holds a SignedWarrant or a chain (base64url or hex CBOR, or PEM armor as Tenuo writes
 * it); a chain's leaf is the grant. The token must verify on its own: its root's issuer is taken
 * as the trusted root, every signature and every link is checked. Its expiry is not checked
 * against the wall clock: the benchmark runs on a simulated clock and re-grants the capabilities
 * with its own lifetimes, and a token committed beside a scenario must not make CI fail the day it
 * expires. The chain is checked at the instant its last warrant was issued, so a chain whose child
 * was issued after its parent expired still does not verify.
 *
 * The leaf's tools are then re-granted by the benchmark's planner p to its worker q, constraint for
 * constraint: the constraints are the decoded ones, which re-encode to the same CBOR bytes, and they
 * are decided as Tenuo decides a constraint decoded from the wire. The holder is the benchmark's
 * key, not the token's (its private key is not ours); the loader says so in a note.
 *
 * Everything the benchmark cannot carry over is refused, never dropped: an issuer warrant, a `*`
 * tool, approvals, an opaque constraint, a tool or parameter the scenario does not have, a grant
 * the benchmark's broad warrant cannot be narrowed to.
 */
import { ArtifactFileError, readArtifactFile } from './file.js';
import type { TokenOrigin } from '../model/scenario.js';
import { VerificationCache } from '../warrant/authorize.js';
import { toHex } from '../lib/bytes.js';
import { verifyChainFull, verifyChainSignatures } from '../warrant/chain.js';
import { DEFAULT_CLOCK_SKEW_SECONDS } from '../warrant/validity.js';
import { checkToolAttenuation } from '../warrant/constraints/attenuate.js';
import type { Constraint, ToolGrants } from '../warrant/constraints/types.js';
import { isWarrantError } from '../warrant/errors.js';
import { warrantIdString } from '../warrant/id.js';
import { payloadIssuer } from '../warrant/payload-key.js';
import { parseTokens } from '../warrant/text.js';
import type { SignedWarrant } from '../warrant/types.js';
import { BenchError } from '../lib/errors.js';

/** Far above any real chain in text form (a WarrantStack is at most 256 KiB of CBOR). */
export const MAX_TOKEN_FILE_BYTES = 1024 * 1024;

export type TokenImportCode =
  | 'token_unreadable' // missing, not a regular file, too large, not UTF-8 text
  | 'token_outside_workspace'
  | 'not_a_token'
  | 'token_does_not_verify'
  | 'token_unsupported' // verifies, but holds what the benchmark cannot re-grant as it is
  | 'token_not_regrantable'; // does not fit the scenario's tools or the benchmark's chain

export class TokenImportError extends BenchError {
  override readonly name = 'TokenImportError';
  readonly kind = 'input' as const;
  constructor(
    readonly code: TokenImportCode,
    message: string,
  ) {
    super(message);
  }
}

/** A verified token and the grant it carries. */
export interface ImportedToken {
  /** The leaf's tools, as decoded: the constraints re-encode to the token's bytes. */
  readonly grants: ToolGrants;
  /** The verified warrants, root first. */
  readonly chain: readonly SignedWarrant[];
  /** `tnu_wrt_…` of the leaf. */
  readonly leafId: string;
  /** Hex public keys: the leaf's holder and the root's issuer. */
  readonly holder: string;
  readonly root: string;
}

// ---------------------------------------------------------------------------------------------
// Token text → verified grant
// ---------------------------------------------------------------------------------------------

function describeWarrantError(e: unknown): string {
  if (isWarrantError(e)) return `${e.code}: ${e.message}`;
  throw e;
}

/**
 * Parses and verifies a token; throws TokenImportError. The signatures are checked before any
 * payload is decoded (the chain's own root issuer is the trusted key), then the whole chain at the
 * instant its last warrant was issued.
 */
export function readToken(text: string): ImportedToken {
  let chain: SignedWarrant[];
  try {
    chain = parseTokens(text);
  } catch (e) {
    throw new TokenImportError('not_a_token', `not a Tenuo token (base64url, hex or PEM): ${describeWarrantError(e)}`);
  }
  try {
    const rootKey = payloadIssuer(chain[0]!.payloadBytes);
    const cache = new VerificationCache();
    const options = {
      trustedRoots: [rootKey],
      now: 0,
      revoked: new Set<string>(),
      clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
      signatureValid: (w: SignedWarrant, key: Uint8Array) => cache.valid(w, key),
    };
    verifyChainSignatures(chain, options);
    const now = Math.max(...chain.map((w) => w.payload.issuedAt));
    verifyChainFull(chain, { ...options, now });
  } catch (e) {
    throw new TokenImportError('token_does_not_verify', `the token does not verify: ${describeWarrantError(e)}`);
  }
  const leaf = chain[chain.length - 1]!.payload;
  const leafId = warrantIdString(leaf.id);
  if (leaf.warrantType !== 'execution') {
    throw new TokenImportError(
      'token_unsupported',
      `the leaf ${leafId} is an issuer warrant: it grants no tool calls (give an execution warrant)`,
    );
  }
  if (leaf.requiredApprovers !== null && leaf.requiredApprovers.length > 0) {
    throw new TokenImportError(
      'token_unsupported',
      `the leaf ${leafId} requires approvals (required_approvers); the benchmark cannot produce approvals, and re-granting without them would widen the grant`,
    );
  }
  const tools = Object.keys(leaf.tools);
  if (tools.includes('*')) {
    throw new TokenImportError(
      'token_unsupported',
      `the leaf ${leafId} grants '*' (any tool); the benchmark re-grants named tools only: name each tool`,
    );
  }
  for (const tool of tools) {
    for (const [param, c] of Object.entries(leaf.tools[tool]!.constraints)) {
      const opaque = opaqueIn(c);
      if (opaque !== undefined) {
        throw new TokenImportError(
          'token_unsupported',
          `${tool}.${param}: unsupported constraint (unknown type id ${opaque}); Tenuo denies every call under it, and the benchmark cannot re-grant it`,
        );
      }
    }
  }
  return { grants: leaf.tools, chain, leafId, holder: toHex(leaf.holder), root: toHex(chain[0]!.payload.issuer) };
}

/** The type id of an opaque (unknown) constraint anywhere inside `c`. */
function opaqueIn(c: Constraint): number | undefined {
  switch (c.type) {
    case 'unknown':
      return c.typeId;
    case 'all':
    case 'any':
      for (const x of c.constraints) {
        const id = opaqueIn(x);
        if (id !== undefined) return id;
      }
      return undefined;
    case 'not':
      return opaqueIn(c.constraint);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The grant against the scenario's tools and the benchmark's chain
// ---------------------------------------------------------------------------------------------

/** The parameters of a tool the scenario knows, or undefined. */
export type ToolParams = (tool: string) => readonly string[] | undefined;

/**
 * Why the benchmark cannot re-grant `grants` to its worker, one reason per problem ([] when it can):
 * every tool must be one the scenario has, constrain only its parameters, and narrow `broad` (the
 * benchmark's root, which mirrors the fields a grant names where it names fewer than the tool's
 * parameters: conditions.ts).
 */
export function regrantProblems(grants: ToolGrants, paramsOf: ToolParams, broad: ToolGrants): string[] {
  const problems: string[] = [];
  for (const tool of Object.keys(grants)) {
    const params = paramsOf(tool);
    if (params === undefined) {
      problems.push(`the token grants tool '${tool}', which the scenario does not have (declare it under tools:)`);
      continue;
    }
    const named = Object.keys(grants[tool]!.constraints);
    const extra = named.filter((p) => !params.includes(p));
    if (extra.length > 0) {
      problems.push(
        `${tool}: the token constrains ${quoted(extra)}, which ${tool} does not take (it takes ${params.length === 0 ? 'no parameters' : params.join(', ')})`,
      );
    }
  }
  if (problems.length > 0) return problems;
  const why = checkToolAttenuation(broad, grants);
  if (why !== undefined) problems.push(`the benchmark's broad warrant cannot be narrowed to this grant: ${why}`);
  return problems;
}

/**
 * What the token's grant leaves out, as Tenuo reads it (one warning per tool): Tenuo loads such a
 * token and decides every call under its closed world, so a call that carries a parameter the
 * grant does not name is denied ("unknown field not allowed (zero-trust mode)",
 * `ConstraintSet::matches`). The benchmark decides it the same way; this says so where the file is
 * named, since it may deny the task's own calls.
 */
export function omittedParamWarnings(grants: ToolGrants, paramsOf: ToolParams): string[] {
  const out: string[] = [];
  for (const tool of Object.keys(grants)) {
    const params = paramsOf(tool);
    const set = grants[tool]!;
    if (params === undefined || set.allowUnknown) continue;
    const named = Object.keys(set.constraints);
    // An empty closed set is open in Tenuo (no field is checked): nothing is left out of it.
    const missing = named.length === 0 ? [] : params.filter((p) => !named.includes(p));
    if (missing.length === 0) continue;
    out.push(
      `${tool}: the token does not constrain ${quoted(missing)}; Tenuo loads it and denies every call that carries ${missing.length === 1 ? 'it' : 'one of them'} ("unknown field not allowed (zero-trust mode)": its closed world), and so does the benchmark (its root names the token's fields for ${tool}, so the chain is one Tenuo accepts)`,
    );
  }
  return out;
}

function quoted(names: readonly string[]): string {
  return names.map((n) => `'${n}'`).join(', ');
}

// ---------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------

/**
 * Reads the token file `from` (relative to the scenario file `scenarioAbs`), as UTF-8 text within
 * MAX_TOKEN_FILE_BYTES; with `confine`, it must resolve, through every symlink, inside it (file.ts).
 * Messages do not repeat the file name: the caller prefixes it. `keepBom`: see ArtifactFileOptions.
 */
export function readTokenFile(from: string, scenarioAbs: string, confine?: string, keepBom = false): string {
  try {
    return readArtifactFile(from, scenarioAbs, { maxBytes: MAX_TOKEN_FILE_BYTES, keepBom, ...(confine !== undefined && { confine }) });
  } catch (e) {
    if (!(e instanceof ArtifactFileError)) throw e;
    if (e.code === 'file_not_text') throw new TokenImportError('not_a_token', 'not a Tenuo token (base64url, hex or PEM): not UTF-8 text');
    throw new TokenImportError(e.code === 'file_outside_workspace' ? 'token_outside_workspace' : 'token_unreadable', e.message);
  }
}

// ---------------------------------------------------------------------------------------------
// What the loader calls
// ---------------------------------------------------------------------------------------------

export interface WarrantFromContext {
  /** The scenario file, absolute: PATH is relative to its folder. */
  readonly scenarioAbs: string;
  /** The workspace the file must stay in (the action), or undefined (the CLI). */
  readonly confine?: string;
  readonly paramsOf: ToolParams;
  /**
   * Reads PATH instead of the file system (the baseline serves the file as it is at a git ref).
   * Throws TokenImportError.
   */
  readonly readFile?: (from: string) => string;
  /** The benchmark's broad grant for a scenario whose task_scoped grant is `grants`. */
  readonly broadFor: (grants: ToolGrants) => ToolGrants;
  /** Lets the scenario adapt its tools to what the decoded grant reads, before it is checked against them. */
  readonly adopt?: (grants: ToolGrants) => void;
}

export type WarrantFromResult =
  | {
      readonly ok: true;
      readonly grants: ToolGrants;
      readonly origin: TokenOrigin;
      readonly note: string;
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * `warrant: {from: PATH}` → the grant and where it came from, or every reason it cannot be used
 * (each a message for the `from:` key's position).
 */
export function importWarrantFrom(from: string, ctx: WarrantFromContext): WarrantFromResult {
  let token: ImportedToken;
  try {
    token = readToken(ctx.readFile ? ctx.readFile(from) : readTokenFile(from, ctx.scenarioAbs, ctx.confine));
  } catch (e) {
    if (e instanceof TokenImportError) return { ok: false, problems: [`'${from}': ${e.message}`] };
    throw e;
  }
  ctx.adopt?.(token.grants);
  const problems = regrantProblems(token.grants, ctx.paramsOf, ctx.broadFor(token.grants));
  if (problems.length > 0) return { ok: false, problems: problems.map((p) => `'${from}' (leaf ${token.leafId}): ${p}`) };
  const chain = token.chain.map((w) => ({ id: warrantIdString(w.payload.id), tools: w.payload.tools }));
  const origin: TokenOrigin = { kind: 'token', from, leaf: token.leafId, token_holder: token.holder, token_root: token.root, chain };
  const note =
    `the grant of '${from}' (leaf ${token.leafId}, root key ${token.root}) is re-granted under the benchmark's chain, ` +
    `constraint for constraint: its holder is the benchmark's worker key, not the token's ${token.holder} (whose private key is not ours), ` +
    `and only its tools and their constraints are carried over`;
  const warnings = omittedParamWarnings(token.grants, ctx.paramsOf).map((w) => `'${from}' (leaf ${token.leafId}): ${w}`);
  return { ok: true, grants: token.grants, origin, note, warnings };
}
