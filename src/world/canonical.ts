/**
 * A custom tool's arguments as the environment reads them when their parameters name a kind
 * (docs/scenarios.md): the same parsers as the built-ins' (a path resolved as a POSIX file system does, a
 * command line as a shell parses it, a URL as an HTTP client reaches it, an address list as a mail
 * library delivers it, a number as Python's float() reads text). Recorded in `tool_called.canonical`.
 */
import { resolvePath } from './fs.js';
import type { Plain } from './plain.js';
import type { ParamKind } from '../model/scenario.js';
import { asNumber, type Args, type Value } from '../warrant/constraint-value.js';
import { mailboxesOf } from './address.js';
import { resolveHttpTarget } from './http.js';
import { parseShell } from './shell.js';

/** Python's float() on text, as an amount given as a string is read. */
const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

export function readNumber(value: Value): number | undefined {
  const n = typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : asNumber(value);
  return n === undefined || !Number.isFinite(n) ? undefined : n;
}

function strings(v: Value): string[] | undefined {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) && v.every((x): x is string => typeof x === 'string') ? v : undefined;
}

/** One argument's canonical form, or null when the value is not of its kind (nothing to read). */
export function canonicalOf(kind: ParamKind, value: Value): Plain {
  switch (kind) {
    case 'path':
      // A NUL never reaches the file system: Node and Python refuse such a path.
      return typeof value === 'string' && !value.includes('\0') ? resolvePath(value) : null;
    case 'shell':
      return typeof value === 'string' ? parseShell(value).programs.map((p) => [...p.argv]) : null;
    case 'url': {
      const t = typeof value === 'string' ? resolveHttpTarget(value) : undefined;
      return t?.ok ? t.url : null;
    }
    case 'email_list': {
      const list = strings(value);
      return list ? list.flatMap((r) => mailboxesOf(r).map((m) => m.toLowerCase())) : null;
    }
    case 'number':
      return readNumber(value) ?? null;
    case 'text':
      return null;
  }
}

export function canonicalArgs(kinds: Readonly<Record<string, ParamKind>> | undefined, args: Args): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  if (kinds === undefined) return out;
  for (const name of Object.keys(args).sort()) {
    const kind = Object.prototype.hasOwnProperty.call(kinds, name) ? kinds[name] : undefined;
    if (kind !== undefined && kind !== 'text') out[name] = canonicalOf(kind, args[name]!);
  }
  return out;
}
