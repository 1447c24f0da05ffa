import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

export interface IpAddress {
  ip: string;
  version: 4 | 6;
}

// Parses an address, turning IPv4-mapped IPv6 ("::ffff:1.2.3.4", as dual-stack sockets report IPv4) into IPv4.
export function parseIp(raw: string): IpAddress | null {
  const trimmed = raw.trim().replace(/^\[(.*)\]$/, '$1');
  if (trimmed.includes('%') || isIP(trimmed) === 0) return null;
  if (isIP(trimmed) === 4) return { ip: trimmed, version: 4 };
  const groups = ipv6Groups(trimmed);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  return mapped ? { ip: ipv4FromGroups(groups[6], groups[7]), version: 4 } : { ip: trimmed.toLowerCase(), version: 6 };
}

// The eight 16-bit groups of a valid IPv6 address ("::" expanded, a dotted IPv4 tail split in two).
export function ipv6Groups(ip: string): number[] {
  const parse = (part: string) =>
    part
      ? part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        })
      : [];
  const [head, tail] = ip.split('::');
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export const ipv4FromGroups = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');

// Who a rate limit or usage count applies to: the IPv4 address, or the IPv6 /64 (one host usually owns a
// whole /64, so per-address keys would be free to rotate). Stored only as a truncated SHA-256: pseudonymous.
export function clientKey(callerIp: string): string {
  const parsed = parseIp(callerIp);
  const network = !parsed ? 'unknown' : parsed.version === 4 ? parsed.ip : `${ipv6Groups(parsed.ip).slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
  return createHash('sha256').update(network).digest('hex').slice(0, 32);
}
