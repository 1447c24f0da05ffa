import { SUBJECTS, type ChallengeReply } from '@toll/contracts';
import { NatsBus, type RunningGroup } from '@toll/platform';
import { natsClient, respond, startNats, type NatsServer } from '@toll/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { NatsConnection } from 'nats';
import { startPayments } from '../src/bootstrap';

const route = { operationId: 'shop.getItem', method: 'GET' as const, path: '/toll/shop/item', summary: 'x', price: { per: 'call' as const, usd: '0.005' }, inputSchema: {}, outputSchema: {} };

// SOL quotes follow the data app's live price over NATS, and stop when it is stale or absent.
describe('SOL quotes from the live price', () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  const database = `toll_payments_sol_${randomBytes(4).toString('hex')}`;
  const env = (url: string) => ({ NATS_URL: url, LOG_LEVEL: 'error', NATS_GRACE_PERIOD_MS: '50', DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/${database}` });

  beforeAll(async () => {
    nats = await startNats();
    nc = await natsClient(nats.url);
  });
  afterAll(async () => {
    await nc.close();
    await nats.stop();
    const admin = new Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  const challengeWith = async (asOf: string | null) => {
    const data = asOf === null ? undefined : respond(nc, SUBJECTS.dataSolUsd, () => ({ response: { solUsd: '200', source: 'coingecko', asOf } }));
    const payments: RunningGroup = await startPayments(env(nats.url));
    try {
      await new Promise((r) => setTimeout(r, 200)); // the first refresh runs at start
      return await new NatsBus(nc).request<ChallengeReply>(SUBJECTS.paymentsChallenge, { requestId: 'r', resourceUrl: 'http://t/', route }, { timeoutMs: 2_000, requestId: 'r' });
    } finally {
      await payments.close();
      data?.stop();
    }
  };

  it('quotes lamports from a fresh live price and names its source', async () => {
    const asOf = new Date().toISOString();
    const { body } = await challengeWith(asOf);
    expect((body as any).toll.sol).toMatchObject({ lamports: '25000', rate: { sol_usd: '200', source: 'data:coingecko', as_of: asOf } });
  });

  it('offers USDC only when the live price is stale or the data app is absent', async () => {
    expect(((await challengeWith(new Date(Date.now() - 2 * 3_600_000).toISOString())).body as any).toll.sol).toBeNull();
    expect(((await challengeWith(null)).body as any).toll.sol).toBeNull();
  });
});
