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
export function showValue(v: Value): string {
  try {
    return cut(formatValue(v), MAX_QUOTED_CHARS);
  } catch {
    return '(unprintable value)';
  }
}

function list(values: readonly Value[]): string {
  return clip(`[${values.map((v) => cut(formatValue(v), MAX_QUOTED_CHARS)).join(', ')}]`);
}

export function describeConstraint(c: Constraint, depth = 0): string {
  if (depth > 4) return '…';
  switch (c.type) {
    case 'exact':
      return `Exact(${showValue(c.value)})`;
    case 'pattern':
      return `Pattern(${clip(quote(c.pattern))})`;
    case 'regex':
      return `Regex(${clip(quote(c.pattern))})`;
    case 'range': {
      const lo = c.min === null ? '-inf' : String(c.min);
      const hi = c.max === null ? 'inf' : String(c.max);
      return `Range${c.minInclusive ? '[' : '('}${lo}, ${hi}${c.maxInclusive ? ']' : ')'}`;
    }
    case 'one_of':
      return `OneOf(${list(c.values)})`;
    case 'not_one_of':
      return `NotOneOf(${list(c.excluded)})`;
    case 'cidr':
      return `Cidr(${clip(quote(c.network))})`;
    case 'url_pattern':
      return `UrlPattern(${clip(quote(c.pattern))})`;
    case 'contains':
      return `Contains(${list(c.required)})`;
    case 'subset':
      return `Subset(${list(c.allowed)})`;
    case 'all':
      return clip(`All(${c.constraints.map((x) => describeConstraint(x, depth + 1)).join(', ')})`);
    case 'any':
      return clip(`Any(${c.constraints.map((x) => describeConstraint(x, depth + 1)).join(', ')})`);
    case 'not':
      return `Not(${describeConstraint(c.constraint, depth + 1)})`;
    case 'cel':
      return `Cel(${clip(quote(c.expression))})`;
    case 'wildcard':
      return 'Wildcard';
    case 'subpath': {
      const opts = [
        ...(c.caseSensitive ? [] : ['case_sensitive=false']),
        ...(c.allowEqual ? [] : ['allow_equal=false']),
      ];
      return `Subpath(${[clip(quote(c.root)), ...opts].join(', ')})`;
    }
    case 'url_safe': {
      const opts: string[] = [];
      if (c.schemes.join(',') !== 'http,https') opts.push(`schemes=${list(c.schemes)}`);
      if (c.allowDomains) opts.push(`allow_domains=${list(c.allowDomains)}`);
      if (c.denyDomains) opts.push(`deny_domains=${list(c.denyDomains)}`);
      if (c.allowPorts) opts.push(`allow_ports=${list(c.allowPorts)}`);
      for (const [flag, on] of [
        ['block_private', c.blockPrivate],
        ['block_loopback', c.blockLoopback],
        ['block_metadata', c.blockMetadata],
        ['block_reserved', c.blockReserved],
      ] as const) {
        if (!on) opts.push(`${flag}=false`);
      }
      if (c.blockInternalTlds) opts.push('block_internal_tlds=true');
      return `UrlSafe(${opts.join(', ')})`;
    }
    case 'shlex':
      return `Shlex(allow=${list(c.allow)})`;
    case 'unknown':
      return `Unknown(type ${c.typeId})`;
  }
}
