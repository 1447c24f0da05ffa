import { Clock } from '@toll/platform';
import { groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startFunding } from '../src/bootstrap';
import { LiquidationCollector } from '../src/liquidation-collector';

const T0 = Date.parse('2026-11-24T12:00:00Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const FRESH = (at: number) => ({ as_of: iso(at), stale: false });
const NORMALISE_NOTE =
  'rate is per funding interval; hourly and annualized (× 8760 ÷ interval, not compounded) put 1 h, 4 h and 8 h ' +
  'venues on one basis';

// WIF funds every 4 h on Binance, every hour on Bybit and every 8 h on OKX: the same raw 0.0002 on Binance and OKX
// is twice the hourly rate on Binance.
const WIF_BINANCE = (at: number) => ({
  venue: 'binance',
  venue_symbol: 'WIFUSDT',
  rate: '0.0002',
  interval_hours: 4,
  hourly: '0.00005',
  annualized: '0.438',
  interval_source: 'fundingInfo',
  next_funding_time: '2026-11-24T16:00:00.000Z',
  predicted_next_rate: null,
  mark_price: '1.84210000',
  via: null,
  freshness: FRESH(at),
});
const WIF_BYBIT = (at: number) => ({
  venue: 'bybit',
  venue_symbol: 'WIFUSDT',
  rate: '0.00003',
  interval_hours: 1,
  hourly: '0.00003',
  annualized: '0.2628',
  interval_source: 'tickers.fundingIntervalHour',
  next_funding_time: '2026-11-24T13:00:00.000Z',
  predicted_next_rate: null,
  mark_price: '1.8419',
  via: null,
  freshness: FRESH(at),
});
const WIF_OKX = (at: number) => ({
  venue: 'okx',
  venue_symbol: 'WIF-USDT-SWAP',
  rate: '0.0002',
  interval_hours: 8,
  hourly: '0.000025',
  annualized: '0.219',
  interval_source: 'nextFundingTime − fundingTime',
  next_funding_time: '2026-11-24T16:00:00.000Z',
  predicted_next_rate: '0.00018',
  mark_price: null,
  via: null,
  freshness: FRESH(at),
});
const NO_MIRROR = 'the Hyperliquid mirror failed too (hyperliquid answered HTTP 599)';
const WIF_ALL = ['binance/premium-index-wif', 'binance/funding-info', 'bybit/tickers-wif', 'okx/funding-rate-wif'];

describe('funding over NATS', () => {
  let now = T0;
  const { fake, group, use, call, data } = groupHarness({
    name: 'funding',
    start: startFunding,
    fixtures: join(__dirname, 'fixtures'),
    database: 'toll_funding_wire',
    clock: { token: Clock, now: () => now },
    env: (u) => ({
      FUNDING_BINANCE_BASE_URL: u.fake,
      FUNDING_BYBIT_BASE_URL: u.fake,
      FUNDING_OKX_BASE_URL: u.fake,
      FUNDING_HYPERLIQUID_BASE_URL: u.fake,
      FUNDING_COLLECTOR_ENABLED: 'false', // the tests run collection passes themselves
      FUNDING_LIQUIDATION_BASES: 'BTC',
    }),
  });

  it('serves its health: tracked markets, venues with terms, collector, tolls', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'funding', title: 'Funding Rates', status: 'ok' });
    expect(health.tolls).toEqual(
      tollsOf([
        ['funding.getFunding', 'GET', '/toll/funding/funding/{symbol}', '0.005'],
        ['funding.getLiquidations', 'GET', '/toll/funding/liquidations/{symbol}', '0.005'],
        ['funding.getTopFunded', 'GET', '/toll/funding/top-funded', null],
        ['funding.getHealth', 'GET', '/toll/funding/health', null],
      ]),
    );
    expect(health.tracked).toEqual({
      funding: 'USDT-margined perpetuals listed on Binance, Bybit or OKX',
      liquidation_bases: ['BTC'],
    });
    expect(health.venues.map((v: any) => [v.venue, v.enabled, v.base_url, v.last_success_at, v.last_failure])).toEqual([
      ['binance', true, fake.url, null, null],
      ['bybit', true, fake.url, null, null],
      ['okx', true, fake.url, null, null],
    ]);
    expect(health.collector).toEqual({ enabled: false, interval_ms: 60000, last_run_at: null, last_error: null });
    expect(health.mirror).toMatchObject({ source: 'hyperliquid', enabled: true, base_url: fake.url });
  });

  it('getFunding: 1 h, 4 h and 8 h venues normalised to hourly and annualized, ranked, with the spread', async () => {
    use(...WIF_ALL);
    expect(await data('getFunding', { symbol: 'WIF' })).toEqual({
      symbol: 'WIF',
      market: 'WIF-USDT-PERP',
      base: 'WIF',
      venues: [WIF_BINANCE(T0), WIF_BYBIT(T0), WIF_OKX(T0)],
      unavailable: [],
      spread: { annualized: '0.219', hourly: '0.000025', highest: 'binance', lowest: 'okx' },
      complete: true,
      notes: [NORMALISE_NOTE],
    });
    expect(fake.hits.map((h) => `${h.path}?${new URLSearchParams(h.query)}`).sort()).toEqual([
      '/api/v5/public/funding-rate?instId=WIF-USDT-SWAP',
      '/fapi/v1/fundingInfo?',
      '/fapi/v1/premiumIndex?symbol=WIFUSDT',
      '/v5/market/tickers?category=linear&symbol=WIFUSDT',
    ]);
  });

  it.each(['wif/usdt', 'WIFUSDT', 'wif-perp', 'WIF-USDT-SWAP'])(
    'getFunding: %s is the same market, served from the minute-long cache',
    async (symbol) => {
      use();
      const answer = await data('getFunding', { symbol });
      expect([answer.symbol, answer.market, answer.venues.length]).toEqual([symbol, 'WIF-USDT-PERP', 3]);
      expect(fake.hits).toEqual([]);
    },
  );

  it('getFunding: Binance geo-blocked (451) and OKX down (503): Bybit is served and both failures are named', async () => {
    now = T0 + 12 * MINUTE; // past the fresh and stale windows of the first readings
    use('binance/geo-blocked-451', 'binance/funding-info', 'okx/unavailable-503', 'bybit/tickers-wif');
    expect(await data('getFunding', { symbol: 'WIF' })).toEqual({
      symbol: 'WIF',
      market: 'WIF-USDT-PERP',
      base: 'WIF',
      venues: [WIF_BYBIT(now)],
      unavailable: [
        {
          venue: 'binance',
          status: 'geo_blocked',
          reason:
            "binance refused this server's location (HTTP 451): it blocks some regions, the US among them; the " +
            'Hyperliquid mirror failed too (hyperliquid answered HTTP 599)',
          http_status: 451,
        },
        { venue: 'okx', status: 'down', reason: 'okx answered HTTP 503', http_status: 503 },
      ],
      spread: null,
      complete: false,
      notes: [NORMALISE_NOTE, 'only one venue answered: no cross-venue spread'],
    });
  });

  it('getFunding: Bybit geo-blocked (403) within its stale window: its last reading is served marked stale', async () => {
    const readAt = now;
    now += 2 * MINUTE;
    use('bybit/geo-blocked-403', 'binance/unavailable-503', 'okx/funding-rate-wif');
    const answer = await data('getFunding', { symbol: 'WIF' });
    expect(answer.venues).toEqual([
      {
        ...WIF_BYBIT(readAt),
        freshness: { as_of: iso(readAt), stale: true, reason: 'UPSTREAM_ERROR: bybit answered HTTP 403' },
      },
      WIF_OKX(now),
    ]);
    expect(answer.unavailable).toEqual([
      { venue: 'binance', status: 'down', reason: `binance answered HTTP 503; ${NO_MIRROR}`, http_status: 503 },
    ]);
    expect(answer.spread).toEqual({ annualized: '0.0438', hourly: '0.000005', highest: 'bybit', lowest: 'okx' });
    expect(answer.notes).toEqual([
      NORMALISE_NOTE,
      `bybit: its reading from ${iso(readAt)} is served and marked stale (UPSTREAM_ERROR: bybit answered HTTP 403)`,
    ]);
  });

  it("getFunding: Binance geo-blocked, its rate read from Hyperliquid's predictedFundings mirror and said so; Bybit down with no mirror entry", async () => {
    now += 12 * 60_000;
    use('binance/geo-blocked-451', 'bybit/unavailable-503', 'okx/funding-rate-wif', 'hyperliquid/predicted-fundings');
    const answer = await data('getFunding', { symbol: 'WIF' });
    const via =
      "read from Hyperliquid's predictedFundings mirror because binance failed (binance refused this server's " +
      'location (HTTP 451): it blocks some regions, the US among them)';
    expect(answer.venues).toEqual([
      {
        venue: 'binance',
        venue_symbol: 'WIFUSDT',
        rate: '0.00019',
        interval_hours: 4,
        hourly: '0.0000475',
        annualized: '0.4161',
        interval_source: 'hyperliquid predictedFundings',
        next_funding_time: '2026-11-24T16:00:00.000Z',
        predicted_next_rate: null,
        mark_price: null,
        via,
        freshness: FRESH(now),
      },
      WIF_OKX(now),
    ]);
    expect(answer.unavailable).toEqual([
      {
        venue: 'bybit',
        status: 'down',
        reason: 'bybit answered HTTP 503; Hyperliquid mirrors no usable bybit rate for WIF',
        http_status: 503,
      },
    ]);
    expect(answer.notes).toEqual([NORMALISE_NOTE, `binance: ${via}`]);
  });

  it('getFunding: BTC with OKX quoting 16 decimals and no forecast', async () => {
    use('binance/premium-index-btc', 'binance/funding-info', 'bybit/tickers-btc', 'okx/funding-rate-btc');
    const answer = await data('getFunding', { symbol: 'btc-usdt' });
    expect(
      answer.venues.map((v: any) => [
        v.venue,
        v.rate,
        v.interval_hours,
        v.hourly,
        v.annualized,
        v.interval_source,
        v.predicted_next_rate,
      ]),
    ).toEqual([
      ['binance', '0.0001', 8, '0.0000125', '0.1095', 'default 8 h (not listed in fundingInfo)', null],
      ['bybit', '0.0001', 8, '0.0000125', '0.1095', 'tickers.fundingIntervalHour', null],
      ['okx', '0.000018222122', 8, '0.000002277765', '0.019953223377', 'nextFundingTime − fundingTime', null],
    ]);
    expect(answer.spread).toEqual({
      annualized: '0.089546776623',
      hourly: '0.000010222235',
      highest: 'binance',
      lowest: 'okx',
    });
  });

  it('getFunding: a market no venue lists is NOT_FOUND (the hold is released)', async () => {
    use(
      'binance/premium-index-unknown-400',
      'binance/funding-info',
      'bybit/tickers-unknown',
      'okx/funding-rate-unknown',
    );
    expect((await call('getFunding', { symbol: 'NOPE' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'No venue lists a NOPE-USDT-PERP perpetual',
      details: {
        market: 'NOPE-USDT-PERP',
        unavailable: [
          { venue: 'binance', status: 'not_listed', reason: 'binance lists no NOPEUSDT', http_status: null },
          { venue: 'bybit', status: 'not_listed', reason: 'bybit lists no NOPEUSDT', http_status: null },
          { venue: 'okx', status: 'not_listed', reason: 'okx lists no NOPE-USDT-SWAP', http_status: null },
        ],
      },
    });
  });

  it('getFunding: every venue down, nothing cached and no mirror entry → UPSTREAM_ERROR naming each (never charged)', async () => {
    use('binance/unavailable-503', 'bybit/unavailable-503', 'okx/unavailable-503');
    const { err } = await call('getFunding', { symbol: 'DOGE' });
    expect(err).toEqual({
      code: 'UPSTREAM_ERROR',
      message:
        'No venue gave a funding rate for DOGE-USDT-PERP: binance: binance answered HTTP 503; Hyperliquid ' +
        'mirrors no usable binance rate for DOGE; ' +
        'bybit: bybit answered HTTP 503; Hyperliquid mirrors no usable bybit rate for DOGE; okx: okx answered HTTP 503',
      details: {
        market: 'DOGE-USDT-PERP',
        unavailable: [
          {
            venue: 'binance',
            status: 'down',
            reason: 'binance answered HTTP 503; Hyperliquid mirrors no usable binance rate for DOGE',
            http_status: 503,
          },
          {
            venue: 'bybit',
            status: 'down',
            reason: 'bybit answered HTTP 503; Hyperliquid mirrors no usable bybit rate for DOGE',
            http_status: 503,
          },
          { venue: 'okx', status: 'down', reason: 'okx answered HTTP 503', http_status: 503 },
        ],
      },
    });
  });

  it('getFunding: a venue slower than the caller’s deadline is named as timed out; the others are served', async () => {
    now += 20 * MINUTE;
    use('binance/premium-index-wif', 'binance/funding-info', 'bybit/tickers-wif', 'okx/slow-wif');
    const started = Date.now();
    const reply = await call('getFunding', { symbol: 'WIF' }, 1_500);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(reply.response!.data.venues.map((v: any) => v.venue)).toEqual(['binance', 'bybit']);
    expect(reply.response!.data.unavailable).toEqual([
      {
        venue: 'okx',
        status: 'timeout',
        reason: expect.stringMatching(/^okx did not answer in \d+ ms$/),
        http_status: null,
      },
    ]);
  });

  it.each([
    [
      'BTC/USDC',
      'a base symbol (BTC), BTC-USDT, BTC/USDT, btcusdt, BTC-PERP or BTC-USDT-SWAP; only USDT-margined ' +
        'perpetuals are covered',
    ],
    [
      'BTC USDT',
      'a base symbol (BTC), BTC-USDT, BTC/USDT, btcusdt, BTC-PERP or BTC-USDT-SWAP; only USDT-margined ' +
        'perpetuals are covered',
    ],
  ])('getFunding refuses %j in its schema: INVALID_INPUT, no venue asked', async (symbol, message) => {
    use();
    expect((await call('getFunding', { symbol })).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field: 'symbol', message }] },
    });
    expect(fake.hits).toEqual([]);
  });

  it('getTopFunded: Binance and Bybit merged, annualized, under the volume floor left out', async () => {
    use('binance/premium-index-all', 'binance/funding-info', 'binance/ticker-24hr', 'bybit/tickers-all');
    const top = await data('getTopFunded', { limit: 4 });
    expect(top).toEqual({
      limit: 4,
      liquidity_filter: '24 h quote volume of at least 10000000 USDT on the listing venue',
      rows: [
        {
          rank: 1,
          venue: 'binance',
          venue_symbol: 'DOGEUSDT',
          base: 'DOGE',
          rate: '0.00031',
          interval_hours: 4,
          hourly: '0.0000775',
          annualized: '0.6789',
          next_funding_time: '2026-11-24T16:00:00.000Z',
          volume_24h_usd: '912345678.00',
        },
        {
          rank: 2,
          venue: 'binance',
          venue_symbol: 'WIFUSDT',
          base: 'WIF',
          rate: '0.0002',
          interval_hours: 4,
          hourly: '0.00005',
          annualized: '0.438',
          next_funding_time: '2026-11-24T16:00:00.000Z',
          volume_24h_usd: '402345678.50',
        },
        {
          rank: 3,
          venue: 'bybit',
          venue_symbol: 'WIFUSDT',
          base: 'WIF',
          rate: '0.00003',
          interval_hours: 1,
          hourly: '0.00003',
          annualized: '0.2628',
          next_funding_time: '2026-11-24T13:00:00.000Z',
          volume_24h_usd: '123456789.5',
        },
        {
          rank: 4,
          venue: 'binance',
          venue_symbol: 'BTCUSDT',
          base: 'BTC',
          rate: '0.0001',
          interval_hours: 8,
          hourly: '0.0000125',
          annualized: '0.1095',
          next_funding_time: '2026-11-24T16:00:00.000Z',
          volume_24h_usd: '15234567890.12',
        },
      ],
      unavailable: [],
      freshness: FRESH(now),
      notes: [
        'One row per venue and market (Binance and Bybit USDT perpetuals), highest annualized rate first; OKX ' +
          'has no keyless all-markets funding call and is left out',
      ],
    });
    const all = await data('getTopFunded', { limit: 100 });
    expect(all.rows.map((r: any) => `${r.venue}:${r.venue_symbol}:${r.annualized}`)).toEqual([
      'binance:DOGEUSDT:0.6789',
      'binance:WIFUSDT:0.438',
      'bybit:WIFUSDT:0.2628',
      'binance:BTCUSDT:0.1095',
      'bybit:BTCUSDT:0.1095',
      'bybit:DOGEUSDT:-0.1095',
    ]);
  });

  it('getLiquidations before the collector ran: zero totals, and the answer says nothing was recorded', async () => {
    now = T0;
    const answer = await data('getLiquidations', { symbol: 'BTC', hours: 24 });
    expect(answer.coverage).toEqual({
      requested: { from: '2026-11-23T12:00:00.000Z', to: '2026-11-24T12:00:00.000Z' },
      covered: [],
      covered_hours: '0.000',
      complete: false,
      note:
        'The collector has recorded none of this window yet: totals are zero because nothing was recorded, not ' +
        'because nothing was liquidated.',
    });
    expect(answer.totals).toEqual({ long_usd: '0', short_usd: '0', total_usd: '0', events: 0 });
    expect(answer.price_bucket_usd).toBeNull();
  });

  it('getLiquidations: recorded OKX events as a price × time heatmap, long vs short, with the covered window', async () => {
    use('okx/instruments-btc', 'okx/liquidations-btc');
    await group.app.get(LiquidationCollector).collect();
    const answer = await data('getLiquidations', { symbol: 'BTC-USDT' });
    expect({ ...answer, buckets: undefined }).toEqual({
      symbol: 'BTC-USDT',
      market: 'BTC-USDT-PERP',
      base: 'BTC',
      hours: 24,
      venues: ['okx'],
      coverage: {
        requested: { from: '2026-11-23T12:00:00.000Z', to: '2026-11-24T12:00:00.000Z' },
        covered: [{ from: '2026-11-24T08:50:00.000Z', to: '2026-11-24T12:00:00.000Z' }],
        covered_hours: '3.167',
        complete: false,
        note:
          'Only the covered stretches were recorded; liquidations in the gaps (collector not yet running, or down) ' +
          'are missing from the totals.',
      },
      time_bucket_hours: 1,
      price_bucket_usd: '50',
      buckets: undefined,
      totals: { long_usd: '174930.08', short_usd: '8625.15', total_usd: '183555.23', events: 5 },
      method: expect.stringContaining('Recorded events only'),
    });
    expect(answer.buckets).toHaveLength(24);
    expect(answer.buckets.filter((b: any) => b.cells.length)).toEqual([
      {
        from: '2026-11-24T08:00:00.000Z',
        to: '2026-11-24T09:00:00.000Z',
        cells: [{ price_from: '86000', price_to: '86050', long_usd: '0', short_usd: '6021.45', events: 1 }],
      },
      {
        from: '2026-11-24T09:00:00.000Z',
        to: '2026-11-24T10:00:00.000Z',
        cells: [{ price_from: '85950', price_to: '86000', long_usd: '34396.2', short_usd: '0', events: 1 }],
      },
      {
        from: '2026-11-24T11:00:00.000Z',
        to: '2026-11-24T12:00:00.000Z',
        cells: [
          { price_from: '86450', price_to: '86500', long_usd: '130152.4', short_usd: '0', events: 1 },
          { price_from: '86500', price_to: '86550', long_usd: '10381.48', short_usd: '0', events: 1 },
          { price_from: '86750', price_to: '86800', long_usd: '0', short_usd: '2603.7', events: 1 },
        ],
      },
    ]);
  });

  it('getLiquidations: re-polling the same page stores nothing twice', async () => {
    use('okx/instruments-btc', 'okx/liquidations-btc');
    await group.app.get(LiquidationCollector).collect();
    expect((await data('getLiquidations', { symbol: 'BTC', hours: 6 })).totals).toEqual({
      long_usd: '174930.08',
      short_usd: '8625.15',
      total_usd: '183555.23',
      events: 5,
    });
  });

  it('getLiquidations: a market the collector does not track is NOT_FOUND with the tracked list', async () => {
    expect((await call('getLiquidations', { symbol: 'DOGE' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'Liquidations are recorded for BTC only, not DOGE',
      details: { tracked: ['BTC'] },
    });
  });

  it.each([
    [{ symbol: 'BTC', hours: 73 }, 'hours', 'Too big: expected number to be <=72'],
    [{ symbol: 'BTC', hours: 0 }, 'hours', 'Too small: expected number to be >=1'],
  ])('getLiquidations refuses %j: INVALID_INPUT on %s', async (input, field, message) => {
    expect((await call('getLiquidations', input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
  });

  it('health names the venues’ last success and failure after the calls above', async () => {
    const health = await data('getHealth', {});
    const okx = health.venues.find((v: any) => v.venue === 'okx');
    expect(okx.last_failure).toEqual({
      at: expect.any(String),
      code: 'UPSTREAM_TIMEOUT',
      message: expect.stringMatching(/^okx did not answer/),
    });
    expect(health.collector.last_error).toBeNull();
  });

  it('getFunding: a reading whose next funding time has passed is stale, never served as current', async () => {
    now = Date.parse('2026-11-24T16:05:00Z'); // OKX's recorded reading names 16:00 as its next funding time
    use('okx/funding-rate-wif', 'binance/unavailable-503', 'bybit/geo-blocked-403');
    const answer = await data('getFunding', { symbol: 'WIF' });
    expect(answer.venues).toEqual([
      {
        ...WIF_OKX(now),
        freshness: {
          as_of: iso(now),
          stale: true,
          reason: 'its next funding time 2026-11-24T16:00:00.000Z has passed: the reading predates that settlement',
        },
      },
    ]);
  });
});
