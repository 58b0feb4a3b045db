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
} from '../../src/cel/index.js';
import { Float } from '../../src/warrant/value.js';

const run = (expr: string, bindings: Record<string, unknown> = {}) => compileCel(expr, Object.keys(bindings)).evaluate(bindings);
const value = (expr: string, bindings: Record<string, unknown> = {}): unknown => {
  const r = run(expr, bindings);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const costError = /evaluation cost limit of \d+ exceeded/;

describe('compilation', () => {
  it('reports syntax errors with the parser message', () => {
    expect(() => compileCel('value +', ['value'])).toThrow(CelError);
    expect(checkCel('value +', ['value'])).toMatch(/^does not compile: /);
    expect(checkCel("effects.exists(e, e.type == 'x')", ['effects'])).toBeUndefined();
  });
  it('refuses undeclared variables by name, unless no variable list is given', () => {
    expect(checkCel('efects.size() > 0', ['effects'])).toBe("undeclared variable 'efects' (available: effects)");
    expect(checkCel('efects.size() > 0')).toBeUndefined();
    expect(checkCel('[1, 2].all(x, x > 0)', [])).toBeUndefined(); // comprehension variables are bound
    expect(checkCel('type(value) == int', ['value'])).toBeUndefined(); // type names are not variables
  });
  it('bounds the text before parsing', () => {
    expect(checkCel(`1 == 1${' '.repeat(MAX_EXPRESSION_LENGTH)}`, [])).toMatch(/the limit is 4096/);
    const deep = `${'('.repeat(MAX_BRACKET_DEPTH + 1)}1${')'.repeat(MAX_BRACKET_DEPTH + 1)}`;
    expect(checkCel(deep, [])).toMatch(/nests brackets deeper than 32/);
    expect(checkCel(`${'['.repeat(2000)}${']'.repeat(2000)}`, [])).toMatch(/nests brackets/);
    expect(checkCel('', [])).toMatch(/empty/);
    const ok = `${'('.repeat(MAX_BRACKET_DEPTH)}1${')'.repeat(MAX_BRACKET_DEPTH)} == 1`;
    expect(value(ok)).toBe(true);
  });
  it('bounds the depth of the parsed tree (long operator chains)', () => {
    expect(checkCel(`1${' + 1'.repeat(800)} > 0`, [])).toMatch(/nests deeper than 128/);
    expect(value(`1${' + 1'.repeat(50)}`)).toBe(51);
  });
});

describe('values in and out', () => {
  it('keeps ints and doubles apart', () => {
    expect(value('type(v) == int', { v: 3 })).toBe(true);
    expect(value('type(v) == int', { v: 3n })).toBe(true);
    expect(value('type(v) == double', { v: new Float(3) })).toBe(true);
    expect(value('type(v) == double', { v: 2.5 })).toBe(true);
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
    expect(value("effects.exists(e, e.type == 'email_sent' && e.recipients.exists(r, !r.endsWith('@company.com')))", { effects })).toBe(true);
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
    expect(checkCel('this is not valid CEL', ['value'])).toMatch(/^does not compile: /);
  });
  it('refuses inputs it cannot represent, with the path', () => {
    expect(run('x', { x: undefined })).toEqual({ ok: false, error: 'x: cannot bind a value of type undefined' });
    expect(run('x', { x: new Date(0) })).toEqual({ ok: false, error: 'x: cannot bind a Date' });
    expect(run('x', { x: [() => 1] })).toEqual({ ok: false, error: 'x[0]: cannot bind a value of type function' });
  });
  it('reports an unbound variable', () => {
    const p = compileCel('a + b', ['a', 'b']);
    expect(p.evaluate({ a: 1 })).toEqual({ ok: false, error: "variable 'b' is not bound" });
  });
  it('turns runtime errors into results', () => {
    expect(run('x.foo', { x: 1 }).ok).toBe(false);
    expect(run('1 / x', { x: 0 }).ok).toBe(false);
    expect(run("x.startsWith('a')", { x: 1 }).ok).toBe(false);
  });
  it('refuses unknown functions, wrong arities and what is outside the dialect when compiling', () => {
    // The reference's clock-reading extensions are absent on purpose: denied, never a clock read.
    expect(checkCel('time_now()', [])).toBe('unknown function time_now()');
    expect(checkCel("x.lowerAscii() == 'a'", ['x'])).toBe('unknown function .lowerAscii()');
    expect(checkCel("x.size(1) == 'a'", ['x'])).toBe('.size() takes 0 arguments, got 1');
    expect(checkCel('contains(x, 1)', ['x'])).toBe('contains() is not defined; call it as x.contains()');
    expect(checkCel("timestamp('2024-01-01T00:00:00Z') > x", ['x'])).toBe('unknown function timestamp()');
    expect(checkCel('Msg{a: 1}', [])).toMatch(/message construction is not supported/);
    expect(checkCel('x.?y', ['x'])).toMatch(/does not compile/);
    expect(checkCel('[1, 2].all(1, true)', [])).toMatch(/needs a variable name/);
    expect(checkCel('while == 1', [])).toMatch(/'while' is a reserved word/);
  });
});

describe('bounded evaluation of hostile expressions', () => {
  const list = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(',')}]`;
  const L = list(300);

  it('nested comprehensions over large list literals end in a denial', () => {
    expect(run(`${L}.all(x, ${L}.all(y, ${L}.all(z, true)))`)).toEqual({ ok: false, error: expect.stringMatching(costError) });
    expect(run(`${L}.exists(x, ${L}.exists(y, ${L}.exists(z, false)))`)).toEqual({ ok: false, error: expect.stringMatching(costError) });
    expect(run(`${L}.map(x, ${L}.map(y, ${L}))`)).toEqual({ ok: false, error: expect.stringMatching(costError) });
  });

  it('nested comprehensions over large bound lists end in a denial', () => {
    const big = Array.from({ length: 20_000 }, (_, i) => i);
    expect(run('v.all(x, v.all(y, true))', { v: big })).toEqual({ ok: false, error: expect.stringMatching(costError) });
    expect(run('v.all(x, x in v)', { v: big })).toEqual({ ok: false, error: expect.stringMatching(costError) });
  });

  it('string growth ends in a denial', () => {
    const s = 'x'.repeat(1_000_000);
    expect(run('v.map(x, s + s + s + s).size() > 0', { v: Array.from({ length: 1000 }, () => 0), s })).toEqual({
      ok: false,
      error: expect.stringMatching(costError),
    });
  });

  it('functions that scan a long string pay for its length, every time', () => {
    const s = 'x'.repeat(1_000_000);
    const v = Array.from({ length: 1000 }, () => 0);
    // Each body is true, so all() goes through every element.
    for (const body of ['size(s) > 0', "!s.contains('y')", "!(s.startsWith('y') || s.endsWith('y'))", 'int(s) > 0 || true', "!s.matches('y')"]) {
      expect(run(`v.all(x, ${body})`, { v, s }), body).toEqual({ ok: false, error: expect.stringMatching(costError) });
    }
    // The same calls on a short string stay far inside the budget.
    expect(value('v.all(x, size(s) > 0)', { v, s: 'abc' })).toBe(true);
  });

  it('an aborted branch cannot be absorbed by || or && into a result', () => {
    const hostile = `${L}.all(x, ${L}.all(y, ${L}.all(z, true)))`;
    expect(run(`${hostile} || true`)).toEqual({ ok: false, error: expect.stringMatching(costError) });
    expect(run(`${hostile} && false`)).toEqual({ ok: false, error: expect.stringMatching(costError) });
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
    expect(run('size(v) > 0', { v: huge })).toEqual({ ok: false, error: `inputs exceed ${MAX_BINDING_NODES} values` });
    let deep: unknown = 0;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(run('size(v) > 0', { v: deep }).ok).toBe(false);
  });

  it('huge results are refused, not converted', () => {
    expect(run(`${list(400)}.map(x, ${list(400)})`)).toEqual({ ok: false, error: expect.stringMatching(/exceed/) });
  });
});
