import { Clock } from '@toll/platform';
import { groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startSec } from '../src/bootstrap';

const OK = [
  'sec-www/company-tickers-ok',
  'sec-data/submissions-aapl-ok',
  'sec-data/companyfacts-aapl-ok',
  'sec-data/companyfacts-googl-ok',
  'sec-data/companyfacts-ivv-404',
];

const T0 = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;
const ATTRIBUTION = 'Source: U.S. Securities and Exchange Commission, EDGAR (public domain)';
const APPLE = { ticker: 'AAPL', cik: '0000320193', name: 'Apple Inc.' };
const K24 = {
  fiscal_year: 2024,
  fiscal_period: 'FY',
  form: '10-K',
  accession_number: '0000320193-24-000123',
  filed: '2024-11-01',
};
const Q3 = {
  fiscal_year: 2024,
  fiscal_period: 'Q3',
  form: '10-Q',
  accession_number: '0000320193-24-000081',
  filed: '2024-08-02',
};
const K24_INDEX = 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/0000320193-24-000123-index.htm';
const Q3_INDEX = 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000081/0000320193-24-000081-index.htm';
const FY24 = { start: '2023-10-01', end: '2024-09-28', days: 364 };
const Q3_3M = { start: '2024-03-31', end: '2024-06-29', days: 91 };
const Q3_9M = { start: '2023-10-01', end: '2024-06-29', days: 273 };
const instant = (end: string) => ({ start: null, end, days: null });
const annual = (concept: string, unit: string, value: string, period: object) => ({
  value,
  unit,
  concept,
  period,
  ...K24,
  filing_index_url: K24_INDEX,
  classes_summed: null,
});
const quarterly = (concept: string, unit: string, value: string, period: object) => ({
  value,
  unit,
  concept,
  period,
  ...Q3,
  filing_index_url: Q3_INDEX,
  classes_summed: null,
});
const REVENUE = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';

const APPLE_FUNDAMENTALS = {
  ...APPLE,
  annual: {
    revenue: annual(REVENUE, 'USD', '391035000000', FY24),
    net_income: annual('us-gaap:NetIncomeLoss', 'USD', '93736000000', FY24),
    eps_basic: annual('us-gaap:EarningsPerShareBasic', 'USD/shares', '6.11', FY24),
    eps_diluted: annual('us-gaap:EarningsPerShareDiluted', 'USD/shares', '6.08', FY24),
    total_assets: annual('us-gaap:Assets', 'USD', '364980000000', instant('2024-09-28')),
    total_liabilities: annual('us-gaap:Liabilities', 'USD', '308030000000', instant('2024-09-28')),
    stockholders_equity: annual('us-gaap:StockholdersEquity', 'USD', '56950000000', instant('2024-09-28')),
    operating_cash_flow: annual('us-gaap:NetCashProvidedByUsedInOperatingActivities', 'USD', '118254000000', FY24),
    shares_outstanding: annual(
      'dei:EntityCommonStockSharesOutstanding',
      'shares',
      '15115823000',
      instant('2024-10-18'),
    ),
  },
  quarterly: {
    revenue: quarterly(REVENUE, 'USD', '85777000000', Q3_3M),
    net_income: quarterly('us-gaap:NetIncomeLoss', 'USD', '21448000000', Q3_3M),
    eps_basic: quarterly('us-gaap:EarningsPerShareBasic', 'USD/shares', '1.4', Q3_3M),
    eps_diluted: quarterly('us-gaap:EarningsPerShareDiluted', 'USD/shares', '1.4', Q3_3M),
    total_assets: quarterly('us-gaap:Assets', 'USD', '331612000000', instant('2024-06-29')),
    total_liabilities: quarterly('us-gaap:Liabilities', 'USD', '264904000000', instant('2024-06-29')),
    stockholders_equity: quarterly('us-gaap:StockholdersEquity', 'USD', '66708000000', instant('2024-06-29')),
    // Cash flow statements are year-to-date only: nine months here.
    operating_cash_flow: quarterly('us-gaap:NetCashProvidedByUsedInOperatingActivities', 'USD', '91443000000', Q3_9M),
    shares_outstanding: quarterly(
      'dei:EntityCommonStockSharesOutstanding',
      'shares',
      '15204137000',
      instant('2024-07-19'),
    ),
  },
  concepts: {
    revenue: [
      'us-gaap:Revenues',
      REVENUE,
      'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax',
      'us-gaap:SalesRevenueNet',
      'us-gaap:SalesRevenueGoodsNet',
      'ifrs-full:Revenue',
      'ifrs-full:RevenueFromContractsWithCustomers',
    ],
    net_income: [
      'us-gaap:NetIncomeLoss',
      'us-gaap:ProfitLoss',
      'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic',
      'ifrs-full:ProfitLossAttributableToOwnersOfParent',
      'ifrs-full:ProfitLoss',
    ],
    eps_basic: [
      'us-gaap:EarningsPerShareBasic',
      'us-gaap:EarningsPerShareBasicAndDiluted',
      'ifrs-full:BasicEarningsLossPerShare',
    ],
    eps_diluted: [
      'us-gaap:EarningsPerShareDiluted',
      'us-gaap:EarningsPerShareBasicAndDiluted',
      'ifrs-full:DilutedEarningsLossPerShare',
    ],
    total_assets: ['us-gaap:Assets', 'ifrs-full:Assets'],
    total_liabilities: ['us-gaap:Liabilities', 'ifrs-full:Liabilities'],
    stockholders_equity: [
      'us-gaap:StockholdersEquity',
      'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
      'ifrs-full:EquityAttributableToOwnersOfParent',
      'ifrs-full:Equity',
    ],
    operating_cash_flow: [
      'us-gaap:NetCashProvidedByUsedInOperatingActivities',
      'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
      'ifrs-full:CashFlowsFromUsedInOperatingActivities',
    ],
    shares_outstanding: ['dei:EntityCommonStockSharesOutstanding', 'us-gaap:CommonStockSharesOutstanding'],
  },
  source: 'sec',
  attribution: ATTRIBUTION,
  notes: [
    'Values are as reported in XBRL (not restated by us); on equal period ends an amendment (filed later) ' +
      'replaces the original.',
    'Each figure reads every concept in its list and keeps the fact with the latest period end; on equal ends ' +
      'the earlier concept in the list wins.',
    'Quarterly cash flow is year-to-date when the filer reports no three-month figure (period.days says which).',
  ],
};

const archive = (accession: string, doc: string) => {
  const folder = `https://www.sec.gov/Archives/edgar/data/320193/${accession.replace(/-/g, '')}`;
  return { url: `${folder}/${doc}`, index_url: `${folder}/${accession}-index.htm` };
};

// The real group over a real NATS server, SEC replayed by a local fake server.
describe('sec over NATS', () => {
  let now = T0;
  const { fake, use, call, data } = groupHarness({
    name: 'sec',
    start: startSec,
    fixtures: join(__dirname, 'fixtures'),
    clock: { token: Clock, now: () => now },
    env: (u) => ({
      SEC_WWW_BASE_URL: u.fake,
      SEC_DATA_BASE_URL: u.fake,
      SEC_TIMEOUT_MS: '2000',
      SEC_FALLBACK_RATE_PER_SECOND: '10',
    }),
  });

  const paths = () => fake.hits.map((h) => h.path);

  it('serves its health: status, source terms, the governor, tolls, cache stats and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'sec', title: 'SEC Fundamentals', status: 'ok' });
    expect(health.endpoints.map((e: any) => [e.operation_id, e.method, e.path])).toEqual([
      ['sec.getFundamentals', 'GET', '/toll/sec/fundamentals/{ticker}'],
      ['sec.getFilings', 'GET', '/toll/sec/filings/{ticker}'],
      ['sec.getHealth', 'GET', '/toll/sec/health'],
    ]);
    expect(health.tolls).toEqual(
      tollsOf([
        ['sec.getFundamentals', 'GET', '/toll/sec/fundamentals/{ticker}', '0.02'],
        ['sec.getFilings', 'GET', '/toll/sec/filings/{ticker}', null],
        ['sec.getHealth', 'GET', '/toll/sec/health', null],
      ]),
    );
    // No governor database configured here: each process keeps to the fallback rate on its own.
    expect(health.governor).toEqual({
      mode: 'per-process',
      rate_per_second: 8,
      fallback_rate_per_second: 10,
      calls: null,
    });
    expect(health.sources.map((s: any) => [s.id, s.license, s.last_failure])).toEqual([
      ['sec-www', 'Public domain (US Government work)', null],
      ['sec-data', 'Public domain (US Government work)', null],
    ]);
  });

  it.each([
    ['getFundamentals', { ticker: 'AAPL$' }, 'ticker', 'must be a US ticker symbol such as AAPL or BRK.B'],
    ['getFundamentals', { ticker: 'ABCDEFGHIJ' }, 'ticker', 'must be a US ticker symbol such as AAPL or BRK.B'],
    ['getFundamentals', { ticker: 'BRK.BBBB' }, 'ticker', 'must be a US ticker symbol such as AAPL or BRK.B'],
    ['getFundamentals', {}, 'ticker', 'Invalid input: expected string, received undefined'],
    ['getFilings', { ticker: 'AAPL', form: '10-K' }, 'form', 'is not an accepted field'],
    ['getHealth', { verbose: true }, 'verbose', 'is not an accepted field'],
  ])('%s refuses %j: INVALID_INPUT on %s, before any SEC call', async (operation, input, field, message) => {
    use(...OK);
    expect((await call(operation, input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
    expect(fake.hits).toEqual([]);
  });

  it('SEC blocking us (403 undeclared tool) with nothing cached is UPSTREAM_ERROR, never a charge, and shows in health', async () => {
    use('sec-www/undeclared-tool-403');
    expect((await call('getFundamentals', { ticker: 'AAPL' })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'sec-www answered HTTP 403',
      details: { upstream: 'sec-www', status: 403 },
    });
    const health = await data('getHealth', {});
    expect(health.status).toBe('degraded');
    expect(health.sources[0].last_failure).toEqual({
      at: '2026-11-24T12:00:00.000Z',
      code: 'UPSTREAM_ERROR',
      message: 'sec-www answered HTTP 403',
    });
  });

  it('company facts down (503, retried once) with nothing cached is UPSTREAM_ERROR', async () => {
    use('sec-www/company-tickers-ok', 'sec-data/unavailable-503');
    expect((await call('getFundamentals', { ticker: 'AAPL' })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'sec-data answered HTTP 503',
      details: { upstream: 'sec-data', status: 503 },
    });
    expect(paths()).toEqual([
      '/files/company_tickers.json',
      '/api/xbrl/companyfacts/CIK0000320193.json',
      '/api/xbrl/companyfacts/CIK0000320193.json',
    ]);
  });

  it('company facts slower than the caller deadline is UPSTREAM_TIMEOUT, answered before the deadline', async () => {
    use('sec-www/company-tickers-ok', 'sec-data/slow-companyfacts');
    const started = Date.now();
    const reply = await call('getFundamentals', { ticker: 'AAPL' }, 1_500);
    expect(reply.err).toMatchObject({ code: 'UPSTREAM_TIMEOUT', details: { upstream: 'sec-data' } });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('getFundamentals: latest annual and quarterly figures with period, form, accession number and concept', async () => {
    use(...OK);
    expect(await data('getFundamentals', { ticker: 'aapl' })).toEqual({
      ...APPLE_FUNDAMENTALS,
      freshness: { as_of: '2026-11-24T12:00:00.000Z', stale: false },
    });
    // Served from cache within 24 h: no SEC call at all.
    fake.hits.length = 0;
    expect((await data('getFundamentals', { ticker: 'AAPL' })).annual.revenue.value).toBe('391035000000');
    expect(fake.hits).toEqual([]);
  });

  it('getFilings: the last 10 filings with report dates (null when SEC has none) and archive links', async () => {
    use(...OK);
    const answer = await data('getFilings', { ticker: 'AAPL' });
    expect(answer).toMatchObject({
      ...APPLE,
      count: 10,
      source: 'sec',
      attribution: ATTRIBUTION,
      freshness: { as_of: '2026-11-24T12:00:00.000Z', stale: false },
    });
    expect(answer.filings).toHaveLength(10);
    expect(answer.filings[0]).toEqual({
      form: '10-K',
      filing_date: '2024-11-01',
      report_date: '2024-09-28',
      accession_number: '0000320193-24-000123',
      primary_document: 'aapl-20240928.htm',
      description: '10-K',
      ...archive('0000320193-24-000123', 'aapl-20240928.htm'),
    });
    expect(answer.filings[6]).toEqual({
      form: 'SD',
      filing_date: '2024-08-30',
      report_date: null,
      accession_number: '0000320193-24-000105',
      primary_document: 'aapl-20240830.htm',
      description: null,
      ...archive('0000320193-24-000105', 'aapl-20240830.htm'),
    });
    expect(answer.filings.map((f: any) => f.form)).toEqual([
      '10-K',
      '8-K',
      '4',
      '4',
      '4',
      '4',
      'SD',
      '10-Q',
      '8-K',
      '144',
    ]);
  });

  it('a ticker SEC does not list is NOT_FOUND (released, never charged), after one ticker-map read at most', async () => {
    use(...OK);
    for (const operation of ['getFundamentals', 'getFilings']) {
      expect((await call(operation, { ticker: 'ZZZZ' })).err).toEqual({
        code: 'NOT_FOUND',
        message: "ZZZZ is not in SEC's ticker map",
        details: { ticker: 'ZZZZ' },
      });
    }
    expect(fake.hits).toEqual([]); // the ticker map is cached for 24 h
  });

  it('a listed company without XBRL financial data (a fund trust) is NOT_FOUND for fundamentals', async () => {
    use(...OK);
    expect((await call('getFundamentals', { ticker: 'IVV' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'SEC has no XBRL financial data for CIK 1100663',
      details: { cik: 1100663 },
    });
  });

  it('adds up the share classes SEC reports separately, and reads share-class tickers with a dot', async () => {
    use(...OK);
    const googl = await data('getFundamentals', { ticker: 'GOOGL' });
    expect(googl.quarterly.shares_outstanding).toMatchObject({
      value: '12252000000',
      unit: 'shares',
      period: instant('2024-10-22'),
      classes_summed: 3,
    });
    expect(googl.annual.revenue).toBeNull();
    expect(googl.quarterly.revenue).toMatchObject({
      value: '88268000000',
      concept: 'us-gaap:Revenues',
      period: { start: '2024-07-01', end: '2024-09-30', days: 92 },
    });
    expect((await call('getFilings', { ticker: 'brk.b' })).err).toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'sec-data answered HTTP 599',
    });
    expect(paths()).toContain('/submissions/CIK0001067983.json');
  });

  it('reads an IFRS filer (cik as a zero-padded string, ifrs-full concepts) in the currency it reports', async () => {
    use('sec-www/company-tickers-ok', 'sec-data/companyfacts-tsm-ifrs-ok');
    const tsm = await data('getFundamentals', { ticker: 'TSM' });
    const fy = { start: '2024-01-01', end: '2024-12-31', days: 366 };
    const k = {
      fiscal_year: 2024,
      fiscal_period: 'FY',
      form: '20-F',
      accession_number: '0001046179-25-000010',
      filed: '2025-04-17',
      classes_summed: null,
    };
    const index = 'https://www.sec.gov/Archives/edgar/data/1046179/000104617925000010/0001046179-25-000010-index.htm';
    const figure = (concept: string, unit: string, value: string, period: object) => ({
      value,
      unit,
      concept,
      period,
      ...k,
      filing_index_url: index,
    });
    expect({ ticker: tsm.ticker, cik: tsm.cik, name: tsm.name }).toEqual({
      ticker: 'TSM',
      cik: '0001046179',
      name: 'TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD',
    });
    expect(tsm.annual).toEqual({
      // The filer's own currency (full history) wins over the one USD convenience figure for the same year.
      revenue: figure('ifrs-full:Revenue', 'TWD', '2894308000000', fy),
      net_income: figure('ifrs-full:ProfitLossAttributableToOwnersOfParent', 'TWD', '1173268000000', fy),
      eps_basic: figure('ifrs-full:BasicEarningsLossPerShare', 'TWD/shares', '45.25', fy),
      eps_diluted: figure('ifrs-full:DilutedEarningsLossPerShare', 'TWD/shares', '45.25', fy),
      total_assets: figure('ifrs-full:Assets', 'TWD', '6691938000000', instant('2024-12-31')),
      total_liabilities: figure('ifrs-full:Liabilities', 'TWD', '2348000000000', instant('2024-12-31')),
      stockholders_equity: figure(
        'ifrs-full:EquityAttributableToOwnersOfParent',
        'TWD',
        '4316000000000',
        instant('2024-12-31'),
      ),
      operating_cash_flow: figure('ifrs-full:CashFlowsFromUsedInOperatingActivities', 'TWD', '1826177000000', fy),
      shares_outstanding: figure(
        'dei:EntityCommonStockSharesOutstanding',
        'shares',
        '25932000000',
        instant('2024-12-31'),
      ),
    });
    // 20-F filers file no 10-Q: no quarterly figures.
    expect(Object.values(tsm.quarterly).every((v) => v === null)).toBe(true);
  });

  it('SEC down after the cache went stale: the last answer, labelled stale with as_of and reason', async () => {
    now = T0 + 25 * HOUR;
    use('sec-www/company-tickers-ok', 'sec-data/unavailable-503');
    const answer = await data('getFundamentals', { ticker: 'AAPL' });
    expect(answer.annual.revenue.value).toBe('391035000000');
    expect(answer.freshness).toEqual({
      as_of: '2026-11-24T12:00:00.000Z',
      stale: true,
      reason: 'UPSTREAM_ERROR: sec-data answered HTTP 503',
    });
  });
});
