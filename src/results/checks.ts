/**
 * The building blocks of the results schema (docs/results.md): zod schemas with the bound and the
 * message each kind of value has when an untrusted file gets it wrong, and `firstProblem`, which
 * says where and how a value fails a schema (`$.trials[4].calls[2].authorized: expected true or
 * false`). Every string and list has a maximum length, and JSON nesting a maximum depth, so that a
 * hostile file can make neither the check nor what reads the value after it unbounded.
 */
import * as z from 'zod';

/** The bounds of one part of a results file: its strings and lists. */
export interface Bounds {
  readonly maxString: number;
  readonly maxItems: number;
}

/** A key that is absent says so; anything else gets `message`. */
const said =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'missing' : message;

export const isObj = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function text(maxLength: number): z.ZodString {
  return z.string({ error: said('expected a string') }).max(maxLength, { error: `expected a string of at most ${maxLength} characters` });
}

export const flag = z.boolean({ error: said('expected true or false') });

const COUNT = 'expected a count (integer ≥ 0)';
/** A whole number ≥ 0 (a safe integer: z.int refuses the others). */
export const count = z.int({ error: said(COUNT) }).min(0, { error: COUNT });
/** A whole number ≥ 1 (a 1-based index, a number of runs). */
export const positive = count.min(1, { error: 'expected an integer ≥ 1' });

const RATE = 'expected a rate between 0 and 1';
export const rate = z
  .number({ error: said(RATE) })
  .min(0, { error: RATE })
  .max(1, { error: RATE });

/** A finite number (z.number refuses infinities; JSON has no others): a measured damage. */
export const finite = z.number({ error: said('expected a number') });

/** A finite number or null (JSON has no other numbers; z.number refuses infinities too). */
export const numberOrNull = z.number({ error: said('expected a number or null') }).nullable();

/** One of `values`, exactly. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T): z.ZodEnum<{ [K in T[number]]: K }> {
  return z.enum(values, { error: said(`expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`) });
}

/** An object with these keys in this order (the order written); keys it does not know are ignored. */
export function record<T extends z.ZodRawShape>(shape: T): z.ZodObject<T> {
  return z.object(shape, { error: said('expected an object') });
}

/**
 * A list of at most `maxItems` values, each passing `item`. The length is checked before any item
 * is, so that an oversized list is refused for its size, whatever its items.
 */
export function list<T extends z.ZodType>(item: T, maxItems: number, tooMany = `more than ${maxItems} items`) {
  return z
    .array(z.unknown(), { error: said('expected a list') })
    .max(maxItems, { error: tooMany })
    .pipe(z.array(item));
}

/**
 * An object keyed by the values of `keys`, each optional (a summary per condition): written in the
 * order of `keys`; a key that is not one of them is refused (`$.summary key 'x': expected one of …`).
 */
export function keyedBy<const K extends readonly [string, ...string[]], T extends z.ZodType>(keys: K, value: T) {
  const shape = Object.fromEntries(keys.map((k) => [k, value.optional()])) as { [P in K[number]]: z.ZodOptional<T> };
  const expected = `expected one of ${keys.map((k) => JSON.stringify(k)).join(', ')}`;
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? expected : said('expected an object')(issue)),
  });
}

/** Bounds on plain JSON data of a file (arguments, witnesses, effects). */
export interface PlainBounds {
  readonly maxDepth: number;
  /** Absent: strings and lists are bounded by the file's size only. */
  readonly maxString?: number;
  readonly maxItems?: number;
}

/** Plain JSON no deeper than `bounds.maxDepth` (a scalar is depth 0), strings and lists within theirs. */
export function isPlainWithin(value: unknown, bounds: PlainBounds, depth = 0): boolean {
  if (depth > bounds.maxDepth) return false;
  if (typeof value === 'string') return bounds.maxString === undefined || value.length <= bounds.maxString;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) {
    return (bounds.maxItems === undefined || value.length <= bounds.maxItems) && value.every((v) => isPlainWithin(v, bounds, depth + 1));
  }
  return isObj(value) && Object.values(value).every((v) => isPlainWithin(v, bounds, depth + 1));
}

/** Plain JSON data of type T within `bounds`; written as it is (no key order of its own). */
export function plain<T>(bounds: PlainBounds, message: string): z.ZodType<T> {
  return z.custom<T>((v) => isPlainWithin(v, bounds), { error: said(message) });
}

/** A JSON object of plain data within `bounds` (a call's arguments). */
export function plainObject<T extends Record<string, unknown>>(bounds: PlainBounds, tooDeep: string): z.ZodType<T> {
  return z.custom<T>((v) => isObj(v) && isPlainWithin(v, bounds), {
    error: (issue) => (issue.input === undefined ? 'missing' : isObj(issue.input) ? tooDeep : 'expected an object'),
  });
}

/** The JSON path of an issue: `$.trials[4].calls[2]`. */
function pathOf(root: string, path: readonly PropertyKey[]): string {
  return root + path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
}

/**
 * Where and how `data` first fails `schema` (in the schema's key order, depth first), or undefined
 * when it passes. `root` names `data`'s place in the file (`$`, `$.baseline`).
 */
export function firstProblem(schema: z.ZodType, data: unknown, root = '$'): string | undefined {
  const parsed = schema.safeParse(data);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  const at = pathOf(root, issue.path);
  return issue.code === 'unrecognized_keys' ? `${at} key '${issue.keys[0]}': ${issue.message}` : `${at}: ${issue.message}`;
}
