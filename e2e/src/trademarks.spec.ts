import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { type FakeUpstream, http, loadFixtures, scratchDatabase, startFakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { startTrademarks } from '../../apps/trademarks/src/bootstrap';
import { startStack, type Stack } from './stack';

const fixtures = loadFixtures(join(__dirname, '../../apps/trademarks/test/fixtures'));
const cases = (...names: string[]) => fixtures.filter((f) => names.includes(`${f.upstream}/${f.case}`));

// Trademark Watch behind the real gateway and payments: one deployment with the USPTO keys, whose index is built by
// the scheduled ingest from replayed daily files, and one without the TSDR key, whose status route is refused with a
// 503 before anyone is asked to pay.
describe('trademarks through gateway and payments', () => {
  let stack: Stack;
  let upstream: FakeUpstream;
  let gw: string;
  const db = scratchDatabase('toll_trademarks_e2e');

  const pay = async (path: string) => {
    const challenge = await http(`${gw}${path}`);
    expect(challenge.status).toBe(402);
    const c: MemoChallenge = challenge.body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    return {
      challenge: c,
      redeem: () => http(`${gw}${path}&toll_memo=${encodeURIComponent(c.memo)}`, { headers: { 'x-payment-tx': sig } }),
    };
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream(
      cases('odp/listing', 'odp/file-apc261122', 'odp/file-apc261123', 'tsdr/status-sn76044902'),
    );
    const env = (natsUrl: string) => ({
      NATS_URL: natsUrl,
      LOG_LEVEL: 'error',
      NATS_GRACE_PERIOD_MS: '50',
      ANNOUNCE_INTERVAL_MS: '500',
      DATABASE_URL: db.url,
      TRADEMARKS_INGEST_TICK_MS: '200',
      TRADEMARKS_ODP_BASE_URL: upstream.url,
      TRADEMARKS_ODP_API_KEY: 'odp-test-key',
      TRADEMARKS_TSDR_BASE_URL: upstream.url,
    });
    stack = await startStack({ groups: [(natsUrl) => startTrademarks(env(natsUrl))] });
    gw = stack.gateways[0].url;
    for (let i = 0; i < 150; i++) {
      const health = await http(`${gw}/toll/trademarks/health`);
      if (health.status === 200 && health.body.cache.index_marks === 7) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    await stack.stop();
    await upstream.stop();
    await db.drop();
  });

  it('sells a similar-mark search for 0.01 USDC with a receipt', async () => {
    const { challenge, redeem } = await pay('/toll/trademarks/search?mark=Python&classes=9,42');
    expect(challenge.usdc.amount_atomic).toBe('10000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
    expect(served.body.matches.map((m: { mark: string; match: string }) => [m.mark, m.match])).toEqual([
      ['PYTHON', 'exact'],
      ['PITHON', 'phonetic'],
      ['PYTON', 'fuzzy'],
    ]);
  });

  it('refuses class 46 and a malformed serial number with a 400 before any 402', async () => {
    const classes = await http(`${gw}/toll/trademarks/search?mark=python&classes=9,46`);
    expect(classes.status).toBe(400);
    expect(classes.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['classes']);
    const serial = await http(`${gw}/toll/trademarks/status?serial=7604490`);
    expect(serial.status).toBe(400);
  });

  it('answers a status look-up with a clear 503 before any 402 when the TSDR key is not configured', async () => {
    const off = await http(`${gw}/toll/trademarks/status?serial=76044902`);
    expect(off.status).toBe(503);
    expect(Number(off.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(off.headers.get('payment-required')).toBeNull();
    expect(off.body.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { retry_after_seconds: expect.any(Number) },
    });
    expect(off.body.error.message).toMatch(
      /^trademarks\.getStatus cannot be served right now \(.*TRADEMARKS_TSDR_API_KEY.*\); no payment was taken/,
    );
    expect(upstream.hits.filter((h) => h.path.startsWith('/ts/'))).toEqual([]);
  });
});
