import { Clock } from '@toll/platform';
import { groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startEtf } from '../src/bootstrap';

const NASDAQ_OK = [
  'nasdaq/schd-dividends-ok',
  'nasdaq/schd-info-ok',
  'nasdaq/jepi-dividends-ok',
  'nasdaq/jepi-info-ok',
  'nasdaq/arkk-dividends-empty',
  'nasdaq/zzzz-symbol-unknown',
];
const POLYGON_EMPTY = ['polygon/arkk-dividends-empty', 'polygon/zzzz-dividends-empty'];

const T0 = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;
const NASDAQ_NOTE =
  'Nasdaq does not say which payments are specials or capital gains: every cash row is typed unspecified and ' +
  'counted as regular.';
const TTM = { from: '2025-11-25', to: '2026-11-24' };

const nasdaqRow = (ex_date: string, amount: string, pay_date: string, declared_date: string) => ({
  ex_date,
  record_date: ex_date,
  pay_date,
  declared_date,
  amount,
  type: 'unspecified',
});
const SCHD_NASDAQ = [
  nasdaqRow('2026-12-10', '0.275', '2026-12-15', '2026-12-08'),
  nasdaqRow('2026-09-24', '0.2604', '2026-09-29', '2026-09-22'),
  nasdaqRow('2026-06-25', '0.269', '2026-06-30', '2026-06-23'),
  nasdaqRow('2026-03-25', '0.2488', '2026-03-30', '2026-03-23'),
  nasdaqRow('2025-12-10', '0.2782', '2025-12-15', '2025-12-08'),
  nasdaqRow('2025-09-24', '0.2602', '2025-09-29', '2025-09-22'),
  nasdaqRow('2025-06-25', '0.2602', '2025-06-30', '2025-06-23'),
  nasdaqRow('2025-03-26', '0.2488', '2025-03-31', '2025-03-24'),
  nasdaqRow('2024-12-11', '0.2645', '2024-12-16', '2024-12-09'),
];

// The real group over a real NATS server, Nasdaq and Massive replayed by a local fake server.
describe('etf over NATS', () => {
  let now = T0;
  const { fake, use, call, data } = groupHarness({
    name: 'etf',
    start: startEtf,
    fixtures: join(__dirname, 'fixtures'),
    clock: { token: Clock, now: () => now },
    env: (u) => ({
      ETF_NASDAQ_BASE_URL: u.fake,
      ETF_NASDAQ_TIMEOUT_MS: '1000',
      ETF_POLYGON_BASE_URL: u.fake,
      ETF_POLYGON_API_KEY: 'test-key',
      ETF_POLYGON_RATE_PER_MINUTE: '6000',
      ETF_SCREENER_WARM_ON_START: 'false',
      ETF_SCREENER_UNIVERSE: 'SCHD,JEPI,ARKK',
    }),
  });

  it('serves its health: sources with terms, the screener universe, tolls and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'etf', title: 'ETF Distributions' });
    expect(health.tolls).toEqual(
      tollsOf([
        ['etf.getDistributions', 'GET', '/toll/etf/distributions/{ticker}', '0.01'],
        ['etf.getScreener', 'GET', '/toll/etf/screener', null],
        ['etf.getHealth', 'GET', '/toll/etf/health', null],
      ]),
    );
    expect(health.sources.map((s: any) => [s.id, s.enabled, s.base_url])).toEqual([
      ['nasdaq', true, fake.url],
      ['polygon', true, fake.url],
    ]);
    expect(health.screener.universe).toEqual(['SCHD', 'JEPI', 'ARKK']);
  });

  it.each([
    ['getDistributions', { ticker: 'SCHD!' }, 'ticker', 'must be an ETF ticker symbol such as SCHD'],
    ['getDistributions', { ticker: 'SCHD', price: '-3' }, 'price', 'must be a decimal price in USD such as 57.43'],
    ['getDistributions', { ticker: 'SCHD', price: '0.000' }, 'price', 'must be greater than zero'],
    ['getDistributions', { ticker: 'SCHD', price: 27.5 }, 'price', 'Invalid input: expected string, received number'],
    ['getScreener', { min_yield: 101 }, 'min_yield', 'Too big: expected number to be <=100'],
    [
      'getScreener',
      { frequency: 'weekly' },
      'frequency',
      'Invalid option: expected one of "monthly"|"quarterly"|"semiannual"|"annual"',
    ],
    ['getScreener', { limit: 51 }, 'limit', 'Too big: expected number to be <=50'],
    ['getHealth', { verbose: true }, 'verbose', 'is not an accepted field'],
  ])('%s refuses %j: INVALID_INPUT on %s, before any upstream call', async (operation, input, field, message) => {
    use(...NASDAQ_OK);
    expect((await call(operation, input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
    expect(fake.hits).toEqual([]);
  });

  it('both sources down with nothing cached is UPSTREAM_ERROR (never charged)', async () => {
    use('nasdaq/unavailable-503', 'polygon/unavailable-503');
    expect((await call('getDistributions', { ticker: 'SCHD' })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'nasdaq answered HTTP 503; polygon answered HTTP 503',
      details: { upstreams: ['nasdaq', 'polygon'] },
    });
    expect((await data('getHealth', {})).status).toBe('degraded');
  });

  it('a deadline shorter than a hanging Nasdaq is UPSTREAM_TIMEOUT, answered before the deadline', async () => {
    use('nasdaq/hang-schd', 'polygon/schd-dividends-ok');
    const started = Date.now();
    const reply = await call('getDistributions', { ticker: 'SCHD' }, 1_500);
    expect(reply.err).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('Nasdaq hanging (its reported failure mode): Massive answers within the deadline, typed by kind', async () => {
    use('nasdaq/hang-schd', 'polygon/schd-dividends-ok', 'polygon/schd-prev-ok');
    const answer = await data('getDistributions', { ticker: 'schd' });
    expect(answer).toMatchObject({
      ticker: 'SCHD',
      count: 7,
      source: 'polygon',
      frequency: 'quarterly',
      distributions_per_year: 4,
      annualized_distribution: '1.0416',
      notes: [],
    });
    expect(answer.distributions[4]).toEqual({
      ex_date: '2025-12-24',
      record_date: '2025-12-24',
      pay_date: '2025-12-29',
      declared_date: '2025-12-22',
      amount: '0.0121',
      type: 'long_term_capital_gain',
    });
    // The capital gain counts in the trailing total, not in the forward (annualized) amount.
    expect(answer.trailing_12m).toEqual({ total: '1.0685', count: 5, ...TTM });
    expect(answer.yield).toEqual({
      price: '27.83',
      price_source: 'polygon',
      price_as_of: '2026-11-24T12:00:00.000Z',
      forward_yield_pct: '3.74',
      ttm_yield_pct: '3.84',
    });
  });

  it('getDistributions: full history, frequency, trailing 12 months and both yields at the source price', async () => {
    now = T0 + 25 * HOUR; // past the 24 h history window of the previous test
    use(...NASDAQ_OK);
    const answer = await data('getDistributions', { ticker: 'JEPI' });
    expect(answer).toMatchObject({
      ticker: 'JEPI',
      count: 13,
      frequency: 'monthly',
      distributions_per_year: 12,
      annualized_distribution: '4.8144',
      source: 'nasdaq',
      notes: [NASDAQ_NOTE],
    });
    expect(answer.trailing_12m).toEqual({ total: '4.8168', count: 12, from: '2025-11-26', to: '2026-11-25' });
    expect(answer.yield).toEqual({
      price: '57.43',
      price_source: 'nasdaq',
      price_as_of: '2026-11-25T13:00:00.000Z',
      forward_yield_pct: '8.38',
      ttm_yield_pct: '8.39',
    });
    now = T0;
  });

  it('uses the caller price when given, and leaves a declared future distribution out of both totals', async () => {
    now = T0 + 26 * HOUR;
    use(...NASDAQ_OK);
    expect(await data('getDistributions', { ticker: 'SCHD', price: '26.5' })).toEqual({
      ticker: 'SCHD',
      count: 9,
      distributions: SCHD_NASDAQ,
      frequency: 'quarterly',
      distributions_per_year: 4,
      trailing_12m: { total: '1.0564', count: 4, from: '2025-11-26', to: '2026-11-25' },
      annualized_distribution: '1.0416',
      yield: {
        price: '26.5',
        price_source: 'caller',
        price_as_of: null,
        forward_yield_pct: '3.93',
        ttm_yield_pct: '3.99',
      },
      source: 'nasdaq',
      notes: [NASDAQ_NOTE],
      freshness: { as_of: '2026-11-25T14:00:00.000Z', stale: false },
    });
    expect(fake.hits.map((h) => h.path)).toEqual(['/api/quote/SCHD/dividends']); // no price call
    now = T0;
  });

  it('a ticker no source knows, or a fund that never paid, is NOT_FOUND (never charged)', async () => {
    use(...NASDAQ_OK, ...POLYGON_EMPTY);
    for (const ticker of ['ZZZZ', 'ARKK']) {
      expect((await call('getDistributions', { ticker })).err).toEqual({
        code: 'NOT_FOUND',
        message: `No distributions on record for ${ticker}: not a known ticker, or a fund that has never paid`,
        details: { ticker },
      });
    }
  });

  it('getScreener: the whole universe evaluated, ranked by annualized distribution per share, with counts', async () => {
    use(...NASDAQ_OK, ...POLYGON_EMPTY);
    const all = await data('getScreener', {});
    expect(all).toMatchObject({
      universe: {
        size: 3,
        refresh_every_hours: 24,
        description: '3 ETFs chosen by this deployment (ETF_SCREENER_UNIVERSE), listed in the health answer',
      },
      evaluated_count: 2,
      failed: [
        {
          ticker: 'ARKK',
          reason: 'NOT_FOUND: No distributions on record for ARKK: not a known ticker, or a fund that has never paid',
        },
      ],
      match_count: 2,
      filters: { min_yield: null, frequency: null, sort: 'distribution_per_share', limit: 20 },
    });
    expect(
      all.results.map((r: any) => [
        r.ticker,
        r.frequency,
        r.annualized_distribution,
        r.price,
        r.forward_yield_pct,
        r.source,
      ]),
    ).toEqual([
      ['JEPI', 'monthly', '4.8144', '57.43', '8.38', 'nasdaq'],
      ['SCHD', expect.any(String), expect.any(String), expect.any(String), expect.any(String), expect.any(String)],
    ]);
    expect((await data('getScreener', { min_yield: 5 })).results.map((r: any) => r.ticker)).toEqual(['JEPI']);
    expect(await data('getScreener', { frequency: 'quarterly', limit: 1 })).toMatchObject({
      match_count: 1,
      results: [{ ticker: 'SCHD', frequency: 'quarterly' }],
    });
    expect((await data('getScreener', { sort: 'yield' })).results.map((r: any) => r.ticker)).toEqual(['JEPI', 'SCHD']);
    expect(await data('getScreener', { min_yield: 50 })).toMatchObject({
      evaluated_count: 2,
      match_count: 0,
      results: [],
    });
  });

  it('sources down after the history went stale: the last history, labelled stale with as_of and reason', async () => {
    now = T0 + 3 * 24 * HOUR;
    use('nasdaq/unavailable-503', 'polygon/unavailable-503');
    const answer = await data('getDistributions', { ticker: 'SCHD', price: '26.5' });
    expect(answer.count).toBe(9);
    expect(answer.freshness).toEqual({
      as_of: '2026-11-25T14:00:00.000Z',
      stale: true,
      reason: 'UPSTREAM_ERROR: nasdaq answered HTTP 503; polygon answered HTTP 503',
    });
  });
});
