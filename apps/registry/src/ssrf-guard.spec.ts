import { startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { lookup } from 'node:dns';
import { BlockedTargetError, blockedReason, guardedLookup, resolvePublic, type Resolver } from '@toll/upstream';
import { probeEndpoint } from './upstreams/listing-endpoint.client';

// A resolver standing in for DNS: a public-looking name that points inside our network (DNS rebinding).
const fakeDns: Resolver = async (host) => {
  const table: Record<string, Array<{ address: string; family: number }>> = {
    'rebind.example': [{ address: '127.0.0.1', family: 4 }],
    'mixed.example': [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ],
    'public.example': [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ],
  };
  if (!table[host]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return table[host];
};

describe('SSRF guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private (RFC 1918)'],
    ['172.16.0.1', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['192.168.1.1', 'private (RFC 1918)'],
    ['169.254.169.254', 'link-local'], // cloud metadata endpoint
    ['fe80::1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['0.0.0.0', 'unspecified or "this network"'],
    ['::', 'unspecified or "this network"'],
    ['255.255.255.255', 'broadcast or reserved'],
    ['192.0.2.10', 'documentation or benchmarking'],
    ['2001:db8::1', 'documentation or benchmarking'],
    ['::ffff:127.0.0.1', 'loopback'], // IPv4-mapped, dotted
    ['::ffff:7f00:1', 'loopback'], // IPv4-mapped, hex
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local'], // IPv4-mapped metadata address, uncompressed
    ['::ffff:10.0.0.1', 'private (RFC 1918)'],
    ['64:ff9b::a00:1', 'private (RFC 1918)'], // NAT64 of 10.0.0.1
    ['64:ff9b::7f00:1', 'loopback'], // NAT64 of 127.0.0.1
    ['2002:7f00:1::', 'protocol assignments, tunnels or site-local'], // 6to4
    ['fec0::1', 'protocol assignments, tunnels or site-local'],
    ['[::1]', 'loopback'], // URL hostname form
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(blockedReason(address)).toBeNull();
  });

  it('refuses a hostname that resolves to 127.0.0.1 (real resolver: localhost)', async () => {
    await expect(resolvePublic('localhost', false)).rejects.toThrow(
      new BlockedTargetError('localhost resolves to 127.0.0.1 (loopback)'),
    );
  });

  it('refuses a public-looking hostname pointing inside, or with any one private address', async () => {
    await expect(resolvePublic('rebind.example', false, fakeDns)).rejects.toThrow(
      'rebind.example resolves to 127.0.0.1 (loopback)',
    );
    await expect(resolvePublic('mixed.example', false, fakeDns)).rejects.toThrow(
      'mixed.example resolves to 10.0.0.5 (private (RFC 1918))',
    );
    await expect(resolvePublic('[::ffff:169.254.169.254]', false)).rejects.toThrow(
      'resolves to ::ffff:169.254.169.254 (link-local)',
    );
    expect(await resolvePublic('public.example', false, fakeDns)).toHaveLength(2);
    expect(await resolvePublic('rebind.example', true, fakeDns)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('gives sockets only checked addresses, in both lookup forms', async () => {
    const run = (host: string, options: { all?: boolean; family?: number }) =>
      new Promise<unknown>((resolve) =>
        guardedLookup(false, fakeDns)(host, options, (err, address, family) =>
          resolve(err ? err.message : { address, family }),
        ),
      );
    expect(await run('rebind.example', { all: true })).toBe('rebind.example resolves to 127.0.0.1 (loopback)');
    expect(await run('public.example', {})).toEqual({ address: '93.184.215.14', family: 4 });
    expect(await run('public.example', { all: true })).toEqual({
      address: await fakeDns('public.example'),
      family: undefined,
    });
    expect(await run('public.example', { family: 6 })).toEqual({
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
    });
  });

  describe('the prober behind it', () => {
    let fake: FakeUpstream;
    const fixture = {
      upstream: 'listing-endpoints',
      case: 'up',
      source: 'built-from-docs' as const,
      recordedAt: '2026-11-23T09:00:00Z',
      request: { method: 'HEAD', path: '/up' },
      response: { status: 200, body: '' },
    };

    beforeAll(async () => {
      fake = await startFakeUpstream([fixture]);
    });
    afterAll(() => fake.stop());

    it('never connects to a private target: literal IP, localhost, or a name resolving inside', async () => {
      const port = new URL(fake.url).port;
      const options = { timeoutMs: 1_000, userAgent: 'test', allowPrivate: false, resolver: fakeDns };
      expect(await probeEndpoint(`http://127.0.0.1:${port}/up`, options)).toEqual({
        ok: false,
        statusCode: null,
        latencyMs: null,
        error: 'blocked: 127.0.0.1 resolves to 127.0.0.1 (loopback)',
      });
      expect(await probeEndpoint(`http://[::ffff:7f00:1]:${port}/up`, options)).toEqual({
        ok: false,
        statusCode: null,
        latencyMs: null,
        error: 'blocked: ::ffff:7f00:1 resolves to ::ffff:7f00:1 (loopback)',
      });
      expect((await probeEndpoint(`http://localhost:${port}/up`, { ...options, resolver: undefined })).error).toBe(
        'blocked: localhost resolves to 127.0.0.1 (loopback)',
      );
      expect((await probeEndpoint(`http://rebind.example:${port}/up`, options)).error).toBe(
        'blocked: rebind.example resolves to 127.0.0.1 (loopback)',
      );
      expect((await probeEndpoint('http://169.254.169.254/latest/meta-data/', options)).error).toBe(
        'blocked: 169.254.169.254 resolves to 169.254.169.254 (link-local)',
      );
      expect(fake.hits).toEqual([]);
      // Allowed only by the tests-only switch:
      expect(
        await probeEndpoint(`http://localhost:${port}/up`, { ...options, resolver: undefined, allowPrivate: true }),
      ).toMatchObject({ ok: true, statusCode: 200, error: null });
      expect(fake.hits).toHaveLength(1);
    });
  });
});

// Keeps the real resolver honest: on this machine localhost is 127.0.0.1, which the case above relies on.
it('resolves localhost to 127.0.0.1 here', async () => {
  const addresses = await new Promise<string[]>((resolve, reject) =>
    lookup('localhost', { all: true }, (e, a) => (e ? reject(e) : resolve(a.map((x) => x.address)))),
  );
  expect(addresses).toContain('127.0.0.1');
});
