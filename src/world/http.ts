/**
 * Where an HTTP request would go (docs/scenarios.md, `http_request`): the URL is parsed as Node's HTTP
 * client parses it (WHATWG `URL`), and the host it would connect to is put in canonical form with
 * an IP library (`ipaddr.js`), never a regular expression of ours:
 * - a trailing dot is removed (`evil.example.` is the fully qualified `evil.example`);
 * - WHATWG already rewrites IPv4 spellings (`0x7f.1`, `2130706433`, `0177.0.0.1` → `127.0.0.1`)
 *   and compresses IPv6; IPv4-mapped (`::ffff:127.0.0.1`) and NAT64 (`64:ff9b::/96`) IPv6
 *   addresses are unwrapped to the IPv4 address they reach;
 * - an unspecified address (`0.0.0.0`, `::`) reaches the local host, so it is canonically the
 *   loopback address of its family;
 * - userinfo (`https://good.com@evil.example/`) is a credential, not a destination: dropped; so is
 *   the fragment, which is never sent.
 * The target's class (`loopback`, `private`, `link_local`, `metadata`, `unspecified`,
 * `internal_name`, `public`) is what an SSRF review asks for. There is no DNS: a name's class is
 * read from the name alone.
 */
import { EnvironmentLimitError } from './limit.js';
import ipaddr from 'ipaddr.js';

/** Longest URL parsed (bounded input). */
export const MAX_URL_LENGTH = 8192;

export type HttpTargetClass = 'loopback' | 'private' | 'link_local' | 'metadata' | 'unspecified' | 'internal_name' | 'public';

export type HttpTarget =
  | {
      readonly ok: true;
      /** The URL the client requests, canonical: scheme, canonical host, port if not default, path, query. */
      readonly url: string;
      /** The canonical host (IPv6 in brackets). */
      readonly host: string;
      readonly port: number;
      readonly target: HttpTargetClass;
    }
  | { readonly ok: false; readonly error: string };

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** Well-known cloud metadata endpoints (AWS/GCP/Azure/Oracle, Alibaba, AWS IPv6). */
const METADATA_IPS = new Set(['169.254.169.254', '169.254.170.2', '168.63.129.16', '100.100.100.200', 'fd00:ec2::254']);
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);
const INTERNAL_SUFFIXES = ['.internal', '.local', '.localdomain', '.lan', '.corp', '.home', '.intranet', '.svc', '.cluster.local'];

function classifyIp(ip: ipaddr.IPv4 | ipaddr.IPv6): HttpTargetClass {
  if (METADATA_IPS.has(ip.toString())) return 'metadata';
  switch (ip.range()) {
    case 'unspecified':
      return 'unspecified';
    case 'loopback':
      return 'loopback';
    case 'linkLocal':
      return 'link_local';
    case 'private':
    case 'uniqueLocal':
    case 'carrierGradeNat':
      return 'private';
    default:
      return 'public';
  }
}

function classifyName(host: string): HttpTargetClass {
  if (METADATA_NAMES.has(host)) return 'metadata';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (!host.includes('.') || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))) return 'internal_name';
  return 'public';
}

/** The IPv4 address an IPv6 address really reaches (mapped or NAT64), else the address itself. */
function unwrap(ip: ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  if (ip.range() === 'rfc6052') {
    const b = ip.toByteArray();
    return new ipaddr.IPv4(b.slice(12, 16));
  }
  return ip;
}

/**
 * Where a request to `raw` would go; throws only an EnvironmentLimitError (a URL over the bound).
 * `upgradeHttp`: the client asks for an `http:` URL over https (Claude Code's WebFetch sets the
 * WHATWG protocol to `https:`, so an explicit :80 or :443 becomes the default 443).
 */
export function resolveHttpTarget(raw: string, upgradeHttp = false): HttpTarget {
  if (raw.length > MAX_URL_LENGTH) throw new EnvironmentLimitError('a URL', MAX_URL_LENGTH, 'characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, error: 'not a URL' };
  }
  if (upgradeHttp && url.protocol === 'http:') url.protocol = 'https:';
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) return { ok: false, error: `an HTTP client does not fetch ${url.protocol} URLs` };
  const port = url.port === '' ? defaultPort : Number(url.port);
  let host = url.hostname;
  let target: HttpTargetClass;
  if (host.startsWith('[')) {
    const ip = unwrap(ipaddr.IPv6.parse(host.slice(1, -1)));
    target = classifyIp(ip);
    const reached = target === 'unspecified' ? (ip.kind() === 'ipv4' ? '127.0.0.1' : '::1') : ip.toString();
    host = ip.kind() === 'ipv4' ? reached : `[${reached}]`;
  } else if (ipaddr.IPv4.isValidFourPartDecimal(host)) {
    const ip = ipaddr.IPv4.parse(host);
    target = classifyIp(ip);
    if (target === 'unspecified') host = '127.0.0.1';
  } else {
    if (host.endsWith('.')) host = host.slice(0, -1);
    target = classifyName(host);
  }
  const shownPort = port === defaultPort ? '' : `:${port}`;
  return { ok: true, url: `${url.protocol}//${host}${shownPort}${url.pathname}${url.search}`, host, port, target };
}
