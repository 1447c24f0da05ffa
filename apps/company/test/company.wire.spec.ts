import { CatalogService, Clock, SourceProbes } from '@toll/platform';
import { groupHarness, loadFixtures, rootFixture, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startCompany } from '../src/bootstrap';

const FIXTURES = loadFixtures(join(__dirname, 'fixtures'));
const OK = FIXTURES.filter((f) => f.response.status < 500 && !f.response.delayMs).map((f) => `${f.upstream}/${f.case}`);

// Every provider root failing: what the background probes see during an outage.
const ROOT_DOWN = rootFixture(503, 'unavailable');

const T0 = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;
const AT_T0 = '2026-11-24T12:00:00.000Z';
const APPLE_LEI = 'HWUPKR0MPOU8FGXBT394';
const K24 = {
  fiscal_year: 2024,
  fiscal_period: 'FY',
  form: '10-K',
  accession_number: '0000320193-24-000123',
  filed: '2024-11-01',
};
const K24_INDEX = 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/0000320193-24-000123-index.htm';
const FY24 = { start: '2023-10-01', end: '2024-09-28', days: 364 };
const figure = (concept: string, unit: string, value: string, period: object) => ({
  value,
  unit,
  concept,
  period,
  ...K24,
  filing_index_url: K24_INDEX,
  classes_summed: null,
});
const instant = (end: string) => ({ start: null, end, days: null });
const APPLE_HQ = {
  lines: ['ONE APPLE PARK WAY'],
  city: 'CUPERTINO',
  region: 'CA',
  postal_code: '95014',
  country: 'CA',
};
const APPLE_LEGAL = {
  lines: ['One Apple Park Way'],
  city: 'Cupertino',
  region: 'US-CA',
  postal_code: '95014',
  country: 'US',
};
const fresh = (id: string, license: string) => ({ id, license, as_of: AT_T0, stale: false });
const SEC = 'Public domain (US Government work)';
const GLEIF = 'CC0 (GLEIF LEI data)';

const APPLE_SNAPSHOT = {
  name: 'Apple Inc.',
  identifiers: {
    ticker: 'AAPL',
    tickers: ['AAPL'],
    exchanges: ['Nasdaq'],
    cik: '0000320193',
    lei: APPLE_LEI,
    isins: ['US0378331005', 'US037833AK68'],
    ein: '942404110',
    wikidata: 'Q312',
  },
  industry: { sic: '3571', description: 'Electronic Computers' },
  jurisdiction: 'US-CA',
  legal_form: { elf_code: 'H1UM', other: null },
  status: { entity: 'ACTIVE', lei_registration: 'ISSUED' },
  fiscal_year_end: '09-28',
  addresses: { business: APPLE_HQ, mailing: APPLE_HQ, legal: APPLE_LEGAL, headquarters: APPLE_LEGAL },
  parents: { direct: null, ultimate: null },
  key_financials: {
    revenue: figure('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'USD', '391035000000', FY24),
    net_income: figure('us-gaap:NetIncomeLoss', 'USD', '93736000000', FY24),
    total_assets: figure('us-gaap:Assets', 'USD', '364980000000', instant('2024-09-28')),
    stockholders_equity: figure('us-gaap:StockholdersEquity', 'USD', '56950000000', instant('2024-09-28')),
    shares_outstanding: figure(
      'dei:EntityCommonStockSharesOutstanding',
      'shares',
      '15115823000',
      instant('2024-10-18'),
    ),
    eps_diluted: figure('us-gaap:EarningsPerShareDiluted', 'USD/shares', '6.08', FY24),
  },
  description: {
    text: 'American multinational technology company',
    source: 'Wikidata Q312',
    url: 'https://www.wikidata.org/wiki/Q312',
    license: 'CC0 (Wikidata)',
  },
  website: 'https://www.apple.com/', // the preferred claim, not the deprecated one
  wikipedia: 'https://en.wikipedia.org/wiki/Apple_Inc.',
  former_names: [
    { name: 'APPLE INC', from: '2007-01-10T05:00:00.000Z', to: '2019-08-05T04:00:00.000Z' },
    { name: 'APPLE COMPUTER INC', from: '1994-01-26T05:00:00.000Z', to: '2007-01-04T05:00:00.000Z' },
  ],
  links: { lei_from: 'gleif-legal-name', cik_from: 'ticker' },
  sources: [
    fresh('sec-tickers', SEC),
    fresh('sec-submissions', SEC),
    fresh('sec-companyfacts', SEC),
    fresh('gleif-name-search', GLEIF),
    fresh('gleif', GLEIF),
    fresh('wikidata', 'CC0 (Wikidata)'),
  ],
  freshness: { as_of: AT_T0, stale: false },
};

// The real group over a real NATS server, SEC and GLEIF replayed by one local fake server.
describe('company over NATS', () => {
  let now = T0;
  const { fake, group, use, call, data } = groupHarness({
    name: 'company',
    start: startCompany,
    fixtures: join(__dirname, 'fixtures'),
    clock: { token: Clock, now: () => now },
    env: (u) => ({
      SEC_WWW_BASE_URL: u.fake,
      SEC_DATA_BASE_URL: u.fake,
      SEC_TIMEOUT_MS: '2000',
      SEC_FALLBACK_RATE_PER_SECOND: '10',
      COMPANY_GLEIF_BASE_URL: u.fake,
      COMPANY_WIKIDATA_BASE_URL: u.fake,
      COMPANY_GLEIF_TIMEOUT_MS: '2000',
      COMPANY_GLEIF_RATE_PER_MINUTE: '600',
    }),
  });

  it('serves its health: sources, governors, tolls and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({
      service: 'company',
      title: 'Company Snapshot',
      status: 'ok',
      governor: { sec: 'per-process', gleif: 'per-process', sec_rate_per_second: 8 },
    });
    expect(health.tolls).toEqual(
      tollsOf([
        ['company.getSnapshot', 'GET', '/toll/company/snapshot', '0.02'],
        ['company.search', 'GET', '/toll/company/search', '0.005'],
        ['company.getHealth', 'GET', '/toll/company/health', null],
      ]),
    );
  });

  it.each([
    ['getSnapshot', {}, 'ticker', 'give one of ticker, cik, lei or name'],
    [
      'getSnapshot',
      { ticker: 'AAPL', cik: '320193' },
      'cik',
      'give only one of ticker, cik, lei or name (ticker and cik given)',
    ],
    ['getSnapshot', { lei: 'HWUPKR0MPOU8FGXBT395' }, 'lei', 'LEI check digits do not match (ISO 17442 mod 97)'],
    ['getSnapshot', { lei: 'HWUPKR0MPOU8FGXBT3' }, 'lei', 'must be a 20-character LEI (ISO 17442)'],
    ['getSnapshot', { cik: '32019A' }, 'cik', 'must be an SEC CIK: 1 to 10 digits'],
    ['getSnapshot', { ticker: 'AAPL$' }, 'ticker', 'must be a US ticker symbol such as AAPL or BRK.B'],
    ['search', { q: 'a' }, 'q', 'Too small: expected string to have >=2 characters'],
    ['search', { q: 'apple', limit: 21 }, 'limit', 'Too big: expected number to be <=20'],
    ['search', { q: 'apple', exchange: 'NYSE' }, 'exchange', 'is not an accepted field'],
  ])('%s refuses %j: INVALID_INPUT on %s, before any upstream call', async (operation, input, field, message) => {
    use(...OK);
    expect((await call(operation, input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
    expect(fake.hits).toEqual([]);
  });

  it('getSnapshot by ticker: SEC profile and latest 10-K figures joined to GLEIF (LEI found by legal name), parents and ISINs', async () => {
    use(...OK);
    expect(await data('getSnapshot', { ticker: 'aapl' })).toEqual(APPLE_SNAPSHOT);
    fake.hits.length = 0;
    await data('getSnapshot', { cik: '320193' }); // the same company by CIK: everything cached
    expect(fake.hits).toEqual([]);
  });

  it('getSnapshot by CIK: the LEI SEC carries; a filer without XBRL data has no key financials', async () => {
    use(...OK);
    const brk = await data('getSnapshot', { cik: '0001067983' });
    expect(brk).toMatchObject({
      name: 'BERKSHIRE HATHAWAY INC',
      identifiers: {
        ticker: 'BRK-B',
        tickers: ['BRK-B', 'BRK-A'],
        exchanges: ['NYSE', 'NYSE'],
        cik: '0001067983',
        lei: '5493000C01ZX7D35SD85',
        isins: [],
      },
      industry: { sic: '6331', description: 'Fire, Marine & Casualty Insurance' },
      key_financials: null,
      links: { lei_from: 'sec', cik_from: 'input' },
    });
    expect(fake.hits.map((h) => h.path)).not.toContain('/api/v1/lei-records');
  });

  it('getSnapshot by LEI: a subsidiary outside SEC, with its direct and ultimate parents', async () => {
    use(...OK);
    const google = await data('getSnapshot', { lei: '7zw8qjwvpr4p1j1kqy45' });
    expect(google).toMatchObject({
      name: 'Google LLC',
      identifiers: { ticker: null, tickers: [], cik: null, lei: '7ZW8QJWVPR4P1J1KQY45', isins: [], ein: null },
      industry: null,
      jurisdiction: 'US-DE',
      legal_form: { elf_code: 'HZEH', other: null },
      parents: {
        direct: { lei: '5493006MHB84DD0ZWV18', name: 'Alphabet Inc.' },
        ultimate: { lei: '5493006MHB84DD0ZWV18', name: 'Alphabet Inc.' },
      },
      key_financials: null,
      links: { lei_from: 'input', cik_from: null },
    });
  });

  it('getSnapshot by exact name (case, punctuation and legal form ignored)', async () => {
    use(...OK);
    expect(await data('getSnapshot', { name: 'APPLE, INC' })).toMatchObject({
      identifiers: { cik: '0000320193' },
      links: { cik_from: 'name' },
    });
  });

  it('unknown companies are NOT_FOUND (released, never charged)', async () => {
    use(...OK);
    expect((await call('getSnapshot', { ticker: 'ZZZZ' })).err).toEqual({
      code: 'NOT_FOUND',
      message: "ZZZZ is not in SEC's ticker map",
      details: { ticker: 'ZZZZ' },
    });
    expect((await call('getSnapshot', { lei: 'INR2EJN1ERAN0W5ZP974' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'GLEIF has no LEI INR2EJN1ERAN0W5ZP974',
      details: { lei: 'INR2EJN1ERAN0W5ZP974' },
    });
    expect((await call('getSnapshot', { cik: '1' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'SEC has no filer with CIK 1',
      details: { cik: 1 },
    });
    expect((await call('getSnapshot', { name: 'Nothing Corp' })).err).toEqual({
      code: 'NOT_FOUND',
      message: 'No single company is named "Nothing Corp"; company.search lists the candidates',
      details: { name: 'Nothing Corp', exact_matches: 0 },
    });
  });

  it('search: candidates from SEC and GLEIF merged, ranked, each with its reasons', async () => {
    use(...OK);
    const found = await data('search', { q: 'apple', limit: 5 });
    expect(found.candidates).toEqual([
      {
        name: 'Apple Inc.',
        ticker: 'AAPL',
        cik: '0000320193',
        lei: APPLE_LEI,
        score: 0.95,
        reasons: [
          'SEC: legal name equals the query (ignoring case, punctuation and legal form)',
          'GLEIF: legal name equals the query (ignoring case, punctuation and legal form)',
        ],
      },
      {
        name: 'APPLE BANK FOR SAVINGS',
        ticker: null,
        cik: null,
        lei: '549300MGTKNT2BS7BK39',
        score: 0.85,
        reasons: ['GLEIF: legal name starts with the query'],
      },
      {
        name: 'Apple Hospitality REIT, Inc.',
        ticker: 'APLE',
        cik: '0001418121',
        lei: null,
        score: 0.85,
        reasons: ['SEC: legal name starts with the query'],
      },
      {
        name: 'APPEL GMBH',
        ticker: null,
        cik: null,
        lei: '391200KB5L2OUH9QEC25',
        score: 0.54,
        reasons: ['GLEIF fuzzy completion #3 on legal names'],
      },
    ]);
    expect(found.sources).toEqual([
      { id: 'sec-tickers', ok: true, as_of: AT_T0, stale: false, error: null },
      { id: 'gleif', ok: true, as_of: AT_T0, stale: false, error: null },
    ]);
  });

  it('search by ticker, with GLEIF down: SEC alone answers and the answer says GLEIF failed', async () => {
    use('sec-www/company-tickers-ok', 'gleif/unavailable-503');
    const found = await data('search', { q: 'BRK.B' });
    expect(found.candidates).toEqual([
      {
        name: 'BERKSHIRE HATHAWAY INC',
        ticker: 'BRK-B',
        cik: '0001067983',
        lei: null,
        score: 1,
        reasons: ['ticker BRK-B equals the query'],
      },
    ]);
    expect(found.sources[1]).toEqual({
      id: 'gleif',
      ok: false,
      as_of: null,
      stale: false,
      error: 'gleif answered HTTP 503',
    });
  });

  it('SEC down with nothing cached is UPSTREAM_ERROR and shows in health; GLEIF slow is UPSTREAM_TIMEOUT before the deadline', async () => {
    use('sec-data/unavailable-503');
    expect((await call('getSnapshot', { cik: '320194' })).err).toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { upstream: 'sec-data' },
    });
    expect((await data('getHealth', {})).status).toBe('degraded');
    use('gleif/slow-record');
    const started = Date.now();
    expect((await call('getSnapshot', { lei: '5493006MHB84DD0ZWV18' }, 1_500)).err).toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      details: { upstream: 'gleif' },
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('GLEIF failing on parents and ISINs, and Wikidata down: the snapshot still answers, parents unknown (null), no description, each failure named', async () => {
    use('gleif/record-alphabet-ok', 'sec-data/submissions-googl-ok', 'sec-data/companyfacts-googl-404');
    const alphabet = await data('getSnapshot', { lei: '5493006MHB84DD0ZWV18' });
    expect(alphabet).toMatchObject({
      name: 'Alphabet Inc.',
      identifiers: { ticker: 'GOOGL', cik: '0001652044', lei: '5493006MHB84DD0ZWV18', isins: [] },
      parents: null,
      links: { lei_from: 'input', cik_from: 'gleif-legal-name' },
    });
    expect(alphabet).toMatchObject({ description: null, wikipedia: null, identifiers: { wikidata: null } });
    expect(alphabet.sources.filter((s: { stale: boolean }) => s.stale)).toEqual([
      {
        id: 'gleif-relationships',
        license: GLEIF,
        as_of: AT_T0,
        stale: true,
        reason: 'UPSTREAM_ERROR: gleif answered HTTP 599',
      },
      {
        id: 'wikidata',
        license: 'CC0 (Wikidata)',
        as_of: AT_T0,
        stale: true,
        reason: 'UPSTREAM_ERROR: wikidata answered HTTP 599',
      },
    ]);
    expect(alphabet.freshness).toEqual({
      as_of: AT_T0,
      stale: true,
      reason: 'UPSTREAM_ERROR: gleif answered HTTP 599',
    });
  });

  it('sources down after the cache went stale: the last snapshot, labelled stale with as_of and reason', async () => {
    now = T0 + 25 * HOUR;
    use('sec-data/unavailable-503', 'gleif/record-unavailable-503');
    const answer = await data('getSnapshot', { ticker: 'AAPL' });
    expect(answer.key_financials.revenue.value).toBe('391035000000');
    expect(answer.freshness).toMatchObject({ as_of: AT_T0, stale: true });
  });

  it('probes SEC and GLEIF: both down refuses snapshots before payment, search only once the ticker map is past its stale window', async () => {
    const probes = group.app.get(SourceProbes);
    const unavailable = () => Object.keys(group.app.get(CatalogService).availability.unavailable()).sort();
    fake.use([ROOT_DOWN]);
    await probes.probeAll();
    expect(unavailable()).toEqual([]); // one failed probe is a suspicion
    await probes.probeAll();
    expect(unavailable()).toEqual(['company.getSnapshot']); // the ticker map read earlier still answers searches
    now = T0 + 9 * 24 * HOUR; // past the ticker map's stale window (24 h fresh, 7 days stale)
    await probes.probeAll();
    expect(unavailable()).toEqual(['company.getSnapshot', 'company.search']);
    fake.use([]); // the roots answer again (404 is an answer)
    await probes.probeAll();
    expect(unavailable()).toEqual([]);
  });
});
