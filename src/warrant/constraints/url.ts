/**
 * URL parsing shared by UrlPattern and UrlSafe. The reference uses Rust's `url` crate, a WHATWG URL
 * parser; Node's `URL` implements the same standard, so hosts come out the same way (lower-cased,
 * IPv4 in any numeric form normalized to dotted decimal, IPv6 bracketed and compressed).
 */

export interface ParsedUrl {
  readonly scheme: string;
  /** `host_str()`: '' when there is no host; IPv6 in brackets. */
  readonly host: string;
  readonly hasHost: boolean;
  /** The explicit port, undefined when absent or the scheme's default. */
  readonly port: number | undefined;
  readonly path: string;
}

export const MAX_URL_LENGTH = 8192;

export function parseUrl(text: string): ParsedUrl | undefined {
  if (text.length > MAX_URL_LENGTH) return undefined;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return undefined;
  }
  return {
    scheme: u.protocol.replace(/:$/, '').toLowerCase(),
    host: u.hostname,
    hasHost: u.host !== '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(text),
    port: u.port === '' ? undefined : Number(u.port),
    path: u.pathname,
  };
}

/** `port_or_known_default()` of the `url` crate. */
export function portOrKnownDefault(url: ParsedUrl): number | undefined {
  if (url.port !== undefined) return url.port;
  switch (url.scheme) {
    case 'http':
    case 'ws':
      return 80;
    case 'https':
    case 'wss':
      return 443;
    case 'ftp':
      return 21;
    default:
      return undefined;
  }
}
