import { JsonLogger } from '@toll/platform';
import { loadFixtures, startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { FeesConfig } from '../config';
import { SolanaRpcClient } from './solana-rpc.client';

// Real and real-shaped provider answers through the client: optional keys that providers leave out are accepted.
const fixtures = loadFixtures(join(__dirname, '../../test/fixtures/solana-rpc'));
const fixture = (name: string) => {
  const found = fixtures.find((f) => f.case === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
};
const TX = Buffer.alloc(8).toString('base64');

describe(SolanaRpcClient.name, () => {
  let primary: FakeUpstream;
  let fallback: FakeUpstream;
  let rpc: SolanaRpcClient;
  const deadline = () => Date.now() + 2_000;

  beforeAll(async () => {
    [primary, fallback] = await Promise.all([startFakeUpstream(), startFakeUpstream()]);
    rpc = new SolanaRpcClient(
      FeesConfig.parse({ FEES_RPC_URLS: `${primary.url},${fallback.url}` }),
      new JsonLogger('fees', 'error'),
    );
  });
  afterAll(() => Promise.all([primary.stop(), fallback.stop()]));
  beforeEach(() => fallback.use([]));

  it('reads a full simulation answer (every optional key present, several null)', async () => {
    primary.use([fixture('simulate-ok')]);
    const answer = await rpc.simulate(TX, deadline());
    expect(answer).toEqual({
      source: 'rpc-1',
      notes: [],
      value: { err: null, logs: expect.arrayContaining(['Program log: Instruction: Transfer']), unitsConsumed: 1714 },
    });
  });

  it('a simulation value without `err` is a success, not a bad shape', async () => {
    primary.use([fixture('simulate-without-err')]);
    const answer = await rpc.simulate(TX, deadline());
    expect(answer.source).toBe('rpc-1');
    const { logs } = (fixture('simulate-without-err').response.body as { result: { value: { logs: string[] } } }).result
      .value;
    expect(answer.value).toEqual({ err: null, logs, unitsConsumed: 1714 });
  });

  it('a failed simulation carrying only `err` reads as that error, no logs and 0 units', async () => {
    primary.use([fixture('simulate-failed-bare')]);
    expect((await rpc.simulate(TX, deadline())).value).toEqual({
      err: 'BlockhashNotFound',
      logs: null,
      unitsConsumed: 0,
    });
  });

  it('a successful simulation without `unitsConsumed` is a bad answer: the next endpoint is asked', async () => {
    primary.use([fixture('simulate-without-units')]);
    fallback.use([fixture('simulate-ok')]);
    const answer = await rpc.simulate(TX, deadline());
    expect(answer.source).toBe('rpc-2');
    expect(answer.value.unitsConsumed).toBe(1714);
    expect(answer.notes).toEqual([
      'rpc-1 failed (unexpected simulateTransaction result shape (value.unitsConsumed: missing from a successful ' +
        'simulation)); answered by the fallback rpc-2',
    ]);
  });

  it('reads a published getRecentPrioritizationFees answer', async () => {
    primary.use([fixture('prioritization-fees-ok')]);
    const answer = await rpc.prioritizationFees([], deadline());
    expect(answer.value).toEqual([
      { slot: 348125, fee: 0n },
      { slot: 348126, fee: 1000n },
      { slot: 348127, fee: 500n },
      { slot: 348128, fee: 0n },
      { slot: 348129, fee: 1234n },
    ]);
  });

  it('reads a real getMultipleAccounts answer: null for a missing account, extra keys ignored', async () => {
    primary.use([fixture('multiple-accounts-ok')]);
    const answer = await rpc.accounts(
      ['11111111111111111111111111111111', 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg'],
      deadline(),
    );
    expect(answer.value).toEqual([null, { owner: '11111111111111111111111111111111', data: ['', 'base64'] }]);
  });
});
