/**
 * Timestamps and durations as text, as the crate writes them (chrono's `to_rfc3339` and `{:?}`,
 * cel-interpreter's `format_duration`): in `string()` and in error messages. Each expectation is
 * what cel-interpreter 0.10 answered for the same expression.
 */
import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../../src/cel/index.js';

const value = (expr: string): unknown => {
  const r = evaluateCel(expr, {});
  return r.ok ? r.value : `error: ${r.error}`;
};

describe('time values as text', () => {
  it('a year outside 0..=9999 carries its sign (chrono {:+05})', () => {
    expect(value("string(timestamp('9999-12-31T23:59:59Z') + duration('1s'))")).toBe('+10000-01-01T00:00:00+00:00');
    expect(value("string(timestamp('0000-01-01T00:00:00Z') - duration('1s'))")).toBe('-0001-12-31T23:59:59+00:00');
    expect(value("string(timestamp('0000-01-01T00:00:00Z'))")).toBe('0000-01-01T00:00:00+00:00');
  });
  it('a duration past i64 nanoseconds is written from its whole seconds, wrapping as u64', () => {
    expect(value("string(duration('200000000000s') + duration('200000000000s'))")).toBe('5124095h34m33s');
    expect(value("string(duration('-200000000000s') + duration('-200000000000s'))")).toBe('-709.551616ms');
    expect(value("string(duration('-1.5s'))")).toBe('-5124095h34m32.209551616s');
  });
  it("messages show chrono's Debug of a timestamp and a TimeDelta", () => {
    expect(value("int(timestamp('2004-09-16T23:59:59Z'))")).toBe(
      "error: Error executing function 'int': cannot convert Timestamp(2004-09-16T23:59:59+00:00) to int",
    );
    expect(value("duration('-1.5s') + 1")).toBe(
      "error: Unsupported binary operator 'add': Duration(TimeDelta { secs: -2, nanos: 500000000 }), Int(1)",
    );
    expect(value("timestamp('2004-09-16T23:59:59.123Z') + 1")).toBe(
      "error: Unsupported binary operator 'add': Timestamp(2004-09-16T23:59:59.123+00:00), Int(1)",
    );
  });
});
