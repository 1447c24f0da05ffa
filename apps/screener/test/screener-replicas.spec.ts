import { callOperation, loadFixtures, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startScreener } from '../src/bootstrap';
import { PrismaService } from '../src/prisma.service';
import { SnapshotBuild } from '../src/snapshot-build';

const GOOD = loadFixtures(join(__dirname, 'fixtures')).filter(
  (f) => f.response.status < 500 && !/failure|error/.test(f.case),
);

// Two replicas on one database, each behind its own NATS server: both build at once, exactly one snapshot
// ends up active, and both answer the same screen from it.
describe('screener replicas share one snapshot', () => {
  const { clients, replicas } = groupHarness({
    name: 'screener',
    start: startScreener,
    fixtures: GOOD,
    serve: 'all',
    database: 'toll_screener_replicas',
    natsServers: 2,
    replicas: 2,
    env: (u) => ({
      SEC_WWW_BASE_URL: u.fake,
      SEC_DATA_BASE_URL: u.fake,
      SEC_FALLBACK_RATE_PER_SECOND: '10',
      SCREENER_NASDAQ_BASE_URL: u.fake,
      SCREENER_BUILD_ON_START: 'false',
      SCREENER_MIN_ROWS: '5',
    }),
  });

  it('two builds at once leave one active snapshot, and both replicas screen from it', async () => {
    const results = await Promise.all(replicas.map((r) => r.app.get(SnapshotBuild).build(true)));
    expect(results.map((r) => r.outcome).sort()).toEqual(expect.arrayContaining(['built']));
    expect(results.every((r) => ['built', 'superseded'].includes(r.outcome))).toBe(true);
    const prisma = replicas[0].app.get(PrismaService);
    expect(await prisma.snapshot.count()).toBe(1); // the replaced snapshot is deleted with its rows
    expect(await prisma.stock.count()).toBe(9);
    const screens = await Promise.all(
      clients.map((c) => callOperation(c, 'screener.screen', { sort: 'pe', order: 'asc', limit: 3 })),
    );
    expect(screens.map((s) => s.response!.data.results.map((r: { ticker: string }) => r.ticker))).toEqual([
      ['JPM', 'BRK-B', 'XOM'],
      ['JPM', 'BRK-B', 'XOM'],
    ]);
  });
});
