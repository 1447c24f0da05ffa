import { isIPv4, isIPv6 } from 'node:net';

// The key a client's rate limits are kept under, from req.ip (the socket address, or with GATEWAY_TRUST_PROXY the
// right-most X-Forwarded-For hop not trusted): an IPv4 address as is; IPv6 by its /64, the smallest block one
// subscriber is usually given, so a client cannot dodge its limits by rotating through its own addresses.
export function clientKeyOf(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip)) return ip;
  const zoneless = ip.split('%')[0];
  if (!isIPv6(zoneless)) return 'unknown';
  return `${expandIpv6(zoneless).slice(0, 4).join(':')}::/64`;
}

// The eight hextets of an IPv6 address, without leading zeros ("2001:db8::1" → 2001 db8 0 0 0 0 0 1).
function expandIpv6(ip: string): string[] {
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const withV4 = (parts: string[]) => {
    const last = parts[parts.length - 1];
    if (!last || !isIPv4(last)) return parts;
    const [a, b, c, d] = last.split('.').map(Number);
    return [...parts.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  const left = withV4(groups(head));
  const right = withV4(groups(tail));
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((h) => parseInt(h, 16).toString(16));
}
