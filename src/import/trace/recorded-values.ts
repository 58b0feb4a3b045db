/**
 * The JSON of a recorded call as call values, whatever the format: numbers as written (`25.0` a
 * float, an integer beyond 2^53 exact, one a call cannot carry refused), text that must be
 * Unicode, a key given twice refused (JSON.parse would keep the last unseen), depth bounded.
 */
import { clipText } from '../../lib/quote.js';
import { Float, type Value } from '../../warrant/constraint-value.js';
import { jsonPath, parseJson, scanJsonText, type JsonPathSegment } from '../json-text.js';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

/** JSON.parse's value as JSON, or the syntax error's offset and message. */
export function readJson(text: string): { value: Json } | { offset: number; message: string } {
  const r = parseJson(text);
  return 'value' in r ? { value: r.value as Json } : r;
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How deeply an argument or result may nest (lists and objects): a scenario file holds at most 32
 * levels of YAML, and a call's value sits 5 below its top (calls, a call, args, a grant's one_of).
 */
export const MAX_VALUE_DEPTH = 24;
export const TOO_DEEP = `nested deeper than ${MAX_VALUE_DEPTH} levels, more than a scenario holds`;

/** The literal text of a JSON number at a path (`1.0`, an int64 beyond 2^53), as the file wrote it. */
export type RawNumber = (path: readonly JsonPathSegment[]) => string | undefined;

/**
 * A JSON value as a call argument, numbers as written: `25.0` is a float (Tenuo's wire and the
 * proof-of-possession tell 25.0 from 25), an integer beyond 2^53 exact; a number a call cannot
 * carry (beyond 64 bits, beyond a double) is a problem, never rounded.
 */
export function toValue(
  json: Json,
  path: readonly JsonPathSegment[],
  raw: RawNumber,
  bad: (path: readonly JsonPathSegment[], message: string) => void,
  depth = 0,
): Value {
  if ((Array.isArray(json) || isObject(json)) && depth >= MAX_VALUE_DEPTH) {
    bad(path, TOO_DEEP);
    return null;
  }
  if (Array.isArray(json)) return json.map((x, i) => toValue(x, [...path, i], raw, bad, depth + 1));
  if (isObject(json)) return Object.fromEntries(Object.entries(json).map(([k, x]) => [k, toValue(x, [...path, k], raw, bad, depth + 1)]));
  if (typeof json !== 'number') return json;
  const literal = raw(path) ?? String(json);
  if (/[.eE]/.test(literal)) {
    if (!Number.isFinite(json)) bad(path, `${literal} is beyond a 64-bit float`);
    return Number.isInteger(json) ? new Float(json) : json;
  }
  if (Number.isSafeInteger(json)) return json;
  const big = BigInt(literal);
  if (big < -(2n ** 63n) || big >= 2n ** 63n) bad(path, `${literal} is outside the 64-bit integers a call can carry`);
  return big;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * An argument's text must be Unicode: JSON can escape half of a surrogate pair (`"\ud800"`), but
 * Tenuo's strings are UTF-8 and cannot hold one, so the call could never be authorized as recorded.
 */
export function checkUnicode(
  value: Value,
  path: readonly JsonPathSegment[],
  bad: (path: readonly JsonPathSegment[], message: string) => void,
): void {
  const text = (s: string, where: readonly JsonPathSegment[]): void => {
    if (LONE_SURROGATE.test(s))
      bad(
        where,
        `${clipText(JSON.stringify(s))} holds half of a UTF-16 surrogate pair, which is not Unicode text (Tenuo's strings are UTF-8)`,
      );
  };
  if (typeof value === 'string') text(value, path);
  else if (Array.isArray(value)) value.forEach((x, i) => checkUnicode(x, [...path, i], bad));
  else if (value !== null && typeof value === 'object' && !(value instanceof Float)) {
    for (const [k, x] of Object.entries(value)) {
      text(k, [...path, k]);
      checkUnicode(x, [...path, k], bad);
    }
  }
}

/** Every key given twice in one object of `text` (JSON.parse would keep the last value unseen). */
export function duplicateKeys(text: string, at: (path: readonly JsonPathSegment[]) => string): { problems: string[]; raw: RawNumber } {
  const facts = scanJsonText(text);
  const problems = facts.duplicates.map((d) => `${at(d.path)}: key '${d.key}' appears twice (JSON.parse would keep only the last)`);
  return { problems, raw: (path) => facts.numbers.get(jsonPath(path)) };
}

export function describe(value: Value): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (value instanceof Float) return `number ${jsonText(value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value === 'bigint' ? 'number' : typeof value} ${JSON.stringify(typeof value === 'bigint' ? String(value) : value)}`;
}

/** A value as JSON text, numbers as they were written (25.0 stays 25.0, a long integer whole). */
export function jsonText(value: Value): string {
  if (value instanceof Float) return Number.isInteger(value.value) ? value.value.toFixed(1) : String(value.value);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export function resultText(value: Value | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : jsonText(value);
}
