/**
 * Constraints and grants written back as scenario YAML (docs/scenarios.md vocabulary, flow style, one
 * line), for what the report suggests pasting under `warrant:`: a probe escape's fix, a slack
 * finding's `list_files: {directory: {subpath: /hr/onboarding}}`. The line parses back
 * to the same grant (a test loads it). Strings are written plain only when YAML reads them back as
 * the same string; anything else is double-quoted (JSON string syntax is valid YAML there).
 */
import { Float } from '../warrant/constraint-value.js';
import type { Constraint, ConstraintSet } from '../warrant/constraints/types.js';
import type { Value } from '../warrant/constraint-value.js';

const PLAIN = /^[A-Za-z_/.][A-Za-z0-9_/.@+-]*$/;
// YAML 1.1 and 1.2 words that would not read back as strings.
const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|~|\.nan|\.inf|-\.inf|\.\.\.)$/i;

export function yamlString(text: string): string {
  return PLAIN.test(text) && !RESERVED.test(text) && text !== 'wildcard' ? text : JSON.stringify(text);
}

export function yamlValue(value: Value): string {
  if (typeof value === 'string') return yamlString(value);
  if (typeof value === 'bigint') return String(value);
  if (value instanceof Float) return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([k, x]) => `${yamlString(k)}: ${yamlValue(x)}`)
    .join(', ')}}`;
}

function list(values: readonly Value[]): string {
  return `[${values.map(yamlValue).join(', ')}]`;
}

export function constraintYaml(constraint: Constraint): string {
  switch (constraint.type) {
    case 'wildcard':
      return 'wildcard';
    case 'exact':
      return `{exact: ${yamlValue(constraint.value)}}`;
    case 'pattern':
    case 'regex':
      return `{${constraint.type}: ${JSON.stringify(constraint.pattern)}}`;
    case 'url_pattern':
      return `{url_pattern: ${JSON.stringify(constraint.pattern)}}`;
    case 'cidr':
      return `{cidr: ${JSON.stringify(constraint.network)}}`;
    case 'cel':
      return `{cel: ${JSON.stringify(constraint.expression)}}`;
    case 'range': {
      const parts: string[] = [];
      if (constraint.min !== null) parts.push(`min: ${constraint.min}`);
      if (constraint.max !== null) parts.push(`max: ${constraint.max}`);
      if (!constraint.minInclusive) parts.push('min_inclusive: false');
      if (!constraint.maxInclusive) parts.push('max_inclusive: false');
      return `{range: {${parts.join(', ')}}}`;
    }
    case 'one_of':
      return `{one_of: ${list(constraint.values)}}`;
    case 'not_one_of':
      return `{not_one_of: ${list(constraint.excluded)}}`;
    case 'contains':
      return `{contains: ${list(constraint.required)}}`;
    case 'subset':
      return `{subset: ${list(constraint.allowed)}}`;
    case 'all':
    case 'any':
      return `{${constraint.type}: [${constraint.constraints.map(constraintYaml).join(', ')}]}`;
    case 'not':
      return `{not: ${constraintYaml(constraint.constraint)}}`;
    case 'subpath':
      return constraint.caseSensitive && constraint.allowEqual
        ? `{subpath: ${yamlString(constraint.root)}}`
        : `{subpath: {root: ${yamlString(constraint.root)}, case_sensitive: ${constraint.caseSensitive}, allow_equal: ${constraint.allowEqual}}}`;
    case 'url_safe': {
      const parts = [`schemes: ${list(constraint.schemes)}`];
      if (constraint.allowDomains) parts.push(`allow_domains: ${list(constraint.allowDomains)}`);
      if (constraint.denyDomains) parts.push(`deny_domains: ${list(constraint.denyDomains)}`);
      if (constraint.allowPorts) parts.push(`allow_ports: ${list(constraint.allowPorts)}`);
      parts.push(
        `block_private: ${constraint.blockPrivate}`,
        `block_loopback: ${constraint.blockLoopback}`,
        `block_metadata: ${constraint.blockMetadata}`,
        `block_reserved: ${constraint.blockReserved}`,
        `block_internal_tlds: ${constraint.blockInternalTlds}`,
      );
      return `{url_safe: {${parts.join(', ')}}}`;
    }
    case 'shlex':
      return `{shlex: {allow: ${list(constraint.allow)}}}`;
    case 'unknown':
      // Not expressible in scenario YAML; a suggestion never contains one it did not receive.
      return `{unknown: ${constraint.typeId}}`;
  }
}

/** `tool: {param: constraint, ...}` (parameters in the grant's order). */
export function grantYaml(tool: string, set: ConstraintSet): string {
  const entries = Object.entries(set.constraints).map(([p, c]) => `${yamlString(p)}: ${constraintYaml(c)}`);
  if (set.allowUnknown) entries.push('_allow_unknown: true');
  return `${yamlString(tool)}: {${entries.join(', ')}}`;
}
