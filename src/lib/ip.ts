/**
 * IP addresses and networks as the reference parses them (Rust `std::net::IpAddr` and the
 * `ipnetwork` crate): IPv4 only in strict dotted-decimal form (four decimal octets, no leading
 * zeros), IPv6 in its RFC 4291 text forms (with `::` and an optional trailing dotted IPv4), no
 * brackets, no zone ids. Addresses are 4 or 16 bytes.
 */

export interface IpAddress {
  readonly version: 4 | 6;
  readonly bytes: Uint8Array;
}

export interface IpNetwork {
  readonly address: IpAddress;
  readonly prefix: number;
}

const DEC_OCTET = /^(?:0|[1-9][0-9]{0,2})$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!DEC_OCTET.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out[i] = n;
  }
  return out;
}

export function parseIpv6(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > 45) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const items = part.split(':');
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (i === items.length - 1 && item.includes('.')) {
        const v4 = parseIpv4(item);
        if (!v4) return undefined;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!HEX_GROUP.test(item)) return undefined;
        out.push(parseInt(item, 16));
      }
    }
    return out;
  };
  let words: number[];
  if (halves.length === 2) {
    const head = groups(halves[0]!);
    const tail = groups(halves[1]!);
    // An embedded IPv4 may only end the address.
    if (!head || !tail || halves[0]!.includes('.')) return undefined;
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return undefined;
    words = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    const all = groups(text);
    if (!all || all.length !== 8) return undefined;
    words = all;
  }
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[2 * i] = w >> 8;
    out[2 * i + 1] = w & 0xff;
  });
  return out;
}

/** Parses an address as Rust's `IpAddr::from_str` does; undefined if it is not one. */
export function parseIp(text: string): IpAddress | undefined {
  const v4 = parseIpv4(text);
  if (v4) return { version: 4, bytes: v4 };
  const v6 = parseIpv6(text);
  if (v6) return { version: 6, bytes: v6 };
  return undefined;
}

/**
 * Parses `addr/prefix` (or a bare address, prefix = full length) as `ipnetwork` 0.21's
 * `IpNetwork::from_str` does: one `/` at most; after it, for an IPv4 network, either a dotted
 * netmask (contiguous ones only: `255.0.0.0` is /8, `255.0.255.0` is refused) or a prefix
 * length; for IPv6 a prefix length only (no `ffff::`-style mask).
 */
export function parseNetwork(text: string): IpNetwork | undefined {
  const slash = text.indexOf('/');
  const addrText = slash < 0 ? text : text.slice(0, slash);
  const address = parseIp(addrText);
  if (!address) return undefined;
  const max = address.version === 4 ? 32 : 128;
  if (slash < 0) return { address, prefix: max };
  const prefixText = text.slice(slash + 1);
  // A netmask that reads as an address is never retried as a length (`?` on the mask's error).
  const mask = address.version === 4 ? parseIpv4(prefixText) : undefined;
  const prefix = mask ? ipv4MaskToPrefix(mask) : parsePrefixLength(prefixText, max);
  return prefix === undefined ? undefined : { address, prefix };
}

/**
 * Rust's `u8::from_str` bounded by `max`: ASCII digits after an optional `+`, leading zeros
 * allowed (`+08`, `0008`), no `-`, no spaces, no other radix.
 */
function parsePrefixLength(text: string, max: number): number | undefined {
  if (!/^\+?[0-9]+$/.test(text)) return undefined;
  const digits = text.replace(/^\+?0*/, '');
  if (digits.length > 3) return undefined;
  const n = digits === '' ? 0 : Number(digits);
  return n <= max ? n : undefined;
}

/** The prefix length of a netmask whose one bits are contiguous from the top; undefined otherwise. */
function ipv4MaskToPrefix(mask: Uint8Array): number | undefined {
  const bits = Array.from(mask, (b) => b.toString(2).padStart(8, '0')).join('');
  const ones = bits.indexOf('0') < 0 ? 32 : bits.indexOf('0');
  return bits.slice(ones).includes('1') ? undefined : ones;
}

/** True when `ip` lies in `net` (host bits of the network address are ignored, as ipnetwork does). */
export function networkContains(net: IpNetwork, ip: IpAddress): boolean {
  if (net.address.version !== ip.version) return false;
  let bits = net.prefix;
  for (let i = 0; i < ip.bytes.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((net.address.bytes[i]! & mask) !== (ip.bytes[i]! & mask)) return false;
  }
  return true;
}

/** The network's first and last addresses. */
export function networkBounds(net: IpNetwork): { first: IpAddress; last: IpAddress } {
  const n = net.address.bytes.length;
  const first = new Uint8Array(n);
  const last = new Uint8Array(n);
  let bits = net.prefix;
  for (let i = 0; i < n; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : bits <= 0 ? 0 : (0xff << (8 - bits)) & 0xff;
    first[i] = net.address.bytes[i]! & mask;
    last[i] = first[i]! | (~mask & 0xff);
  }
  return { first: { version: net.address.version, bytes: first }, last: { version: net.address.version, bytes: last } };
}
