import { JsonLogger } from '@toll/platform';
import { loadFixtures, startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { TokensConfig } from '../config';
import { SolanaRpcClient } from './solana-rpc.client';

// Real and real-shaped provider answers through the client: keys that providers add or leave out do not matter.
const fixtures = loadFixtures(join(__dirname, '../../test/fixtures/solana-rpc'));
const fixture = (name: string) => {
  const found = fixtures.find((f) => f.case === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
};

describe(SolanaRpcClient.name, () => {
  let fake: FakeUpstream;
  let rpc: SolanaRpcClient;
  const deadline = () => Date.now() + 2_000;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    rpc = new SolanaRpcClient(TokensConfig.parse({ TOKENS_RPC_URLS: fake.url }), new JsonLogger('tokens', 'error'));
  });
  afterAll(() => fake.stop());

  it('reads a real getMultipleAccounts answer: null for a missing account, extra keys ignored', async () => {
    fake.use([fixture('multiple-accounts-ok')]);
    const { value } = await rpc.accounts(
      ['vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg', '4fYNw3dojWmQ4dXtSGE9epjRGy9pFSx62YypT7avPYvA'],
      deadline(),
    );
    expect(value).toEqual([null, { owner: '11111111111111111111111111111111', data: Buffer.alloc(0) }]);
  });

  it('accepts accounts that carry only data and owner (no lamports, space, rentEpoch)', async () => {
    fake.use([fixture('multiple-accounts-lean')]);
    const { value } = await rpc.accounts(
      ['So11111111111111111111111111111111111111112', 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg'],
      deadline(),
    );
    expect(value).toEqual([
      { owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', data: Buffer.from([1, 2, 3]) },
      null,
    ]);
  });

  it('reads a published getTokenLargestAccounts answer, amounts as exact integers', async () => {
    fake.use([fixture('largest-accounts-ok')]);
    const { value } = await rpc.largestAccounts('So11111111111111111111111111111111111111112', deadline());
    expect(value).toEqual([
      { address: 'FYjHNoFtSQ5uijKrZFyYAxvEr87hsKXkXcxkcmkBAf4r', amount: 771n },
      { address: 'BnsywxTcaYeNUtzrPxQUvzAWxfzZe3ZLUJ4wMMuLESnu', amount: 229n },
    ]);
  });
});
