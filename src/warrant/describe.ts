/**
 * A JSON-friendly view of a decoded warrant, for `delegation-bench warrant decode` and reports.
 * Keys as hex, ids in their display form, times as unix seconds plus UTC, and constraints in the
 * scenario YAML vocabulary of docs/scenarios.md (`wildcard`, `{subpath: /data}`, `{range: {...}}` ...), so
 * what a user reads is what they would write in a scenario's `warrant:` section.
 *
 * Every key is always present (null when the warrant does not set it), in a fixed order, so the
 * output is stable for diffs and `jq`. Values that plain JSON would blur keep their type: an integral
 * float is `{"$float": 1}` (the CLI's `--args` convention), an int beyond 2^53 is `{"$int": "…"}`.
 */
import { compareUtf8, toHex } from '../lib/bytes.js';
import { sha256 } from './crypto/sha256.js';
import type { Constraint, ConstraintSet, ToolGrants } from './constraints/types.js';
import { warrantIdHex, warrantIdString } from './id.js';
import type { SignedWarrant } from './types.js';
import { Float, type Value } from './constraint-value.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function floatJson(x: number): Json {
  if (!Number.isFinite(x)) return { $float: String(x) };
  return Number.isInteger(x) ? { $float: x } : x;
}

/** A constraint or argument value as JSON, keeping int/float apart. */
export function describeValue(value: Value): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Float) return floatJson(value.value);
  if (typeof value === 'number') return Number.isInteger(value) ? value : floatJson(value);
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : { $int: value.toString() };
  if (Array.isArray(value)) return value.map(describeValue);
  const out: { [key: string]: Json } = {};
  for (const k of Object.keys(value).sort(compareUtf8)) out[k] = describeValue(value[k]!);
  return out;
}

function bound(x: number | null): Json {
  if (x === null) return null;
  return Number.isFinite(x) ? x : { $float: String(x) };
}

/** One constraint in the YAML vocabulary of docs/scenarios.md. */
export function describeConstraint(constraint: Constraint): Json {
  switch (constraint.type) {
    case 'wildcard':
      return 'wildcard';
    case 'exact':
      return { exact: describeValue(constraint.value) };
    case 'pattern':
      return { pattern: constraint.pattern };
    case 'regex':
      return { regex: constraint.pattern };
    case 'range':
      // Range bounds are always floats on the wire, so plain numbers are unambiguous here.
      return {
        range: {
          min: bound(constraint.min),
          max: bound(constraint.max),
          min_inclusive: constraint.minInclusive,
          max_inclusive: constraint.maxInclusive,
        },
      };
    case 'one_of':
      return { one_of: constraint.values.map(describeValue) };
    case 'not_one_of':
      return { not_one_of: constraint.excluded.map(describeValue) };
    case 'contains':
      return { contains: constraint.required.map(describeValue) };
    case 'subset':
      return { subset: constraint.allowed.map(describeValue) };
    case 'cidr':
      return { cidr: constraint.network };
    case 'url_pattern':
      return { url_pattern: constraint.pattern };
    case 'url_safe':
      return {
        url_safe: {
          schemes: [...constraint.schemes],
          allow_domains: constraint.allowDomains === null ? null : [...constraint.allowDomains],
          deny_domains: constraint.denyDomains === null ? null : [...constraint.denyDomains],
          allow_ports: constraint.allowPorts === null ? null : [...constraint.allowPorts],
          block_private: constraint.blockPrivate,
          block_loopback: constraint.blockLoopback,
          block_metadata: constraint.blockMetadata,
          block_reserved: constraint.blockReserved,
          block_internal_tlds: constraint.blockInternalTlds,
        },
      };
    case 'all':
      return { all: constraint.constraints.map(describeConstraint) };
    case 'any':
      return { any: constraint.constraints.map(describeConstraint) };
    case 'not':
      return { not: describeConstraint(constraint.constraint) };
    case 'cel':
      return constraint.parentExpression === undefined
        ? { cel: constraint.expression }
        : { cel: { expression: constraint.expression, parent_expression: constraint.parentExpression } };
    case 'subpath':
      // The short form is exactly the defaults (case-sensitive, allow_equal).
      return constraint.caseSensitive && constraint.allowEqual
        ? { subpath: constraint.root }
        : { subpath: { root: constraint.root, allow_equal: constraint.allowEqual, case_sensitive: constraint.caseSensitive } };
    case 'shlex':
      return { shlex: { allow: [...constraint.allow] } };
    case 'unknown':
      return { unknown: { type_id: constraint.typeId, payload: toHex(constraint.payload) } };
  }
}

/** A tool's constraint set as a scenario would write it: `{param: C, ..., _allow_unknown: true}`. */
export function describeConstraintSet(set: ConstraintSet): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const k of Object.keys(set.constraints).sort(compareUtf8)) out[k] = describeConstraint(set.constraints[k]!);
  if (set.allowUnknown) out._allow_unknown = true;
  return out;
}

export function describeTools(tools: ToolGrants): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const name of Object.keys(tools).sort(compareUtf8)) out[name] = describeConstraintSet(tools[name]!);
  return out;
}

/** ISO 8601 UTC for a unix time, or null when it is beyond what a Date can show. */
function utc(seconds: number): string | null {
  const ms = seconds * 1000;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString().replace('.000Z', 'Z') : null;
}

/** The JSON view of one signed warrant (see the module comment for the conventions). */
export function describeWarrant(warrant: SignedWarrant): { [key: string]: Json } {
  const p = warrant.payload;
  const extensions: { [key: string]: Json } = {};
  for (const k of Object.keys(p.extensions).sort(compareUtf8)) extensions[k] = toHex(p.extensions[k]!);
  return {
    id: warrantIdString(p.id),
    id_hex: warrantIdHex(p.id),
    type: p.warrantType,
    version: p.version,
    issuer: toHex(p.issuer),
    holder: toHex(p.holder),
    issued_at: p.issuedAt,
    issued_at_utc: utc(p.issuedAt),
    expires_at: p.expiresAt,
    expires_at_utc: utc(p.expiresAt),
    ttl_seconds: p.expiresAt - p.issuedAt,
    depth: p.depth,
    max_depth: p.maxDepth,
    parent_hash: p.parentHash === null ? null : toHex(p.parentHash),
    // A child's parent_hash is this value of its parent: shown so that a chain can be followed.
    payload_sha256: toHex(sha256(warrant.payloadBytes)),
    tools: describeTools(p.tools),
    issuable_tools: p.issuableTools === null ? null : [...p.issuableTools],
    max_issue_depth: p.maxIssueDepth,
    constraint_bounds: p.constraintBounds === null ? null : describeConstraintSet(p.constraintBounds),
    clearance: p.clearance,
    required_approvers: p.requiredApprovers === null ? null : p.requiredApprovers.map(toHex),
    min_approvals: p.minApprovals,
    session_id: p.sessionId,
    agent_id: p.agentId,
    extensions,
    payload_bytes: warrant.payloadBytes.length,
    signature: toHex(warrant.signature),
  };
}
