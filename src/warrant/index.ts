/**
 * The public warrant API: Tenuo wire format v1 warrants, delegation chains, proof-of-possession,
 * approvals and constraints. Everything a caller needs goes through here; the modules behind it
 * are free to change shape.
 */
export { ERROR_CODES, WarrantError, isWarrantError, malformed, type ErrorCode } from './errors.js';
export { WARRANT_ID_PREFIX, type Clock, type RandomSource, type SignedWarrant, type WarrantPayload, type WarrantType } from './types.js';
export { Float, formatValue, type Args, type ObjectValue, type Value } from './constraint-value.js';
export type { Constraint, ConstraintSet, ConstraintType, ToolGrants } from './constraints/types.js';

// Keys, ids, bytes and text forms.
export { SigningKey, verifySignature } from './keys.js';
export { newWarrantId, parseWarrantId, warrantIdHex, warrantIdString } from './id.js';
export { decodePayload, decodeWarrant, encodePayload, encodeWarrant } from './envelope.js';
export { decodeStack, encodeStack } from './stack.js';
export { decodeTokenBytes, parseTokens, toBase64UrlStackToken, toBase64UrlToken, toHexToken, toPem } from './text.js';
export { describeWarrant, type Json } from './describe.js';

// Building, verifying, authorizing.
export { grant, mint, type GrantOptions, type MintOptions } from './builder.js';
export { MAX_CHAIN_LENGTH } from './chain.js';
export { MAX_DELEGATION_DEPTH, MAX_WARRANT_TTL_SECONDS } from './link-rules.js';
export { DEFAULT_CLOCK_SKEW_SECONDS } from './validity.js';
export { Authorizer, type AuthorizerOptions, type ToolCall } from './authorize.js';
export { popChallenge, signPop, verifyPop } from './pop.js';
export { approveCall, checkApprovals, decodeSignedApproval, encodeSignedApproval, type SignedApproval } from './approval.js';

// Constraints on their own (the scenario loader and tests use them).
export { checkConstraint, checkConstraintSet } from './constraints/satisfy.js';
export { checkAttenuation, checkToolAttenuation } from './constraints/attenuate.js';
