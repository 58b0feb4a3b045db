/**
 * UrlPattern (reference type 9): `scheme://host[:port][/path]` where the scheme may be `*`, the
 * host may start with `*.` (any subdomain, or the domain itself), and the path is a glob. A path of
 * `/` or none means any path. Parsing mirrors the reference: wildcards are swapped for placeholders,
 * the text is parsed as a URL, then the wildcards are restored.
 */
import { compileGlob, globMatches, globTooLarge } from './glob.js';
import { parseUrl } from './url.js';

const HOST_PLACEHOLDER = '__tenuo_host_wildcard__';
const PATH_PLACEHOLDER = '__tenuo_path_wildcard__';

export interface UrlPatternSpec {
  readonly pattern: string;
  /** Allowed schemes; empty means any. */
  readonly schemes: readonly string[];
  readonly host: string | undefined;
  readonly port: number | undefined;
  readonly path: string | undefined;
}

export function parseUrlPattern(pattern: string): UrlPatternSpec | string {
  if (pattern.includes(HOST_PLACEHOLDER) || pattern.includes(PATH_PLACEHOLDER)) {
    return 'pattern contains a reserved internal sequence';
  }
  let schemes: string[];
  let text: string;
  if (pattern.startsWith('*://')) {
    schemes = [];
    text = `https://${pattern.slice(4)}`;
  } else {
    const end = pattern.indexOf('://');
    if (end < 0) return "missing scheme (expected 'scheme://')";
    schemes = [pattern.slice(0, end).toLowerCase()];
    text = pattern;
  }
  const parseText = text.split('*.').join(`${HOST_PLACEHOLDER}.`).split('/*').join(`/${PATH_PLACEHOLDER}`);
  const u = parseUrl(parseText);
  if (!u) return `invalid URL pattern '${pattern}'`;
  const host = u.hasHost ? u.host.split(`${HOST_PLACEHOLDER}.`).join('*.') : undefined;
  const path = u.path === '' || u.path === '/' ? undefined : u.path.split(PATH_PLACEHOLDER).join('*');
  return { pattern, schemes, host, port: u.port, path };
}

export function hostMatches(pattern: string, host: string): boolean {
  if (pattern === '*') return true;
  if (pattern.startsWith('*.')) {
    const suffix = pattern.slice(2);
    return host === suffix || host.endsWith(`.${suffix}`);
  }
  return pattern.toLowerCase() === host.toLowerCase();
}

function pathMatches(pattern: string, path: string): boolean | string {
  if (pattern === '*' || pattern === '/*') return true;
  const g = compileGlob(pattern);
  if (typeof g === 'string') return pattern === path;
  return globTooLarge(g, path) ?? globMatches(g, path);
}

/** true / false, or a reason when the value is not a URL. */
export function urlPatternMatches(spec: UrlPatternSpec, url: string): boolean | string {
  const u = parseUrl(url);
  if (!u) return 'it is not a valid URL';
  if (spec.schemes.length > 0 && !spec.schemes.includes(u.scheme)) return false;
  if (spec.host !== undefined && !hostMatches(spec.host, u.host)) return false;
  if (spec.port !== undefined) {
    const actual = u.port ?? (u.scheme === 'https' ? 443 : u.scheme === 'http' ? 80 : 0);
    if (actual !== spec.port) return false;
  }
  if (spec.path !== undefined) return pathMatches(spec.path, u.path);
  return true;
}

function hostSubset(parent: string, child: string): boolean {
  if (parent === '*') return true;
  if (parent.startsWith('*.')) {
    const suffix = parent.slice(2);
    if (child === suffix || child.endsWith(`.${suffix}`)) return true;
    if (child.startsWith('*.')) {
      const childSuffix = child.slice(2);
      return childSuffix.endsWith(`.${suffix}`) || childSuffix === suffix;
    }
    return false;
  }
  return parent.toLowerCase() === child.toLowerCase();
}

function pathSubset(parent: string, child: string): boolean {
  if (parent === '*' || parent === '/*') return true;
  if (parent.endsWith('/*')) {
    const prefix = parent.slice(0, -1);
    if (child.startsWith(prefix)) return true;
    if (child.endsWith('/*')) return child.slice(0, -1).startsWith(prefix);
    return false;
  }
  if (parent === child) return true;
  return child.startsWith(parent) && child.slice(parent.length).startsWith('/');
}

/** undefined when `child` allows no more than `parent`, else why not (reference rules). */
export function urlPatternAttenuation(parent: UrlPatternSpec, child: UrlPatternSpec): string | undefined {
  if (parent.schemes.length > 0) {
    if (child.schemes.length === 0) return `scheme widened from ${parent.schemes.join(',')} to any`;
    const extra = child.schemes.find((s) => !parent.schemes.includes(s));
    if (extra !== undefined) return `scheme '${extra}' is not among ${parent.schemes.join(',')}`;
  }
  if (parent.host !== undefined) {
    if (child.host === undefined) return `host widened from '${parent.host}' to any`;
    if (!hostSubset(parent.host, child.host)) return `host '${child.host}' is not within '${parent.host}'`;
  }
  if (parent.port !== undefined && child.port !== parent.port) {
    return `port ${child.port ?? 'any'} differs from ${parent.port}`;
  }
  if (parent.path !== undefined) {
    if (child.path === undefined) return `path widened from '${parent.path}' to any`;
    if (!pathSubset(parent.path, child.path)) return `path '${child.path}' is not within '${parent.path}'`;
  }
  return undefined;
}
