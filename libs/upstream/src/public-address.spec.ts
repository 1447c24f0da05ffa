import { clientNetworkKey as clientKey, parseIp } from './public-address';

describe('client keys', () => {
  it('treats an IPv4-mapped address as the IPv4 address', () => {
    expect(parseIp('::ffff:203.0.113.7')).toEqual({ ip: '203.0.113.7', version: 4 });
    expect(clientKey('::ffff:203.0.113.7')).toBe(clientKey('203.0.113.7'));
  });

  it('groups IPv6 clients by /64, and keeps networks apart', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('203.0.113.7')).not.toBe(clientKey('203.0.113.8'));
  });

  it('stores no address, only a truncated hash; unknown callers share one key', () => {
    expect(clientKey('203.0.113.7')).toMatch(/^[0-9a-f]{32}$/);
    expect(clientKey('')).toBe(clientKey('garbage'));
  });
});
