/**
 * Readable forms of constraints and values for denial reasons, e.g. `Subpath('/app/config')`,
 * `Range(0, 100]`, `OneOf(['staging', 'production'])`. Long values are shortened so that a
 * hostile argument cannot bloat a report.
 */
import { toHex, utf8 } from '../../lib/bytes.js';
import { clipText, MAX_QUOTED_CHARS } from '../../lib/quote.js';
import { sha256 } from '../crypto/sha256.js';
import { formatValue } from '../constraint-value.js';
import type { Value } from '../constraint-value.js';
import type { Constraint } from './types.js';

/** A whole description (a list, `All(…)`): several values, each bounded on its own. */
const MAX_SHOWN = 120;

/**
 * `s` cut to `max` code points; a cut text ends with the first 8 hex digits of its SHA-256, so two
 * values that differ only past the cut are still told apart (a widening's identity, SARIF's
 * fingerprint, is built from these descriptions) without quoting more of the file.
 */
function cut(s: string, max: number): string {
  const short = clipText(s, max);
  return short === s ? s : `${short} (sha256 ${toHex(sha256(utf8(s))).slice(0, 8)})`;
}

function clip(s: string): string {
  return cut(s, MAX_SHOWN);
}

/** One value from a file or an argument, as quoted in a message: at most MAX_QUOTED_CHARS (lib/quote.ts). */
function quote(s: string): string {
  return cut(formatValue(s), MAX_QUOTED_CHARS);
}

/** A value as shown in reasons: `'text'`, `42`, `1.0`, `['a', 'b']`, shortened past 60 chars. */
export function showValue(value: Value): string {
  try {
    return cut(formatValue(value), MAX_QUOTED_CHARS);
  } catch {
    return '(unprintable value)';
  }
}

function list(values: readonly Value[]): string {
  return clip(`[${values.map((v) => cut(formatValue(v), MAX_QUOTED_CHARS)).join(', ')}]`);
}

export function describeConstraint(constraint: Constraint, depth = 0): string {
  if (depth > 4) return '…';
  switch (constraint.type) {
    case 'exact':
      return `Exact(${showValue(constraint.value)})`;
    case 'pattern':
      return `Pattern(${clip(quote(constraint.pattern))})`;
    case 'regex':
      return `Regex(${clip(quote(constraint.pattern))})`;
    case 'range': {
      const lo = constraint.min === null ? '-inf' : String(constraint.min);
      const hi = constraint.max === null ? 'inf' : String(constraint.max);
      return `Range${constraint.minInclusive ? '[' : '('}${lo}, ${hi}${constraint.maxInclusive ? ']' : ')'}`;
    }
    case 'one_of':
      return `OneOf(${list(constraint.values)})`;
    case 'not_one_of':
      return `NotOneOf(${list(constraint.excluded)})`;
    case 'cidr':
      return `Cidr(${clip(quote(constraint.network))})`;
    case 'url_pattern':
      return `UrlPattern(${clip(quote(constraint.pattern))})`;
    case 'contains':
      return `Contains(${list(constraint.required)})`;
    case 'subset':
      return `Subset(${list(constraint.allowed)})`;
    case 'all':
      return clip(`All(${constraint.constraints.map((x) => describeConstraint(x, depth + 1)).join(', ')})`);
    case 'any':
      return clip(`Any(${constraint.constraints.map((x) => describeConstraint(x, depth + 1)).join(', ')})`);
    case 'not':
      return `Not(${describeConstraint(constraint.constraint, depth + 1)})`;
    case 'cel':
      return `Cel(${clip(quote(constraint.expression))})`;
    case 'wildcard':
      return 'Wildcard';
    case 'subpath': {
      const opts = [...(constraint.caseSensitive ? [] : ['case_sensitive=false']), ...(constraint.allowEqual ? [] : ['allow_equal=false'])];
      return `Subpath(${[clip(quote(constraint.root)), ...opts].join(', ')})`;
    }
    case 'url_safe': {
      const opts: string[] = [];
      if (constraint.schemes.join(',') !== 'http,https') opts.push(`schemes=${list(constraint.schemes)}`);
      if (constraint.allowDomains) opts.push(`allow_domains=${list(constraint.allowDomains)}`);
      if (constraint.denyDomains) opts.push(`deny_domains=${list(constraint.denyDomains)}`);
      if (constraint.allowPorts) opts.push(`allow_ports=${list(constraint.allowPorts)}`);
      for (const [flag, on] of [
        ['block_private', constraint.blockPrivate],
        ['block_loopback', constraint.blockLoopback],
        ['block_metadata', constraint.blockMetadata],
        ['block_reserved', constraint.blockReserved],
      ] as const) {
        if (!on) opts.push(`${flag}=false`);
      }
      if (constraint.blockInternalTlds) opts.push('block_internal_tlds=true');
      return `UrlSafe(${opts.join(', ')})`;
    }
    case 'shlex':
      return `Shlex(allow=${list(constraint.allow)})`;
    case 'unknown':
      return `Unknown(type ${constraint.typeId})`;
  }
}
