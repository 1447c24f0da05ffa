import { groupHarness } from '@toll/testing';
import { startBatch } from '../src/bootstrap';
import { callBatch, newPayer } from './batch-call';

const SELLER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

// Two batch replicas sharing one database, each behind its own NATS server, so the test decides which replica
// serves each request.
describe('batch replicas on one database', () => {
  const { clients } = groupHarness({
    name: 'batch',
    start: startBatch,
    database: 'toll_batch_replicas',
    natsServers: 2,
    replicas: 2,
  });
  const score = (i: number, voucher: unknown) =>
    callBatch(clients[i % 2], 'score', { voucher }, { payer: SELLER, deadline: Date.now() + 20_000 });

  it('sees a nonce reused across replicas even when both vouchers are scored at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const { voucher } = newPayer();
      const [a, b] = await Promise.all([
        score(0, voucher({ nonce: 'n-1', amount: 100 })),
        score(1, voucher({ nonce: 'n-1', amount: 200 })),
      ]);
      const reuse = [a, b].map((r) => r.response!.data.factors[1].blocking);
      expect(reuse.sort()).toEqual([false, true]);
    }
  });

  it('records one final outcome when two conflicting checkpoints race on two replicas', async () => {
    const { payer, voucher } = newPayer();
    const s = (await score(0, voucher())).response!.data;
    const report = (status: string, i: number) =>
      callBatch(clients[i], 'checkpoint', {
        voucher_id: s.voucher_id,
        payer,
        amount: 500_000,
        status,
        checkpoint_token: s.checkpoint_token,
      });
    const results = await Promise.all([report('settled', 0), report('defaulted', 1)]);
    expect(results.filter((r) => r.response?.data.recorded === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.err?.code === 'CONFLICT')).toHaveLength(1);
    const payerView = (await callBatch(clients[1], 'getPayer', { address: payer })).response!.data;
    expect(payerView.outcomes.settled.count + payerView.outcomes.defaulted.count).toBe(1);
  });
});
