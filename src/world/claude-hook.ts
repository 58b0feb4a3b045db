/**
 * What Tenuo's Claude Code hook (tenuo-ai/claude-governance, `resolve_tool`) signs for a call a
 * governance policy governs, when that is not the call's arguments as Claude Code passed them:
 * - a governed argument under a `subpath:` spec is signed as the path it names, `realpath(abspath(v))`
 *   against the working directory; a native tool's empty or non-text value is the working
 *   directory itself (an MCP tool's is signed as it is);
 * - WebFetch under a web policy also signs `host`: Python's `urlsplit(url).hostname`, or `""`
 *   when the URL has none or does not parse, and `url` as `""` when it is not text.
 * The environment runs the call with its own arguments; only what is signed and authorized
 * changes. The view is data on the tool (`CustomTool.hook`), set by the policy loader.
 */
import { isIPv6 } from 'node:net';
import type { CustomTool } from '../model/scenario.js';
import { canonicalArgs } from '../warrant/pop.js';
import { extractConstraints, McpExtractionError } from './mcp-config.js';
import type { Args, Value } from '../warrant/constraint-value.js';
import { normalizePosixPath } from './posix-path.js';

/** The argument the hook adds beside `url` for WebFetch. */
export const HOST_PARAM = 'host';

/**
 * The arguments a grant of this tool constrains: its parameters, and `host` when the hook signs
 * one; under a McpConfig, the fields it extracts (world/mcp-config.ts).
 */
export function authorizedParams(def: CustomTool): readonly string[] {
  if (def.binding === 'mcp-config' && def.mcpConfig !== undefined) return Object.keys(def.mcpConfig.rules ?? {});
  return def.hook?.host ? [...def.params, HOST_PARAM] : def.params;
}

/** The call's bound arguments as the hook signs them (the same object when the tool has no view). */
export function authorizedArgs(def: CustomTool | undefined, args: Args): Args {
  const view = def?.hook;
  if (view === undefined) return args;
  const out = Object.create(null) as Record<string, Value>;
  for (const [k, v] of Object.entries(args)) out[k] = v;
  for (const { param, emptyIsCwd } of view.resolve ?? []) {
    const v = out[param];
    if (typeof v === 'string' && v !== '') out[param] = resolveLikePython(v, view.cwd);
    else if (emptyIsCwd) out[param] = view.cwd;
  }
  if (view.host) {
    const url = out[view.host.from];
    const text = typeof url === 'string' ? url : '';
    out[view.host.from] = text;
    out[HOST_PARAM] = pythonHostname(text);
  }
  return out;
}

/**
 * A scenario call's kept arguments (binding.ts callArgs) as they are signed and authorized: what a
 * grant's constraints are checked against. `None` is stripped whatever the binding (tenuo-python's
 * `strip_none_values`, which the guard, the MCP verifier and the signer apply), and a tool the hook
 * signs gets the hook's view.
 */
export function signedArgsOf(tools: Readonly<Record<string, CustomTool>>, call: { readonly tool: string; readonly args: Args }): Args {
  const def = Object.prototype.hasOwnProperty.call(tools, call.tool) ? tools[call.tool] : undefined;
  if (def?.binding === 'mcp-config' && def.mcpConfig !== undefined) {
    // The extracted view is what the grant is checked against (the PoP covers the sent arguments:
    // popArgsOf). A call the extraction refuses is refused before any grant (the harness); here,
    // for the analyses that only match constraints, it stands as the arguments sent.
    try {
      return extractConstraints(call.tool, def.mcpConfig.rules, call.args);
    } catch (e) {
      if (!(e instanceof McpExtractionError)) throw e;
      return canonicalArgs(call.args);
    }
  }
  return canonicalArgs(authorizedArgs(def, call.args));
}

/**
 * The arguments the proof-of-possession covers: what the grant is checked against, except under a
 * McpConfig, where MCPVerifier checks the PoP over the arguments as sent (None stripped).
 */
export function popArgsOf(tools: Readonly<Record<string, CustomTool>>, call: { readonly tool: string; readonly args: Args }): Args {
  const def = Object.prototype.hasOwnProperty.call(tools, call.tool) ? tools[call.tool] : undefined;
  return def?.binding === 'mcp-config' ? canonicalArgs(call.args) : signedArgsOf(tools, call);
}

/**
 * `os.path.realpath(os.path.abspath(v))` in a file system without symbolic links (the simulated
 * one has none). A NUL byte makes Python raise, and the hook then denies: the value is left as it
 * is, which every path constraint refuses.
 */
function resolveLikePython(v: string, cwd: string): string {
  if (v.includes('\0')) return v;
  return normalizePosixPath(v.startsWith('/') ? v : `${cwd}/${v}`);
}

/** `_WHATWG_C0_CONTROL_OR_SPACE`, which `urlsplit` strips from the start of a URL. */
const LEADING_STRIPPED = /^[\u0000-\u0020]+/;
/** `_UNSAFE_URL_BYTES_TO_REMOVE`: removed wherever they are. */
const REMOVED = /[\t\r\n]/g;
const SCHEME_CHARS = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/**
 * `urllib.parse.urlsplit(url).hostname or ""`, as CPython 3.11-3.13 compute it: the authority is
 * what follows `//` up to `/`, `?` or `#`; the host is after its last `@`, before `:` or inside
 * `[...]`, lower-cased up to a `%` zone. No IDNA, no percent-decoding, a trailing dot kept. Where
 * `urlsplit` raises ValueError (unbalanced brackets, a bracketed host that is not IPv6 or
 * IPvFuture, a non-ASCII authority that NFKC turns into a delimiter), the hook signs `""`.
 */
export function pythonHostname(url: string): string {
  let rest = url.replace(LEADING_STRIPPED, '').replace(REMOVED, '');
  const colon = rest.indexOf(':');
  if (colon > 0 && SCHEME_CHARS.test(rest.slice(0, colon))) rest = rest.slice(colon + 1);
  if (!rest.startsWith('//')) return '';
  const end = rest.slice(2).search(/[/?#]/);
  const netloc = end === -1 ? rest.slice(2) : rest.slice(2, 2 + end);
  if (netloc.includes('[') !== netloc.includes(']')) return '';
  if (netloc.includes('[') && !validBracketedHost(between(netloc))) return '';
  if (!netlocSurvivesNfkc(netloc)) return '';
  const hostinfo = netloc.slice(netloc.lastIndexOf('@') + 1);
  const host = hostinfo.includes('[') ? between(hostinfo) : hostinfo.split(':')[0]!;
  const zone = host.indexOf('%');
  return zone === -1 ? host.toLowerCase() : host.slice(0, zone).toLowerCase() + host.slice(zone);
}

/** `s.partition('[')[2].partition(']')[0]`. */
function between(s: string): string {
  const inside = s.slice(s.indexOf('[') + 1);
  const close = inside.indexOf(']');
  return close === -1 ? inside : inside.slice(0, close);
}

/** `_check_bracketed_host`: IPvFuture (`v1.x`), or an IPv6 address (`ipaddress.ip_address`, zone allowed). */
function validBracketedHost(h: string): boolean {
  if (h.startsWith('v')) return /^v[a-fA-F0-9]+\..+$/s.test(h);
  const zone = h.indexOf('%');
  const address = zone === -1 ? h : h.slice(0, zone);
  const scope = zone === -1 ? undefined : h.slice(zone + 1);
  if (scope !== undefined && (scope === '' || scope.includes('%'))) return false;
  return isIPv6(address);
}

/** `_checknetloc`: a non-ASCII authority must not gain `/ ? # @ :` under NFKC. */
function netlocSurvivesNfkc(netloc: string): boolean {
  if (/^[\u0000-\u007f]*$/.test(netloc)) return true;
  const n = netloc.replace(/[@:#?]/g, '');
  const normalized = n.normalize('NFKC');
  return n === normalized || !/[/?#@:]/.test(normalized);
}
