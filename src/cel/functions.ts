/**
 * The functions of the reference's CEL: `cel-interpreter` 0.10's `Context::default()`
 * (`context.rs`; bodies in `functions.rs`) plus the five Tenuo registers in
 * `tenuo-core/src/cel.rs` `create_context()` (time_now, time_is_expired, time_since, net_in_cidr,
 * net_is_private).
 *
 * As in the crate, a function is found by name at run time (an unknown name is the error
 * "Undeclared reference"), the same function serves `f(x, …)` and `x.f(…)`, and arguments are
 * evaluated only when the function asks for them (`magic.rs`):
 * - `This`: the target of `x.f()`, else the first argument;
 * - a plain argument: the next one by position (missing: "Invalid argument count");
 * - `Arguments` (max, min): all the arguments, and never the target.
 * Arguments a function does not ask for are never evaluated: `size('ab', 1/0)` is 2.
 * Typed parameters (`Arc<String>`, `DateTime`) refuse other kinds with "Unexpected type".
 *
 * Tenuo's clock functions read the injected clock of the run (Ftx.now), never the machine's.
 */
import { networkContains, parseIp, parseNetwork } from '../lib/ip.js';
import { regexOutcome } from '../lib/regex.js';
import type { WorkBudget } from '../lib/budget.js';
import { CelEvalError, CostLimitError } from './errors.js';
import { formatDuration, formatRfc3339, fields, parseDuration, parseRfc3339, utcMillis } from './time.js';
import {
  CelDuration,
  CelMap,
  CelTimestamp,
  CelUint,
  INT64_MAX,
  INT64_MIN,
  UINT64_MAX,
  celCompare,
  celEquals,
  isCelKey,
  type CelValue,
} from './value.js';
import { debugValue, rustFloatString } from './show.js';

/** What a function sees of its call (the crate's FunctionContext). */
export interface Ftx {
  readonly name: string;
  /** `This`: the target, else the next argument. */
  self(): CelValue;
  /** The next argument by position. */
  next(): CelValue;
  /** All the arguments (never the target). */
  all(): CelValue[];
  /** Tenuo's `Utc::now()`: the injected clock. */
  now(): CelTimestamp;
  /** Charges regex work (instructions × characters) to the evaluation's budget. */
  chargeRegex(units: number): void;
  /** The scenario's work budget, when the evaluation has one. */
  readonly budget: WorkBudget | undefined;
}

type Fn = (f: Ftx) => CelValue;

export function functionError(name: string, message: string): CelEvalError {
  return new CelEvalError(`Error executing function '${name}': ${message}`);
}

function unexpected(v: CelValue, want: string): CelEvalError {
  return new CelEvalError(`Unexpected type: got '${debugValue(v)}', want '${want}'`);
}

function str(v: CelValue): string {
  if (typeof v !== 'string') throw unexpected(v, 'Arc<String>');
  return v;
}

function ts(v: CelValue): CelTimestamp {
  if (!(v instanceof CelTimestamp)) throw unexpected(v, 'chrono::DateTime<chrono::FixedOffset>');
  return v;
}

const utf8 = new TextEncoder();
const lossy = new TextDecoder('utf-8', { fatal: false });

/** UTF-8 length of a string, without encoding it (Rust's `str::len`). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u < 0x80) n += 1;
    else if (u < 0x800) n += 2;
    else if (u >= 0xd800 && u <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function size(f: Ftx): CelValue {
  const v = f.self();
  if (Array.isArray(v)) return BigInt(v.length);
  if (v instanceof CelMap) return BigInt(v.size);
  if (typeof v === 'string') return BigInt(utf8Length(v)); // bytes, not characters (`s.len()`)
  if (v instanceof Uint8Array) return BigInt(v.length);
  throw functionError(f.name, `cannot determine the size of ${debugValue(v)}`);
}

function contains(f: Ftx): CelValue {
  const v = f.self();
  const arg = f.next();
  if (Array.isArray(v)) return (v as readonly CelValue[]).some((x) => celEquals(x, arg));
  if (v instanceof CelMap) {
    if (!isCelKey(arg)) throw new CelEvalError(`Unable to use value '${debugValue(arg)}' as a key`);
    return v.hasExact(arg);
  }
  if (typeof v === 'string') return typeof arg === 'string' && v.includes(arg);
  if (v instanceof Uint8Array) {
    if (!(arg instanceof Uint8Array)) return false;
    // `windows(0)` panics in Rust: the reference's process would abort the call; an error here.
    if (arg.length === 0) throw functionError(f.name, 'window size must be non-zero (a panic in the reference)');
    outer: for (let i = 0; i + arg.length <= v.length; i++) {
      for (let j = 0; j < arg.length; j++) if (v[i + j] !== arg[j]) continue outer;
      return true;
    }
    return false;
  }
  return false;
}

function toString(f: Ftx): CelValue {
  const v = f.self();
  if (typeof v === 'string') return v;
  if (v instanceof CelTimestamp) return formatRfc3339(v);
  if (v instanceof CelDuration) return formatDuration(v);
  if (typeof v === 'bigint') return String(v);
  if (v instanceof CelUint) return String(v.value);
  if (typeof v === 'number') return rustFloatString(v);
  if (v instanceof Uint8Array) return lossy.decode(v);
  throw functionError(f.name, `cannot convert ${debugValue(v)} to string`);
}

function toBytes(f: Ftx): CelValue {
  return utf8.encode(str(f.next()));
}

/** Rust's `str::parse::<f64>()`. */
const RUST_F64 = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)$/i;

function toDouble(f: Ftx): CelValue {
  const v = f.self();
  if (typeof v === 'string') {
    if (!RUST_F64.test(v)) throw functionError(f.name, 'string parse error: invalid float literal');
    const t = v.replace(/^([+-]?)inf(?:inity)?$/i, '$1Infinity').replace(/^[+-]?nan$/i, 'NaN');
    return Number(t);
  }
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof CelUint) return Number(v.value);
  throw functionError(f.name, `cannot convert ${debugValue(v)} to double`);
}

function parseInteger(f: Ftx, s: string, unsigned: boolean): bigint {
  const ok = unsigned ? /^\+?\d+$/ : /^[+-]?\d+$/;
  if (!ok.test(s)) {
    throw functionError(
      f.name,
      `string parse error: ${s === '' ? 'cannot parse integer from empty string' : 'invalid digit found in string'}`,
    );
  }
  const n = BigInt(s);
  if (unsigned ? n > UINT64_MAX : n > INT64_MAX) throw functionError(f.name, 'string parse error: number too large to fit in target type');
  if (!unsigned && n < INT64_MIN) throw functionError(f.name, 'string parse error: number too small to fit in target type');
  return n;
}

/** Rust's `f64 as i64` / `as u64`: truncation, saturating, NaN to 0. */
function saturatingCast(v: number, min: bigint, max: bigint): bigint {
  if (Number.isNaN(v)) return 0n;
  if (v >= Number(max)) return max;
  if (v <= Number(min)) return min;
  return BigInt(Math.trunc(v));
}

function toInt(f: Ftx): CelValue {
  const v = f.self();
  if (typeof v === 'string') return parseInteger(f, v, false);
  if (typeof v === 'number') {
    // `v > i64::MAX as f64 || v < i64::MIN as f64`: 2^63 itself passes and saturates.
    if (v > 2 ** 63 || v < -(2 ** 63)) throw functionError(f.name, 'integer overflow');
    return saturatingCast(v, INT64_MIN, INT64_MAX);
  }
  if (typeof v === 'bigint') return v;
  if (v instanceof CelUint) {
    if (v.value > INT64_MAX) throw functionError(f.name, 'integer overflow');
    return v.value;
  }
  throw functionError(f.name, `cannot convert ${debugValue(v)} to int`);
}

function toUint(f: Ftx): CelValue {
  const v = f.self();
  if (typeof v === 'string') return new CelUint(parseInteger(f, v, true));
  if (typeof v === 'number') {
    if (v > 2 ** 64 || v < 0) throw functionError(f.name, 'unsigned integer overflow');
    return new CelUint(saturatingCast(v, 0n, UINT64_MAX));
  }
  if (typeof v === 'bigint') {
    if (v < 0n) throw functionError(f.name, 'unsigned integer overflow');
    return new CelUint(v);
  }
  if (v instanceof CelUint) return v;
  throw functionError(f.name, `cannot convert ${debugValue(v)} to uint`);
}

function matches(f: Ftx): CelValue {
  const s = str(f.self());
  const pattern = str(f.next());
  const r = regexOutcome(pattern, s, (units) => f.chargeRegex(units), f.budget);
  if (typeof r === 'object') throw new CostLimitError(`matches: ${r.limit}`);
  if (typeof r === 'string') throw functionError(f.name, `'${pattern}' not a valid regex:\n${r}`);
  return r;
}

/** `max`/`min` (`functions.rs`): one list argument is its elements, one other argument itself. */
function extreme(keepAcc: -1 | 1): Fn {
  return (f) => {
    const args = f.all();
    const items: readonly CelValue[] = args.length === 1 ? (Array.isArray(args[0]) ? (args[0] as CelValue[]) : [args[0]!]) : args;
    if (args.length === 1 && !Array.isArray(args[0])) return args[0]!;
    if (items.length === 0) return null;
    let acc: CelValue = items[0]!;
    for (const x of items.slice(1)) {
      const o = celCompare(acc, x);
      if (o === undefined) throw notComparable(acc, x);
      if (o !== keepAcc) acc = x;
    }
    return acc;
  };
}

export function notComparable(left: CelValue, right: CelValue): CelEvalError {
  return new CelEvalError(`${debugValue(left)} can not be compared to ${debugValue(right)}`);
}

function timestampFn(f: Ftx): CelValue {
  const s = str(f.next());
  const t = parseRfc3339(s);
  if (t === undefined) throw functionError('timestamp', 'input contains invalid characters');
  return t;
}

function durationFn(f: Ftx): CelValue {
  return parseDuration(str(f.next()));
}

function field(get: (d: Date, sub: number, t: CelTimestamp) => number): Fn {
  return (f) => {
    const t = ts(f.self());
    const { date, subNanos } = fields(t);
    return BigInt(get(date, subNanos, t));
  };
}

const DAY_MS = 86_400_000;

/** Tenuo's functions take `Value` parameters: a missing argument is an error, any kind is accepted. */
function timeNow(f: Ftx): CelValue {
  f.next();
  return formatRfc3339(f.now());
}

function timeIsExpired(f: Ftx): CelValue {
  const v = f.next();
  if (typeof v !== 'string') return false;
  const t = parseRfc3339(v);
  return t !== undefined && t.nanos < f.now().nanos;
}

function timeSince(f: Ftx): CelValue {
  const v = f.next();
  if (typeof v !== 'string') return 0n;
  const t = parseRfc3339(v);
  if (t === undefined) return 0n;
  // chrono's num_seconds: truncated toward zero.
  return (f.now().nanos - t.nanos) / 1_000_000_000n;
}

function netInCidr(f: Ftx): CelValue {
  const ip = f.next();
  const cidr = f.next();
  if (typeof ip !== 'string' || typeof cidr !== 'string') return false;
  const addr = parseIp(ip);
  const net = parseNetwork(cidr);
  return addr !== undefined && net !== undefined && networkContains(net, addr);
}

function netIsPrivate(f: Ftx): CelValue {
  const ip = f.next();
  if (typeof ip !== 'string') return false;
  const addr = parseIp(ip);
  if (!addr) return false;
  const b = addr.bytes;
  // Rust's Ipv4Addr::is_private (RFC 1918) and, for IPv6, unique local fc00::/7, as Tenuo.
  if (addr.version === 4) {
    return b[0] === 10 || (b[0] === 172 && b[1]! >= 16 && b[1]! <= 31) || (b[0] === 192 && b[1] === 168);
  }
  return (b[0]! & 0xfe) === 0xfc;
}

/** Every function name of the dialect. */
export const FUNCTIONS: ReadonlyMap<string, Fn> = new Map<string, Fn>([
  ['contains', contains],
  ['size', size],
  ['max', extreme(1)],
  ['min', extreme(-1)],
  ['startsWith', (f) => str(f.self()).startsWith(str(f.next()))],
  ['endsWith', (f) => str(f.self()).endsWith(str(f.next()))],
  ['string', toString],
  ['bytes', toBytes],
  ['double', toDouble],
  ['int', toInt],
  ['uint', toUint],
  ['matches', matches],
  ['duration', durationFn],
  ['timestamp', timestampFn],
  ['getFullYear', field((d) => d.getUTCFullYear())],
  ['getMonth', field((d) => d.getUTCMonth())],
  ['getDayOfYear', field((d) => Math.floor((d.getTime() - utcMillis(d.getUTCFullYear(), 0, 1)) / DAY_MS))],
  ['getDayOfMonth', field((d) => d.getUTCDate() - 1)],
  ['getDate', field((d) => d.getUTCDate())],
  ['getDayOfWeek', field((d) => d.getUTCDay())],
  ['getHours', field((d) => d.getUTCHours())],
  ['getMinutes', field((d) => d.getUTCMinutes())],
  ['getSeconds', field((d) => d.getUTCSeconds())],
  ['getMilliseconds', field((_d, sub) => Math.floor(sub / 1_000_000))],
  ['time_now', timeNow],
  ['time_is_expired', timeIsExpired],
  ['time_since', timeSince],
  ['net_in_cidr', netInCidr],
  ['net_is_private', netIsPrivate],
]);
