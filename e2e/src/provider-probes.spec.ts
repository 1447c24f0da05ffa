import { http, rootFixture } from '@toll/testing';
import { startBridge } from '../../apps/bridge/src/bootstrap';
import { startCompany } from '../../apps/company/src/bootstrap';
import { startData } from '../../apps/data/src/bootstrap';
import { startNews } from '../../apps/news/src/bootstrap';
import { startWeather } from '../../apps/weather/src/bootstrap';
import { startWiki } from '../../apps/wiki/src/bootstrap';
import { stackHarness } from './stack-harness';

// Every provider answers its API root; nothing else is recorded, so no data call can succeed and no cache fills.
const ROOT = rootFixture(200, { ok: true });
const DOWN = rootFixture(503, 'unavailable');
// One paid operation of each group with external providers, asked with valid input.
const BRIDGE_SCORE = {
  method: 'POST',
  json: { bridge: 'wormhole', from_chain: 'ethereum', to_chain: 'solana', token: 'USDC', amount_usd: 50_000 },
};
const PAID: Array<[string, RequestInit & { json?: unknown }]> = [
  ['/toll/weather/current?lat=52.52&lon=13.41', {}],
  ['/toll/wiki/answer?q=Solana', {}],
  ['/toll/news/search?q=solana', {}],
  ['/api/data?include=prices', {}],
  ['/toll/company/snapshot?ticker=AAPL', {}],
  ['/toll/bridge/score', BRIDGE_SCORE],
];

// Background provider probes: with every provider of a group down and an empty cache the operation is refused with
// 503 + Retry-After before any 402 (nobody is asked to pay on chain), and sold again once a probe finds a provider
// back.
describe('provider probes through gateway and payments', () => {
  const probes = { SOURCE_PROBE_INTERVAL_MS: '300', SOURCE_PROBE_TIMEOUT_MS: '1000' };
  const { stack, upstream } = stackHarness({
    upstream: [ROOT],
    groups: [
      (env, { upstream: u }) =>
        startWeather({
          ...env,
          ...probes,
          WEATHER_OPENMETEO_BASE_URL: u,
          WEATHER_METNO_BASE_URL: u,
          WEATHER_NWS_BASE_URL: u,
        }),
      (env, { upstream: u }) => startWiki({ ...env, ...probes, WIKI_WIKIPEDIA_URL: u }),
      (env, { upstream: u }) =>
        startNews({ ...env, ...probes, NEWS_GDELT_URL: u, NEWS_WIKIMEDIA_URL: u, NEWS_HN_URL: u }),
      (env, { upstream: u }) =>
        startData({
          ...env,
          ...probes,
          ...Object.fromEntries(
            ['COINGECKO', 'PYTH', 'NASDAQ', 'POLYGON', 'FRED', 'FREDGRAPH', 'DEFILLAMA', 'JITO', 'MARINADE'].map(
              (p) => [`DATA_${p}_BASE_URL`, u],
            ),
          ),
        }),
      (env, { upstream: u }) =>
        startCompany({
          ...env,
          ...probes,
          SEC_WWW_BASE_URL: u,
          SEC_DATA_BASE_URL: u,
          COMPANY_GLEIF_BASE_URL: u,
          COMPANY_WIKIDATA_BASE_URL: u,
        }),
      (env, { upstream: u }) =>
        startBridge({ ...env, ...probes, BRIDGE_DEFILLAMA_API_URL: u, BRIDGE_DEFILLAMA_BRIDGES_URL: u }),
    ],
  });
  const statuses = () => Promise.all(PAID.map(async ([path, init]) => (await http(`${stack.gw}${path}`, init)).status));
  const waitFor = async (want: number[]) => {
    for (let i = 0; i < 100 && JSON.stringify(await statuses()) !== JSON.stringify(want); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await statuses()).toEqual(want);
  };

  beforeAll(() => waitFor([402, 402, 402, 402, 402, 402]), 60_000);

  it('refuses with 503 and Retry-After before any 402 while every provider is down, then sells again when one is back', async () => {
    upstream.use([DOWN]); // every provider now fails (HTTP 503 at its root, 599 for data), and nothing was ever cached
    await waitFor([503, 503, 503, 503, 503, 503]);
    for (const [path, init] of PAID) {
      const res = await http(`${stack.gw}${path}`, init);
      expect(res.headers.get('payment-required')).toBeNull();
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        details: { retry_after_seconds: expect.any(Number) },
      });
      expect(res.body.error.message).toMatch(
        /cannot be served right now \(every provider it needs is down \(.*HTTP 503/,
      );
      expect(res.body.toll).toBeUndefined();
    }
    const probesOnly = upstream.hits.length;
    await new Promise((r) => setTimeout(r, 700));
    // refused calls never reach a provider
    expect(upstream.hits.slice(probesOnly).every((h) => h.path === '/')).toBe(true);

    upstream.use([ROOT]);
    await waitFor([402, 402, 402, 402, 402, 402]);
  }, 60_000);
});
