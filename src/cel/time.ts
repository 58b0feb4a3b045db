/**
 * Timestamps and durations as the reference's interpreter has them (`cel-interpreter` 0.10 with
 * chrono): `timestamp(s)` is chrono's `DateTime::parse_from_rfc3339`, `duration(s)` the crate's
 * own nom parser (`duration.rs`, `parse_duration`), `string()` of them chrono's `to_rfc3339` and
 * the crate's `format_duration`, and the `get*` accessors read the fields in the timestamp's own
 * offset (`functions.rs`, module `time`).
 */
import { CelEvalError } from './errors.js';
import { CelDuration, CelTimestamp, INT64_MAX, INT64_MIN } from './value.js';

const NS = 1_000_000_000n;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Milliseconds since the epoch of a UTC date; `Date.UTC` alone would read years 0–99 as 1900–1999. */
export function utcMillis(year: number, month0: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month0, day);
  return d.getTime();
}

function daysInMonth(y: number, m: number): number {
  return new Date(utcMillis(y, m, 0)).getUTCDate();
}

/** chrono's `parse_from_rfc3339`; undefined when it refuses the text. */
export function parseRfc3339(text: string): CelTimestamp | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || se > 60) return undefined;
  let offset = 0;
  if (m[9] !== undefined) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offset = (m[9] === '-' ? -1 : 1) * (oh * 3600 + om * 60);
  }
  const frac = BigInt(((m[7] ?? '') + '000000000').slice(0, 9));
  const day = utcMillis(y, mo - 1, d) / 1000;
  // A leap second (:60) is the last second's instant plus a second, as chrono represents it.
  const seconds = BigInt(day + h * 3600 + mi * 60 + se - offset);
  return new CelTimestamp(seconds * NS + frac, offset);
}

/** The injected clock (Unix seconds, possibly fractional) as chrono's `Utc::now()`. */
export function timestampFromClock(nowSeconds: number): CelTimestamp {
  const whole = Math.floor(nowSeconds);
  const frac = Math.round((nowSeconds - whole) * 1e9);
  return new CelTimestamp(BigInt(whole) * NS + BigInt(frac), 0);
}

function pad(n: number | bigint, width: number): string {
  return String(n).padStart(width, '0');
}

/** The wall-clock fields of `timestamp` in its own offset. */
export function fields(timestamp: CelTimestamp): { date: Date; subNanos: number } {
  const local = timestamp.nanos + BigInt(timestamp.offsetSeconds) * NS;
  const secs = local >= 0n ? local / NS : -((-local + NS - 1n) / NS);
  const sub = Number(local - secs * NS);
  return { date: new Date(Number(secs) * 1000), subNanos: sub };
}

/** chrono's `to_rfc3339()` (SecondsFormat::AutoSi, `+00:00` rather than `Z`). */
export function formatRfc3339(timestamp: CelTimestamp): string {
  const { date, subNanos } = fields(timestamp);
  let frac = '';
  if (subNanos !== 0) {
    if (subNanos % 1_000_000 === 0) frac = `.${pad(subNanos / 1_000_000, 3)}`;
    else if (subNanos % 1000 === 0) frac = `.${pad(subNanos / 1000, 6)}`;
    else frac = `.${pad(subNanos, 9)}`;
  }
  const off = Math.abs(timestamp.offsetSeconds);
  const sign = timestamp.offsetSeconds < 0 ? '-' : '+';
  return (
    `${yearText(date.getUTCFullYear())}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}` +
    `T${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}${frac}` +
    `${sign}${pad(Math.floor(off / 3600), 2)}:${pad(Math.floor((off % 3600) / 60), 2)}`
  );
}

/** chrono writes a year outside 0..=9999 with its sign and at least four digits (`{:+05}`). */
function yearText(year: number): string {
  if (year >= 0 && year <= 9999) return pad(year, 4);
  return `${year < 0 ? '-' : '+'}${pad(Math.abs(year), 4)}`;
}

/** chrono's `{:?}` of a `TimeDelta`: whole seconds rounded down, and the nanoseconds above them. */
export function debugDuration(duration: CelDuration): string {
  const secs = duration.nanos >= 0n ? duration.nanos / NS : -((-duration.nanos + NS - 1n) / NS);
  return `TimeDelta { secs: ${secs}, nanos: ${duration.nanos - secs * NS} }`;
}

const UNITS: readonly (readonly [string, bigint])[] = [
  ['ms', 1_000_000n],
  ['us', 1_000n],
  ['ns', 1n],
  ['h', 3_600_000_000_000n],
  ['m', 60_000_000_000n],
  ['s', 1_000_000_000n],
];

/** nom's `double` on &str: sign, digits with an optional fraction, or a fraction; an exponent; or nan/inf/infinity. */
const NOM_DOUBLE = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|nan|inf(?:inity)?)/i;

function saturate(v: number): bigint {
  // Rust's `f64 as i64`: truncation, saturating at the bounds, NaN to 0.
  if (Number.isNaN(v)) return 0n;
  if (v >= 2 ** 63) return INT64_MAX;
  if (v <= -(2 ** 63)) return INT64_MIN;
  return BigInt(Math.trunc(v));
}

/**
 * The crate's `parse_duration`: an optional `-`, then `0` alone, or one or more number+unit pairs
 * (units ms, us, ns, h, m, s; the number is a float). Text after the last pair is ignored, as the
 * crate's `duration()` discards nom's remaining input: `duration('1hxyz')` is one hour.
 */
export function parseDuration(text: string): CelDuration {
  let rest = text;
  let neg = false;
  if (rest.startsWith('-')) {
    neg = true;
    rest = rest.slice(1);
  }
  if (rest === '0') return new CelDuration(0n);
  let total = 0n;
  let pairs = 0;
  for (;;) {
    const num = NOM_DOUBLE.exec(rest);
    if (!num) break;
    const after = rest.slice(num[0].length);
    const unit = UNITS.find(([u]) => after.startsWith(u));
    if (!unit) break;
    total += saturate(Number(num[0].replace(/^([+-]?)inf(inity)?$/i, '$1Infinity')) * Number(unit[1]));
    rest = after.slice(unit[0].length);
    pairs++;
  }
  if (pairs === 0) throw new CelEvalError(`Error executing function 'duration': Parsing Error: ${JSON.stringify(text)}`);
  return new CelDuration(neg ? -total : total);
}

/**
 * The crate's `format_duration` (Go's `Duration.String`), including its handling of negative
 * durations: the nanoseconds are reinterpreted as an unsigned 64-bit number (`n as u64`), so
 * `string(duration('-1s'))` is not `-1s`.
 */
export function formatDuration(duration: CelDuration): string {
  let neg = duration.nanos < 0n;
  let u = BigInt.asUintN(64, duration.nanos);
  if (duration.nanos > INT64_MAX || duration.nanos < INT64_MIN) {
    // Past i64 nanoseconds (`num_nanoseconds()` is None) the crate takes the whole seconds, rounded
    // toward zero, as u64 times 10^9, wrapping.
    const secs = duration.nanos / 1_000_000_000n;
    neg = secs < 0n;
    u = BigInt.asUintN(64, BigInt.asUintN(64, secs) * 1_000_000_000n);
  }
  const SECOND = 1_000_000_000n;
  let out: string;
  const frac = (v: bigint, prec: number): [string, bigint] => {
    let s = '';
    let print = false;
    for (let i = 0; i < prec; i++) {
      const digit = v % 10n;
      print = print || digit !== 0n;
      if (print) s = `${digit}${s}`;
      v /= 10n;
    }
    return [print ? `.${s}` : '', v];
  };
  if (u < SECOND) {
    if (u === 0n) return '0s';
    let unit: string;
    let prec: number;
    if (u < 1_000n) [unit, prec] = ['ns', 0];
    else if (u < 1_000_000n) [unit, prec] = ['µs', 3];
    else [unit, prec] = ['ms', 6];
    const [f, rest] = frac(u, prec);
    out = `${rest}${f}${unit}`;
  } else {
    const [f, rest] = frac(u, 9);
    u = rest;
    out = `${u % 60n}${f}s`;
    u /= 60n;
    if (u > 0n) {
      out = `${u % 60n}m${out}`;
      u /= 60n;
      if (u > 0n) out = `${u}h${out}`;
    }
  }
  return neg ? `-${out}` : out;
}
