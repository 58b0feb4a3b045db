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

export function yamlString(s: string): string {
  return PLAIN.test(s) && !RESERVED.test(s) && s !== 'wildcard' ? s : JSON.stringify(s);
}

export function yamlValue(v: Value): string {
  if (typeof v === 'string') return yamlString(v);
  if (typeof v === 'bigint') return String(v);
  if (v instanceof Float) return Number.isInteger(v.value) ? `${v.value}.0` : String(v.value);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(yamlValue).join(', ')}]`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${yamlString(k)}: ${yamlValue(x)}`)
    .join(', ')}}`;
}

function list(values: readonly Value[]): string {
  return `[${values.map(yamlValue).join(', ')}]`;
}

export function constraintYaml(c: Constraint): string {
  switch (c.type) {
    case 'wildcard':
      return 'wildcard';
    case 'exact':
      return `{exact: ${yamlValue(c.value)}}`;
    case 'pattern':
    case 'regex':
      return `{${c.type}: ${JSON.stringify(c.pattern)}}`;
    case 'url_pattern':
      return `{url_pattern: ${JSON.stringify(c.pattern)}}`;
    case 'cidr':
      return `{cidr: ${JSON.stringify(c.network)}}`;
    case 'cel':
      return `{cel: ${JSON.stringify(c.expression)}}`;
    case 'range': {
      const parts: string[] = [];
      if (c.min !== null) parts.push(`min: ${c.min}`);
      if (c.max !== null) parts.push(`max: ${c.max}`);
      if (!c.minInclusive) parts.push('min_inclusive: false');
      if (!c.maxInclusive) parts.push('max_inclusive: false');
      return `{range: {${parts.join(', ')}}}`;
    }
    case 'one_of':
      return `{one_of: ${list(c.values)}}`;
    case 'not_one_of':
      return `{not_one_of: ${list(c.excluded)}}`;
    case 'contains':
      return `{contains: ${list(c.required)}}`;
    case 'subset':
      return `{subset: ${list(c.allowed)}}`;
    case 'all':
    case 'any':
      return `{${c.type}: [${c.constraints.map(constraintYaml).join(', ')}]}`;
    case 'not':
      return `{not: ${constraintYaml(c.constraint)}}`;
    case 'subpath':
      return c.caseSensitive && c.allowEqual
        ? `{subpath: ${yamlString(c.root)}}`
        : `{subpath: {root: ${yamlString(c.root)}, case_sensitive: ${c.caseSensitive}, allow_equal: ${c.allowEqual}}}`;
    case 'url_safe': {
      const parts = [`schemes: ${list(c.schemes)}`];
      if (c.allowDomains) parts.push(`allow_domains: ${list(c.allowDomains)}`);
      if (c.denyDomains) parts.push(`deny_domains: ${list(c.denyDomains)}`);
      if (c.allowPorts) parts.push(`allow_ports: ${list(c.allowPorts)}`);
      parts.push(
        `block_private: ${c.blockPrivate}`,
        `block_loopback: ${c.blockLoopback}`,
        `block_metadata: ${c.blockMetadata}`,
        `block_reserved: ${c.blockReserved}`,
        `block_internal_tlds: ${c.blockInternalTlds}`,
      );
      return `{url_safe: {${parts.join(', ')}}}`;
    }
    case 'shlex':
      return `{shlex: {allow: ${list(c.allow)}}}`;
    case 'unknown':
      // Not expressible in scenario YAML; a suggestion never contains one it did not receive.
      return `{unknown: ${c.typeId}}`;
  }
}

/** `tool: {param: constraint, ...}` (parameters in the grant's order). */
export function grantYaml(tool: string, set: ConstraintSet): string {
  const entries = Object.entries(set.constraints).map(([p, c]) => `${yamlString(p)}: ${constraintYaml(c)}`);
  if (set.allowUnknown) entries.push('_allow_unknown: true');
  return `${yamlString(tool)}: {${entries.join(', ')}}`;
}
