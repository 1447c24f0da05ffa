import { callOperation, loadFixtures, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startShort } from '../src/bootstrap';
import { PrismaService } from '../src/prisma.service';
import { ShortSync } from '../src/short-sync';
import { Clock } from '@toll/platform';

const FILES = loadFixtures(join(__dirname, 'fixtures')).filter((f) =>
  ['shrt20261015-ok', 'shrt20261030-ok', 'shrt20261113-not-published-403'].includes(f.case),
);

// Two replicas on one database, each syncing the same FINRA files at the same moment: every file is loaded
// once, the other replica finds it unchanged, and both answer from the same rows.
describe('short replicas on one database', () => {
  const { clients, replicas } = groupHarness({
    name: 'short',
    start: startShort,
    fixtures: FILES,
    serve: 'all',
    database: 'toll_short_replicas',
    natsServers: 2,
    replicas: 2,
    clock: { token: Clock, now: () => Date.parse('2026-11-24T12:00:00Z') },
    env: (u) => ({ SHORT_FINRA_BASE_URL: u.fake, SHORT_SYNC_ON_START: 'false', SHORT_MIN_FILE_ROWS: '10' }),
  });

  it('loads each file once when both sync together, and both replicas answer the same', async () => {
    const [a, b] = await Promise.all(replicas.map((r) => r.app.get(ShortSync).sync()));
    const loaded = (results: typeof a, date: string) => results.find((r) => r.settlement_date === date)?.outcome;
    for (const date of ['2026-10-15', '2026-10-30'])
      expect([loaded(a, date), loaded(b, date)].sort()).toEqual(['loaded', 'unchanged']);
    const prisma = replicas[0].app.get(PrismaService);
    expect(await prisma.shortFile.count()).toBe(2);
    expect(await prisma.shortPosition.count()).toBe(62);
    const answers = await Promise.all(clients.map((c) => callOperation(c, 'short.getShort', { ticker: 'GME' })));
    expect(answers[0].response!.data).toEqual(answers[1].response!.data);
    expect(answers[0].response!.data).toMatchObject({ settlement_date: '2026-10-30', shares_short: '61250431' });
  });
});
