import { SUBJECTS } from '@toll/contracts';
import { loadFixtures, type Fixture, groupHarness, fixtureNamed, tollsOf } from '@toll/testing';
import Ajv2020 from 'ajv/dist/2020';
import { join } from 'node:path';
import { systemClock } from '../src/clock';
import { startData } from '../src/bootstrap';

// The real group over a real NATS server, every upstream replayed from test/fixtures by one fake server.
// Data ages run on a fixed clock, so every as_of below is exact.
const T0 = Date.parse('2026-11-22T12:00:00.000Z');
const AT_T0 = '2026-11-22T12:00:00.000Z';
let now = T0;
jest.spyOn(systemClock, 'now').mockImplementation(() => now);

const FIXTURES = loadFixtures(join(__dirname, 'fixtures'));
const fixture = (name: string) => fixtureNamed(FIXTURES, name);
const healthy = (...upstreams: string[]) =>
  FIXTURES.filter((f) => upstreams.includes(f.upstream) && f.case.endsWith('-ok'));
const down = (fixtures: Fixture[]): Fixture[] =>
  fixtures.map((f) => ({ ...f, case: `${f.case}-down`, response: { status: 503, body: 'Service Unavailable' } }));
const slow = (fixtures: Fixture[]): Fixture[] =>
  fixtures.map((f) => ({ ...f, case: `${f.case}-slow`, response: { ...f.response, delayMs: 3_000 } }));
// Nasdaq's documented failure: HTTP 200 with {data:null, status:{rCode:400}}, on every quote path.
const nasdaqErrorBody = (): Fixture[] =>
  healthy('nasdaq').map((f) => ({
    ...f,
    case: `${f.case}-error`,
    request: { path: f.request.path },
    response: fixture('nasdaq/symbol-error-200').response,
  }));

const PRIMARIES = ['coingecko', 'nasdaq', 'fred', 'defillama'];
const FALLBACKS = ['pyth', 'polygon', 'fred-csv', 'jito', 'marinade'];
const ALL = [...PRIMARIES, ...FALLBACKS];
const STAKING = ['defillama', 'jito', 'marinade'];
const UPSTREAM_ENV = ['COINGECKO', 'PYTH', 'NASDAQ', 'POLYGON', 'FRED', 'FREDGRAPH', 'DEFILLAMA', 'JITO', 'MARINADE'];

const PRICES_PRIMARY = {
  items: [
    // A real CoinGecko snapshot (2025-12-27, re-dated to the test clock): see test/fixtures/README.md.
    {
      symbol: 'BTC',
      name: 'Bitcoin',
      usd: '87387',
      change_24h_pct: '-1.4889',
      as_of: '2026-11-22T11:59:21.358Z',
      source: 'coingecko',
    },
    {
      symbol: 'ETH',
      name: 'Ethereum',
      usd: '2922.48',
      change_24h_pct: '-1.5701',
      as_of: '2026-11-22T11:59:21.339Z',
      source: 'coingecko',
    },
    {
      symbol: 'SOL',
      name: 'Solana',
      usd: '122.71',
      change_24h_pct: '-0.7091',
      as_of: '2026-11-22T11:59:06.318Z',
      source: 'coingecko',
    },
    {
      symbol: 'USDC',
      name: 'USD Coin',
      usd: '0.999987',
      change_24h_pct: '0.0179',
      as_of: '2026-11-22T11:59:06.485Z',
      source: 'coingecko',
    },
    {
      symbol: 'USDT',
      name: 'Tether',
      usd: '0.999512',
      change_24h_pct: '0.0028',
      as_of: '2026-11-22T11:59:18.758Z',
      source: 'coingecko',
    },
  ],
  as_of: AT_T0,
};
const YIELDS_PRIMARY = {
  items: [
    {
      ticker: 'SPY',
      price: '590.12',
      price_source: 'nasdaq',
      frequency: 'quarterly',
      distributions_per_year: 4,
      last_distribution: { ex_date: '2026-09-19', pay_date: '2026-10-31', amount: '1.7935' },
      ttm_distributions: '7.2165',
      ttm_yield_pct: '1.22',
      forward_yield_pct: '1.22',
      distributions_as_of: AT_T0,
      source: 'nasdaq',
    },
    {
      ticker: 'JEPI',
      price: '57.43',
      price_source: 'nasdaq',
      frequency: 'monthly',
      distributions_per_year: 12,
      last_distribution: { ex_date: '2026-11-03', pay_date: '2026-11-05', amount: '0.4012' },
      ttm_distributions: '4.7934',
      ttm_yield_pct: '8.35',
      forward_yield_pct: '8.38',
      distributions_as_of: AT_T0,
      source: 'nasdaq',
    },
  ],
  as_of: AT_T0,
};
const RATE_ROWS: Array<[string, string, string, string]> = [
  ['SNDR', 'Savings', '0.38', '2026-10-19'], // the newest SNDR observation is "." (missing), so the one before is used
  ['MMNDR', 'Money market', '0.59', '2026-11-16'],
  ['NDR1MCD', '1-month CD', '0.21', '2026-11-16'],
  ['NDR3MCD', '3-month CD', '1.41', '2026-11-16'],
  ['NDR6MCD', '6-month CD', '1.63', '2026-11-16'],
  ['NDR12MCD', '12-month CD', '1.79', '2026-11-16'],
  ['NDR60MCD', '60-month CD', '1.52', '2026-11-16'],
];
const rates = (source: 'fred' | 'fred-csv') => ({
  items: RATE_ROWS.map(([series_id, product, apy, as_of]) => ({
    institution: 'FDIC national average (all insured US institutions)',
    product,
    apy,
    as_of,
    source,
    series_id,
    source_url: `https://fred.stlouisfed.org/series/${series_id}`,
  })),
  as_of: AT_T0,
});
const STAKING_PRIMARY = {
  items: [
    // jitoSOL, stETH, rETH: real /pools rows
    { asset: 'jitoSOL', chain: 'Solana', project: 'jito-liquid-staking', apy: '6.74', source: 'defillama' },
    { asset: 'mSOL', chain: 'Solana', project: 'marinade-liquid-staking', apy: '7.4', source: 'defillama' },
    { asset: 'JupSOL', chain: 'Solana', project: 'jupiter-staked-sol', apy: '8.0123', source: 'defillama' },
    { asset: 'BNSOL', chain: 'Solana', project: 'binance-staked-sol', apy: '6.9', source: 'defillama' },
    { asset: 'stETH', chain: 'Ethereum', project: 'lido', apy: '2.616', source: 'defillama' },
    { asset: 'rETH', chain: 'Ethereum', project: 'rocket-pool', apy: '2.3458', source: 'defillama' },
  ],
  as_of: AT_T0,
};
const PRICES_DOWN = 'UPSTREAM_ERROR: coingecko answered HTTP 503; pyth answered HTTP 503';
const STAKING_DOWN = 'UPSTREAM_ERROR: defillama answered HTTP 503; jito answered HTTP 503; marinade answered HTTP 503';
const stale = (as_of: string | null, reason: string) => ({ stale: true, data: null, as_of, reason });

describe('data over NATS', () => {
  let validateBundle: (data: unknown) => boolean;
  const {
    nc,
    fake,
    call,
    startGroup,
    stopGroups: stop,
  } = groupHarness({
    name: 'data',
    start: startData,
    fixtures: FIXTURES,
    replicas: 0,
    env: (u) => ({
      DATA_ETF_TICKERS: 'SPY,JEPI',
      DATA_FRED_API_KEY: 'test-fred-key',
      DATA_POLYGON_API_KEY: 'test-polygon-key',
      ...Object.fromEntries(UPSTREAM_ENV.map((name) => [`DATA_${name}_BASE_URL`, u.fake])),
    }),
  });

  const solUsd = async () => {
    const packet = { id: 'sol', pattern: SUBJECTS.dataSolUsd, data: {} };
    const reply = await nc.request(SUBJECTS.dataSolUsd, Buffer.from(JSON.stringify(packet)), { timeout: 5_000 });
    return JSON.parse(Buffer.from(reply.data).toString('utf8')) as { response?: any; err?: any };
  };
  const bundle = async (input: Record<string, unknown> = {}) => {
    const reply = await call('getBundle', input);
    expect(reply.err).toBeUndefined();
    expect(validateBundle(reply.response!.data)).toBe(true); // every answer matches the published schema
    return reply.response!.data;
  };

  // One app per scenario, started against its own fixtures at T0.
  const start = async (fixtures: Fixture[], env: Record<string, string | undefined> = {}) => {
    now = T0;
    fake.use(fixtures);
    fake.hits.length = 0;
    await startGroup(env);
  };

  describe('with every upstream up', () => {
    beforeAll(async () => {
      await start(healthy(...ALL));
      validateBundle = new Ajv2020({ strict: false }).compile((await call('getSchema', {})).response!.data);
    });
    afterAll(stop);

    it('getBundle answers every section fresh from the primaries', async () => {
      expect(await bundle()).toEqual({
        updated: AT_T0,
        prices: PRICES_PRIMARY,
        yields: YIELDS_PRIMARY,
        rates: rates('fred'),
        staking: STAKING_PRIMARY,
      });
      const fallbackPaths = new Set(healthy(...FALLBACKS).map((f) => f.request.path));
      expect(fake.hits.filter((h) => fallbackPaths.has(h.path))).toEqual([]);
    });

    it('getBundle returns only the included sections, ignoring unknown names, case and spaces', async () => {
      expect(await bundle({ include: 'staking, foo ,PRICES' })).toEqual({
        updated: AT_T0,
        prices: PRICES_PRIMARY,
        staking: STAKING_PRIMARY,
      });
    });

    it('getBundle refuses bad input, naming the field', async () => {
      const issue = async (input: unknown) => (await call('getBundle', input)).err;
      const invalid = (field: string, message: string) => ({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [{ field, message }] },
      });
      expect(await issue({ include: 'prices,'.repeat(29) })).toEqual(
        invalid('include', 'Too big: expected string to have <=200 characters'),
      );
      // Unknown names are ignored and the default is all (spec §4.1): naming no known section asks for every one.
      for (const include of ['bonds,stocks', '', 'PRICES,bonds']) expect(await issue({ include })).toBeUndefined();
      expect(Object.keys((await call('getBundle', { include: 'bonds,stocks' })).response!.data)).toEqual([
        'updated',
        'prices',
        'yields',
        'rates',
        'staking',
      ]);
      expect(Object.keys((await call('getBundle', { include: 'PRICES,bonds' })).response!.data)).toEqual([
        'updated',
        'prices',
      ]);
      expect(await issue({ include: 5 })).toEqual(
        invalid('include', 'Invalid input: expected string, received number'),
      );
      expect(await issue({ sections: 'prices' })).toEqual(invalid('sections', 'is not an accepted field'));
      expect((await call('getSchema', { pretty: true })).err).toEqual(invalid('pretty', 'is not an accepted field'));
      expect((await call('getHealth', { verbose: 1 })).err).toEqual(invalid('verbose', 'is not an accepted field'));
    });

    it('getSchema publishes the JSON Schema of the bundle, with the exact stale form', async () => {
      const schema = (await call('getSchema', {})).response!.data;
      expect(schema).toMatchObject({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        required: ['updated'],
        additionalProperties: false,
      });
      expect(Object.keys(schema.properties)).toEqual(['updated', 'prices', 'yields', 'rates', 'staking']);
      expect(schema.properties.rates.anyOf[1]).toEqual({
        type: 'object',
        description: 'A stale or missing section: its data is withheld, never presented as fresh',
        properties: {
          stale: { type: 'boolean', const: true },
          data: { type: 'null' },
          as_of: {
            anyOf: [{ type: 'string', description: 'ISO 8601 time' }, { type: 'null' }],
            description: 'When the last good data was fetched; null if never',
          },
          reason: { type: 'string' },
        },
        required: ['stale', 'data', 'as_of', 'reason'],
        additionalProperties: false,
      });
      expect(schema.properties.yields.anyOf[0].properties.items.items.required).toEqual([
        'ticker',
        'price',
        'price_source',
        'frequency',
        'distributions_per_year',
        'last_distribution',
        'ttm_distributions',
        'ttm_yield_pct',
        'forward_yield_pct',
        'distributions_as_of',
        'source',
      ]);
    });

    it('getHealth reports each section, the tolls and the refresh interval', async () => {
      const health = (await call('getHealth', {})).response!.data;
      const fresh = (source: string, fresh_for_ms: number) => ({
        state: 'fresh',
        as_of: AT_T0,
        source,
        fresh_for_ms,
        last_error: null,
      });
      expect(health).toMatchObject({ service: 'data', title: 'Data bundle', status: 'ok' });
      expect(health.endpoints.map((e: any) => [e.operation_id, e.method, e.path, e.price])).toEqual([
        ['data.getBundle', 'GET', '/api/data', { per: 'call', usd: '0.05' }],
        ['data.getSchema', 'GET', '/api/data/schema', null],
        ['data.getHealth', 'GET', '/toll/data/health', null],
      ]);
      expect(health.sections).toEqual({
        prices: fresh('coingecko', 3_600_000),
        yields: fresh('nasdaq', 900_000),
        rates: fresh('fred', 86_400_000),
        staking: fresh('defillama', 3_600_000),
      });
      expect(health.tolls).toEqual(
        tollsOf([
          ['data.getBundle', 'GET', '/api/data', '0.05'],
          ['data.getSchema', 'GET', '/api/data/schema', null],
          ['data.getHealth', 'GET', '/toll/data/health', null],
        ]),
      );
      expect(health.price_note).toBe(
        'GET /api/data: spec §4.1 lists 0.05 USD in the interface description but "no auth" on the descriptive ' +
          'page; we charge 0.05 per call by default, DATA_BUNDLE_PRICE_USD overrides it ("0" or "free" makes it ' +
          'free).',
      );
      expect(health).toMatchObject({
        prices_refresh_ms: 1_800_000,
        etf_tickers: ['SPY', 'JEPI'],
        providers: { coingecko_key: false, nasdaq: true, polygon: true, fred_key: true, fred_keyless_csv: false },
      });
    });

    it('answers data.solUsd from the cached price feed', async () => {
      expect(await solUsd()).toMatchObject({
        response: { solUsd: '122.71', source: 'coingecko', asOf: '2026-11-22T11:59:06.318Z' },
      });
    });

    it('withholds sections whose refresh failed, labelled stale with the last good as_of, and keeps the fresh ones', async () => {
      fake.use(down(healthy(...ALL)));
      now = T0 + 90 * 60_000; // prices (1 h), yields (15 min) and staking (1 h) are due; rates (24 h) are not
      expect(await bundle()).toEqual({
        updated: '2026-11-22T13:30:00.000Z',
        prices: stale(AT_T0, PRICES_DOWN),
        yields: stale(AT_T0, 'UPSTREAM_ERROR: SPY: nasdaq answered HTTP 503; polygon answered HTTP 503'),
        rates: rates('fred'),
        staking: stale(AT_T0, STAKING_DOWN),
      });
      // Alone, a stale section is still a 200 in its stale form (spec §7), served uncharged.
      expect((await call('getBundle', { include: 'prices' })).response).toEqual({
        data: { updated: '2026-11-22T13:30:00.000Z', prices: stale(AT_T0, PRICES_DOWN) },
        headers: {},
        uncharged: 'no requested section has fresh data',
      });
      expect((await solUsd()).err).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'No fresh SOL/USD price',
        details: { as_of: AT_T0 },
      });
      const health = (await call('getHealth', {})).response!.data;
      expect(health.status).toBe('degraded');
      expect(health.sections.prices).toEqual({
        state: 'stale',
        as_of: AT_T0,
        source: 'coingecko',
        fresh_for_ms: 3_600_000,
        last_error: PRICES_DOWN,
      });
    });
  });

  describe('with the primaries down', () => {
    beforeAll(() =>
      start([
        ...down(healthy(...PRIMARIES.filter((u) => u !== 'nasdaq'))),
        ...nasdaqErrorBody(),
        ...healthy(...FALLBACKS),
      ]),
    );
    afterAll(stop);

    it('getBundle answers every section from the fallbacks, naming them', async () => {
      expect(await bundle()).toEqual({
        updated: AT_T0,
        prices: {
          items: [
            {
              symbol: 'BTC',
              name: 'Bitcoin',
              usd: '97010.12345678',
              as_of: '2026-11-22T11:59:55.000Z',
              source: 'pyth',
            },
            { symbol: 'ETH', name: 'Ethereum', usd: '3456.12', as_of: '2026-11-22T11:59:55.000Z', source: 'pyth' },
            { symbol: 'SOL', name: 'Solana', usd: '142.315', as_of: '2026-11-22T11:59:55.000Z', source: 'pyth' },
            { symbol: 'USDC', name: 'USD Coin', usd: '0.99987', as_of: '2026-11-22T11:59:55.000Z', source: 'pyth' },
            { symbol: 'USDT', name: 'Tether', usd: '1.0001', as_of: '2026-11-22T11:59:55.000Z', source: 'pyth' },
          ],
          as_of: AT_T0,
        },
        yields: {
          items: [
            {
              ticker: 'SPY',
              price: '589.87',
              price_source: 'polygon',
              frequency: 'quarterly',
              distributions_per_year: 4,
              last_distribution: { ex_date: '2026-09-19', pay_date: '2026-10-31', amount: '1.7935' },
              ttm_distributions: '7.4665', // includes the 0.25 special, which the forward yield leaves out
              ttm_yield_pct: '1.27',
              forward_yield_pct: '1.22',
              distributions_as_of: AT_T0,
              source: 'polygon',
            },
            {
              ticker: 'JEPI',
              price: '57.41',
              price_source: 'polygon',
              frequency: 'monthly',
              distributions_per_year: 12,
              last_distribution: { ex_date: '2026-11-03', pay_date: '2026-11-05', amount: '0.4012' },
              ttm_distributions: '4.7934',
              ttm_yield_pct: '8.35',
              forward_yield_pct: '8.39',
              distributions_as_of: AT_T0,
              source: 'polygon',
            },
          ],
          as_of: AT_T0,
        },
        rates: rates('fred-csv'),
        staking: {
          items: [
            // the published real stats (0.07184861239211937)
            { asset: 'jitoSOL', chain: 'Solana', project: 'jito-liquid-staking', apy: '7.1849', source: 'jito' },
            { asset: 'mSOL', chain: 'Solana', project: 'marinade-liquid-staking', apy: '6.784', source: 'marinade' },
          ],
          as_of: AT_T0,
        },
      });
    });

    it('treats Nasdaq 200 answers with an error body as failures, after the documented asset-class retry', () => {
      expect(fake.hits.filter((h) => h.path === '/api/quote/SPY/dividends')).toEqual([
        { method: 'GET', path: '/api/quote/SPY/dividends', query: { assetclass: 'etf' } },
        { method: 'GET', path: '/api/quote/SPY/dividends', query: { assetclass: 'stocks' } },
      ]);
    });

    it('names the fallbacks in health and quotes SOL from Pyth', async () => {
      const health = (await call('getHealth', {})).response!.data;
      expect(Object.fromEntries(Object.entries(health.sections).map(([k, v]: [string, any]) => [k, v.source]))).toEqual(
        {
          prices: 'pyth',
          yields: 'polygon',
          rates: 'fred-csv',
          staking: 'jito+marinade',
        },
      );
      expect((await solUsd()).response).toEqual({
        solUsd: '142.315',
        source: 'pyth',
        asOf: '2026-11-22T11:59:55.000Z',
      });
    });
  });

  describe('without a FRED key', () => {
    beforeAll(() => start(healthy(...ALL), { DATA_FRED_API_KEY: undefined }));
    afterAll(stop);

    it('serves rates from the keyless CSV and health says it runs keyless', async () => {
      expect((await bundle({ include: 'rates' })).rates).toEqual(rates('fred-csv'));
      expect(fake.hits.filter((h) => h.path === '/fred/series/observations')).toEqual([]);
      const health = (await call('getHealth', {})).response!.data;
      expect(health.providers).toMatchObject({ fred_key: false, fred_keyless_csv: true });
    });
  });

  describe("with one section's upstreams down", () => {
    beforeAll(() => start([...healthy(...ALL.filter((u) => !STAKING.includes(u))), ...down(healthy(...STAKING))]));
    afterAll(stop);

    it('returns that section in the stale form and the others fresh', async () => {
      expect(await bundle()).toEqual({
        updated: AT_T0,
        prices: PRICES_PRIMARY,
        yields: YIELDS_PRIMARY,
        rates: rates('fred'),
        staking: stale(null, STAKING_DOWN),
      });
    });
  });

  describe('with every upstream down and nothing cached', () => {
    beforeAll(() => start([...down(healthy(...ALL.filter((u) => u !== 'nasdaq'))), ...nasdaqErrorBody()]));
    afterAll(stop);

    it('getBundle answers 200 with every section in its stale form, uncharged', async () => {
      expect((await call('getBundle', {})).response).toEqual({
        data: {
          updated: AT_T0,
          prices: stale(null, PRICES_DOWN),
          yields: stale(null, 'UPSTREAM_ERROR: SPY: nasdaq: Symbol not exists.; polygon answered HTTP 503'),
          rates: stale(null, 'UPSTREAM_ERROR: SNDR: fred answered HTTP 503; fred-csv answered HTTP 503'),
          staking: stale(null, STAKING_DOWN),
        },
        headers: {},
        uncharged: 'no requested section has fresh data',
      });
    });

    it('data.solUsd refuses, so payments quotes USDC only', async () => {
      expect((await solUsd()).err).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'No fresh SOL/USD price',
        details: { as_of: null },
      });
    });
  });

  describe('with slow upstreams', () => {
    beforeAll(() => start(slow(healthy(...ALL))));
    afterAll(stop);

    it('answers at the caller deadline instead of waiting for the upstream, the late sections stale and uncharged', async () => {
      let started = Date.now();
      // Prices: the request joins the background load already under way and stops waiting at its own deadline.
      expect((await call('getBundle', { include: 'prices' }, 400)).response).toEqual({
        data: {
          updated: expect.any(String),
          prices: stale(null, 'UPSTREAM_TIMEOUT: prices did not load before the deadline'),
        },
        headers: {},
        uncharged: 'no requested section has fresh data',
      });
      expect(Date.now() - started).toBeLessThan(1_000);
      started = Date.now();
      // Rates: the deadline travels down to the upstream calls, and the fallback gets no time left either.
      expect((await call('getBundle', { include: 'rates' }, 400)).response).toMatchObject({
        data: {
          rates: stale(
            null,
            expect.stringMatching(
              /^UPSTREAM_TIMEOUT: SNDR: fred did not answer in \d+ ms; fred-csv: no time left before the deadline$/,
            ),
          ),
        },
        uncharged: 'no requested section has fresh data',
      });
      expect(Date.now() - started).toBeLessThan(1_000);
    });
  });
});
