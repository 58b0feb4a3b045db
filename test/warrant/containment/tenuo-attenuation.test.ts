/**
 * The prover on Tenuo's own attenuation cases (a subset of tenuo-answers/attenuation.jsonl, copied
 * into tenuo-attenuation.jsonl beside this file, values tagged `$int`/`$float`/`$object`). Tenuo's
 * answer is what its attenuation RULES accept, not the oracle for meaning: the evaluator is. So:
 * every `narrower`/`unchanged` holds on a pool of values (the property test's, plus every value the
 * pair names), every `wider` carries a witness the evaluator confirms, and a pair Tenuo's rules
 * accept that the prover calls wider is listed (a rule accepting a child that allows more).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { proveContainment } from '../../../src/warrant/containment/index.js';
import { constraintOutcome } from '../../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../../src/warrant/constraints/types.js';
import { Float, type Value } from '../../../src/warrant/constraint-value.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function value(j: Json): Value {
  if (j === null || typeof j !== 'object') return j as Value;
  if (Array.isArray(j)) return j.map(value);
  if ('$int' in j) {
    const n = BigInt(j['$int'] as string);
    return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
  }
  if ('$float' in j) return new Float(Number(j['$float'] as string));
  if ('$object' in j) return Object.fromEntries(Object.entries(j['$object'] as Record<string, Json>).map(([k, v]) => [k, value(v)]));
  throw new Error(`untagged object ${JSON.stringify(j)}`);
}

function constraint(j: Json): Constraint {
  const o = j as Record<string, Json>;
  switch (o['type']) {
    case 'exact':
      return { type: 'exact', value: value(o['value']!) };
    case 'one_of':
      return { type: 'one_of', values: (o['values'] as Json[]).map(value) };
    case 'not_one_of':
      return { type: 'not_one_of', excluded: (o['excluded'] as Json[]).map(value) };
    case 'contains':
      return { type: 'contains', required: (o['required'] as Json[]).map(value) };
    case 'subset':
      return { type: 'subset', allowed: (o['allowed'] as Json[]).map(value) };
    case 'all':
    case 'any':
      return { type: o['type'], constraints: (o['constraints'] as Json[]).map(constraint) };
    case 'not':
      return { type: 'not', constraint: constraint(o['constraint']!) };
    case 'subpath':
      return {
        type: 'subpath',
        root: o['root'] as string,
        caseSensitive: o['caseSensitive'] as boolean,
        allowEqual: o['allowEqual'] as boolean,
      };
    default:
      return o as unknown as Constraint; // the other kinds' fields are written in the model's names
  }
}

interface Case {
  id: string;
  kind: string;
  parent: Constraint;
  child: Constraint;
  tenuoAccepts: boolean;
}

const CASES: Case[] = readFileSync(new URL('./tenuo-attenuation.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const j = JSON.parse(l) as Record<string, Json>;
    return {
      id: j['id'] as string,
      kind: j['kind'] as string,
      parent: constraint(j['parent']!),
      child: constraint(j['child']!),
      tenuoAccepts: j['tenuo_accepts'] as boolean,
    };
  });

const POOL: Value[] = [
  '',
  'a',
  'A',
  'ab',
  'x',
  '/',
  '/a',
  '/a/b',
  '/a/b/x',
  '/a/../b',
  '/A/b',
  '/srv/app/x',
  '/etc/passwd',
  '/data',
  '/data/x',
  '/tmp/x',
  'ls',
  'ls -l',
  'rm -rf /',
  '10.0.0.1',
  '10.1.2.3',
  '192.168.1.1',
  '127.0.0.1',
  '::1',
  '8.8.8.8',
  'https://api.corp.example/x',
  'https://corp.example/',
  'http://example.com/',
  'https://x.example.com/a',
  'https://169.254.169.254/',
  'http://localhost/',
  0,
  1,
  -1,
  5,
  10,
  100,
  1000,
  new Float(0.5),
  new Float(-0),
  new Float(NaN),
  true,
  false,
  null,
  [],
  ['a'],
  ['a', 'b'],
  ['a', 'b', 'c'],
  {},
];

function named(c: Constraint, out: Value[] = []): Value[] {
  if (c.type === 'exact') out.push(c.value);
  else if (c.type === 'one_of') out.push(...c.values);
  else if (c.type === 'not_one_of') out.push(...c.excluded);
  else if (c.type === 'contains') out.push([...c.required]);
  else if (c.type === 'subset') out.push([...c.allowed], ...c.allowed.map((x) => [x]));
  else if (c.type === 'subpath') out.push(c.root, `${c.root.replace(/\/+$/, '')}/x`);
  else if (c.type === 'all' || c.type === 'any') c.constraints.forEach((x) => named(x, out));
  else if (c.type === 'not') named(c.constraint, out);
  return out;
}

const allows = (c: Constraint, v: Value): boolean => constraintOutcome(c, v) === 'allowed';

describe("the prover on Tenuo's attenuation cases", () => {
  it('holds the subset it was given', () => {
    expect(CASES.length).toBe(232);
  });

  it('finds the pairs Tenuo’s rules accept though the child allows more (an Any stops at a branch that errors)', () => {
    const accepted = CASES.filter((c) => c.tenuoAccepts);
    const wider = accepted.filter((c) => proveContainment(c.parent, c.child).verdict === 'wider');
    expect(wider.map((c) => c.id)).toEqual([
      'a00071',
      'a00151',
      'a00157',
      'a00853',
      'a00996',
      'a01213',
      'a01546',
      'a01598',
      'a01666',
      'a01688',
    ]);
    expect(wider.every((c) => c.kind === 'any>any')).toBe(true);
  });

  it.each(CASES)('$id $kind (Tenuo accepts: $tenuoAccepts)', (c) => {
    const r = proveContainment(c.parent, c.child);
    if (r.verdict === 'narrower' || r.verdict === 'unchanged') {
      for (const v of [...POOL, ...named(c.parent), ...named(c.child)]) {
        if (allows(c.child, v))
          expect(allows(c.parent, v), `${r.verdict} (${r.proof}) yet the child allows ${JSON.stringify(v)}`).toBe(true);
      }
    }
    if (r.verdict === 'wider') {
      expect(allows(c.child, r.witness)).toBe(true);
      expect(constraintOutcome(c.parent, r.witness)).toBe('denied');
    }
  });
});
