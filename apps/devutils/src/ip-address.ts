import { addressRange } from '@toll/upstream';
import { isIP } from 'node:net';

export interface IpAddress {
  ip: string;
  version: 4 | 6;
}

// Strips the IPv4-mapped prefix sockets report for IPv4 callers on dual-stack listeners.
export function normalizeIp(raw: string): IpAddress | null {
  const trimmed = raw.trim();
  const ip = /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
  const version = isIP(ip);
  if (version === 0 || ip.includes('%')) return null;
  return { ip, version: version === 4 ? 4 : 6 };
}

// Addresses no public geolocation database can place (IANA special-purpose registries).
const NON_PUBLIC = [
  addressRange('loopback address', ['127.0.0.0/8'], ['::1/128']),
  addressRange(
    'private address (RFC 1918 / unique local)',
    ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
    ['fc00::/7'],
  ),
  addressRange('link-local address', ['169.254.0.0/16'], ['fe80::/10']),
  addressRange('shared address space (carrier-grade NAT)', ['100.64.0.0/10'], []),
  addressRange('multicast address', ['224.0.0.0/4'], ['ff00::/8']),
  addressRange(
    'reserved or documentation address',
    ['0.0.0.0/8', '192.0.0.0/24', '192.0.2.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4'],
    ['::/128', '100::/64', '2001:db8::/32'],
  ),
];

export function nonPublicReason({ ip, version }: IpAddress): string | null {
  const type = version === 4 ? 'ipv4' : 'ipv6';
  return NON_PUBLIC.find((s) => s.list.check(ip, type))?.reason ?? null;
}

// The address as 32-bit words, most significant first (1 word for IPv4, 4 for IPv6), for range search.
export function ipWords({ ip, version }: IpAddress): number[] {
  if (version === 4) return [ip.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0)];
  const [head, tail] = ip.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap(hextets) : []);
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return [0, 2, 4, 6].map((i) => all[i] * 0x10000 + all[i + 1]);
}

// A dotted IPv4 tail ("64:ff9b::1.2.3.4") stands for the last two groups.
function hextets(group: string): number[] {
  if (!group.includes('.')) return [parseInt(group, 16)];
  const [a, b, c, d] = group.split('.').map(Number);
  return [a * 256 + b, c * 256 + d];
}
