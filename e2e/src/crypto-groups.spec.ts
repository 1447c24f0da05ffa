import { http } from '@toll/testing';
import { startBridge } from '../../apps/bridge/src/bootstrap';
import { startFunding } from '../../apps/funding/src/bootstrap';
import { startTron } from '../../apps/tron/src/bootstrap';
import { appFixtures, stackHarness } from './stack-harness';

// The three groups' success and "unknown symbol" fixtures, served by one fake upstream (their paths do not overlap).
const fixtures = ['funding', 'tron', 'bridge'].flatMap((app) =>
  appFixtures(app).filter((f) => (f.response.status === 200 || f.case.includes('unknown')) && !f.response.delayMs),
);
const SENDER = 'TAuD2W5vggcdy1cNpem4uH3HreRMyPQLHT';
const HOLDER = 'TL2GFgNkMj4Wg52TRNRa1NxBJa1ZN5vZxd';

// The crypto groups behind the real gateway and payments, each paid for once in USDC on the local chain.
describe('funding, tron and bridge through gateway and payments', () => {
  const { stack, pay } = stackHarness({
    upstream: fixtures,
    database: 'toll_funding_e2e',
    groups: [
      (env, { upstream, database }) =>
        startFunding({
          ...env,
          DATABASE_URL: database,
          FUNDING_COLLECTOR_ENABLED: 'false',
          FUNDING_BINANCE_BASE_URL: upstream,
          FUNDING_BYBIT_BASE_URL: upstream,
          FUNDING_OKX_BASE_URL: upstream,
          FUNDING_HYPERLIQUID_BASE_URL: upstream,
        }),
      (env, { upstream }) => startTron({ ...env, TRON_NODE_URLS: upstream }),
      (env, { upstream }) =>
        startBridge({ ...env, BRIDGE_DEFILLAMA_API_URL: upstream, BRIDGE_DEFILLAMA_BRIDGES_URL: upstream }),
    ],
    ready: ['/toll/funding/health', '/toll/tron/health', '/toll/bridge/health'],
  });

  // 402 → pay the challenge in USDC with its memo → repeat with the proof.
  async function paid(path: string, json?: unknown) {
    const { challenge, redeem } = await pay(path, json);
    return { res: await redeem(), amount: challenge.usdc.amount_atomic };
  }

  it('tron.estimate: an address that is not TRON-shaped is a 400 before any 402; a paid estimate comes with its receipt', async () => {
    const bad = await http(`${stack.gw}/toll/tron/estimate`, {
      method: 'POST',
      json: { from: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', to: HOLDER, amount_usdt: 12.5 },
    });
    expect([
      bad.status,
      bad.body.error.code,
      bad.body.error.details.issues.map((i: { field: string }) => i.field),
    ]).toEqual([400, 'INVALID_INPUT', ['from']]);

    const { res, amount } = await paid('/toll/tron/estimate', { from: SENDER, to: HOLDER, amount_usdt: 12.5 });
    expect(amount).toBe('5000');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      recipient: { holds_usdt: true },
      energy: { required: 64285, to_burn: 49285 },
      cost: { total_burn_trx: '4.9285', total_burn_usd: null },
    });
    expect(res.headers.get('x-toll-receipt')).toBeTruthy();
  });

  it('bridge.score: paid 0.01, served with every factor and a receipt', async () => {
    const { res, amount } = await paid('/toll/bridge/score', {
      bridge: 'portal',
      from_chain: 'eth',
      to_chain: 'sol',
      token: 'USDC',
      amount_usd: 50_000,
    });
    expect(amount).toBe('10000');
    expect(res.status).toBe(200);
    expect([
      res.body.serves_route,
      res.body.score,
      res.body.grade,
      res.body.factors.map((f: { name: string }) => f.name),
    ]).toEqual([true, 70, 'B', ['security', 'liquidity', 'incidents']]);
    expect(res.headers.get('x-toll-receipt')).toBeTruthy();
  });

  it('funding.getFunding: paid 0.005 for a symbol typed as a slash pair, three venues normalised, with a receipt', async () => {
    const { res, amount } = await paid('/toll/funding/funding/WIF%2FUSDT');
    expect(amount).toBe('5000');
    expect(res.status).toBe(200);
    expect([
      res.body.market,
      res.body.venues.map((v: { venue: string; annualized: string }) => `${v.venue} ${v.annualized}`),
    ]).toEqual(['WIF-USDT-PERP', ['binance 0.438', 'bybit 0.2628', 'okx 0.219']]);
    expect(res.headers.get('x-toll-receipt')).toBeTruthy();
  });

  it('funding.getFunding: a market no venue lists is a 404 after payment, with no settlement', async () => {
    const { res } = await paid('/toll/funding/funding/NOPE');
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
      404,
      'NOT_FOUND',
      'No venue lists a NOPE-USDT-PERP perpetual',
    ]);
    expect(res.headers.get('payment-response')).toBeNull();
    expect(res.headers.get('x-toll-receipt')).toBeNull();
  });
});
