import { callOperation, loadFixtures, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startTrademarks } from '../src/bootstrap';

const DAILY = loadFixtures(join(__dirname, 'fixtures', 'odp')).filter((f) =>
  ['listing', 'file-apc261122', 'file-apc261123'].includes(f.case),
);

// Two replicas on one database, each behind its own NATS server, both running the ingest on a fast tick: the daily
// files must each be downloaded once, and both replicas must serve the same index.
describe('trademarks replicas on one database', () => {
  const { clients, fake } = groupHarness({
    name: 'trademarks',
    start: startTrademarks,
    fixtures: DAILY,
    serve: 'all',
    database: 'toll_trademarks_replicas',
    natsServers: 2,
    replicas: 2,
    env: (u) => ({
      TRADEMARKS_INGEST_TICK_MS: '100',
      TRADEMARKS_ODP_BASE_URL: u.fake,
      TRADEMARKS_ODP_API_KEY: 'odp-test-key',
    }),
  });
  const call = (replica: number, operation: string, input: unknown) =>
    callOperation(clients[replica], `trademarks.${operation}`, input, { deadline: Date.now() + 5_000 });

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
    const [a, b] = await Promise.all([
      call(0, 'searchMarks', { mark: 'python' }),
      call(1, 'searchMarks', { mark: 'python' }),
    ]);
    expect(a.response!.data.count).toBe(4);
    expect(b.response!.data).toEqual(a.response!.data);
  });
});
