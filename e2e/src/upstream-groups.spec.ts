import { http } from '@toll/testing';
import { startData } from '../../apps/data/src/bootstrap';
import { startWeather } from '../../apps/weather/src/bootstrap';
import { appFixtures as cases, stackHarness } from './stack-harness';

// An upstream-backed group behind the real gateway and payments: a failure is never charged.
describe('weather through gateway and payments', () => {
  const { stack, upstream, pay } = stackHarness({
    upstream: [],
    groups: [
      (env, { upstream: u }) =>
        startWeather({ ...env, WEATHER_OPENMETEO_BASE_URL: u, WEATHER_METNO_BASE_URL: u, WEATHER_NWS_BASE_URL: u }),
      (env, { upstream: u }) => startData({ ...env, DATA_COINGECKO_BASE_URL: u, DATA_PYTH_BASE_URL: u }),
    ],
    ready: ['/toll/weather/health'],
  });

  it('answers every provider down with the error envelope, releases the payment, and serves the same proof once they recover', async () => {
    const path = '/toll/weather/current?lat=52.52&lon=13.41';
    upstream.use(cases('weather', 'open-meteo/unavailable-503', 'met-norway/unavailable-503'));
    const { challenge: c, sig, redeem } = await pay(path);

    const failed = await redeem();
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: 'UPSTREAM_ERROR', request_id: failed.headers.get('x-request-id') });
    expect(failed.headers.get('payment-response')).toBeNull();

    upstream.use(cases('weather', 'open-meteo/current-berlin'));
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ source: 'open-meteo', freshness: { stale: false } });
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
    const again = await redeem();
    expect([again.status, again.headers.get('x-toll-redelivery'), again.text]).toEqual([200, '1', served.text]);
    const elsewhere = await http(
      `${stack.gw}/toll/weather/current?lat=48.85&lon=2.35&toll_memo=${encodeURIComponent(c.memo)}`,
      { headers: { 'x-payment-tx': sig } },
    );
    expect([elsewhere.status, elsewhere.body.error]).toEqual([402, 'memo_wrong_input']);
  });

  it('validates coordinates before asking for money', async () => {
    const res = await http(`${stack.gw}/toll/weather/forecast?lat=91&lon=0&days=20`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { field: string }) => i.field).sort()).toEqual(['days', 'lat']);
  });

  it('serves the data bundle at the spec paths: the schema free, the bundle paid (0.05 by default)', async () => {
    const schema = await http(`${stack.gw}/api/data/schema`);
    expect(schema.status).toBe(200);
    expect(schema.body).toMatchObject({ type: 'object', required: expect.arrayContaining(['updated']) });
    const bundle = await http(`${stack.gw}/api/data?include=prices`);
    expect(bundle.status).toBe(402);
    expect(bundle.body.toll.usdc.amount_atomic).toBe('50000');
  });

  it('answers a bundle with no fresh section as a 200 in the stale form (spec §7), uncharged, the proof still redeemable', async () => {
    upstream.use([]); // every price provider down, nothing cached
    const path = '/api/data?include=prices';
    const { redeem } = await pay(path);
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
