import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { http, loadFixtures, startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { startData } from '../../apps/data/src/bootstrap';
import { startWeather } from '../../apps/weather/src/bootstrap';
import { startStack, type Stack } from './stack';

const fixtures = (upstream: string) => loadFixtures(join(__dirname, '../../apps/weather/test/fixtures', upstream));
const cases = (upstream: string, ...names: string[]) => fixtures(upstream).filter((f) => names.includes(f.case));

// An upstream-backed group behind the real gateway and payments: a failure is never charged.
describe('weather through gateway and payments', () => {
  let stack: Stack;
  let upstream: FakeUpstream;
  let gw: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    const env = (natsUrl: string) => ({
      NATS_URL: natsUrl,
      LOG_LEVEL: 'error',
      NATS_GRACE_PERIOD_MS: '50',
      ANNOUNCE_INTERVAL_MS: '500',
      WEATHER_OPENMETEO_BASE_URL: upstream.url,
      WEATHER_METNO_BASE_URL: upstream.url,
      WEATHER_NWS_BASE_URL: upstream.url,
    });
    stack = await startStack({
      groups: [
        (natsUrl) => startWeather(env(natsUrl)),
        (natsUrl) =>
          startData({ ...env(natsUrl), DATA_COINGECKO_BASE_URL: upstream.url, DATA_PYTH_BASE_URL: upstream.url }),
      ],
    });
    gw = stack.gateways[0].url;
    for (let i = 0; i < 100 && (await http(`${gw}/toll/weather/health`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 100));
  }, 60_000);

  afterAll(async () => {
    await stack.stop();
    await upstream.stop();
  });

  it('answers every provider down with the error envelope, releases the payment, and serves the same proof once they recover', async () => {
    const path = '/toll/weather/current?lat=52.52&lon=13.41';
    upstream.use([...cases('open-meteo', 'unavailable-503'), ...cases('met-norway', 'unavailable-503')]);
    const challenge = await http(`${gw}${path}`);
    expect(challenge.status).toBe(402);
    const c: MemoChallenge = challenge.body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const redeem = () =>
      http(`${gw}${path}&toll_memo=${encodeURIComponent(c.memo)}`, { headers: { 'x-payment-tx': sig } });

    const failed = await redeem();
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: 'UPSTREAM_ERROR', request_id: failed.headers.get('x-request-id') });
    expect(failed.headers.get('payment-response')).toBeNull();

    upstream.use(cases('open-meteo', 'current-berlin'));
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ source: 'open-meteo', freshness: { stale: false } });
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
    const again = await redeem();
    expect([again.status, again.headers.get('x-toll-redelivery'), again.text]).toEqual([200, '1', served.text]);
    const elsewhere = await http(
      `${gw}/toll/weather/current?lat=48.85&lon=2.35&toll_memo=${encodeURIComponent(c.memo)}`,
      { headers: { 'x-payment-tx': sig } },
    );
    expect([elsewhere.status, elsewhere.body.error]).toEqual([402, 'memo_wrong_input']);
  });

  it('validates coordinates before asking for money', async () => {
    const res = await http(`${gw}/toll/weather/forecast?lat=91&lon=0&days=20`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { field: string }) => i.field).sort()).toEqual(['days', 'lat']);
  });

  it('serves the data bundle at the spec paths: the schema free, the bundle paid (0.05 by default)', async () => {
    const schema = await http(`${gw}/api/data/schema`);
    expect(schema.status).toBe(200);
    expect(schema.body).toMatchObject({ type: 'object', required: expect.arrayContaining(['updated']) });
    const bundle = await http(`${gw}/api/data?include=prices`);
    expect(bundle.status).toBe(402);
    expect(bundle.body.toll.usdc.amount_atomic).toBe('50000');
  });

  it('answers a bundle with no fresh section as a 200 in the stale form (spec §7), uncharged, the proof still redeemable', async () => {
    upstream.use([]); // every price provider down, nothing cached
    const path = '/api/data?include=prices';
    const c: MemoChallenge = (await http(`${gw}${path}`)).body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const redeem = () =>
      http(`${gw}${path}&toll_memo=${encodeURIComponent(c.memo)}`, { headers: { 'x-payment-tx': sig } });
    for (let i = 0; i < 2; i++) {
      const res = await redeem();
      expect(res.status).toBe(200);
      expect(res.body.prices).toMatchObject({ stale: true, data: null, as_of: null, reason: expect.any(String) });
      expect([
        res.headers.get('x-toll-uncharged'),
        res.headers.get('payment-response'),
        res.headers.get('x-toll-receipt'),
      ]).toEqual(['no requested section has fresh data', null, null]);
    }
  });
});
