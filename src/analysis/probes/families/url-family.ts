/**
 * URL probes: the warrant reads a URL's host one way, an HTTP client (WHATWG URL) another:
 * trailing dots, userinfo, IPv4 spellings, IPv4-mapped and NAT64 IPv6, unspecified addresses (they
 * reach the local host), metadata names. Aimed at the constraint's own denied domains, the
 * scripted attacks' hosts, the local host and the cloud metadata endpoint.
 */
import type { Constraint } from '../../../warrant/constraints/types.js';
import type { FamilyGenerator, ProbeValue } from './family.js';

function deniedDomains(c: Constraint): string[] {
  if (c.type === 'url_safe') return (c.denyDomains ?? []).filter((d) => !d.includes('*')).slice(0, 3);
  if (c.type === 'all' || c.type === 'any') return c.constraints.flatMap(deniedDomains);
  return [];
}

function hostOf(u: string): string | undefined {
  try {
    return new URL(u).hostname;
  } catch {
    return undefined;
  }
}

export const urlProbes: FamilyGenerator = (ctx) => {
  if (typeof ctx.base !== 'string') return [];
  let base: URL;
  try {
    base = new URL(ctx.base);
  } catch {
    return [];
  }
  const path = `${base.pathname}${base.search}`;
  const legitHost = base.host;
  const scheme = base.protocol;
  const evils = [
    ...new Set([
      ...deniedDomains(ctx.constraint),
      ...ctx.targets.map(hostOf).filter((h): h is string => !!h && !h.startsWith('[')),
      'evil.example',
    ]),
  ].slice(0, 3);
  const out: ProbeValue[] = [];
  const add = (family: ProbeValue['family'], u: string) => out.push({ family, value: u });
  for (const evil of evils) {
    add('trailing_dot', `${scheme}//${evil}.${path}`);
    add('trailing_dot', `${scheme}//${evil}.:${base.port || (scheme === 'https:' ? 443 : 80)}${path}`);
    add('case', `${scheme}//${evil.toUpperCase()}${path}`);
    add('url_userinfo', `${scheme}//${legitHost}@${evil}${path}`);
    add('url_userinfo', `${scheme}//${legitHost}:x@${evil}${path}`);
    add('encoding', `${scheme}//${evil.replace(/\./g, '%2e')}${path}`);
  }
  const local = ['127.1', '0x7f.0.0.1', '2130706433', '0177.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]'];
  for (const h of local) add('ip_spelling', `http://${h}${path}`);
  const meta = ['[::ffff:169.254.169.254]', '[64:ff9b::a9fe:a9fe]', '0xa9fea9fe', '2852039166', '[fd00:ec2::254]'];
  for (const h of meta) add('ip_spelling', `http://${h}/latest/meta-data/`);
  for (const h of ['0.0.0.0', '0', '[::]', '[::]:8080', '[::ffff:0.0.0.0]', '[0:0:0:0:0:0:0:0]'])
    add('unspecified_address', `http://${h}${path}`);
  add('trailing_dot', 'http://metadata.google.internal./computeMetadata/v1/');
  add('trailing_dot', 'http://localhost./');
  add('case', 'http://METADATA.GOOGLE.INTERNAL/computeMetadata/v1/');
  return out;
};
