/**
 * Shape checks for untrusted JSON (a results file, a shard's file, its baseline or LLM part): each
 * check says where and how a value is wrong, or nothing. Bounded: strings and lists have a maximum
 * length, so a hostile file cannot make a check (or what reads the value after it) unbounded.
 */
export type Check = (v: unknown, at: string) => string | undefined;

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const string =
  (maxLength: number): Check =>
  (v, at) =>
    typeof v === 'string' && v.length <= maxLength ? undefined : `${at}: expected a string`;

export const bool: Check = (v, at) => (typeof v === 'boolean' ? undefined : `${at}: expected true or false`);

export const count: Check = (v, at) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? undefined : `${at}: expected a count (integer ≥ 0)`;

export const rate: Check = (v, at) => (typeof v === 'number' && v >= 0 && v <= 1 ? undefined : `${at}: expected a rate between 0 and 1`);

export const nullable =
  (c: Check): Check =>
  (v, at) =>
    v === null ? undefined : c(v, at);

export const oneOf =
  (...values: readonly unknown[]): Check =>
  (v, at) =>
    values.includes(v) ? undefined : `${at}: expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}`;

/** A list of at most `maxItems` values, each passing `each`. */
export function list(each: Check, maxItems: number): Check {
  return (v, at) => {
    if (!Array.isArray(v)) return `${at}: expected a list`;
    if (v.length > maxItems) return `${at}: more than ${maxItems} items`;
    for (let i = 0; i < v.length; i++) {
      const p = each(v[i], `${at}[${i}]`);
      if (p) return p;
    }
    return undefined;
  };
}

/** An object with every key of `fields` (each passing its check) and any key of `optional`. */
export function shape(fields: Record<string, Check>, optional: Record<string, Check> = {}): Check {
  return (v, at) => {
    if (!isObj(v)) return `${at}: expected an object`;
    for (const [k, check] of Object.entries(fields)) {
      if (!(k in v)) return `${at}.${k}: missing`;
      const p = check(v[k], `${at}.${k}`);
      if (p) return p;
    }
    for (const [k, check] of Object.entries(optional)) {
      if (v[k] === undefined) continue;
      const p = check(v[k], `${at}.${k}`);
      if (p) return p;
    }
    return undefined;
  };
}
