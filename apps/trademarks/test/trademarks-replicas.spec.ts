import type { RunningGroup } from '@toll/platform';
import { callOperation, type FakeUpstream, loadFixtures, natsClient, type NatsServer, scratchDatabase, startFakeUpstream, startNats } from '@toll/testing';
import type { NatsConnection } from 'nats';
import { join } from 'node:path';
import { startTrademarks } from '../src/bootstrap';

const DAILY = loadFixtures(join(__dirname, 'fixtures', 'odp')).filter((f) => ['listing', 'file-apc261122', 'file-apc261123'].includes(f.case));

// Two replicas on one database, each behind its own NATS server, both running the ingest on a fast tick: the daily
// files must each be downloaded once, and both replicas must serve the same index.
describe('trademarks replicas on one database', () => {
  const servers: NatsServer[] = [];
  const clients: NatsConnection[] = [];
  const replicas: RunningGroup[] = [];
  const db = scratchDatabase('toll_trademarks_replicas');
  let fake: FakeUpstream;
  const env = (nats: NatsServer) => ({
    NATS_URL: nats.url,
    LOG_LEVEL: 'error',
    ANNOUNCE_INTERVAL_MS: '60000',
    NATS_GRACE_PERIOD_MS: '50',
    DATABASE_URL: db.url,
    TRADEMARKS_INGEST_TICK_MS: '100',
    TRADEMARKS_ODP_BASE_URL: fake.url,
    TRADEMARKS_ODP_API_KEY: 'odp-test-key',
  });
  const call = (replica: number, operation: string, input: unknown) => callOperation(clients[replica], `trademarks.${operation}`, input, { deadline: Date.now() + 5_000 });

  beforeAll(async () => {
    fake = await startFakeUpstream(DAILY);
    for (let i = 0; i < 2; i++) {
      servers.push(await startNats());
      clients.push(await natsClient(servers[i].url));
    }
    // One after the other: libs/platform's ensureDatabase does not survive two replicas creating one database at once.
    for (const s of servers) replicas.push(await startTrademarks(env(s)));
  }, 60_000);

  afterAll(async () => {
    for (const r of replicas) await r.close();
    for (const c of clients) await c.close();
    for (const s of servers) await s.stop();
    await fake.stop();
    await db.drop();
  });

  it('downloads each daily file once although both replicas tick every 100 ms, and both serve the same index', async () => {
    for (let i = 0; i < 100; i++) {
      const health = (await call(1, 'getHealth', {})).response?.data;
      if (health?.ingest.last_success_at) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1_500)); // fifteen more ticks on each replica
    expect(fake.hits.map((h) => h.path)).toEqual([
      '/api/v1/datasets/products/TRTDXFAP',
      '/api/v1/datasets/products/files/TRTDXFAP/apc261122.zip',
      '/api/v1/datasets/products/files/TRTDXFAP/apc261123.zip',
    ]);
    const [a, b] = await Promise.all([call(0, 'searchMarks', { mark: 'python' }), call(1, 'searchMarks', { mark: 'python' })]);
    expect(a.response!.data.count).toBe(4);
    expect(b.response!.data).toEqual(a.response!.data);
  });
});
