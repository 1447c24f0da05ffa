import { TollError } from '@toll/contracts';
import type { CatalogService } from './catalog.service';
import type { BaseConfig } from './config';
import { JsonLogger } from './logger';
import { RouteAvailability } from './route-availability';
import { SourceProbes } from './source-probes';
import type { TollRouteOptions } from './toll-route';

describe(SourceProbes.name, () => {
  const route = (operationId: string, sources?: string[]) => ({ operationId, sources }) as TollRouteOptions;
  const routes = [route('g.pair', ['a', 'b']), route('g.alone', ['c']), route('g.snapshot', ['c']), route('g.local')];
  const config = { SOURCE_PROBE_INTERVAL_MS: 30_000, SOURCE_PROBE_TIMEOUT_MS: 1_000 } as BaseConfig;
  const up = async () => undefined;
  const down = async () => {
    throw new TollError('UPSTREAM_ERROR', 'x answered HTTP 503');
  };
  let availability: RouteAvailability;
  let snapshotFresh = false;

  const make = (probes: Record<string, (() => Promise<void>) | null>) => {
    availability = new RouteAvailability(() => undefined);
    const sut = new SourceProbes(
      config,
      { routes: () => routes, availability } as unknown as CatalogService,
      new JsonLogger('test', 'error'),
    );
    for (const [name, probe] of Object.entries(probes)) sut.register(name, probe);
    sut.servesFromCache('g.snapshot', () => snapshotFresh);
    return sut;
  };

  it('announces an operation unavailable only while every provider it names is down and no cache answers', async () => {
    const probes = { a: down, b: up, c: down } as Record<string, () => Promise<void>>;
    const sut = make({ a: () => probes.a(), b: () => probes.b(), c: () => probes.c() });
    sut.start();
    expect(availability.unavailable()).toEqual({}); // nothing probed yet: no provider is presumed down
    await sut.probeAll();
    expect(availability.unavailable()).toEqual({}); // one failed probe is a suspicion (a blip refuses nobody)
    await sut.probeAll();
    expect(availability.unavailable()).toEqual({
      'g.alone': {
        retryAfterSeconds: 30,
        reason: 'every provider it needs is down (c: UPSTREAM_ERROR: x answered HTTP 503)',
      },
      'g.snapshot': expect.any(Object),
    });
    snapshotFresh = true;
    probes.b = down;
    await sut.probeAll();
    expect(Object.keys(availability.unavailable()).sort()).toEqual(['g.alone']);
    await sut.probeAll();
    expect(Object.keys(availability.unavailable()).sort()).toEqual(['g.alone', 'g.pair']);
    probes.a = up;
    probes.c = up;
    await sut.probeAll();
    expect(availability.unavailable()).toEqual({});
    sut.onApplicationShutdown();
  });

  it('confirms a failed probe one probe timeout later, not an interval later', async () => {
    const sut = make({ a: up, b: up, c: down });
    sut.start();
    await sut.probeAll();
    expect(availability.unavailable()).toEqual({});
    await new Promise((r) => setTimeout(r, config.SOURCE_PROBE_TIMEOUT_MS + 300));
    expect(Object.keys(availability.unavailable())).toEqual(['g.alone']);
    sut.onApplicationShutdown();
  });

  it('registers HTTP probes at API roots, a provider with enabled: false as turned off', () => {
    const sut = make({ a: up });
    sut.registerHttp('toll-test', [
      { name: 'b', url: 'http://127.0.0.1:9/', enabled: false },
      { name: 'c', url: 'http://127.0.0.1:9/' },
    ]);
    sut.start();
    expect(availability.unavailable()).toEqual({}); // a still answers for g.pair; c is enabled, so not presumed down
    sut.onApplicationShutdown();
    snapshotFresh = true;
    const off = make({});
    off.registerHttp(
      'toll-test',
      ['a', 'b', 'c'].map((name) => ({ name, url: 'http://127.0.0.1:9/', enabled: false })),
    );
    off.start();
    // g.snapshot: its cache answers
    expect(Object.keys(availability.unavailable()).sort()).toEqual(['g.alone', 'g.pair']);
    off.onApplicationShutdown();
  });

  it('treats a provider turned off as down from the start, and refuses a route naming an unregistered one', () => {
    const sut = make({ a: null, b: null, c: up });
    sut.start();
    expect(availability.unavailable()).toEqual({
      'g.pair': {
        retryAfterSeconds: 30,
        reason: 'every provider it needs is down (a: turned off on this deployment; b: turned off on this deployment)',
      },
    });
    sut.onApplicationShutdown();
    expect(() => make({ a: up, c: up }).start()).toThrow('g.pair names sources no probe is registered for: b');
  });
});
