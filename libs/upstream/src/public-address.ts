import { createHash } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { addressRange } from './address-ranges';

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

// Who a per-client limit applies to: the IPv4 address, or the IPv6 /64 (one host usually owns a whole /64, so
// per-address keys would be free to rotate). A truncated SHA-256, so it can be stored pseudonymously.
export function clientNetworkKey(callerIp: string): string {
  const parsed = parseIp(callerIp);
  const network = !parsed
    ? 'unknown'
    : parsed.version === 4
      ? parsed.ip
      : `${ipv6Groups(parsed.ip)
          .slice(0, 4)
          .map((g) => g.toString(16))
          .join(':')}::/64`;
  return createHash('sha256').update(network).digest('hex').slice(0, 32);
}

export const ipv4FromGroups = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');

// One guard for every URL a stranger gives us (the registry's prober, messaging webhooks): it must never be
// turned against our own network. Every address a host resolves to is checked, and a connection goes only to
// a checked address (the check runs inside the socket's DNS lookup, so a second, different DNS answer cannot
// slip through).

// IANA special-purpose registries (IPv4 and IPv6). BlockList applies the IPv4 rules to IPv4-mapped IPv6 too.
const BLOCKED = [
  addressRange('loopback', ['127.0.0.0/8'], ['::1/128']),
  addressRange('private (RFC 1918)', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'], []),
  addressRange('unique-local', [], ['fc00::/7']),
  addressRange('link-local', ['169.254.0.0/16'], ['fe80::/10']),
  addressRange('carrier-grade NAT', ['100.64.0.0/10'], []),
  addressRange('multicast', ['224.0.0.0/4'], ['ff00::/8']),
  addressRange('unspecified or "this network"', ['0.0.0.0/8'], ['::/128']),
  addressRange('broadcast or reserved', ['240.0.0.0/4'], []),
  addressRange(
    'documentation or benchmarking',
    ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '198.18.0.0/15'],
    ['2001:db8::/32'],
  ),
  addressRange(
    'protocol assignments, tunnels or site-local',
    ['192.0.0.0/24', '192.88.99.0/24'],
    ['2001::/32', '2002::/16', '100::/64', 'fec0::/10', '64:ff9b:1::/48'],
  ),
];
const NAT64 = addressRange('NAT64', [], ['64:ff9b::/96']).list;

// Why an address may not be probed, or null when it is a public unicast address.
export function blockedReason(address: string): string | null {
  const parsed = parseIp(address);
  if (!parsed) return 'not an IP address';
  const type = parsed.version === 4 ? 'ipv4' : 'ipv6';
  // NAT64 (DNS64 networks) carries an IPv4 address in its last 32 bits: judge that one.
  if (type === 'ipv6' && NAT64.check(parsed.ip, 'ipv6')) {
    const g = ipv6Groups(parsed.ip);
    return blockedReason(ipv4FromGroups(g[6], g[7]));
  }
  return BLOCKED.find((r) => r.list.check(parsed.ip, type))?.reason ?? null;
}

export class BlockedTargetError extends Error {
  readonly code = 'EBLOCKED';
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

// Every address of the host, or BlockedTargetError when any of them is not public (unless allowed: tests).
export async function resolvePublic(
  hostname: string,
  allowPrivate: boolean,
  resolver: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = parseIp(host);
  const addresses = literal ? [{ address: host, family: literal.version === 4 ? 4 : 6 }] : await resolver(host);
  if (!addresses.length) throw new BlockedTargetError(`${host} has no address`);
  if (allowPrivate) return addresses;
  for (const { address } of addresses) {
    const reason = blockedReason(address);
    if (reason) throw new BlockedTargetError(`${host} resolves to ${address} (${reason})`);
  }
  return addresses;
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

// A drop-in `lookup` for http.request/net.connect that only ever yields checked addresses.
export const guardedLookup =
  (allowPrivate: boolean, resolver?: Resolver) =>
  (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
    resolvePublic(hostname, allowPrivate, resolver).then(
      (all) => {
        const usable = family ? all.filter((a) => a.family === family) : all;
        if (!usable.length) return callback(new BlockedTargetError(`${hostname} has no IPv${family} address`), '');
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (err: Error) => callback(err, ''),
    );
  };
