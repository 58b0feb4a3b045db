/**
 * Secure path containment (reference `Subpath`): a purely lexical check, no file system access.
 * `.` and empty components (`//`) are dropped, `..` removes the previous component (never above the
 * root), and both `/` and `\` separate components. Null bytes and relative paths never match.
 *
 * The root is used as the constraint holds it, as the reference's matcher does: its constructors
 * store the root normalized (and lower-cased when matching is case-insensitive), but a Subpath
 * decoded from the wire keeps the root as written. So a decoded root `/data/` still contains
 * `/data/x` (trailing separators are trimmed) but not `/data` itself, and `/a/./b` or a relative root
 * contains nothing (a normalized path never has those forms). Builders of the model normalize the
 * root first (subpathRoot).
 */
import { isCanonicalPosixPath } from '../../lib/canonical-path.js';

/** Unix `/…` or Windows `C:\…` / `C:/…`. */
export function isAbsolutePath(path: string): boolean {
  if (path.startsWith('/')) return true;
  return path.length >= 3 && /^[A-Za-z]:[\\/]/.test(path);
}

/**
 * Whether normalizePath(`path`) is `path` itself because it is already normal: a normal POSIX path
 * with no `\` anywhere (Tenuo reads `\` as a separator too).
 */
function isNormalPath(path: string): boolean {
  return !path.includes('\\') && isCanonicalPosixPath(path);
}

export function normalizePath(path: string): string {
  return isNormalPath(path) ? path : splitAndJoin(path);
}

/** The reference's algorithm itself: split on `/` and `\`, drop empty and `.`, pop on `..`, join. */
export function splitAndJoin(path: string): string {
  let prefix: string;
  let rest: string;
  if (path.startsWith('/')) {
    prefix = '/';
    rest = path.slice(1);
  } else if (path.length >= 2 && path[1] === ':') {
    const sep = path.length > 2 && (path[2] === '\\' || path[2] === '/') ? 3 : 2;
    prefix = path.slice(0, sep);
    rest = path.slice(sep);
  } else {
    prefix = '';
    rest = path;
  }
  const parts: string[] = [];
  for (const part of rest.split(/[\\/]/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  let out = prefix;
  parts.forEach((part, i) => {
    if ((i > 0 || prefix !== '') && !out.endsWith('/') && !out.endsWith('\\')) out += '/';
    out += part;
  });
  return out;
}

export interface SubpathSpec {
  readonly root: string;
  readonly caseSensitive: boolean;
  readonly allowEqual: boolean;
}

/** The root as the reference's constructors store it: normalized, lower-cased when case-insensitive. */
export function subpathRoot(root: string, caseSensitive: boolean): string {
  const normalized = normalizePath(root);
  return caseSensitive ? normalized : normalized.toLowerCase();
}

/** The root the matcher compares with: the constraint's own, as held (see the header). */
export function effectiveRoot(spec: SubpathSpec): string {
  return spec.root;
}

/** True when `path` is contained in the Subpath's root; never throws. */
export function subpathContains(spec: SubpathSpec, path: string): boolean {
  if (path.includes('\0')) return false;
  if (!isAbsolutePath(path)) return false;
  let normalized = normalizePath(path);
  if (!spec.caseSensitive) normalized = normalized.toLowerCase();
  if (spec.allowEqual && normalized === spec.root) return true;
  // The reference: `format!("{}/", self.root.trim_end_matches('/'))`.
  return normalized.startsWith(`${spec.root.replace(/\/+$/, '')}/`);
}
