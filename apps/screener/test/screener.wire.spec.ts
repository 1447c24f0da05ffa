import { Clock } from '@toll/platform';
import { loadFixtures, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startScreener } from '../src/bootstrap';
import { PrismaService } from '../src/prisma.service';
import { periods, SnapshotBuild } from '../src/snapshot-build';

const FIXTURES = loadFixtures(join(__dirname, 'fixtures'));
const GOOD = FIXTURES.filter((f) => f.response.status < 500 && !/failure|error/.test(f.case)).map(
  (f) => `${f.upstream}/${f.case}`,
);

const T0 = Date.parse('2026-11-24T12:00:00Z');
const AT_T0 = '2026-11-24T12:00:00.000Z';
const DAY = 86_400_000;
const SNAPSHOT = {
  as_of: AT_T0,
  built_at: AT_T0,
  stale: false,
  prices_source: 'nasdaq-screener',
  fundamentals_period: 'CY2025 (revenue growth vs CY2024; equity CY2026Q2I)',
};
const APPLE = {
  ticker: 'AAPL',
  name: 'Apple Inc. Common Stock',
  cik: '0000320193',
  sector: 'Technology',
  industry: 'Computer Manufacturing',
  price: '229.65',
  market_cap: '3450000000000',
  pe: '30.8036',
  pb: '53.0769',
  net_margin: '26.9231',
  operating_margin: '31.9712',
  revenue_growth: '6.3843',
  dividend_yield: '0.4442',
  revenue: '416000000000',
  net_income: '112000000000',
};

// The real group over a real NATS server and its own Postgres; Nasdaq and SEC replayed by a local fake server.
describe('screener over NATS', () => {
  let build: SnapshotBuild;
  let prisma: PrismaService;
  let now = T0;
  const { group, fake, use, call, data } = groupHarness({
    name: 'screener',
    start: startScreener,
    fixtures: join(__dirname, 'fixtures'),
    database: 'toll_screener_wire',
    clock: { token: Clock, now: () => now },
    env: (u) => ({
      SEC_WWW_BASE_URL: u.fake,
      SEC_DATA_BASE_URL: u.fake,
      SEC_FALLBACK_RATE_PER_SECOND: '10',
      SCREENER_NASDAQ_BASE_URL: u.fake,
      SCREENER_NASDAQ_TIMEOUT_MS: '2000',
      SCREENER_BUILD_ON_START: 'false',
      SCREENER_MIN_ROWS: '5',
      SCREENER_MIN_FUNDAMENTALS_SHARE: '0.5',
    }),
  });

  beforeAll(() => {
    build = group.app.get(SnapshotBuild);
    prisma = group.app.get(PrismaService);
  });

  const tickers = async (input: unknown) =>
    (await data('screen', input)).results.map((r: { ticker: string }) => r.ticker);

  it('reads the last complete calendar year and the last reported quarter end', () => {
    expect(periods(T0)).toEqual({ year: 2025, instant: 'CY2026Q2I' });
    expect(periods(Date.parse('2026-03-01T00:00:00Z'))).toEqual({ year: 2024, instant: 'CY2025Q3I' });
    expect(periods(Date.parse('2026-05-20T00:00:00Z'))).toEqual({ year: 2025, instant: 'CY2025Q4I' });
  });

  it('before any build: screens are SERVICE_UNAVAILABLE (never charged) and health is degraded', async () => {
    expect((await call('screen', {})).err).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The screener snapshot is not built yet',
      details: {},
    });
    expect(await data('getHealth', {})).toMatchObject({
      status: 'degraded',
      snapshot: null,
      last_build: { at: null, outcome: null, error: null },
    });
  });

  it('a failed build (a frame answering 503) and a partial one (a cut-down listing) record why and activate nothing', async () => {
    use(...GOOD.filter((id) => id !== 'sec-data/frame-netincomeloss-cy2025'), 'sec-data/frames-unavailable-503');
    expect(await build.build()).toEqual({ outcome: 'failed', detail: 'UPSTREAM_ERROR: sec-data answered HTTP 503' });
    use(...GOOD.filter((id) => id !== 'nasdaq-screener/stocks-ok'), 'nasdaq-screener/stocks-truncated-failure');
    expect(await build.build()).toEqual({
      outcome: 'rejected',
      detail: '3 priced listings, fewer than 5: a partial download',
    });
    expect(await prisma.snapshot.count()).toBe(0);
    expect((await data('getHealth', {})).last_build).toEqual({
      at: AT_T0,
      outcome: 'rejected',
      error: '3 priced listings, fewer than 5: a partial download',
    });
  });

  it('builds a snapshot: listings priced, joined to SEC frames by ticker, ratios exact', async () => {
    use(...GOOD);
    expect(await build.build()).toEqual({
      outcome: 'built',
      detail: '9 stocks, 8 with SEC fundamentals',
      snapshot_id: expect.any(Number),
      rows: 9,
    });
    expect(
      fake.hits.filter((h) => h.path.startsWith('/api/xbrl/frames/')).map((h) => h.path.split('/').slice(5).join('/')),
    ).toEqual([
      'Revenues/USD/CY2025.json',
      'RevenueFromContractWithCustomerExcludingAssessedTax/USD/CY2025.json',
      'SalesRevenueNet/USD/CY2025.json',
      'Revenues/USD/CY2024.json',
      'RevenueFromContractWithCustomerExcludingAssessedTax/USD/CY2024.json',
      'SalesRevenueNet/USD/CY2024.json',
      'NetIncomeLoss/USD/CY2025.json',
      'OperatingIncomeLoss/USD/CY2025.json',
      'StockholdersEquity/USD/CY2026Q2I.json',
      'CommonStockDividendsPerShareDeclared/USD-per-shares/CY2025.json',
    ]);
    expect(await build.build()).toMatchObject({ outcome: 'skipped' }); // the active snapshot is recent
  });

  it('getStock: one row with every figure; a share class read with a dot; unknown tickers NOT_FOUND', async () => {
    expect(await data('getStock', { ticker: 'aapl' })).toEqual({
      ...APPLE,
      snapshot: SNAPSHOT,
      sources: expect.any(Array),
    });
    expect(await data('getStock', { ticker: 'BRK.B' })).toMatchObject({
      ticker: 'BRK-B',
      cik: '0001067983',
      pe: '14.8571',
      dividend_yield: null,
      operating_margin: null,
    });
    // A loss has no P/E; the warrant has no fundamentals at all.
    expect(await data('getStock', { ticker: 'INTC' })).toMatchObject({
      pe: null,
      net_margin: '-3.7736',
      revenue_growth: '-0.1902',
    });
    expect(await data('getStock', { ticker: 'ZTAQW' })).toMatchObject({
      price: '0.1804',
      market_cap: null,
      cik: null,
      pe: null,
      sector: null,
    });
    expect((await call('getStock', { ticker: 'NOPRC' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'NOPRC is not in the screener universe',
      details: { ticker: 'NOPRC' },
    });
  });

  it('screen: ranges, sectors, sort and limit, with evaluated_count, match_count and the snapshot as_of', async () => {
    const answer = await data('screen', { pe_max: 25, dividend_yield_min: 2, sort: 'dividend_yield', order: 'desc' });
    // KO yields 2.9 % but trades at 25.08 times earnings; JPM's P/E passes but it yields 1.8 %.
    expect(answer).toMatchObject({ evaluated_count: 9, match_count: 1, count: 1, snapshot: SNAPSHOT });
    expect(answer.results.map((r: any) => [r.ticker, r.pe, r.dividend_yield])).toEqual([['XOM', '16.3333', '3.4783']]);
    expect(await tickers({ dividend_yield_min: 1, sort: 'dividend_yield' })).toEqual(['XOM', 'KO', 'JPM']);
    expect(await tickers({ sectors: ['Technology'], sort: 'net_margin' })).toEqual(['MSFT', 'AAPL', 'INTC']);
    expect(await tickers({ market_cap_min: 500e9, sort: 'pb', order: 'asc', limit: 2 })).toEqual(['BRK-B', 'JPM']);
    expect(await tickers({ revenue_growth_min: 5, net_margin_min: 20 })).toEqual(['AAPL', 'MSFT']);
    expect(await tickers({ price_min: 0.1, price_max: 0.5 })).toEqual(['ZTAQW']);
    const none = await data('screen', { market_cap_min: 1e15 });
    expect(none).toMatchObject({ evaluated_count: 9, match_count: 0, count: 0, results: [] });
  });

  it('preview (free): the count and the first 3 tickers of the same screen', async () => {
    expect(await data('preview', { market_cap_min: 100e9, sort: 'market_cap' })).toEqual({
      evaluated_count: 9,
      match_count: 7,
      first: [
        { ticker: 'AAPL', name: 'Apple Inc. Common Stock' },
        { ticker: 'MSFT', name: 'Microsoft Corporation Common Stock' },
        { ticker: 'BRK-B', name: 'Berkshire Hathaway Inc.' },
      ],
      snapshot: SNAPSHOT,
      note:
        'Free preview: the count and the first 3 tickers. screener.screen (0.01 USD) returns up to 100 rows with ' +
        'every figure.',
    });
  });

  it.each([
    ['screen', { pe_min: 30, pe_max: 10 }, 'pe_max', 'must not be below pe_min'],
    ['screen', { sectors: ['Tech'] }, 'sectors.0', expect.stringContaining('Invalid option')],
    ['screen', { sort: 'volume' }, 'sort', expect.stringContaining('Invalid option')],
    ['screen', { limit: 101 }, 'limit', 'Too big: expected number to be <=100'],
    ['preview', { limit: 5 }, 'limit', 'is not an accepted field'],
    ['getStock', { ticker: 'AAPL$' }, 'ticker', 'must be a US ticker symbol such as AAPL or BRK.B'],
  ])('%s refuses %j: INVALID_INPUT on %s', async (operation, input, field, message) => {
    expect((await call(operation, input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
  });

  it('a later partial build leaves the good snapshot active; after 3 days the snapshot says stale', async () => {
    now = T0 + 4 * DAY;
    use(...GOOD.filter((id) => id !== 'nasdaq-screener/stocks-ok'), 'nasdaq-screener/stocks-error-200');
    expect(await build.build()).toEqual({
      outcome: 'failed',
      detail: 'UPSTREAM_ERROR: nasdaq-screener: answered without rows (rCode 400)',
    });
    const answer = await data('screen', { sectors: ['Energy'] });
    expect(answer).toMatchObject({ evaluated_count: 9, match_count: 1, snapshot: { ...SNAPSHOT, stale: true } });
    expect(await data('getHealth', {})).toMatchObject({
      status: 'degraded',
      snapshot: { row_count: 9, stale: true },
      last_build: { outcome: 'failed' },
    });
    now = T0;
  });
});
