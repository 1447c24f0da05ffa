import { TollError } from '@toll/contracts';
import { fieldIssues, JsonLogger } from '@toll/platform';
import { DevutilsConfig } from './config';
import { GetIpInput } from './devutils.schemas';
import { ATTRIBUTION, GeoService } from './geo.service';
import { ipWords, nonPublicReason, normalizeIp } from './ip-address';

const quietLogger = new JsonLogger('devutils', 'error');
const geo = new GeoService(DevutilsConfig.parse({}), quietLogger);

describe('GeoService', () => {
  it('places 8.8.8.8 (Google, US) with ASN, timezone and attribution', () => {
    expect(geo.lookup('8.8.8.8', '203.0.113.9')).toEqual({
      ip: '8.8.8.8',
      source: 'query',
      version: 4,
      found: true,
      reason: null,
      country: { code: 'US', name: 'United States' },
      region: 'California',
      city: 'Mountain View',
      latitude: 37.422,
      longitude: -122.085,
      timezone: 'America/Los_Angeles',
      asn: { number: 15169, org: 'Google LLC' },
      attribution: ATTRIBUTION,
    });
  });

  it('places the caller when no ip is given, stripping the IPv4-mapped prefix', () => {
    expect(geo.lookup(undefined, '::ffff:1.1.1.1')).toMatchObject({
      ip: '1.1.1.1',
      source: 'caller',
      found: true,
      country: { code: 'AU', name: 'Australia' },
      asn: { number: 13335, org: 'Cloudflare, Inc.' },
      timezone: 'Australia/Sydney',
    });
  });

  it('looks up IPv6 addresses', () => {
    expect(geo.lookup('2001:4860:4860::8888', '')).toMatchObject({
      version: 6,
      found: true,
      asn: { number: 15169, org: 'Google LLC' },
    });
  });

  it('credits DB-IP with a link', () => {
    expect(ATTRIBUTION).toContainEqual({
      covers: 'location',
      text: 'IP Geolocation by DB-IP',
      url: 'https://db-ip.com',
      license: 'CC BY 4.0',
    });
  });

  it.each([
    ['192.168.1.10', 'private address (RFC 1918 / unique local)'],
    ['10.0.0.1', 'private address (RFC 1918 / unique local)'],
    ['127.0.0.1', 'loopback address'],
    ['::1', 'loopback address'],
    ['fe80::1', 'link-local address'],
    ['169.254.1.1', 'link-local address'],
    ['fd12:3456::1', 'private address (RFC 1918 / unique local)'],
    ['100.64.0.1', 'shared address space (carrier-grade NAT)'],
    ['2001:db8::1', 'reserved or documentation address'],
  ])('answers found: false for %s', (ip, reason) => {
    expect(geo.lookup(undefined, ip)).toEqual({
      ip,
      source: 'caller',
      version: ip.includes(':') ? 6 : 4,
      found: false,
      reason,
      country: null,
      region: null,
      city: null,
      latitude: null,
      longitude: null,
      timezone: null,
      asn: null,
      attribution: ATTRIBUTION,
    });
  });

  it('answers found: false for a caller address it cannot read', () => {
    expect(geo.lookup(undefined, 'unknown')).toMatchObject({
      ip: 'unknown',
      version: null,
      found: false,
      reason: 'the caller address is not a valid IP address',
    });
  });

  it('refuses when disabled', () => {
    const off = new GeoService(DevutilsConfig.parse({ DEVUTILS_GEO_ENABLED: 'false' }), quietLogger);
    expect(() => off.lookup('8.8.8.8', '')).toThrow(TollError);
    expect(() => off.lookup('8.8.8.8', '')).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }));
  });

  it('validates the ip query', () => {
    for (const ip of ['8.8.8.8.8', 'example.com', 'fe80::1%eth0', '']) {
      const parsed = GetIpInput.safeParse({ ip });
      expect(parsed.success).toBe(false);
      expect(fieldIssues(parsed.error!).map((i) => i.field)).toEqual(['ip']);
    }
    expect(GetIpInput.parse({})).toEqual({});
  });
});

describe('ip addresses', () => {
  it('expands addresses into 32-bit words', () => {
    expect(ipWords({ ip: '8.8.8.8', version: 4 })).toEqual([0x08080808]);
    expect(ipWords({ ip: '255.255.255.255', version: 4 })).toEqual([0xffffffff]);
    expect(ipWords({ ip: '::1', version: 6 })).toEqual([0, 0, 0, 1]);
    expect(ipWords({ ip: '::', version: 6 })).toEqual([0, 0, 0, 0]);
    expect(ipWords({ ip: '2001:db8::8a2e:370:7334', version: 6 })).toEqual([0x20010db8, 0, 0x8a2e, 0x03707334]);
    expect(ipWords({ ip: '2001:4860:4860:0:0:0:0:8888', version: 6 })).toEqual([0x20014860, 0x48600000, 0, 0x8888]);
    expect(ipWords({ ip: '64:ff9b::1.2.3.4', version: 6 })).toEqual([0x0064ff9b, 0, 0, 0x01020304]);
  });

  it('normalizes and classifies', () => {
    expect(normalizeIp(' ::FFFF:10.1.2.3 ')).toEqual({ ip: '10.1.2.3', version: 4 });
    expect(normalizeIp('not an ip')).toBeNull();
    expect(nonPublicReason({ ip: '8.8.8.8', version: 4 })).toBeNull();
    expect(nonPublicReason({ ip: '224.0.0.1', version: 4 })).toBe('multicast address');
  });
});
