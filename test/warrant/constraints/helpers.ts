/**
 * Builds our Constraint model from the `decoded` JSON that the vector extractor prints, so the
 * vector tests do not depend on the wire decoder (a separate test checks that one agrees).
 */
import { Float } from '../../../src/warrant/constraint-value.js';
import type { Value } from '../../../src/warrant/constraint-value.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../../../src/warrant/constraints/types.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function typedValue(j: Json): Value {
  const o = j as { type: string; value: Json };
  switch (o.type) {
    case 'string':
      return o.value as string;
    case 'int':
      return o.value as number;
    case 'float':
      return new Float(o.value as number);
    case 'bool':
      return o.value as boolean;
    case 'list':
      return (o.value as Json[]).map(typedValue);
    default:
      throw new Error(`unhandled typed value ${JSON.stringify(j)}`);
  }
}

export function constraintFromDecoded(j: Json): Constraint {
  const o = j as Record<string, Json>;
  const list = (k: string): Value[] => (o[k] as Json[]).map(typedValue);
  switch (o['type']) {
    case 'range':
      return {
        type: 'range',
        min: o['min'] as number | null,
        max: o['max'] as number | null,
        minInclusive: o['min_inclusive'] as boolean,
        maxInclusive: o['max_inclusive'] as boolean,
      };
    case 'one_of':
      return { type: 'one_of', values: list('values') };
    case 'cidr':
      return { type: 'cidr', network: o['cidr'] as string };
    case 'url_safe':
      return {
        type: 'url_safe',
        schemes: o['schemes'] as string[],
        allowDomains: o['allow_domains'] as string[] | null,
        denyDomains: o['deny_domains'] as string[] | null,
        allowPorts: o['allow_ports'] as number[] | null,
        blockPrivate: o['block_private'] as boolean,
        blockLoopback: o['block_loopback'] as boolean,
        blockMetadata: o['block_metadata'] as boolean,
        blockReserved: o['block_reserved'] as boolean,
        blockInternalTlds: o['block_internal_tlds'] as boolean,
      };
    case 'subpath':
      return {
        type: 'subpath',
        root: o['root'] as string,
        caseSensitive: o['case_sensitive'] as boolean,
        allowEqual: o['allow_equal'] as boolean,
      };
    case 'contains':
      return { type: 'contains', required: list('required') };
    case 'subset':
      return { type: 'subset', allowed: list('allowed') };
    case 'url_pattern':
      return { type: 'url_pattern', pattern: o['pattern'] as string };
    case 'pattern':
      return { type: 'pattern', pattern: o['pattern'] as string };
    case 'all':
      return { type: 'all', constraints: (o['constraints'] as Json[]).map(constraintFromDecoded) };
    case 'any':
      return { type: 'any', constraints: (o['constraints'] as Json[]).map(constraintFromDecoded) };
    case 'not':
      return { type: 'not', constraint: constraintFromDecoded(o['constraint']!) };
    default:
      throw new Error(`unhandled decoded constraint ${JSON.stringify(j)}`);
  }
}

export function toolsFromDecoded(j: Json): ToolGrants {
  const out: Record<string, ConstraintSet> = {};
  for (const [tool, set] of Object.entries(j as Record<string, Record<string, Json>>)) {
    const constraints: Record<string, Constraint> = {};
    for (const [arg, c] of Object.entries(set['constraints'] as Record<string, Json>)) {
      constraints[arg] = constraintFromDecoded(c);
    }
    out[tool] = { constraints, allowUnknown: set['allow_unknown'] === true };
  }
  return out;
}

export const str = (s: string): Value => s;

/** A Range as the tests write it: both bounds inclusive unless said. */
export function rangeOf(min: number | null, max: number | null, minInclusive = true, maxInclusive = true): Constraint {
  return { type: 'range', min, max, minInclusive, maxInclusive };
}

/** A Subpath with its root as written (as decoded from the wire; no normalization). */
export function subpathAsWritten(root: string, caseSensitive = true, allowEqual = true): Constraint {
  return { type: 'subpath', root, caseSensitive, allowEqual };
}

/** A UrlSafe with Tenuo's defaults (http and https, every block on but internal TLDs), `fields` over them. */
export function urlSafeOf(fields: Partial<Extract<Constraint, { type: 'url_safe' }>> = {}): Constraint {
  return {
    type: 'url_safe',
    schemes: ['http', 'https'],
    allowDomains: null,
    denyDomains: null,
    allowPorts: null,
    blockPrivate: true,
    blockLoopback: true,
    blockMetadata: true,
    blockReserved: true,
    blockInternalTlds: false,
    ...fields,
  };
}
