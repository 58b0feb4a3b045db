/**
 * The constraint model: one variant per wire type id (reference `constraints.rs`). Field names
 * follow the reference structs; the wire codec (wire.ts) maps them to the exact CBOR shapes.
 */
import type { Value } from '../constraint-value.js';

export type Constraint =
  | { readonly type: 'exact'; readonly value: Value } // 1
  | { readonly type: 'pattern'; readonly pattern: string } // 2
  | {
      readonly type: 'range'; // 3 (min/max are floats on the wire)
      readonly min: number | null;
      readonly max: number | null;
      readonly minInclusive: boolean;
      readonly maxInclusive: boolean;
    }
  | { readonly type: 'one_of'; readonly values: readonly Value[] } // 4
  | { readonly type: 'regex'; readonly pattern: string } // 5
  | { readonly type: 'not_one_of'; readonly excluded: readonly Value[] } // 7
  | { readonly type: 'cidr'; readonly network: string } // 8 (a bare string on the wire)
  | { readonly type: 'url_pattern'; readonly pattern: string } // 9 (a bare string on the wire)
  | { readonly type: 'contains'; readonly required: readonly Value[] } // 10
  | { readonly type: 'subset'; readonly allowed: readonly Value[] } // 11
  | { readonly type: 'all'; readonly constraints: readonly Constraint[] } // 12
  | { readonly type: 'any'; readonly constraints: readonly Constraint[] } // 13
  | { readonly type: 'not'; readonly constraint: Constraint } // 14
  | { readonly type: 'cel'; readonly expression: string; readonly parentExpression?: string } // 15
  | { readonly type: 'wildcard' } // 16
  | {
      readonly type: 'subpath'; // 17
      readonly root: string;
      readonly caseSensitive: boolean;
      readonly allowEqual: boolean;
    }
  | {
      readonly type: 'url_safe'; // 18
      readonly schemes: readonly string[];
      readonly allowDomains: readonly string[] | null;
      readonly denyDomains: readonly string[] | null;
      readonly allowPorts: readonly number[] | null;
      readonly blockPrivate: boolean;
      readonly blockLoopback: boolean;
      readonly blockMetadata: boolean;
      readonly blockReserved: boolean;
      readonly blockInternalTlds: boolean;
    }
  | { readonly type: 'shlex'; readonly allow: readonly string[] } // 128
  | { readonly type: 'unknown'; readonly typeId: number; readonly payload: Uint8Array }; // fails closed

export type ConstraintType = Constraint['type'];

export const TYPE_IDS: Readonly<Record<Exclude<ConstraintType, 'unknown'>, number>> = {
  exact: 1,
  pattern: 2,
  range: 3,
  one_of: 4,
  regex: 5,
  not_one_of: 7,
  cidr: 8,
  url_pattern: 9,
  contains: 10,
  subset: 11,
  all: 12,
  any: 13,
  not: 14,
  cel: 15,
  wildcard: 16,
  subpath: 17,
  url_safe: 18,
  shlex: 128,
};

/** Per-tool constraints. Keys ordered bytewise on UTF-8 when encoded. */
export interface ConstraintSet {
  readonly constraints: Readonly<Record<string, Constraint>>;
  /** Arguments not named are allowed. Never inherited by a child. */
  readonly allowUnknown: boolean;
}

/** tool name → its constraint set. */
export type ToolGrants = Readonly<Record<string, ConstraintSet>>;
