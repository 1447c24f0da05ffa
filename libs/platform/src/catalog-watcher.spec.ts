import type { GroupManifest } from '@toll/contracts';
import type { NatsConnection } from 'nats';
import { CatalogWatcher, parsePathGrants } from './catalog-watcher';

const route = (group: string, op: string, path: string, summary = op) => ({
  operationId: `${group}.${op}`,
  subject: `toll.${group}.${op}`,
  method: 'GET' as const,
  path,
  summary,
  tags: [],
  price: null,
  inputSchema: {},
  outputSchema: {},
  timeoutMs: 1000,
});
const manifest = (group: string, instanceId: string, routes: GroupManifest['routes']): GroupManifest => ({
  contract: 1,
  group,
  title: group.toUpperCase(),
  version: '1',
  instanceId,
  routes,
});

// accept/sweep need no NATS; start/stop are the gateway's proven subscribe-and-request wiring.
const watcher = (options: Partial<ConstructorParameters<typeof CatalogWatcher>[1]> = {}) =>
  new CatalogWatcher({} as NatsConnection, { ttlMs: 1000, ...options });

describe(CatalogWatcher.name, () => {
  it('collects routes per group and instance, and forgets an instance after the TTL', () => {
    const changes: number[] = [];
    const w = watcher({ onChange: () => changes.push(w.version) });
    expect(w.accept(manifest('wx', 'a', [route('wx', 'getNow', '/toll/wx/now')]), 0)).toEqual([]);
    expect(w.accept(manifest('fx', 'a', [route('fx', 'getRate', '/toll/fx/rate')]), 500)).toEqual([]);
    expect(w.routes().map((r) => [r.operationId, r.group, r.groupTitle])).toEqual([
      ['fx.getRate', 'fx', 'FX'],
      ['wx.getNow', 'wx', 'WX'],
    ]);
    // The same manifest again only refreshes the instance: no rebuild.
    w.accept(manifest('wx', 'a', [route('wx', 'getNow', '/toll/wx/now')]), 600);
    expect(changes).toEqual([1, 2]);
    expect(w.sweep(1200)).toEqual([]);
    expect(w.sweep(1601)).toEqual(['fx', 'wx']);
    expect(w.routes()).toEqual([]);
    expect(w.groups()).toEqual([]);
  });

  it('remembers what each replica announced it cannot serve now, the latest time any replica gave, until it passes', () => {
    const w = watcher();
    const routes = [route('wx', 'getNow', '/toll/wx/now')];
    w.accept(
      {
        ...manifest('wx', 'a', routes),
        unavailable: { 'wx.getNow': { retryAfterSeconds: 30, reason: 'UPSTREAM_ERROR: every provider down' } },
      },
      0,
    );
    w.accept(
      { ...manifest('wx', 'b', routes), unavailable: { 'wx.getNow': { retryAfterSeconds: 10, reason: 'other' } } },
      0,
    );
    expect(w.unavailable('wx', 'wx.getNow', 5_000)).toEqual({
      retryAfterSeconds: 25,
      reason: 'UPSTREAM_ERROR: every provider down',
    });
    expect(w.unavailable('fx', 'wx.getNow', 5_000)).toBeUndefined();
    expect(w.unavailable('wx', 'wx.getNow', 30_001)).toBeUndefined();
    // A later announcement without the entry closes it for that replica.
    w.accept(manifest('wx', 'a', routes), 6_000);
    expect(w.unavailable('wx', 'wx.getNow', 6_000)).toEqual({ retryAfterSeconds: 4, reason: 'other' });
  });

  it('lets the newest announcement of a route win during a rolling deploy, and keeps a group while one replica lives', () => {
    const w = watcher();
    w.accept(manifest('wx', 'old', [route('wx', 'getNow', '/toll/wx/now', 'v1')]), 0);
    w.accept(manifest('wx', 'new', [route('wx', 'getNow', '/toll/wx/now', 'v2')]), 100);
    expect(w.routes().map((r) => r.summary)).toEqual(['v2']);
    expect(w.sweep(1050)).toEqual([]);
    expect(w.routes().map((r) => r.summary)).toEqual(['v2']);
  });

  it('refuses what the gateway refuses: invalid manifests, other groups’ paths, root paths not granted', () => {
    const w = watcher({ grants: parsePathGrants('registry:/registry.json') });
    expect(w.accept({ group: 'x' })).toContain('contract: Invalid input: expected number, received undefined');
    expect(w.accept(manifest('wx', 'a', [route('wx', 'take', '/toll/fx/rate')]))).toEqual([
      'wx.take: path /toll/fx/rate outside /toll/wx/',
    ]);
    expect(w.accept(manifest('wx', 'a', [route('wx', 'take', '/registry.json')]))).toEqual([
      'wx.take: path /registry.json outside /toll/wx/',
    ]);
    expect(w.accept(manifest('registry', 'a', [route('registry', 'getSnapshot', '/registry.json')]))).toEqual([]);
    expect(w.routes().map((r) => r.operationId)).toEqual(['registry.getSnapshot']);
    // Contract versions: the current and the previous one are served, nothing else.
    expect(w.accept({ ...manifest('wx', 'b', [route('wx', 'getRate', '/toll/wx/rate')]), contract: 1 })).toEqual([]);
    expect(w.accept({ ...manifest('wx', 'c', [route('wx', 'getRate', '/toll/wx/rate')]), contract: 3 })).toEqual([
      'CONTRACT_UNSUPPORTED: wx speaks contract 3; this build serves contracts 2 and 1',
    ]);
    expect(w.accept({ ...manifest('wx', 'd', [route('wx', 'getRate', '/toll/wx/rate')]), contract: 0 })).toEqual([
      'contract: Too small: expected number to be >0',
    ]);
    expect(
      w
        .routes()
        .map((r) => r.operationId)
        .sort(),
    ).toEqual(['registry.getSnapshot', 'wx.getRate']);
    // Without grants only the /toll/<group>/ prefix is enforced.
    expect(watcher().accept(manifest('wx', 'a', [route('wx', 'getSnapshot', '/registry.json')]))).toEqual([]);
  });

  it('parses GATEWAY_PATH_GRANTS-style text', () => {
    expect(parsePathGrants('registry:/registry.json,registry:/api/listings,data:/x')).toEqual(
      new Map([
        ['registry', ['/registry.json', '/api/listings']],
        ['data', ['/x']],
      ]),
    );
    expect(parsePathGrants('')).toEqual(new Map());
  });
});
