import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { http, startRedis, type RedisServer } from '@toll/testing';
import { served } from './shop-group';
import { startStack, type Stack } from './stack';

// Per-client rate limits with the real payments on the local chain: a client that has used up every free class on
// both gateway replicas still gets its paid call served and settled, since a call carrying a proof draws on its own
// bucket. (The limits themselves, shared through Redis, are in apps/gateway/test/rate-limit.spec.ts.)
describe('a paid call from a client that flooded the free routes', () => {
  let stack: Stack;
  let redis: RedisServer;
  const FLOODER = { 'x-forwarded-for': '203.0.113.77' };

  beforeAll(async () => {
    redis = await startRedis();
    stack = await startStack({
      gateways: 2,
      gatewayEnv: {
        REDIS_URL: redis.url,
        GATEWAY_RATE_LIMIT_FREE_OP: 'rate=0.01,burst=3',
        GATEWAY_RATE_LIMIT_CHALLENGE: 'rate=0.01,burst=2',
        GATEWAY_RATE_LIMIT_CATALOG: 'rate=0.01,burst=2',
      },
    });
    for (const g of stack.gateways) {
      for (let i = 0; i < 100 && (await http(`${g.url}/readyz`)).body.routes === 0; i++)
        await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    await stack.stop();
    await redis.stop();
  });

  it('is served and settled, while the same client is refused on every free class', async () => {
    const [a, b] = stack.gateways.map((g) => g.url);
    const statuses = async (urls: string[]) => {
      const out = [];
      for (const url of urls) out.push((await http(url, { headers: FLOODER })).status);
      return out;
    };
    expect(
      await statuses([
        `${a}/toll/shop/health`,
        `${b}/toll/shop/health`,
        `${a}/toll/shop/health`,
        `${b}/toll/shop/health`,
        `${a}/toll/shop/health`,
      ]),
    ).toEqual([200, 200, 200, 429, 429]);
    expect(await statuses([`${a}/openapi.json`, `${b}/llms.txt`, `${a}/docs`])).toEqual([200, 200, 429]);
    const challenge = await http(`${a}/toll/shop/item`, { headers: FLOODER });
    expect(challenge.status).toBe(402);
    expect(await statuses([`${b}/toll/shop/item`, `${a}/toll/shop/item`])).toEqual([402, 429]);

    const c: MemoChallenge = challenge.body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const paid = await http(`${b}/toll/shop/item?toll_memo=${encodeURIComponent(c.memo)}`, {
      headers: { ...FLOODER, 'x-payment-tx': sig },
    });
    expect([paid.status, paid.body, served.item]).toEqual([200, { served: 1 }, 1]);
    expect(paid.headers.get('payment-response')).not.toBeNull(); // settled
    expect((await http(`${a}/toll/shop/health`, { headers: FLOODER })).status).toBe(429);
  }, 60_000);
});
