import { SUBJECTS, type ChallengeReply } from '@toll/contracts';
import { NatsBus, type RunningGroup } from '@toll/platform';
import { respond, groupHarness } from '@toll/testing';
import { startPayments } from '../src/bootstrap';

const route = {
  operationId: 'shop.getItem',
  method: 'GET' as const,
  path: '/toll/shop/item',
  summary: 'x',
  price: { per: 'call' as const, usd: '0.005' },
  inputSchema: {},
  outputSchema: {},
};

// SOL quotes follow the data app's live price over NATS, and stop when it is stale or absent.
describe('SOL quotes from the live price', () => {
  const { nc, startGroup } = groupHarness({
    name: 'payments',
    start: startPayments,
    database: 'toll_payments_sol',
    replicas: 0,
  });

  const challengeWith = async (asOf: string | null) => {
    const data =
      asOf === null
        ? undefined
        : respond(nc, SUBJECTS.dataSolUsd, () => ({ response: { solUsd: '200', source: 'coingecko', asOf } }));
    const payments: RunningGroup = await startGroup();
    try {
      await new Promise((r) => setTimeout(r, 200)); // the first refresh runs at start
      return await new NatsBus(nc).request<ChallengeReply>(
        SUBJECTS.paymentsChallenge,
        { requestId: 'r', resourceUrl: 'http://t/', route },
        { timeoutMs: 2_000, requestId: 'r' },
      );
    } finally {
      await payments.close();
      data?.stop();
    }
  };

  it('quotes lamports from a fresh live price and names its source', async () => {
    const asOf = new Date().toISOString();
    const { body } = await challengeWith(asOf);
    expect((body as any).toll.sol).toMatchObject({
      lamports: '25000',
      rate: { sol_usd: '200', source: 'data:coingecko', as_of: asOf },
    });
  });

  it('offers USDC only when the live price is stale or the data app is absent', async () => {
    expect(((await challengeWith(new Date(Date.now() - 2 * 3_600_000).toISOString())).body as any).toll.sol).toBeNull();
    expect(((await challengeWith(null)).body as any).toll.sol).toBeNull();
  });
});
