/**
 * A constraint written back as scenario YAML (flow style, one line), for fix suggestions: what a
 * user pastes under `warrant:`. Strings are JSON strings, which YAML reads as the same text.
 */
import type { Constraint } from '../../warrant/constraints/types.js';
import { toPlain } from '../../bench/plain.js';
import type { Value } from '../../warrant/value.js';

const q = (s: string) => JSON.stringify(s);
const val = (v: Value) => JSON.stringify(toPlain(v));
const vals = (vs: readonly Value[]) => `[${vs.map(val).join(', ')}]`;

export function constraintToYaml(c: Constraint): string {
  switch (c.type) {
    case 'wildcard':
      return 'wildcard';
    case 'exact':
      return `{exact: ${val(c.value)}}`;
    case 'pattern':
      return `{pattern: ${q(c.pattern)}}`;
    case 'regex':
      return `{regex: ${q(c.pattern)}}`;
    case 'cidr':
      return `{cidr: ${q(c.network)}}`;
    case 'url_pattern':
      return `{url_pattern: ${q(c.pattern)}}`;
    case 'one_of':
      return `{one_of: ${vals(c.values)}}`;
    case 'not_one_of':
      return `{not_one_of: ${vals(c.excluded)}}`;
    case 'contains':
      return `{contains: ${vals(c.required)}}`;
    case 'subset':
      return `{subset: ${vals(c.allowed)}}`;
    case 'all':
    case 'any':
      return `{${c.type}: [${c.constraints.map(constraintToYaml).join(', ')}]}`;
    case 'not':
      return `{not: ${constraintToYaml(c.constraint)}}`;
    case 'cel':
      return `{cel: ${q(c.expression)}}`;
    case 'range': {
      const parts = [];
      if (c.min !== null) parts.push(`min: ${c.min}`);
      if (c.max !== null) parts.push(`max: ${c.max}`);
      if (!c.minInclusive) parts.push('min_inclusive: false');
      if (!c.maxInclusive) parts.push('max_inclusive: false');
      return `{range: {${parts.join(', ')}}}`;
    }
    case 'subpath':
      return c.caseSensitive && c.allowEqual
        ? `{subpath: ${q(c.root)}}`
        : `{subpath: {root: ${q(c.root)}, allow_equal: ${c.allowEqual}, case_sensitive: ${c.caseSensitive}}}`;
    case 'url_safe': {
      const parts = [`schemes: ${vals(c.schemes)}`];
      if (c.allowDomains) parts.push(`allow_domains: ${vals(c.allowDomains)}`);
      if (c.denyDomains) parts.push(`deny_domains: ${vals(c.denyDomains)}`);
      if (c.allowPorts) parts.push(`allow_ports: ${vals(c.allowPorts)}`);
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
      return `{shlex: {allow: ${vals(c.allow)}}}`;
    case 'unknown':
      return `{unknown: ${c.typeId}}`;
  }
}
