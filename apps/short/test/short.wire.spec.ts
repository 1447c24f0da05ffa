import { Clock } from '@toll/platform';
import { groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startShort } from '../src/bootstrap';
import { PrismaService } from '../src/prisma.service';
import { ShortSync } from '../src/short-sync';

const FILES = ['finra/shrt20261015-ok', 'finra/shrt20261030-ok', 'finra/shrt20261113-not-published-403'];

const T0 = Date.parse('2026-11-24T12:00:00Z');
const ATTRIBUTION = 'Source: FINRA consolidated short interest (derived figures; the raw file is not redistributed)';

// The real group over a real NATS server and its own scratch Postgres, FINRA's files replayed by a fake server.
describe('short over NATS', () => {
  let sync: ShortSync;
  let prisma: PrismaService;
  let now = T0;
  const { group, fake, use, call, fixture, data } = groupHarness({
    name: 'short',
    start: startShort,
    fixtures: join(__dirname, 'fixtures'),
    database: 'toll_short_wire',
    clock: { token: Clock, now: () => now },
    env: (u) => ({
      SHORT_FINRA_BASE_URL: u.fake,
      SHORT_FINRA_TIMEOUT_MS: '1000',
      // the suite syncs many times in a row: the timeout, not the governor, must fail the slow case
      SHORT_FINRA_RATE_PER_SECOND: '100',
      SHORT_SYNC_ON_START: 'false',
      SHORT_MIN_FILE_ROWS: '10',
    }),
  });

  beforeAll(() => {
    sync = group.app.get(ShortSync);
    prisma = group.app.get(PrismaService);
  });

  const body = (id: string) => fixture(id).response.body as string;
  // Everything the database holds, to show a load left it exactly as it was.
  const contents = async () => ({
    files: await prisma.shortFile.findMany({ orderBy: { settlementDate: 'asc' } }),
    positions: await prisma.shortPosition.findMany({ orderBy: [{ settlementDate: 'asc' }, { symbol: 'asc' }] }),
  });

  it('with nothing loaded yet: SERVICE_UNAVAILABLE (never charged) and a degraded health', async () => {
    expect((await call('getShort', { ticker: 'GME' })).err).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'No short interest file is loaded yet; the first sync runs at start and every few hours',
    });
    expect((await call('getMostShorted', {})).err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'short', title: 'Short Interest', status: 'degraded' });
    expect(health.sync).toMatchObject({ last_settlement_date: null, files_loaded: 0, last_run_at: null });
  });

  it('syncs every published settlement date of the look-back window, skipping the one FINRA has not published', async () => {
    use(...FILES);
    expect(await sync.sync()).toEqual([
      { settlement_date: '2026-10-15', outcome: 'loaded' },
      { settlement_date: '2026-10-30', outcome: 'loaded' },
      { settlement_date: '2026-11-13', outcome: 'not_published', detail: 'FINRA has no file for this date yet' },
    ]);
    expect(fake.hits.map((h) => h.path)).toEqual([
      '/equity/otcmarket/biweekly/shrt20261015.csv',
      '/equity/otcmarket/biweekly/shrt20261030.csv',
      '/equity/otcmarket/biweekly/shrt20261113.csv',
    ]);
    const health = await data('getHealth', {});
    expect(health.status).toBe('ok');
    expect(health.sync).toEqual({
      last_settlement_date: '2026-10-30',
      last_publication_date: '2026-11-10',
      loaded_at: '2026-11-24T12:00:00.000Z',
      rows: 31,
      files_loaded: 2,
      next_settlement_date: '2026-11-13',
      next_expected_publication: '2026-11-24',
      overdue: false,
      last_run_at: '2026-11-24T12:00:00.000Z',
      last_outcome: '2026-10-15 loaded, 2026-10-30 loaded, 2026-11-13 not_published',
      last_error: null,
      interval_hours: 6,
    });
    expect(health.tolls).toEqual(
      tollsOf([
        ['short.getShort', 'GET', '/toll/short/short/{ticker}', '0.01'],
        ['short.getMostShorted', 'GET', '/toll/short/most-shorted', null],
        ['short.getHealth', 'GET', '/toll/short/health', null],
      ]),
    );
  });

  it('getShort: the latest settlement with previous period, change, volume, days to cover, settlement and publication dates', async () => {
    expect(await data('getShort', { ticker: 'gme' })).toEqual({
      ticker: 'GME',
      issue_name: 'GameStop Corporation',
      market: 'NYSE',
      settlement_date: '2026-10-30',
      publication_date: '2026-11-10',
      first_seen_at: '2026-11-24T12:00:00.000Z',
      shares_short: '61250431',
      previous_shares_short: '58804112',
      change: '2446319',
      change_pct: '4.16',
      average_daily_volume: '9876543',
      days_to_cover: '6.2',
      revised: false,
      stock_split: false,
      latest_loaded_settlement_date: '2026-10-30',
      source: 'finra',
      attribution: ATTRIBUTION,
      source_url: `${fake.url}/equity/otcmarket/biweekly/shrt20261030.csv`,
    });
    expect(await data('getShort', { ticker: 'BRK-B' })).toMatchObject({
      ticker: 'BRK.B',
      days_to_cover: '3.87',
      change: '-555545',
    });
    expect(await data('getShort', { ticker: 'NKLA' })).toMatchObject({ revised: true });
    expect(await data('getShort', { ticker: 'LCID' })).toMatchObject({ stock_split: true });
  });

  it('a ticker absent from the data is NOT_FOUND (released, never charged)', async () => {
    expect((await call('getShort', { ticker: 'ZZZZ' })).err).toEqual({
      code: 'NOT_FOUND',
      message: "ZZZZ is not in FINRA's short interest data",
      details: { ticker: 'ZZZZ' },
    });
  });

  it('getMostShorted: top 20 by days to cover on the latest settlement date, exchange-listed and liquid only', async () => {
    const top = await data('getMostShorted', {});
    expect(top).toMatchObject({
      settlement_date: '2026-10-30',
      publication_date: '2026-11-10',
      filters: { min_average_daily_volume: 100000, excluded_markets: ['OTC', 'U'] },
      eligible_count: 27,
      count: 20,
      source: 'finra',
    });
    expect(top.items.map((i: any) => [i.rank, i.ticker, i.days_to_cover])).toEqual([
      [1, 'BYND', '13.32'],
      [2, 'HTZ', '11.27'],
      [3, 'NKLA', '10'],
      [4, 'SAVA', '10'],
      [5, 'WOLF', '8.3'],
      [6, 'LCID', '8.06'],
      [7, 'SPCE', '7.98'],
      [8, 'RUN', '7.46'],
      [9, 'GME', '6.2'],
      [10, 'CVNA', '5.43'],
      [11, 'KSS', '5.3'],
      [12, 'CHWY', '5.21'],
      [13, 'BBAI', '4.96'],
      [14, 'UPST', '4.89'],
      [15, 'AMC', '4.6'],
      [16, 'QS', '4.41'],
      [17, 'PLUG', '4.01'],
      [18, 'BRK.B', '3.87'],
      [19, 'OPEN', '3.57'],
      [20, 'RIVN', '3.57'],
    ]);
    expect(top.items[0]).toEqual({
      rank: 1,
      ticker: 'BYND',
      issue_name: 'Beyond Meat, Inc. Common Stoc',
      market: 'NNM',
      days_to_cover: '13.32',
      shares_short: '31234567',
      average_daily_volume: '2345678',
      change_pct: '3.69',
    });
  });

  it('re-loading the same file twice changes nothing', async () => {
    const before = await contents();
    now = T0 + 3_600_000;
    const url = `${fake.url}/equity/otcmarket/biweekly/shrt20261030.csv`;
    expect(await sync.loadFile('2026-10-30', body('finra/shrt20261030-ok'), url)).toBe('unchanged');
    expect(await sync.loadFile('2026-10-30', body('finra/shrt20261030-ok'), url)).toBe('unchanged');
    expect(await contents()).toEqual(before);
  });

  it('a truncated file (cut mid-line, or at a line boundary) is rejected and leaves the data unchanged', async () => {
    const before = await contents();
    const url = `${fake.url}/equity/otcmarket/biweekly/shrt20261030.csv`;
    await expect(sync.loadFile('2026-10-30', body('finra/shrt20261030-truncated'), url)).rejects.toThrow(
      'line 13: 3 fields, expected 14',
    );
    const lines = body('finra/shrt20261030-ok').split('\n');
    await expect(sync.loadFile('2026-10-30', `${lines.slice(0, 6).join('\n')}\n`, url)).rejects.toThrow(
      '5 rows, fewer than 16: an incomplete file',
    );
    await expect(sync.loadFile('2026-10-30', body('finra/shrt20261015-ok'), url)).rejects.toThrow(
      'line 2: settlement date 2026-10-15, expected 2026-10-30',
    );
    await expect(sync.loadFile('2026-10-30', 'symbol|short\nGME|1\n', url)).rejects.toThrow(
      'unexpected header: symbol|short',
    );
    expect(await contents()).toEqual(before);
  });

  it('a complete revised file replaces its settlement date in one go, keeping when it was first seen', async () => {
    now = T0 + 2 * 3_600_000;
    const revised = body('finra/shrt20261030-ok').replace(
      '|GME|GameStop Corporation|A|NYSE|61250431|',
      '|GME|GameStop Corporation|A|NYSE|61250432|',
    );
    expect(await sync.loadFile('2026-10-30', revised, `${fake.url}/equity/otcmarket/biweekly/shrt20261030.csv`)).toBe(
      'replaced',
    );
    expect(await data('getShort', { ticker: 'GME' })).toMatchObject({
      shares_short: '61250432',
      first_seen_at: '2026-11-24T12:00:00.000Z',
    });
    expect((await data('getHealth', {})).sync).toMatchObject({
      loaded_at: '2026-11-24T14:00:00.000Z',
      rows: 31,
      files_loaded: 2,
    });
  });

  it('FINRA down or slow during a sync: the sync says so in health, and answers keep coming from the database', async () => {
    for (const id of ['finra/shrt20261113-unavailable-503', 'finra/shrt20261113-slow']) {
      use(id);
      const [result] = await sync.sync();
      expect(result).toMatchObject({ settlement_date: '2026-11-13', outcome: 'failed' });
    }
    const health = await data('getHealth', {});
    expect(health.status).toBe('degraded');
    expect(health.sync.last_error).toMatch(/^2026-11-13: UPSTREAM_TIMEOUT: finra did not answer in \d+ ms$/);
    expect(await data('getShort', { ticker: 'GME' })).toMatchObject({ settlement_date: '2026-10-30' });
  });

  it.each([
    ['getShort', { ticker: 'GME$' }, 'ticker', 'must be a US ticker symbol such as GME or BRK.B'],
    ['getShort', { ticker: 'TOOLONGTICKER' }, 'ticker', 'must be a US ticker symbol such as GME or BRK.B'],
    ['getShort', {}, 'ticker', 'Invalid input: expected string, received undefined'],
    ['getMostShorted', { limit: 50 }, 'limit', 'is not an accepted field'],
    ['getHealth', { verbose: true }, 'verbose', 'is not an accepted field'],
  ])('%s refuses %j: INVALID_INPUT on %s', async (operation, input, field, message) => {
    expect((await call(operation, input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
  });
});
