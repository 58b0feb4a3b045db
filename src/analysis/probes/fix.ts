/**
 * One constraint per escape that closes it: the granted constraint tightened by one more check
 * aimed at the family's trick, kept only when it really denies the probe and still allows every
 * legitimate value of the parameter (both checked here, with the authorizer's own satisfaction
 * code); otherwise the tightest grant there is, `one_of` the legitimate values.
 */
import { constraintOutcome } from '../../warrant/constraints/satisfy.js';
import type { Constraint } from '../../warrant/constraints/types.js';
import type { Value } from '../../warrant/constraint-value.js';
import type { ParamKind, ProbeFamily } from './types.js';

/**
 * The check aimed at a family's trick that holds whatever the legitimate values are, or undefined
 * when the check depends on them (a URL's hosts) or there is none. The report names it once per
 * cause of escapes.
 */
export function familyCheck(kind: ParamKind, family: ProbeFamily): Constraint | undefined {
  switch (kind) {
    case 'path':
      // A POSIX file name may hold `\`, but no legitimate path here does: refusing it makes the
      // warrant's reading of the path and the file system's the same.
      return { type: 'not', constraint: { type: 'regex', pattern: '\\\\' } };
    case 'shell':
      // A first word with `=` is an assignment, and the program is the next word.
      return { type: 'not', constraint: { type: 'regex', pattern: '^\\s*[^\\s=]*=' } };
    case 'email_list':
      // One plain mailbox per entry: no list separators, display names, comments or groups.
      return {
        type: 'cel',
        expression: family === 'type_confusion' ? 'false' : `value.all(r, r.matches('^[^\\\\s,;:<>()"]+@[^\\\\s,;:<>()"]+$'))`,
      };
    default:
      return undefined;
  }
}

function tighten(kind: ParamKind, family: ProbeFamily, legit: readonly Value[]): Constraint | undefined {
  switch (kind) {
    case 'url': {
      const seen = new Set<string>();
      const hosts: Array<{ scheme: string; host: string }> = [];
      for (const v of legit) {
        const h = typeof v === 'string' ? hostOf(v) : undefined;
        if (h === undefined || seen.has(`${h.scheme}//${h.host}`)) continue;
        seen.add(`${h.scheme}//${h.host}`);
        hosts.push(h);
      }
      if (hosts.length === 0) return undefined;
      const patterns: Constraint[] = hosts.map((h) => ({ type: 'url_pattern', pattern: `${h.scheme}//${h.host}/*` }));
      return patterns.length === 1 ? patterns[0] : { type: 'any', constraints: patterns };
    }
    default:
      return familyCheck(kind, family);
  }
}

function hostOf(u: string): { scheme: string; host: string } | undefined {
  try {
    const url = new URL(u);
    return { scheme: url.protocol, host: url.host };
  } catch {
    return undefined;
  }
}

const allows = (c: Constraint, v: Value) => constraintOutcome(c, v) === 'allowed';

/** The candidates for one family, in order, that allow every legitimate value. */
function candidatesFor(granted: Constraint, kind: ParamKind, family: ProbeFamily, legit: readonly Value[]): Constraint[] {
  const extra = tighten(kind, family, legit);
  const candidates: Constraint[] = [];
  if (extra) candidates.push({ type: 'all', constraints: [granted, extra] });
  if (legit.length > 0) candidates.push({ type: 'one_of', values: [...legit] });
  return candidates.filter((c) => legit.every((v) => allows(c, v)));
}

/**
 * For the escapes of one parameter (one granted constraint, kind and set of legitimate values):
 * the constraint to grant instead of `granted` for an escape of `family` by `probe`, or undefined
 * when no constraint of ours is sure.
 */
export function fixFinder(
  granted: Constraint,
  kind: ParamKind,
  legit: readonly Value[],
): (family: ProbeFamily, probe: Value) => Constraint | undefined {
  return (family, probe) => candidatesFor(granted, kind, family, legit).find((c) => !allows(c, probe));
}
