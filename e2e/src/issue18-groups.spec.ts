import type { RunningGroup } from '@toll/platform';
import { http } from '@toll/testing';
import { startCompany } from '../../apps/company/src/bootstrap';
import { startMacro } from '../../apps/macro/src/bootstrap';
import { startScreener } from '../../apps/screener/src/bootstrap';
import { SnapshotBuild } from '../../apps/screener/src/snapshot-build';
import { appFixtures, stackHarness } from './stack-harness';

const good = (app: string) =>
  appFixtures(app).filter((f) => f.response.status < 500 && !f.response.delayMs && !/failure|error/.test(f.case));
const sec = (upstream: string) => ({
  SEC_WWW_BASE_URL: upstream,
  SEC_DATA_BASE_URL: upstream,
  SEC_FALLBACK_RATE_PER_SECOND: '10',
});

// Macro & Civic, Company Snapshot and Stock Screener behind the real gateway and payments on the local chain:
// each sells a call with its receipt; bad input is a 400 before any 402; an unknown company is an uncharged 404.
describe('macro, company and screener through gateway and payments', () => {
  let screener: RunningGroup;
  const { stack, pay } = stackHarness({
    // One fake server answers every upstream of the three groups (their paths do not overlap).
    // The screener's ticker map holds every ticker the company calls use too.
    upstream: [...good('macro'), ...good('company').filter((f) => f.upstream !== 'sec-www'), ...good('screener')],
    database: 'toll_screener_e2e',
    groups: [
      (env, { upstream }) =>
        startMacro({
          ...env,
          MACRO_FRED_API_KEY: 'test-key',
          MACRO_FRED_BASE_URL: upstream,
          MACRO_FREDGRAPH_BASE_URL: upstream,
          MACRO_CENSUS_BASE_URL: upstream,
          MACRO_LEGISLATORS_BASE_URLS: upstream,
        }),
      (env, { upstream }) =>
        startCompany({
          ...env,
          ...sec(upstream),
          COMPANY_GLEIF_BASE_URL: upstream,
          COMPANY_WIKIDATA_BASE_URL: upstream,
          COMPANY_GLEIF_RATE_PER_MINUTE: '600',
        }),
      async (env, { upstream, database }) =>
        (screener = await startScreener({
          ...env,
          ...sec(upstream),
          DATABASE_URL: database,
          SCREENER_NASDAQ_BASE_URL: upstream,
          SCREENER_BUILD_ON_START: 'false',
          SCREENER_MIN_ROWS: '5',
        })),
    ],
    ready: ['/toll/macro/health', '/toll/company/health', '/toll/screener/health'],
  });

  it('sells the latest CPI for 0.005 with a receipt', async () => {
    const { challenge, redeem } = await pay('/toll/macro/latest/cpi');
    expect(challenge.usdc.amount_atomic).toBe('5000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      series: { id: 'CPIAUCSL', units: 'Index 1982-1984=100' },
      latest: { date: '2026-09-01', value: '325.031' },
      source: 'fred',
    });
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
  });

  it('refuses an unknown series name with a 400 naming the field, before any 402', async () => {
    const res = await http(`${stack.gw}/toll/macro/latest/inflation`);
    expect(res.status).toBe(400);
    // The series is a name or an id (anyOf): each branch reports on the same field.
    expect(new Set(res.body.error.details.issues.map((i: { field: string }) => i.field))).toEqual(new Set(['series']));
  });

  it('sells a company snapshot for 0.02 with a receipt', async () => {
    const { challenge, redeem } = await pay('/toll/company/snapshot?ticker=AAPL');
    expect(challenge.usdc.amount_atomic).toBe('20000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      name: 'Apple Inc.',
      identifiers: { cik: '0000320193', lei: 'HWUPKR0MPOU8FGXBT394' },
      key_financials: { revenue: { value: '391035000000' } },
    });
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
  });

  it('answers an unknown ticker with 404 after the hold, and charges nothing', async () => {
    const { redeem } = await pay('/toll/company/snapshot?ticker=ZZZZ');
    const missing = await redeem();
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', message: "ZZZZ is not in SEC's ticker map" });
    expect(missing.headers.get('x-toll-receipt')).toBeNull();
  });

  it('refuses a malformed LEI with a 400 naming the field, before any 402', async () => {
    const res = await http(`${stack.gw}/toll/company/snapshot?lei=TOO-SHORT`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['lei']);
  });

  it('sells a stock screen for 0.01 with a receipt, after a free preview of the same screen', async () => {
    expect((await screener.app.get(SnapshotBuild).build()).outcome).toBe('built');
    const screen = { pe_max: 25, sort: 'pe', order: 'asc' };
    const preview = await http(`${stack.gw}/toll/screener/preview`, { method: 'POST', json: screen });
    expect([
      preview.status,
      preview.body.match_count,
      preview.body.first.map((r: { ticker: string }) => r.ticker),
    ]).toEqual([200, 3, ['JPM', 'BRK-B', 'XOM']]);
    const { challenge, redeem } = await pay('/toll/screener/screen', { ...screen, limit: 10 });
    expect(challenge.usdc.amount_atomic).toBe('10000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ evaluated_count: 9, match_count: 3, count: 3 });
    expect(served.body.results[0]).toMatchObject({ ticker: 'JPM', pe: '14.5614' });
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
  });
});
