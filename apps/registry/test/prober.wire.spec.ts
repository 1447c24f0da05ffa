import { waitFor, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { Client } from 'pg';
import { startRegistry } from '../src/bootstrap';
import { callRegistry, submission } from './nats-call';

// The background prober of two replicas on one database, against fake listing endpoints on 127.0.0.1
// (reachable only because REGISTRY_PROBE_ALLOW_PRIVATE=true, a tests-only switch).
describe('endpoint prober', () => {
  const { nc, fake, db } = groupHarness({
    name: 'registry',
    start: startRegistry,
    fixtures: join(__dirname, 'fixtures/listing-endpoints'),
    serve: 'all',
    database: 'toll_registry_prober',
    replicas: 2,
    env: () => ({
      REGISTRY_PUBLIC_BASE_URL: 'http://127.0.0.1:9', // seeds point at a closed port: refused
      REGISTRY_PROBE_ALLOW_PRIVATE: 'true',
      REGISTRY_SUBMIT_LIMIT: '100',
      REGISTRY_PROBE_TICK_MS: '200',
      REGISTRY_PROBE_TIMEOUT_MS: '1000',
      REGISTRY_PROBE_CONCURRENCY: '2',
    }),
  });
  const ENDPOINTS = ['up', 'paid', 'get-only', 'broken', 'gone', 'slow'];

  const probes = async () => {
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query(
      'SELECT l.endpoint_url AS url, p.ok, p.status_code AS status, p.error FROM probes p JOIN listings l ON ' +
        'l.id = p.listing_id ORDER BY l.endpoint_url',
    );
    await pg.end();
    return rows as Array<{ url: string; ok: boolean; status: number | null; error: string | null }>;
  };

  beforeAll(async () => {
    for (const path of ENDPOINTS) {
      const reply = await callRegistry(
        nc,
        'submit',
        submission({ name: `P ${path}`, endpoint_url: `${fake.url}/svc/${path}`, capability_tags: ['probe-test'] }),
      );
      expect(reply.response).toBeDefined();
    }
  }, 60_000);

  it('probes every listing once per interval across replicas, bounded by the timeout', async () => {
    const started = Date.now();
    await waitFor(async () => ((await probes()).length >= 10 ? true : undefined), 15_000);
    expect(Date.now() - started).toBeLessThan(5_000); // the 5 s "slow" endpoint was cut off at 1 s
    const port = new URL(fake.url).port;
    expect(await probes()).toEqual([
      { url: `http://127.0.0.1:${port}/svc/broken`, ok: false, status: 503, error: 'HTTP 503' },
      // HEAD refused (405), GET answered
      { url: `http://127.0.0.1:${port}/svc/get-only`, ok: true, status: 200, error: null },
      { url: `http://127.0.0.1:${port}/svc/gone`, ok: false, status: 404, error: 'HTTP 404' },
      // an x402 challenge is an answer
      { url: `http://127.0.0.1:${port}/svc/paid`, ok: true, status: 402, error: null },
      { url: `http://127.0.0.1:${port}/svc/slow`, ok: false, status: null, error: 'timeout' },
      { url: `http://127.0.0.1:${port}/svc/up`, ok: true, status: 200, error: null },
      { url: 'http://127.0.0.1:9/api/data', ok: false, status: null, error: 'network: ECONNREFUSED' },
      { url: 'http://127.0.0.1:9/toll/devutils/health', ok: false, status: null, error: 'network: ECONNREFUSED' },
      { url: 'http://127.0.0.1:9/toll/fees/fees', ok: false, status: null, error: 'network: ECONNREFUSED' },
      { url: 'http://127.0.0.1:9/toll/weather/forecast', ok: false, status: null, error: 'network: ECONNREFUSED' },
    ]);
    // Both replicas kept ticking every 200 ms; nothing is due again for 300 s, so nothing was probed twice.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await probes()).toHaveLength(10);
    expect(fake.hits.map((h) => `${h.method} ${h.path}`).sort()).toEqual(
      [
        'GET /svc/get-only',
        'HEAD /svc/broken',
        'HEAD /svc/get-only',
        'HEAD /svc/gone',
        'HEAD /svc/paid',
        'HEAD /svc/slow',
        'HEAD /svc/up',
      ].sort(),
    );
  });

  it('feeds the measurements into lookups', async () => {
    const { response } = await callRegistry(nc, 'getListings', { capability: 'probe-test' });
    const byName = Object.fromEntries(response!.data.listings.map((l: any) => [l.name, l.rank_factors]));
    for (const name of ['P up', 'P paid', 'P get-only'])
      expect(byName[name]).toMatchObject({
        health: 'up',
        uptime_24h: 1,
        probes_24h: 1,
        latency_ms_p50: expect.any(Number),
      });
    for (const name of ['P broken', 'P gone', 'P slow'])
      expect(byName[name]).toMatchObject({ health: 'down', uptime_24h: 0, probes_24h: 1, latency_ms_p50: null });
    expect(response!.data.listings.slice(3).map((l: any) => l.rank_factors.health)).toEqual(['down', 'down', 'down']);
  });

  it('reports the prober in health', async () => {
    const { response } = await callRegistry(nc, 'getHealth', {});
    expect(response!.data.registry).toMatchObject({ listings: 10, probed_24h: 10 });
    expect(response!.data.prober).toMatchObject({
      enabled: true,
      interval_seconds: 300,
      concurrency: 2,
      timeout_ms: 1000,
      private_targets_allowed: true,
      last_tick_at: expect.any(String),
    });
  });
});
