import { callOperation, loadFixtures, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startJobs } from '../src/bootstrap';

const GOOD = loadFixtures(join(__dirname, 'fixtures')).filter((f) =>
  ['page-1', 'page-2', 'search-page-1'].includes(f.case),
);

// Two replicas on one database, each behind its own NATS server, both running the background refresher on a
// fast tick: each source must still be fetched once per interval, and both must serve the same index.
describe('jobs replicas on one database', () => {
  const { clients, fake } = groupHarness({
    name: 'jobs',
    start: startJobs,
    fixtures: GOOD,
    serve: 'all',
    database: 'toll_jobs_replicas',
    natsServers: 2,
    replicas: 2,
    env: (u) => ({
      JOBS_REFRESH_TICK_MS: '100',
      JOBS_ARBEITNOW_BASE_URL: u.fake,
      JOBS_USAJOBS_BASE_URL: u.fake,
      JOBS_USAJOBS_API_KEY: 'test-key',
      JOBS_USAJOBS_EMAIL: 'ops@toll.example',
    }),
  });
  const call = (replica: number, operation: string, input: unknown) =>
    callOperation(clients[replica], `jobs.${operation}`, input, { deadline: Date.now() + 5_000 });

  it('fetches each source once per interval although both replicas tick every 100 ms, and both serve the same deduplicated index', async () => {
    for (let i = 0; i < 100; i++) {
      const health = (await call(1, 'getHealth', {})).response?.data;
      if (health?.sources.every((s: any) => !s.enabled || s.last_success_at)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1_500)); // fifteen more ticks on each replica
    expect(fake.hits.map((h) => `${h.path} ${h.query.page ?? h.query.Page}`).sort()).toEqual([
      '/api/job-board-api 1',
      '/api/job-board-api 2',
      '/api/search 1',
    ]);
    const [a, b] = await Promise.all([call(0, 'searchJobs', {}), call(1, 'searchJobs', {})]);
    expect(a.response!.data.count).toBe(8);
    expect(b.response!.data).toEqual(a.response!.data);
    expect((await call(0, 'getHealth', {})).response!.data.cache).toMatchObject({ rows: 9, distinct_jobs: 8 });
  });
});
