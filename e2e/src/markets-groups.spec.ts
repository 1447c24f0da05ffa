import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import type { RunningGroup } from '@toll/platform';
import { type FakeUpstream, type Fixture, http, loadFixtures, scratchDatabase, startFakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { startEtf } from '../../apps/etf/src/bootstrap';
import { startSec } from '../../apps/sec/src/bootstrap';
import { startShort } from '../../apps/short/src/bootstrap';
import { ShortSync } from '../../apps/short/src/short-sync';
import { startStack, type Stack } from './stack';
import { Clock } from '@toll/platform';

const fixtures = (app: string, ...ids: string[]): Fixture[] => {
  const all = loadFixtures(join(__dirname, `../../apps/${app}/test/fixtures`));
  return ids.map((id) => all.find((f) => `${f.upstream}/${f.case}` === id)!);
};

// The markets groups (sec, etf, short) behind the real gateway and payments on the local chain: each sells a
// call with its receipt, and an unknown ticker is a 404 that charges nothing.
describe('markets groups through gateway and payments', () => {
  let stack: Stack;
  let upstream: FakeUpstream;
  let gw: string;
  let short: RunningGroup;
  const db = scratchDatabase('toll_payments_e2e');

  const pay = async (path: string) => {
    const challenge = await http(`${gw}${path}`);
    expect(challenge.status).toBe(402);
    const c: MemoChallenge = challenge.body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const sep = path.includes('?') ? '&' : '?';
    return {
      challenge: c,
      redeem: () =>
        http(`${gw}${path}${sep}toll_memo=${encodeURIComponent(c.memo)}`, { headers: { 'x-payment-tx': sig } }),
    };
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    const env = (natsUrl: string) => ({
      NATS_URL: natsUrl,
      LOG_LEVEL: 'error',
      NATS_GRACE_PERIOD_MS: '50',
      ANNOUNCE_INTERVAL_MS: '500',
    });
    stack = await startStack({
      groups: [
        (natsUrl) => startSec({ ...env(natsUrl), SEC_WWW_BASE_URL: upstream.url, SEC_DATA_BASE_URL: upstream.url }),
        (natsUrl) =>
          startEtf({ ...env(natsUrl), ETF_NASDAQ_BASE_URL: upstream.url, ETF_SCREENER_WARM_ON_START: 'false' }),
        async (natsUrl) =>
          (short = await startShort({
            ...env(natsUrl),
            DATABASE_URL: db.url,
            SHORT_FINRA_BASE_URL: upstream.url,
            SHORT_SYNC_ON_START: 'false',
            SHORT_MIN_FILE_ROWS: '10',
          })),
      ],
    });
    gw = stack.gateways[0].url;
    for (const path of ['/toll/sec/health', '/toll/etf/health', '/toll/short/health']) {
      for (let i = 0; i < 100 && (await http(`${gw}${path}`)).status !== 200; i++)
        await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    await upstream?.stop();
    await db.drop();
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
    const res = await http(`${gw}/toll/sec/fundamentals/AAPL%24`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['ticker']);
  });

  it('serves the filings list free', async () => {
    upstream.use(fixtures('sec', 'sec-www/company-tickers-ok', 'sec-data/submissions-aapl-ok'));
    const res = await http(`${gw}/toll/sec/filings/AAPL`);
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
    const res = await http(`${gw}/toll/etf/distributions/SCHD?price=abc`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['price']);
  });

  it('sells short interest for 0.01 with a receipt, from the files the group loaded', async () => {
    jest.spyOn(short.app.get(Clock), 'now').mockReturnValue(Date.parse('2026-11-24T12:00:00Z'));
    upstream.use(fixtures('short', 'finra/shrt20261015-ok', 'finra/shrt20261030-ok'));
    // Nothing loaded yet is known before anyone pays: 503 with Retry-After, no challenge (issue 33).
    const before = await http(`${gw}/toll/short/short/GME`);
    expect([before.status, before.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(before.body.error.message).toContain('no short interest file is loaded yet');
    await short.app.get(ShortSync).sync();
    for (let i = 0; i < 50 && (await http(`${gw}/toll/short/short/GME`)).status !== 402; i++)
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
    const top = await http(`${gw}/toll/short/most-shorted`);
    expect([top.status, top.body.count, top.body.items[0].ticker]).toEqual([200, 20, 'BYND']);
  });
});
