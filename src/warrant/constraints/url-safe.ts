/**
 * SSRF-safe URLs (reference `UrlSafe`, type 18), without DNS: scheme allow list; host checks for
 * localhost names, internal TLDs, cloud metadata hosts; IP literals in every form the reference
 * recognizes (dotted, decimal `2130706433`, hex `0x7f000001`, octal-looking `0177.0.0.1`,
 * IPv4-mapped `::ffff:a.b.c.d` and IPv4-compatible `::a.b.c.d` IPv6) checked against loopback,
 * private, reserved and link-local/metadata ranges; leading-zero dotted hosts that parsers disagree
 * on are refused; then the domain allow list (host names only) and deny list (names and IPs).
 */
import { parseIp } from '../../lib/ip.js';
import type { IpAddress } from '../../lib/ip.js';
import { parseUrl, portOrKnownDefault } from './url.js';
import type { Constraint } from './types.js';

/** The UrlSafe constraint's fields (types.ts), without its tag. */
export type UrlSafeSpec = Omit<Extract<Constraint, { readonly type: 'url_safe' }>, 'type'>;

const METADATA_HOSTS = ['169.254.169.254', 'metadata.google.internal', 'metadata.goog', '100.100.100.200'];
const INTERNAL_TLDS = ['.internal', '.local', '.localhost', '.lan', '.corp', '.home', '.svc', '.default'];

/** The reference's `urlencoding_decode`: `%XX` → the byte as a character; anything else kept. */
function percentDecode(s: string): string {
  return s.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function v4(b: Uint8Array | number[]): IpAddress {
  return { version: 4, bytes: Uint8Array.from(b) };
}

function fromU32(n: number): IpAddress {
  return v4([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
}

/** The reference's `parse_ip`: standard forms, then decimal, hex and unambiguous octal IPv4. */
function parseHostIp(hostIn: string): IpAddress | undefined {
  const host = hostIn.replace(/^\[+/, '').replace(/\]+$/, '');
  const std = parseIp(host);
  if (std) return std;
  if (/^[0-9]+$/.test(host)) {
    const digits = host.replace(/^0+(?=[0-9])/, '');
    if (digits.length <= 10 && Number(digits) <= 0xffffffff) return fromU32(Number(digits));
  }
  if (host.toLowerCase().startsWith('0x')) {
    const hex = host.slice(2);
    // Rust's from_str_radix accepts an optional leading '+'.
    const digits = hex.startsWith('+') ? hex.slice(1) : hex;
    if (/^[0-9a-fA-F]+$/.test(digits)) {
      const n = parseInt(digits, 16);
      if (n <= 0xffffffff) return fromU32(n);
    }
  }
  if (host.startsWith('0') && host.includes('.')) {
    const parts = host.split('.');
    if (parts.length === 4 && parts.every((p) => /^[0-9]+$/.test(p))) {
      if (parts.some((p) => p.length > 1 && p.startsWith('0'))) {
        if (parts.every((p) => /^[0-7]+$/.test(p))) {
          const octets: number[] = [];
          let decimalSame = true;
          for (const p of parts) {
            const octal = p.startsWith('0') && p.length > 1 ? parseInt(p, 8) : Number(p);
            if (!(octal <= 255)) return undefined;
            const dec = Number(p);
            if (dec !== octal) decimalSame = false;
            octets.push(octal);
          }
          return decimalSame ? v4(octets) : undefined;
        }
        return undefined;
      }
    }
  }
  return undefined;
}

/** IPv6 forms that embed an IPv4 address are judged as that IPv4 address. */
function unwrapV4(ip: IpAddress): IpAddress {
  if (ip.version !== 6) return ip;
  const b = ip.bytes;
  const zeros = (from: number, to: number): boolean => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(b.slice(12));
  if (zeros(0, 12)) {
    const tail = b.slice(12);
    const isZero = tail.every((x) => x === 0);
    const isOne = tail[0] === 0 && tail[1] === 0 && tail[2] === 0 && tail[3] === 1;
    if (!isZero && !isOne) return v4(tail);
  }
  return ip;
}

function ipBlockReason(spec: UrlSafeSpec, raw: IpAddress): string | undefined {
  const ip = unwrapV4(raw);
  const b = ip.bytes;
  if (spec.blockLoopback) {
    const loop = ip.version === 4 ? b[0] === 127 : b.slice(0, 15).every((x) => x === 0) && b[15] === 1;
    if (loop) return 'a loopback address';
  }
  if (spec.blockPrivate) {
    if (ip.version === 4) {
      if (b[0] === 10 || (b[0] === 172 && b[1]! >= 16 && b[1]! <= 31) || (b[0] === 192 && b[1] === 168)) {
        return 'a private address';
      }
    } else if ((b[0]! & 0xfe) === 0xfc || (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80)) {
      return 'a private address';
    }
  }
  if (spec.blockReserved && ip.version === 4) {
    if (b[0] === 0 || (b[0]! >= 224 && b[0]! <= 239) || b.every((x) => x === 255)) return 'a reserved address';
  }
  if (spec.blockMetadata && ip.version === 4 && b[0] === 169 && b[1] === 254) {
    return 'a link-local (cloud metadata) address';
  }
  return undefined;
}

function looksLikeAmbiguousIp(host: string): boolean {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^[0-9]+$/.test(p))) return false;
  return parts.some((p) => p.length > 1 && p.startsWith('0'));
}

/** The reference's `check_domain_allowed`: exact, or `*.example.com` for subdomains and itself. */
export function domainListed(host: string, domains: readonly string[]): boolean {
  return domains.some((raw) => {
    const pattern = raw.toLowerCase();
    if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) || host === pattern.slice(2);
    return host === pattern;
  });
}

/** undefined when the URL is safe, else why not. */
export function urlSafeCheck(spec: UrlSafeSpec, url: string): string | undefined {
  if (url.includes('\0')) return 'it contains a null byte';
  const u = parseUrl(url);
  if (!u) return 'it is not a valid URL';
  if (!spec.schemes.some((s) => s.toLowerCase() === u.scheme)) return `the scheme '${u.scheme}' is not allowed`;
  if (u.host === '') return 'it has no host';
  const host = percentDecode(u.host).toLowerCase();
  if (spec.allowPorts) {
    const port = portOrKnownDefault(u);
    if (port !== undefined && !spec.allowPorts.includes(port)) return `port ${port} is not allowed`;
  }
  if (spec.blockLoopback && (host === 'localhost' || host === 'localhost.localdomain')) return 'it names localhost';
  if (spec.blockInternalTlds && INTERNAL_TLDS.some((tld) => host.endsWith(tld) || host === tld.slice(1))) {
    return 'it names an internal domain';
  }
  if (spec.blockMetadata && METADATA_HOSTS.includes(host)) return 'it names a cloud metadata endpoint';
  const ip = parseHostIp(host);
  if (ip) {
    const why = ipBlockReason(spec, ip);
    if (why !== undefined) return `its host is ${why}`;
  } else {
    if (looksLikeAmbiguousIp(host)) return 'its host is an ambiguous IP address with leading zeros';
    if (spec.allowDomains && !domainListed(host, spec.allowDomains)) return `the host '${host}' is not in the allow list`;
  }
  if (spec.denyDomains && domainListed(host, spec.denyDomains)) return `the host '${host}' is denied`;
  return undefined;
}

/** undefined when `child` is at least as strict as `parent` in every field (reference rules). */
export function urlSafeAttenuation(parent: UrlSafeSpec, child: UrlSafeSpec): string | undefined {
  for (const s of child.schemes) {
    if (!parent.schemes.some((p) => p.toLowerCase() === s.toLowerCase())) return `scheme '${s}' is not allowed by the parent`;
  }
  const flags = [
    ['block_private', parent.blockPrivate, child.blockPrivate],
    ['block_loopback', parent.blockLoopback, child.blockLoopback],
    ['block_metadata', parent.blockMetadata, child.blockMetadata],
    ['block_reserved', parent.blockReserved, child.blockReserved],
    ['block_internal_tlds', parent.blockInternalTlds, child.blockInternalTlds],
  ] as const;
  for (const [name, p, c] of flags) if (p && !c) return `cannot disable ${name}`;
  if (parent.allowPorts) {
    if (!child.allowPorts) return 'the parent restricts ports; the child must too';
    const extra = child.allowPorts.find((p) => !parent.allowPorts!.includes(p));
    if (extra !== undefined) return `port ${extra} is not allowed by the parent`;
  }
  if (parent.allowDomains) {
    if (!child.allowDomains) return 'the parent has a domain allow list; the child must too';
    for (const cdRaw of child.allowDomains) {
      const cd = cdRaw.toLowerCase();
      const covered = parent.allowDomains.some((pdRaw) => {
        const pd = pdRaw.toLowerCase();
        return pd === cd || (pd.startsWith('*.') && cd.endsWith(pd.slice(1)));
      });
      if (!covered) return `domain '${cdRaw}' is not covered by the parent's allow list`;
    }
  }
  if (parent.denyDomains) {
    if (!child.denyDomains) return 'the parent has a domain deny list; the child must keep it';
    for (const pd of parent.denyDomains) {
      if (!child.denyDomains.some((cd) => cd.toLowerCase() === pd.toLowerCase())) {
        return `the child removes denied domain '${pd}'`;
      }
    }
  }
  return undefined;
}
