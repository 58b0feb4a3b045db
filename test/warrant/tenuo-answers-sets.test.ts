/**
 * Every constraint-set case of Tenuo's own answers (sets.jsonl: 800 `ConstraintSet::matches` calls
 * with missing and unknown fields, `allow_unknown`, and, on 294 of them, the arguments as an
 * integration bound them): our closed-world check gives Tenuo's verdict on each, with Tenuo's
 * reason for a missing or an unknown field, and our bindings (src/world/binding.ts) turn what the
 * caller sent into exactly the arguments Tenuo's `@guard` and `MCPVerifier` matched.
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { checkConstraintSet } from '../../src/warrant/constraints/satisfy.js';
import type { Constraint, ConstraintSet } from '../../src/warrant/constraints/types.js';
import { parseJsonArgs } from '../../src/warrant/json-args.js';
import { Float, type Args, type Value } from '../../src/warrant/constraint-value.js';
import { guardArgs, mcpArgs } from '../../src/world/binding.js';
import { ArgumentBindingError } from '../../src/world/tools.js';

/** Lines parsed keeping int and float apart, as Tenuo read them (1.0 is a Float). */
const CASES = gunzipSync(readFileSync(new URL('../fixtures/tenuo-answers/sets.jsonl.gz', import.meta.url)))
  .toString('utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => parseJsonArgs(beyondI64AsFloat(l), { typedMarkers: false }) as unknown as SetCase);

/**
 * An integer literal beyond i64 (the corpus has u64::MAX) reached Tenuo as a Float: serde's untagged
 * ConstraintValue fails Integer(i64) on it and takes Float(f64). Written as a float literal here.
 */
function beyondI64AsFloat(line: string): string {
  return line.replace(/([:,[]\s*)(-?\d{19,})(?=\s*[,}\]])/g, (all, before: string, digits: string) =>
    BigInt(digits) > 2n ** 63n - 1n || BigInt(digits) < -(2n ** 63n) ? `${before}${digits}.0` : all,
  );
}

interface SetCase {
  id: string;
  binding?: { integration: 'mcp' | 'guard'; params: string[]; defaults: Record<string, Value>; sent: Args };
  request: { constraints: Record<string, Record<string, Value>>; allow_unknown: boolean; args: Args };
  answer: { ok: boolean; allowed?: boolean; error?: string | null };
}

const num = (v: Value | undefined): number | null => (v === undefined || v === null ? null : v instanceof Float ? v.value : (v as number));
const bool = (v: Value | undefined, absent: boolean): boolean => (v === undefined ? absent : (v as boolean));
const list = (v: Value | undefined): Value[] => (v as Value[] | undefined) ?? [];
const strings = (v: Value | undefined): string[] | null => (v === undefined || v === null ? null : (v as string[]));

/** A constraint in Tenuo's serde form (the corpus README's table, its defaults for absent fields). */
function constraintOf(c: Record<string, Value>): Constraint {
  switch (c['type']) {
    case 'Wildcard':
      return { type: 'wildcard' };
    case 'Exact':
      return { type: 'exact', value: c['value']! };
    case 'Pattern':
      return { type: 'pattern', pattern: c['pattern'] as string };
    case 'Regex':
      return { type: 'regex', pattern: c['pattern'] as string };
    case 'OneOf':
      return { type: 'one_of', values: list(c['values']) };
    case 'NotOneOf':
      return { type: 'not_one_of', excluded: list(c['excluded']) };
    case 'Range':
      return {
        type: 'range',
        min: num(c['min']),
        max: num(c['max']),
        minInclusive: bool(c['min_inclusive'], true),
        maxInclusive: bool(c['max_inclusive'], true),
      };
    case 'Cidr':
      return { type: 'cidr', network: c['cidr'] as string };
    case 'UrlPattern':
      return { type: 'url_pattern', pattern: c['pattern'] as string };
    case 'UrlSafe':
      return {
        type: 'url_safe',
        schemes: strings(c['schemes']) ?? ['http', 'https'],
        allowDomains: strings(c['allow_domains']),
        denyDomains: strings(c['deny_domains']),
        allowPorts: c['allow_ports'] === undefined || c['allow_ports'] === null ? null : (c['allow_ports'] as number[]),
        blockPrivate: bool(c['block_private'], true),
        blockLoopback: bool(c['block_loopback'], true),
        blockMetadata: bool(c['block_metadata'], true),
        blockReserved: bool(c['block_reserved'], true),
        blockInternalTlds: bool(c['block_internal_tlds'], false),
      };
    case 'Shlex':
      return { type: 'shlex', allow: c['allow'] as string[] };
    case 'Contains':
      return { type: 'contains', required: list(c['required']) };
    case 'Subset':
      return { type: 'subset', allowed: list(c['allowed']) };
    case 'All':
      return { type: 'all', constraints: (c['constraints'] as Record<string, Value>[]).map(constraintOf) };
    case 'Any':
      return { type: 'any', constraints: (c['constraints'] as Record<string, Value>[]).map(constraintOf) };
    case 'Not':
      return { type: 'not', constraint: constraintOf(c['constraint'] as Record<string, Value>) };
    case 'Cel':
      return { type: 'cel', expression: c['expression'] as string };
    case 'Subpath':
      return {
        type: 'subpath',
        root: c['root'] as string,
        caseSensitive: bool(c['case_sensitive'], true),
        allowEqual: bool(c['allow_equal'], true),
      };
    default:
      throw new Error(`constraint type ${String(c['type'])} not in the corpus README`);
  }
}

function setOf(r: SetCase['request']): ConstraintSet {
  const constraints: Record<string, Constraint> = {};
  for (const [field, c] of Object.entries(r.constraints)) constraints[field] = constraintOf(c);
  return { constraints, allowUnknown: r.allow_unknown };
}

/** Tenuo's verdict: allowed only on Ok(true); an error, an invalid constraint or a panic denies. */
const tenuoAllows = (c: SetCase): boolean => c.answer.ok && c.answer.allowed === true;

describe("Tenuo's answers: constraint sets", () => {
  it('holds every case of the corpus', () => {
    expect(CASES.length).toBe(800);
    expect(CASES.filter((c) => c.binding !== undefined).length).toBe(294);
  });

  it("gives Tenuo's verdict on every set, and its reason for a missing or an unknown field", () => {
    const differ: string[] = [];
    for (const c of CASES) {
      const ours = checkConstraintSet('tool', setOf(c.request), c.request.args, 0);
      if ((ours === undefined) !== tenuoAllows(c)) {
        differ.push(
          `${c.id}: Tenuo ${tenuoAllows(c) ? 'allows' : `denies (${c.answer.error})`}, we ${ours === undefined ? 'allow' : `deny (${ours.message})`}`,
        );
        continue;
      }
      const reason = c.answer.error ?? '';
      if (reason.endsWith('missing required argument') && !ours?.message.endsWith('missing required argument'))
        differ.push(`${c.id}: reason ${ours?.message}`);
      if (reason.endsWith('unknown field not allowed (zero-trust mode)') && ours?.code !== 'unknown_argument')
        differ.push(`${c.id}: reason ${ours?.message}`);
    }
    expect(differ).toEqual([]);
  });

  it('binds what the caller sent into the arguments Tenuo matched, for @guard and MCPVerifier', () => {
    const differ: string[] = [];
    let guard = 0;
    let mcp = 0;
    for (const c of CASES) {
      const b = c.binding;
      if (b === undefined) continue;
      let ours: Args;
      try {
        ours =
          b.integration === 'guard'
            ? (guard++, guardArgs({ params: b.params, required: b.params.filter((p) => !(p in b.defaults)), defaults: b.defaults }, b.sent))
            : (mcp++, mcpArgs(b.sent));
      } catch (e) {
        if (!(e instanceof ArgumentBindingError)) throw e;
        differ.push(`${c.id}: ${e.message}`);
        continue;
      }
      if (JSON.stringify(plain(ours)) !== JSON.stringify(plain(c.request.args))) {
        differ.push(`${c.id} (${b.integration}): ours ${JSON.stringify(plain(ours))}, Tenuo's ${JSON.stringify(plain(c.request.args))}`);
      }
    }
    expect(guard).toBeGreaterThan(100);
    expect(mcp).toBeGreaterThan(100);
    expect(differ).toEqual([]);
  });
});

/** A comparable form: keys sorted, a Float marked (1.0 and 1 differ, as for Tenuo). */
function plain(v: Value | Args): unknown {
  if (v instanceof Float) return { $float: v.value };
  if (typeof v === 'bigint') return { $int: v.toString() };
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, plain((v as Record<string, Value>)[k]!)]),
    );
  }
  return v;
}
