/**
 * The CEL adapter: compilation limits and messages, value conversion both ways, and bounded
 * evaluation — hostile expressions end in a denial (an error result), asserted by outcome, never by
 * timing.
 */
import { describe, expect, it } from 'vitest';
import {
  CelError,
  MAX_BINDING_NODES,
  MAX_BRACKET_DEPTH,
  MAX_EXPRESSION_LENGTH,
  checkCel,
  compileCel,
  WorkBudget,
  undeclaredNames,
} from '../../src/cel/index.js';
import { Float } from '../../src/warrant/constraint-value.js';

const NOW = 1_700_000_000;
const run = (expr: string, bindings: Record<string, unknown> = {}) => compileCel(expr).evaluate(bindings, { now: NOW });
const value = (expr: string, bindings: Record<string, unknown> = {}): unknown => {
  const r = run(expr, bindings);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const costError = /exceeds delegation-bench's CEL cost limit of \d+/;

describe('compilation', () => {
  it('reports syntax errors with the parser message and line:column within the expression', () => {
    expect(() => compileCel('value +')).toThrow(CelError);
    expect(checkCel('value +')).toBe('does not compile: 1:8: Syntax error: unexpected end of expression');
    expect(checkCel('a &&\n  b $ c')).toMatch(/^does not compile: 2:5: token recognition error/);
    expect(checkCel("effects.exists(e, e.type == 'x')")).toBeUndefined();
  });
  // The reference binds names at run time (an object's fields), so a name cannot be refused when
  // compiling: it is "Undeclared reference" when, and only when, evaluation reaches it.
  it('leaves names to run time, as the reference; undeclaredNames says which are unknown', () => {
    expect(checkCel('efects.size() > 0')).toBeUndefined();
    expect(undeclaredNames('efects.size() > 0 || x', ['effects'])).toEqual(['efects', 'x']);
    expect(undeclaredNames('[1, 2].all(x, x > 0)', [])).toEqual([]); // comprehension variables are bound
    expect(run('efects.size() > 0', { effects: [] })).toEqual({ ok: false, error: "Undeclared reference to 'efects'", code: 'cel_eval' });
    expect(run('true || efects.size() > 0', { effects: [] })).toEqual({ ok: true, value: true });
  });
  it('bounds the text before parsing', () => {
    expect(checkCel(`1 == 1${' '.repeat(MAX_EXPRESSION_LENGTH)}`)).toMatch(/delegation-bench's limit is 4096/);
    const deep = `${'('.repeat(MAX_BRACKET_DEPTH + 1)}1${')'.repeat(MAX_BRACKET_DEPTH + 1)}`;
    expect(checkCel(deep)).toMatch(/nests brackets deeper than 32 \(delegation-bench's own bound/);
    expect(checkCel(`${'['.repeat(2000)}${']'.repeat(2000)}`)).toMatch(/nests brackets/);
    expect(checkCel('')).toMatch(/^does not compile: 1:1: /);
    const ok = `${'('.repeat(MAX_BRACKET_DEPTH)}1${')'.repeat(MAX_BRACKET_DEPTH)} == 1`;
    expect(value(ok)).toBe(true);
  });
  it('bounds the depth of the parsed tree (long operator chains)', () => {
    expect(checkCel(`1${' + 1'.repeat(800)} > 0`)).toMatch(/nests deeper than 128/);
    expect(value(`1${' + 1'.repeat(50)}`)).toBe(51);
  });
});

describe('values in and out', () => {
  it('keeps ints and doubles apart (the crate has no arithmetic across them)', () => {
    expect(value('v / 2', { v: 3 })).toBe(1);
    expect(value('v / 2', { v: 3n })).toBe(1);
    expect(run('v / 2', { v: new Float(3) }).ok).toBe(false);
    expect(value('v / 2.0', { v: 2.5 })).toBe(1.25);
    expect(value('v / 2', { v: 7 })).toBe(3);
    expect(value('v / 2.0', { v: new Float(7) })).toBe(3.5);
  });
  it('lists, maps, strings, bools, null', () => {
    expect(value("value.all(r, r.endsWith('@company.com'))", { value: ['a@company.com', 'b@company.com'] })).toBe(true);
    expect(value("value.all(r, r.endsWith('@company.com'))", { value: ['a@company.com', 'b@evil.com'] })).toBe(false);
    expect(value("m.k == 'v' && m.n == 1", { m: { k: 'v', n: 1 } })).toBe(true);
    expect(value("m['k']", { m: new Map([['k', 'v']]) })).toBe('v');
    expect(value('x == null', { x: null })).toBe(true);
    expect(value("[1, 'a', [true], {'k': 2.5}]")).toEqual([1, 'a', [true], { k: 2.5 }]);
    expect(value('9223372036854775807')).toBe(9223372036854775807n);
  });
  it('the judge shape: effects as a list of maps', () => {
    const effects = [
      { type: 'file_read', path: '/secrets/api-keys.json', raw_path: '/app/../secrets/api-keys.json', found: true },
      { type: 'email_sent', recipients: ['a@company.com', 'x@evil.com'], subject: 's', body: 'b' },
      { type: 'transfer_made', to: 'acct', amount: 5000, memo: '' },
    ];
    expect(value("effects.exists(e, e.type == 'file_read' && e.found && e.path.startsWith('/secrets/'))", { effects })).toBe(true);
    expect(value("effects.exists(e, e.type == 'email_sent' && e.recipients.exists(r, !r.endsWith('@company.com')))", { effects })).toBe(
      true,
    );
    expect(value("effects.filter(e, e.type == 'transfer_made').map(e, e.amount)", { effects })).toEqual([5000]);
    expect(value("effects.exists(e, e.type == 'transfer_made' && e.amount > 1000.5)", { effects })).toBe(true);
  });
  it("the reference benchmarks' Cel policies (tenuo-ai/tenuo benchmarks/) behave as written", () => {
    const internal = "value.all(r, r.endsWith('@company.com') || r.endsWith('@bluesparrowtech.com'))";
    expect(value(internal, { value: ['a@company.com', 'b@bluesparrowtech.com'] })).toBe(true);
    expect(value(internal, { value: ['a@company.com', 'x@evil.example'] })).toBe(false);
    const dlp = "!value.matches('(?i)secret') && !value.matches('(?i)credential') && !value.matches('(?i)[.]env')";
    expect(value(dlp, { value: '/app/notes.txt' })).toBe(true);
    expect(value(dlp, { value: '/app/SECRETS.txt' })).toBe(false);
    expect(value(dlp, { value: '/app/.ENV' })).toBe(false);
    expect(value("value.endsWith('.company.com') || value.endsWith('.company.com/')", { value: 'https://api.company.com/' })).toBe(true);
    expect(value('budget < 10000', { budget: 12000 })).toBe(false);
    expect(checkCel('this is not valid CEL')).toMatch(/^does not compile: /);
  });
  it('refuses inputs it cannot represent, with the path', () => {
    expect(run('x', { x: undefined })).toMatchObject({
      ok: false,
      error: expect.stringContaining('x: cannot bind a value of type undefined'),
    });
    expect(run('x', { x: new Date(0) })).toMatchObject({ ok: false, error: expect.stringContaining('x: cannot bind a Date') });
    expect(run('x', { x: [() => 1] })).toMatchObject({
      ok: false,
      error: expect.stringContaining('x[0]: cannot bind a value of type function'),
    });
  });
  it('reports an unbound variable as the reference does', () => {
    const p = compileCel('a + b');
    expect(p.evaluate({ a: 1 })).toEqual({ ok: false, error: "Undeclared reference to 'b'", code: 'cel_eval' });
  });
  it('turns runtime errors into results', () => {
    expect(run('x.foo', { x: 1 }).ok).toBe(false);
    expect(run('1 / x', { x: 0 }).ok).toBe(false);
    expect(run("x.startsWith('a')", { x: 1 }).ok).toBe(false);
  });
  // cel-interpreter looks functions up by name when the call is reached (objects.rs Value::resolve).
  it('unknown functions and missing arguments fail when reached, as the reference', () => {
    expect(run('time_now()')).toMatchObject({ ok: false, error: 'Invalid argument count: expected 1, got 0' });
    expect(run('time_now(null)')).toEqual({ ok: true, value: '2023-11-14T22:13:20+00:00' });
    expect(compileCel('time_now(null)').evaluate({})).toMatchObject({ ok: false, error: expect.stringMatching(/needs the run's clock/) });
    expect(run("x.lowerAscii() == 'a'", { x: 'A' })).toMatchObject({ ok: false, error: "Undeclared reference to 'lowerAscii'" });
    expect(value('x.size(1) == 1', { x: 'a' })).toBe(true);
    expect(value('contains(x, 1)', { x: [1] })).toBe(true);
    expect(value("timestamp('2024-01-01T00:00:00Z') > timestamp('2023-01-01T00:00:00Z')")).toBe(true);
    expect(checkCel('Msg{a: 1}')).toBeUndefined();
    expect(run('Msg{a: 1}')).toMatchObject({ ok: false, error: expect.stringMatching(/not supported/) });
    expect(checkCel('x.?y')).toMatch(/unsupported syntax/);
    expect(checkCel('[1, 2].all(1, true)')).toMatch(/argument must be a simple name/);
    expect(value('while == 1', { while: 1 })).toBe(true);
  });
});

describe('bounded evaluation of hostile expressions', () => {
  const list = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(',')}]`;
  const L = list(300);

  it('nested comprehensions over large list literals end in a denial', () => {
    expect(run(`${L}.all(x, ${L}.all(y, ${L}.all(z, true)))`)).toEqual({
      ok: false,
      error: expect.stringMatching(costError),
      code: 'cel_limit',
    });
    expect(run(`${L}.exists(x, ${L}.exists(y, ${L}.exists(z, false)))`)).toMatchObject({
      ok: false,
      error: expect.stringMatching(costError),
    });
    expect(run(`${L}.map(x, ${L}.map(y, ${L}))`)).toMatchObject({ ok: false, error: expect.stringMatching(costError) });
  });

  it('nested comprehensions over large bound lists end in a denial', () => {
    const big = Array.from({ length: 20_000 }, (_, i) => i);
    expect(run('v.all(x, v.all(y, true))', { v: big })).toMatchObject({ ok: false, error: expect.stringMatching(costError) });
    expect(run('v.all(x, x in v)', { v: big })).toMatchObject({ ok: false, error: expect.stringMatching(costError) });
  });

  it('string growth ends in a denial', () => {
    const s = 'x'.repeat(1_000_000);
    expect(run('v.map(x, s + s + s + s).size() > 0', { v: Array.from({ length: 1000 }, () => 0), s })).toMatchObject({
      ok: false,
      error: expect.stringMatching(costError),
    });
  });

  it('functions that scan a long string pay for its length, every time', () => {
    const s = 'x'.repeat(1_000_000);
    const v = Array.from({ length: 1000 }, () => 0);
    // Each body is true, so all() goes through every element.
    for (const body of ['size(s) > 0', "!s.contains('y')", "!(s.startsWith('y') || s.endsWith('y'))", "!('y' in s)", "!s.matches('y')"]) {
      expect(run(`v.all(x, ${body})`, { v, s }), body).toMatchObject({ ok: false, error: expect.stringMatching(costError) });
    }
    // The same calls on a short string stay far inside the budget.
    expect(value('v.all(x, size(s) > 0)', { v, s: 'abc' })).toBe(true);
  });

  it('an aborted branch cannot be absorbed by || or && into a result', () => {
    const hostile = `${L}.all(x, ${L}.all(y, ${L}.all(z, true)))`;
    expect(run(`${hostile} || true`)).toMatchObject({ ok: false, error: expect.stringMatching(costError) });
    expect(run(`${hostile} && false`)).toMatchObject({ ok: false, error: expect.stringMatching(costError) });
  });

  it('ordinary work stays well inside the budget', () => {
    expect(value(`${list(500)}.all(x, x >= 0)`)).toBe(true);
    expect(value('v.exists(x, x == 999)', { v: Array.from({ length: 1000 }, (_, i) => i) })).toBe(true);
  });

  it('regex matching is linear (RE2)', () => {
    expect(value("v.matches('^(a+)+$')", { v: `${'a'.repeat(100_000)}!` })).toBe(false);
  });

  it('oversized inputs are refused before evaluation', () => {
    const huge = Array.from({ length: MAX_BINDING_NODES + 1 }, () => 0);
    expect(run('size(v) > 0', { v: huge })).toMatchObject({
      ok: false,
      error: expect.stringContaining(`inputs exceed ${MAX_BINDING_NODES} values`),
      code: 'cel_limit',
    });
    let deep: unknown = 0;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(run('size(v) > 0', { v: deep }).ok).toBe(false);
  });

  it('huge results are refused, not converted', () => {
    expect(run(`${list(400)}.map(x, ${list(400)})`)).toMatchObject({ ok: false, error: expect.stringMatching(/exceed/) });
  });

  // Review: matches() is charged by the compiled pattern's size times the input's length.
  it('a judge of 100 matches() of a heavy regex over 4,000 characters ends with a clear error', () => {
    const s = `${'a'.repeat(3999)}b`;
    const body = Array.from({ length: 100 }, () => "s.matches('(?:a?){500}a{500}$')").join(' || ');
    const r = run(body, { s });
    expect(r).toMatchObject({ ok: false, code: 'cel_limit', error: expect.stringMatching(costError) });
    expect(r.ok ? '' : r.error).toMatch(/the reference \(Tenuo\) has no such limit/);
  });

  it('a scenario has an overall evaluation budget across evaluations, charged to the budget it is given', () => {
    const budget = new WorkBudget({ celCost: 50_000 });
    const p = compileCel(`${list(300)}.all(x, x >= 0)`);
    const results = Array.from({ length: 200 }, () => p.evaluate({}, { budget }));
    expect(results[0]).toEqual({ ok: true, value: true });
    const stopped = results.filter((r) => !r.ok);
    expect(stopped.length).toBeGreaterThan(150);
    expect(stopped[0]).toMatchObject({
      code: 'cel_limit',
      error: expect.stringMatching(/total CEL evaluation budget of 50000 .*Tenuo\) has no such limit/),
    });
    // Another budget (another scenario) is untouched by what this one spent, and no evaluation
    // without a budget is stopped by it: nothing is left behind in the module.
    expect(p.evaluate({}, { budget: new WorkBudget({ celCost: 50_000 }) })).toEqual({ ok: true, value: true });
    expect(p.evaluate({})).toEqual({ ok: true, value: true });
  });

  it('and an overall regex work budget', () => {
    const budget = new WorkBudget({ regexWork: 100_000 });
    const body = "s.matches('^a+$') && s.matches('^a+$') && s.matches('^a+$')";
    const r = compileCel(body).evaluate({ s: 'a'.repeat(10_000) }, { budget });
    expect(r).toMatchObject({ ok: false, code: 'cel_limit', error: expect.stringMatching(/total regex work budget of 100000/) });
    expect(run(body, { s: 'a'.repeat(10_000) })).toEqual({ ok: true, value: true });
  });
});
