import { Clock, type RunningGroup } from '@toll/platform';
import { callOperation, groupHarness, type GroupHarnessOptions, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startMacro } from '../src/bootstrap';

const OK = [
  'fred/series-cpiaucsl-ok',
  'fred/observations-cpiaucsl-latest',
  'fred/observations-cpiaucsl-since',
  'fred/series-t10y2y-ok',
  'fred/observations-t10y2y-latest',
  'fred/series-mortgage30us-copyrighted',
  'fred/series-unknown-400',
  'fred-csv/cpiaucsl-ok',
  'fred-csv/unknown-404',
  'census-geocoder/point-sf-ok',
  'census-geocoder/point-ocean-empty',
  'census-geocoder/address-whitehouse-ok',
  'census-geocoder/address-nomatch',
  'congress-legislators/current-ok',
];

const T0 = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;
const AT_T0 = '2026-11-24T12:00:00.000Z';
const ATTRIBUTION =
  'Source: Federal Reserve Bank of St. Louis, FRED (fred.stlouisfed.org), from the publishing agency named in ' +
  'series.publisher';
const CPI_TITLE = 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average';
const CPI_META = {
  name: 'cpi',
  id: 'CPIAUCSL',
  title: CPI_TITLE,
  units: 'Index 1982-1984=100',
  frequency: 'Monthly',
  seasonal_adjustment: 'Seasonally Adjusted',
  publisher: 'U.S. Bureau of Labor Statistics',
};
const SERIES_RULE =
  'must be a friendly name from GET /toll/macro/series or a FRED series id in capitals, e.g. CPIAUCSL';
const NOT_COVERED = [
  'State officials (governor, state legislators) and local officials (county, city, school board): no free ' +
    'national source exists (the Google Civic representatives API closed in April 2025)',
  'State legislative districts, even though the Census geocoder knows them: without the officials they would be ' +
    'half an answer',
  'Points outside the 50 states, DC and the US territories the geocoder covers',
];
const PELOSI = {
  office: 'U.S. Representative',
  name: 'Nancy Pelosi',
  party: 'Democrat',
  state: 'CA',
  district: 11,
  senate_class: null,
  state_rank: null,
  term_start: '2025-01-03',
  term_end: '2027-01-03',
  phone: '202-225-4965',
  office_address: '1236 Longworth House Office Building Washington DC 20515-0511',
  website: 'https://pelosi.house.gov',
  contact_form: null,
  bioguide_id: 'P000197',
};

// Both suites run the group by its own bootstrap over the same fake FRED, Census and legislators hosts.
const macroHarness = (options: Partial<GroupHarnessOptions<RunningGroup>> = {}, extra: Record<string, string> = {}) =>
  groupHarness({
    name: 'macro',
    start: startMacro,
    fixtures: join(__dirname, 'fixtures'),
    env: (u) => ({
      MACRO_FRED_BASE_URL: u.fake,
      MACRO_FREDGRAPH_BASE_URL: u.fake,
      MACRO_CENSUS_BASE_URL: u.fake,
      MACRO_LEGISLATORS_BASE_URLS: u.fake,
      MACRO_FRED_TIMEOUT_MS: '2000',
      MACRO_CENSUS_TIMEOUT_MS: '2000',
      ...extra,
    }),
    ...options,
  });

// The real group over a real NATS server, FRED, the Census geocoder and the legislators file replayed by a
// local fake server.
describe('macro over NATS', () => {
  let now = T0;
  const { fake, use, call } = macroHarness(
    { clock: { token: Clock, now: () => now } },
    { MACRO_FRED_API_KEY: 'test-fred-key' },
  );
  const data = async (operation: string, input: unknown) => {
    const reply = await call(operation, input);
    expect(reply.err).toBeUndefined();
    return reply.response!.data;
  };
  const paths = () => fake.hits.map((h) => h.path);

  it('serves its health: sources, the FRED key and governor, tolls and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({
      service: 'macro',
      title: 'Macro & Civic',
      status: 'ok',
      fred: { api_key: true, governor: 'per-process' },
    });
    expect(health.tolls).toEqual(
      tollsOf([
        ['macro.getLatest', 'GET', '/toll/macro/latest/{series}', '0.005'],
        ['macro.getHistory', 'GET', '/toll/macro/history/{series}', '0.01'],
        ['macro.getRepresentatives', 'GET', '/toll/macro/representatives', '0.01'],
        ['macro.listSeries', 'GET', '/toll/macro/series', null],
        ['macro.getHealth', 'GET', '/toll/macro/health', null],
      ]),
    );
    expect(health.sources.map((s: any) => s.id)).toEqual([
      'fred',
      'fred-csv',
      'census-geocoder',
      'congress-legislators',
    ]);
  });

  it('lists the documented friendly names for free', async () => {
    const list = await data('listSeries', {});
    expect(list.count).toBe(20);
    expect(list.series[0]).toEqual(CPI_META);
    expect(list.series.map((s: any) => s.name)).toEqual(
      expect.arrayContaining(['unemployment_rate', 'gdp', 'fed_funds_rate', 'treasury_10y', 'national_debt']),
    );
  });

  it.each([
    ['getLatest', { series: 'inflation' }, 'series', SERIES_RULE],
    ['getLatest', { series: 'CPI AUCSL' }, 'series', SERIES_RULE],
    ['getLatest', { series: 'cpi', units: 'pct' }, 'units', 'is not an accepted field'],
    ['getHistory', { series: 'cpi', limit: 0 }, 'limit', 'Too small: expected number to be >=1'],
    ['getHistory', { series: 'cpi', limit: 1.5 }, 'limit', 'Invalid input: expected int, received number'],
    ['getHistory', { series: 'cpi', start: '2026-13-01' }, 'start', 'must be a date YYYY-MM-DD'],
    ['getRepresentatives', { lat: 37.77 }, 'lon', 'lon is required with lat'],
    ['getRepresentatives', { lon: -122.4 }, 'lat', 'lat is required with lon'],
    ['getRepresentatives', {}, 'lat', 'give lat and lon, or an address'],
    [
      'getRepresentatives',
      { lat: 37.77, lon: -122.4, address: '1 Main St, Springfield' },
      'address',
      'give either lat and lon or an address, not both',
    ],
    ['getRepresentatives', { lat: 91, lon: 0 }, 'lat', 'Too big: expected number to be <=90'],
    ['getRepresentatives', { address: 'Main\nSt 1234' }, 'address', 'must be one line of text'],
  ])('%s refuses %j: INVALID_INPUT on %s, before any upstream call', async (operation, input, field, message) => {
    use(...OK);
    expect((await call(operation, input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
    expect(fake.hits).toEqual([]);
  });

  it('getLatest by friendly name: the newest value (a not-yet-published "." skipped), the one before, units and release date', async () => {
    use(...OK);
    expect(await data('getLatest', { series: 'cpi' })).toEqual({
      series: { ...CPI_META, last_updated: '2026-10-24T12:38:02.000Z' },
      latest: { date: '2026-09-01', value: '325.031' },
      previous: { date: '2026-08-01', value: '324.245' },
      source: 'fred',
      source_url: 'https://fred.stlouisfed.org/series/CPIAUCSL',
      attribution: ATTRIBUTION,
      freshness: { as_of: AT_T0, stale: false },
    });
    expect(fake.hits.map((h) => [h.path, h.query.series_id, h.query.limit])).toEqual([
      ['/fred/series', 'CPIAUCSL', undefined],
      ['/fred/series/observations', 'CPIAUCSL', '10'],
    ]);
    fake.hits.length = 0;
    await data('getLatest', { series: 'CPIAUCSL' }); // the same series by id: cached for 6 h
    expect(fake.hits).toEqual([]);
  });

  it('getLatest by FRED id finds the catalog name; negative values stay exact decimal strings', async () => {
    use(...OK);
    const answer = await data('getLatest', { series: 'T10Y2Y' });
    expect(answer.series).toMatchObject({
      name: 'yield_curve_10y_2y',
      units: 'Percent',
      frequency: 'Daily',
      seasonal_adjustment: 'Not Seasonally Adjusted',
    });
    expect([answer.latest, answer.previous]).toEqual([
      { date: '2026-11-20', value: '-0.08' },
      { date: '2026-11-18', value: '-0.11' },
    ]);
  });

  it('getHistory: observations from a start date, newest first, with nulls where FRED has no value', async () => {
    use(...OK);
    const answer = await data('getHistory', { series: 'cpi', start: '2026-06-01', limit: 3 });
    expect(answer).toMatchObject({ start: '2026-06-01', count: 3, source: 'fred', series: { id: 'CPIAUCSL' } });
    expect(answer.observations).toEqual([
      { date: '2026-10-01', value: null },
      { date: '2026-09-01', value: '325.031' },
      { date: '2026-08-01', value: '324.245' },
    ]);
  });

  it('an unknown series, and a series FRED marks as copyrighted, are NOT_FOUND (released, never charged)', async () => {
    use(...OK);
    expect((await call('getLatest', { series: 'NOSUCHSERIES' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'FRED has no series NOSUCHSERIES',
      details: { series_id: 'NOSUCHSERIES' },
    });
    expect((await call('getHistory', { series: 'MORTGAGE30US' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'FRED marks MORTGAGE30US as copyrighted by its publisher; it is not offered here',
      details: { series_id: 'MORTGAGE30US' },
    });
  });

  it('FRED API down: the keyless CSV answers, with the catalog metadata (no release date)', async () => {
    use('fred/unavailable-503', 'fred/series-unavailable-503', 'fred-csv/unrate-ok');
    const answer = await data('getHistory', { series: 'unemployment_rate', start: '2026-08-01', limit: 5 });
    expect(answer).toMatchObject({ source: 'fred-csv', count: 2 });
    expect(answer.series).toEqual({
      name: 'unemployment_rate',
      id: 'UNRATE',
      title: 'Unemployment Rate',
      units: 'Percent',
      frequency: 'Monthly',
      seasonal_adjustment: 'Seasonally Adjusted',
      publisher: 'U.S. Bureau of Labor Statistics',
      last_updated: null,
    });
    expect(answer.observations).toEqual([
      { date: '2026-09-01', value: '4.4' },
      { date: '2026-08-01', value: '4.3' },
    ]);
    expect(paths()).toEqual([
      '/fred/series',
      '/fred/series',
      '/fred/series/observations',
      '/fred/series/observations',
      '/graph/fredgraph.csv',
    ]);
  });

  it('FRED API and CSV both down with nothing cached: UPSTREAM_ERROR naming both, shown in health', async () => {
    use('fred/unavailable-503', 'fred/series-unavailable-503', 'fred-csv/unavailable-503');
    expect((await call('getLatest', { series: 'gdp' })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'fred answered HTTP 503; fred-csv answered HTTP 503',
      details: { upstream: 'fred-csv', status: 503 },
    });
    const health = await data('getHealth', {});
    expect(health.status).toBe('degraded');
    expect(health.sources[1].last_failure).toEqual({
      at: AT_T0,
      code: 'UPSTREAM_ERROR',
      message: 'fred-csv answered HTTP 503',
    });
  });

  it('FRED slower than the caller deadline is UPSTREAM_TIMEOUT, answered before the deadline', async () => {
    use('fred/series-cpiaucsl-ok', 'fred/slow-observations', 'fred-csv/slow');
    const started = Date.now();
    const reply = await call('getLatest', { series: 'fed_funds_rate' }, 1_500);
    expect(reply.err).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('getRepresentatives by point: state, county, district and the two senators (senior first) and the House member', async () => {
    use(...OK);
    const answer = await data('getRepresentatives', { lat: 37.7793, lon: -122.4193 });
    expect(answer).toMatchObject({
      point: { lat: 37.7793, lon: -122.4193 },
      matched_address: null,
      state: { code: 'CA', name: 'California', fips: '06' },
      county: { name: 'San Francisco County', fips: '06075' },
      congressional_district: { congress: 119, code: 'CA-11', number: 11, at_large: false },
      not_covered: NOT_COVERED,
      freshness: { as_of: AT_T0, stale: false },
    });
    expect(answer.representatives.map((r: any) => [r.office, r.name, r.state_rank, r.senate_class])).toEqual([
      ['U.S. Senator', 'Alex Padilla', 'senior', 3],
      ['U.S. Senator', 'Adam B. Schiff', 'junior', 1],
      ['U.S. Representative', 'Nancy Pelosi', null, null],
    ]);
    expect(answer.representatives[2]).toEqual(PELOSI);
    expect(answer.sources).toEqual([
      {
        id: 'census-geocoder',
        url: `${fake.url}/geocoder/`,
        license: 'Public domain (US Government work)',
        as_of: AT_T0,
        stale: false,
      },
      {
        id: 'congress-legislators',
        url: `${fake.url}/congress-legislators/legislators-current.json`,
        license: 'CC0 (public domain dedication)',
        as_of: AT_T0,
        stale: false,
      },
    ]);
    expect(fake.hits.find((h) => h.path === '/geocoder/geographies/coordinates')?.query).toEqual({
      x: '-122.4193',
      y: '37.7793',
      benchmark: 'Public_AR_Current',
      vintage: 'Current_Current',
      format: 'json',
    });
  });

  it('getRepresentatives by address: DC has no senators and a non-voting delegate (Census district 98)', async () => {
    use(...OK);
    const answer = await data('getRepresentatives', { address: '1600 Pennsylvania Ave NW,  Washington, DC 20500' });
    expect(answer).toMatchObject({
      point: { lat: 38.898754, lon: -77.03535 },
      matched_address: '1600 PENNSYLVANIA AVE NW, WASHINGTON, DC, 20500',
      state: { code: 'DC', name: 'District of Columbia', fips: '11' },
      congressional_district: { congress: 119, code: 'DC-AL', number: 0, at_large: true },
    });
    expect(answer.representatives.map((r: any) => [r.office, r.name, r.district])).toEqual([
      ['Delegate to the U.S. House', 'Eleanor Holmes Norton', 0],
    ]);
  });

  it('a point outside the US, or an address the geocoder cannot match, is NOT_FOUND', async () => {
    use(...OK);
    expect((await call('getRepresentatives', { lat: 30, lon: -140 })).err).toEqual({
      code: 'NOT_FOUND',
      message:
        'No US state or territory at this point (the Census geocoder covers the 50 states, DC and the territories)',
      details: { point: { lat: 30, lon: -140 } },
    });
    expect((await call('getRepresentatives', { address: '1 Nowhere Lane, Atlantis' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'The Census geocoder matched no US address',
      details: { address: '1 Nowhere Lane, Atlantis' },
    });
  });

  it('the Census geocoder down with nothing cached is UPSTREAM_ERROR; slow is UPSTREAM_TIMEOUT before the deadline', async () => {
    use('census-geocoder/unavailable-503', 'congress-legislators/current-ok');
    expect((await call('getRepresentatives', { lat: 40.1, lon: -75.1 })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'census-geocoder answered HTTP 503',
      details: { upstream: 'census-geocoder', status: 503 },
    });
    use('census-geocoder/slow-point', 'congress-legislators/current-ok');
    const started = Date.now();
    expect((await call('getRepresentatives', { lat: 40.2, lon: -75.2 }, 1_500)).err).toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      details: { upstream: 'census-geocoder' },
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('sources down after the cache went stale: the last answers, labelled stale with as_of and reason', async () => {
    now = T0 + 8 * 24 * HOUR; // past the legislators' 24 h and the series' 6 h, within their stale windows
    use(
      'fred/unavailable-503',
      'fred/series-unavailable-503',
      'fred-csv/unavailable-503',
      'congress-legislators/unavailable-503',
    );
    const latest = await data('getLatest', { series: 'cpi' });
    expect(latest.latest).toEqual({ date: '2026-09-01', value: '325.031' });
    expect(latest.freshness).toEqual({
      as_of: AT_T0,
      stale: true,
      reason: 'UPSTREAM_ERROR: fred answered HTTP 503; fred-csv answered HTTP 503',
    });
    const civic = await data('getRepresentatives', { lat: 37.7793, lon: -122.4193 });
    expect(civic.representatives).toHaveLength(3);
    expect(civic.freshness).toEqual({
      as_of: AT_T0,
      stale: true,
      reason: 'UPSTREAM_ERROR: congress-legislators answered HTTP 503',
    });
  });
});

describe('macro without a FRED key', () => {
  const { nc, fake } = macroHarness({ serve: ['fred-csv/cpiaucsl-ok', 'fred-csv/unknown-404'] });

  it('serves catalog series from the keyless CSV and refuses other ids as NOT_FOUND', async () => {
    const latest = await callOperation(nc, 'macro.getLatest', { series: 'cpi' });
    expect(latest.response!.data).toMatchObject({
      series: { name: 'cpi', last_updated: null },
      latest: { date: '2026-09-01', value: '325.031' },
      source: 'fred-csv',
    });
    expect((await callOperation(nc, 'macro.getLatest', { series: 'NOSUCHSERIES' })).err).toEqual({
      code: 'NOT_FOUND',
      message:
        'NOSUCHSERIES is not in the catalog, and other FRED series need the FRED API key, which this deployment lacks',
      details: { series_id: 'NOSUCHSERIES' },
    });
    expect(fake.hits.map((h) => h.path)).toEqual(['/graph/fredgraph.csv']);
  });
});
