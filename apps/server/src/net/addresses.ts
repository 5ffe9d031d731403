/**
 * Address rules of every server-side request to a user-supplied address (SSRF protection): which
 * resolved addresses may be reached. Pure functions over node:net's BlockList; no DNS or sockets
 * here (see outbound.ts for resolution, pinning and redirects).
 */
import net from 'node:net';

export interface Cidr {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** "10.0.0.0/8" or "fd00::/8" (a bare address means a single host); null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const version = net.isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

export function blockListOf(ranges: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const range of ranges) {
    const cidr = parseCidr(range);
    if (!cidr) throw new Error(`invalid CIDR range "${range}"`);
    list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return list;
}

/** Ranges a server must not reach on a user's behalf (IANA special-purpose registries). */
const FORBIDDEN_V4: Array<[string, string]> = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];
const FORBIDDEN_V6: Array<[string, string]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'],
  ['100::/64', 'discard'],
  ['2001::/23', 'reserved'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'reserved'],
  ['fc00::/7', 'private'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
];

const forbidden = FORBIDDEN_V4.concat(FORBIDDEN_V6).map(([range, kind]) => ({ kind, list: blockListOf([range]) }));

/** Expands an IPv6 text form to its 8 groups; null if it is not IPv6. */
function ipv6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - h.length - t.length).fill('0');
  const groups = [...h, ...fill, ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The IPv4 addresses an IPv6 address stands for, when it embeds some that the network would reach:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d),
 * NAT64 (64:ff9b::/96), 6to4 (2002::/16), Teredo (2001:0::/32: the relay's address, and the
 * client's, stored inverted in the last 32 bits).
 */
export function embeddedIpv4s(address: string): string[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return [v4(g[6]!, g[7]!)];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [v4(g[6]!, g[7]!)];
  if (zeros(0, 6) && (g[6]! !== 0 || g[7]! > 1)) return [v4(g[6]!, g[7]!)];
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [v4(g[6]!, g[7]!)];
  if (g[0] === 0x2002) return [v4(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [v4(g[2]!, g[3]!), v4(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  return [];
}

/** The first embedded IPv4 address (see embeddedIpv4s), or null. */
export function embeddedIpv4(address: string): string | null {
  return embeddedIpv4s(address)[0] ?? null;
}

/**
 * Why an address is not public ('loopback', 'private'…), or null for a public unicast address. An
 * IPv6 form that embeds a non-public IPv4 address is classified as that IPv4 address.
 */
export function classifyAddress(address: string): string | null {
  const version = net.isIP(address);
  if (version === 0) return 'invalid';
  if (version === 6) {
    // Transition forms are judged by the IPv4 addresses they lead to.
    const embedded = embeddedIpv4s(address);
    if (embedded.length > 0) return embedded.map(classifyAddress).find((kind) => kind !== null) ?? null;
  }
  const family = version === 4 ? 'ipv4' : 'ipv6';
  for (const { kind, list } of forbidden) {
    if (list.check(address.split('%')[0]!, family)) return kind;
  }
  return null;
}

/**
 * Whether a request may connect to this address: public addresses always, others only inside a
 * range the administrator allows. Returns the reason of a refusal (for logs and tests, never for
 * users), or null when allowed.
 */
export function addressRefusal(address: string, allowed: net.BlockList): string | null {
  const kind = classifyAddress(address);
  if (kind === null) return null;
  if (kind === 'invalid') return kind;
  const version = net.isIP(address);
  const bare = address.split('%')[0]!;
  if (allowed.check(bare, version === 4 ? 'ipv4' : 'ipv6')) return null;
  const embedded = version === 6 ? embeddedIpv4s(bare) : [];
  if (embedded.length > 0 && embedded.every((v4) => classifyAddress(v4) === null || allowed.check(v4, 'ipv4'))) return null;
  return kind;
}
