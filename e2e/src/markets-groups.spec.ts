import { Clock, type RunningGroup } from '@toll/platform';
import { http } from '@toll/testing';
import { startEtf } from '../../apps/etf/src/bootstrap';
import { startSec } from '../../apps/sec/src/bootstrap';
import { startShort } from '../../apps/short/src/bootstrap';
import { ShortSync } from '../../apps/short/src/short-sync';
import { appFixtures as fixtures, stackHarness } from './stack-harness';

// The markets groups (sec, etf, short) behind the real gateway and payments on the local chain: each sells a
// call with its receipt, and an unknown ticker is a 404 that charges nothing.
describe('markets groups through gateway and payments', () => {
  let short: RunningGroup;
  const { stack, upstream, pay } = stackHarness({
    upstream: [],
    database: 'toll_payments_e2e',
    groups: [
      (env, { upstream: u }) => startSec({ ...env, SEC_WWW_BASE_URL: u, SEC_DATA_BASE_URL: u }),
      (env, { upstream: u }) => startEtf({ ...env, ETF_NASDAQ_BASE_URL: u, ETF_SCREENER_WARM_ON_START: 'false' }),
      async (env, { upstream: u, database }) =>
        (short = await startShort({
          ...env,
          DATABASE_URL: database,
          SHORT_FINRA_BASE_URL: u,
          SHORT_SYNC_ON_START: 'false',
          SHORT_MIN_FILE_ROWS: '10',
        })),
    ],
    ready: ['/toll/sec/health', '/toll/etf/health', '/toll/short/health'],
  });

  it('sells SEC fundamentals for 0.02 with a receipt', async () => {
    upstream.use(fixtures('sec', 'sec-www/company-tickers-ok', 'sec-data/companyfacts-aapl-ok'));
    const { challenge, redeem } = await pay('/toll/sec/fundamentals/AAPL');
    expect(challenge.usdc.amount_atomic).toBe('20000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      ticker: 'AAPL',
      cik: '0000320193',
      annual: { revenue: { value: '391035000000', accession_number: '0000320193-24-000123' } },
    });
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
  });

  it('answers an unknown ticker with 404 after the hold, and charges nothing', async () => {
    upstream.use(fixtures('sec', 'sec-www/company-tickers-ok'));
    const { redeem } = await pay('/toll/sec/fundamentals/ZZZZ');
    const missing = await redeem();
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', message: "ZZZZ is not in SEC's ticker map" });
    expect(missing.headers.get('payment-response')).toBeNull();
    expect(missing.headers.get('x-toll-receipt')).toBeNull();
  });

  it('refuses a malformed ticker with a 400 naming the field, before any 402', async () => {
    const res = await http(`${stack.gw}/toll/sec/fundamentals/AAPL%24`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['ticker']);
  });

  it('serves the filings list free', async () => {
    upstream.use(fixtures('sec', 'sec-www/company-tickers-ok', 'sec-data/submissions-aapl-ok'));
    const res = await http(`${stack.gw}/toll/sec/filings/AAPL`);
    expect([res.status, res.body.count, res.body.filings[0].accession_number]).toEqual([
      200,
      10,
      '0000320193-24-000123',
    ]);
  });

  it('sells an ETF distribution history for 0.01 with a receipt, the yield at the caller price', async () => {
    upstream.use(fixtures('etf', 'nasdaq/schd-dividends-ok'));
    const { challenge, redeem } = await pay('/toll/etf/distributions/SCHD?price=26.5');
    expect(challenge.usdc.amount_atomic).toBe('10000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      ticker: 'SCHD',
      count: 9,
      frequency: 'quarterly',
      yield: { price: '26.5', price_source: 'caller' },
    });
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
  });

  it('refuses a malformed price with a 400 naming the field, before any 402', async () => {
    const res = await http(`${stack.gw}/toll/etf/distributions/SCHD?price=abc`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['price']);
  });

  it('sells short interest for 0.01 with a receipt, from the files the group loaded', async () => {
    jest.spyOn(short.app.get(Clock), 'now').mockReturnValue(Date.parse('2026-11-24T12:00:00Z'));
    upstream.use(fixtures('short', 'finra/shrt20261015-ok', 'finra/shrt20261030-ok'));
    // Nothing loaded yet is known before anyone pays: 503 with Retry-After, no challenge (issue 33).
    const before = await http(`${stack.gw}/toll/short/short/GME`);
    expect([before.status, before.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(before.body.error.message).toContain('no short interest file is loaded yet');
    await short.app.get(ShortSync).sync();
    for (let i = 0; i < 50 && (await http(`${stack.gw}/toll/short/short/GME`)).status !== 402; i++)
      await new Promise((r) => setTimeout(r, 100));
    const { challenge, redeem } = await pay('/toll/short/short/GME');
    expect(challenge.usdc.amount_atomic).toBe('10000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      ticker: 'GME',
      settlement_date: '2026-10-30',
      publication_date: '2026-11-10',
      shares_short: '61250431',
      days_to_cover: '6.2',
    });
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
    const top = await http(`${stack.gw}/toll/short/most-shorted`);
    expect([top.status, top.body.count, top.body.items[0].ticker]).toEqual([200, 20, 'BYND']);
  });
});
