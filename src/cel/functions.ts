/**
 * The functions of this CEL dialect: the standard ones on scalars, lists and maps (size, string
 * tests, RE2 `matches`, type conversions, `type`, `dyn`) and the reference's two deterministic
 * extensions `net_in_cidr(ip, cidr)` and `net_is_private(ip)`. The reference's clock-reading ones
 * (`time_now`, `time_is_expired`, `time_since`) are absent on purpose: an expression naming them
 * does not compile, so it is denied rather than allowed to read a clock.
 *
 * Names and arities are checked when an expression is compiled; argument types when it runs. The
 * evaluator meters the work (it charges string and bytes arguments by length before the call).
 */
import { networkContains, parseIp, parseNetwork } from '../warrant/constraints/ip.js';
import { regexMatches } from '../warrant/constraints/regex.js';
import { CelEvalError } from './errors.js';
import { checkedInt, checkedUint, noOverload } from './operators.js';
import { CelMap, CelUint, INT64_MAX, typeOf, type CelValue } from './value.js';

type Impl = (args: readonly CelValue[]) => CelValue;

export interface FunctionDef {
  readonly arity: number;
  readonly call: Impl;
}

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function size(fn: string, v: CelValue): bigint {
  if (typeof v === 'string') {
    let n = 0;
    for (let i = 0; i < v.length; i++) {
      const u = v.charCodeAt(i);
      // A surrogate pair is one code point.
      if (u < 0xd800 || u > 0xdbff || i + 1 === v.length) n++;
      else {
        const w = v.charCodeAt(i + 1);
        n++;
        if (w >= 0xdc00 && w <= 0xdfff) i++;
      }
    }
    return BigInt(n);
  }
  if (v instanceof Uint8Array) return BigInt(v.length);
  if (Array.isArray(v)) return BigInt(v.length);
  if (v instanceof CelMap) return BigInt(v.size);
  throw noOverload(fn, [v]);
}

function stringTest(fn: string, test: (s: string, t: string) => boolean): Impl {
  return ([s, t]) => {
    if (typeof s !== 'string' || typeof t !== 'string') throw noOverload(fn, [s!, t!]);
    return test(s, t);
  };
}

function matches([s, pattern]: readonly CelValue[]): boolean {
  if (typeof s !== 'string' || typeof pattern !== 'string') throw noOverload('matches', [s!, pattern!]);
  const r = regexMatches(pattern, s);
  if (typeof r === 'string') throw new CelEvalError(`matches: ${r}`);
  return r;
}

const DECIMAL_INT = /^[+-]?\d+$/;
const DECIMAL_UINT = /^\d+$/;
const DECIMAL_DOUBLE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INFINITY = /^([+-]?)inf(?:inity)?$/i;

function toInt([v]: readonly CelValue[]): CelValue {
  if (typeof v === 'bigint') return v;
  if (v instanceof CelUint) {
    if (v.value > INT64_MAX) throw new CelEvalError('int overflow');
    return v.value;
  }
  if (typeof v === 'number') {
    // Strict bounds: ±2^63 as doubles are themselves out of range (as cel-go).
    if (!(v > -9223372036854775808 && v < 9223372036854775808)) throw new CelEvalError('int overflow');
    return BigInt(Math.trunc(v));
  }
  if (typeof v === 'string') {
    if (!DECIMAL_INT.test(v)) throw new CelEvalError(`cannot convert '${v}' to int`);
    return checkedInt(BigInt(v));
  }
  throw noOverload('int', [v!]);
}

function toUint([v]: readonly CelValue[]): CelValue {
  if (v instanceof CelUint) return v;
  if (typeof v === 'bigint') return checkedUint(v);
  if (typeof v === 'number') {
    if (!(v >= 0 && v < 18446744073709551616)) throw new CelEvalError('uint overflow');
    return new CelUint(BigInt(Math.trunc(v)));
  }
  if (typeof v === 'string') {
    if (!DECIMAL_UINT.test(v)) throw new CelEvalError(`cannot convert '${v}' to uint`);
    return checkedUint(BigInt(v));
  }
  throw noOverload('uint', [v!]);
}

function toDouble([v]: readonly CelValue[]): CelValue {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof CelUint) return Number(v.value);
  if (typeof v === 'string') {
    if (DECIMAL_DOUBLE.test(v)) return Number(v);
    const inf = INFINITY.exec(v);
    if (inf) return inf[1] === '-' ? -Infinity : Infinity;
    if (/^nan$/i.test(v)) return Number.NaN;
    throw new CelEvalError(`cannot convert '${v}' to double`);
  }
  throw noOverload('double', [v!]);
}

function toString([v]: readonly CelValue[]): CelValue {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'bigint' || typeof v === 'number') return String(v);
  if (v instanceof CelUint) return String(v.value);
  if (v instanceof Uint8Array) {
    try {
      return strictUtf8.decode(v);
    } catch {
      throw new CelEvalError('bytes are not valid UTF-8');
    }
  }
  throw noOverload('string', [v!]);
}

function toBytes([v]: readonly CelValue[]): CelValue {
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string') return utf8.encode(v);
  throw noOverload('bytes', [v!]);
}

const BOOL_STRINGS: ReadonlyMap<string, boolean> = new Map([
  ['true', true], ['True', true], ['TRUE', true], ['t', true], ['1', true],
  ['false', false], ['False', false], ['FALSE', false], ['f', false], ['0', false],
]);

function toBool([v]: readonly CelValue[]): CelValue {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const b = BOOL_STRINGS.get(v);
    if (b === undefined) throw new CelEvalError(`cannot convert '${v}' to bool`);
    return b;
  }
  throw noOverload('bool', [v!]);
}

function netInCidr([ip, cidr]: readonly CelValue[]): CelValue {
  if (typeof ip !== 'string' || typeof cidr !== 'string') return false;
  const addr = parseIp(ip);
  const net = parseNetwork(cidr);
  return addr !== undefined && net !== undefined && networkContains(net, addr);
}

function netIsPrivate([ip]: readonly CelValue[]): CelValue {
  if (typeof ip !== 'string') return false;
  const addr = parseIp(ip);
  if (!addr) return false;
  const b = addr.bytes;
  // Rust's Ipv4Addr::is_private (RFC 1918) and, for IPv6, unique local fc00::/7, as the reference.
  if (addr.version === 4) {
    return b[0] === 10 || (b[0] === 172 && b[1]! >= 16 && b[1]! <= 31) || (b[0] === 192 && b[1] === 168);
  }
  return (b[0]! & 0xfe) === 0xfc;
}

/** Functions called by name: `size(x)`, `int(x)`, … */
export const GLOBAL_FUNCTIONS: ReadonlyMap<string, FunctionDef> = new Map<string, FunctionDef>([
  ['size', { arity: 1, call: ([v]) => size('size', v!) }],
  ['matches', { arity: 2, call: matches }],
  ['int', { arity: 1, call: toInt }],
  ['uint', { arity: 1, call: toUint }],
  ['double', { arity: 1, call: toDouble }],
  ['string', { arity: 1, call: toString }],
  ['bytes', { arity: 1, call: toBytes }],
  ['bool', { arity: 1, call: toBool }],
  ['dyn', { arity: 1, call: ([v]) => v! }],
  ['type', { arity: 1, call: ([v]) => typeOf(v!) }],
  ['net_in_cidr', { arity: 2, call: netInCidr }],
  ['net_is_private', { arity: 1, call: netIsPrivate }],
]);

/** Functions called on a receiver, which comes first in `args`: `s.size()`, `s.contains(t)`, … */
export const METHODS: ReadonlyMap<string, FunctionDef> = new Map<string, FunctionDef>([
  ['size', { arity: 0, call: ([v]) => size('size', v!) }],
  ['contains', { arity: 1, call: stringTest('contains', (s, t) => s.includes(t)) }],
  ['startsWith', { arity: 1, call: stringTest('startsWith', (s, t) => s.startsWith(t)) }],
  ['endsWith', { arity: 1, call: stringTest('endsWith', (s, t) => s.endsWith(t)) }],
  ['matches', { arity: 1, call: matches }],
]);
