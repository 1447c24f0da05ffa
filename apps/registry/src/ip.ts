import { createHash } from 'node:crypto';
import { ipv6Groups, parseIp } from '@toll/upstream';

// Who a rate limit or usage count applies to: the IPv4 address, or the IPv6 /64 (one host usually owns a
// whole /64, so per-address keys would be free to rotate). Stored only as a truncated SHA-256: pseudonymous.
export function clientKey(callerIp: string): string {
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
