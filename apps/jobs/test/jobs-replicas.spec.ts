import type { RunningGroup } from '@toll/platform';
import { callOperation, type FakeUpstream, loadFixtures, natsClient, type NatsServer, scratchDatabase, startFakeUpstream, startNats } from '@toll/testing';
import type { NatsConnection } from 'nats';
import { join } from 'node:path';
import { startJobs } from '../src/bootstrap';

const GOOD = loadFixtures(join(__dirname, 'fixtures')).filter((f) => ['page-1', 'page-2', 'search-page-1'].includes(f.case));

// Two replicas on one database, each behind its own NATS server, both running the background refresher on a
// fast tick: each source must still be fetched once per interval, and both must serve the same index.
describe('jobs replicas on one database', () => {
  const servers: NatsServer[] = [];
  const clients: NatsConnection[] = [];
  const replicas: RunningGroup[] = [];
  const db = scratchDatabase('toll_jobs_replicas');
  let fake: FakeUpstream;
  const env = (nats: NatsServer) => ({
    NATS_URL: nats.url,
    LOG_LEVEL: 'error',
    ANNOUNCE_INTERVAL_MS: '60000',
    NATS_GRACE_PERIOD_MS: '50',
    DATABASE_URL: db.url,
    JOBS_REFRESH_TICK_MS: '100',
    JOBS_ARBEITNOW_BASE_URL: fake.url,
    JOBS_USAJOBS_BASE_URL: fake.url,
    JOBS_USAJOBS_API_KEY: 'test-key',
    JOBS_USAJOBS_EMAIL: 'ops@toll.example',
  });
  const call = (replica: number, operation: string, input: unknown) => callOperation(clients[replica], `jobs.${operation}`, input, { deadline: Date.now() + 5_000 });

  beforeAll(async () => {
    fake = await startFakeUpstream(GOOD);
    for (let i = 0; i < 2; i++) {
      servers.push(await startNats());
      clients.push(await natsClient(servers[i].url));
    }
    // One after the other: libs/platform's ensureDatabase does not survive two replicas creating one database at once.
    for (const s of servers) replicas.push(await startJobs(env(s)));
  }, 60_000);

  afterAll(async () => {
    for (const r of replicas) await r.close();
    for (const c of clients) await c.close();
    for (const s of servers) await s.stop();
    await fake.stop();
    await db.drop();
  });

  it('fetches each source once per interval although both replicas tick every 100 ms, and both serve the same deduplicated index', async () => {
    for (let i = 0; i < 100; i++) {
      const health = (await call(1, 'getHealth', {})).response?.data;
      if (health?.sources.every((s: any) => !s.enabled || s.last_success_at)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1_500)); // fifteen more ticks on each replica
    expect(fake.hits.map((h) => `${h.path} ${h.query.page ?? h.query.Page}`).sort()).toEqual(['/api/job-board-api 1', '/api/job-board-api 2', '/api/search 1']);
    const [a, b] = await Promise.all([call(0, 'searchJobs', {}), call(1, 'searchJobs', {})]);
    expect(a.response!.data.count).toBe(8);
    expect(b.response!.data).toEqual(a.response!.data);
    expect((await call(0, 'getHealth', {})).response!.data.cache).toMatchObject({ rows: 9, distinct_jobs: 8 });
  });
});
