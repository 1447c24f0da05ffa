import { REDELIVERY_MAX_BYTES } from '@toll/contracts';
import { JsonLogger } from '@toll/platform';
import { ReceiptSigner } from '@toll/x402';
import { randomBytes } from 'node:crypto';
import { PaymentsConfig } from './config';
import type { LedgerRepository } from './ledger.repository';
import type { BalanceRepository } from './balance.repository';
import type { BalanceService } from './balance.service';
import { ReplySeal } from './reply-seal';
import { SettlementService } from './settlement.service';

const settledRow = (creditsUsed: number, creditsTotal: number) => ({
  id: 'p-1',
  tx_signature: 'sig',
  payer: 'payer',
  asset: 'USDC',
  amount_atomic: 10_000n,
  operation_id: 'rpc.call',
  price_usd: '0.01',
  network: 'solana:test',
  credits_total: creditsTotal,
  credits_used: creditsUsed,
});

describe(SettlementService.name, () => {
  const kept: unknown[] = [];
  const ledger = (row: ReturnType<typeof settledRow>) =>
    ({ settle: async (_: string, reply: unknown) => (kept.push(reply), row) }) as unknown as LedgerRepository;
  const seal = new ReplySeal('s'.repeat(32));
  const serviceFor = (row: ReturnType<typeof settledRow>) =>
    new SettlementService(
      ledger(row),
      new ReceiptSigner(randomBytes(32)),
      seal,
      PaymentsConfig.parse({}),
      new JsonLogger('test', 'error'),
      {} as BalanceService,
      {} as BalanceRepository,
    );

  it('reports the credits left on a prepaid block after the settled request', async () => {
    expect((await serviceFor(settledRow(3, 1000)).settle({ requestId: 'r', holdId: 'h' })).creditsRemaining).toBe(997);
  });

  it('reports none left for a per-call payment', async () => {
    expect((await serviceFor(settledRow(1, 1)).settle({ requestId: 'r', holdId: 'h' })).creditsRemaining).toBe(0);
  });

  it('keeps a reply for redelivery up to REDELIVERY_MAX_BYTES, and not one byte more', async () => {
    kept.length = 0;
    const service = serviceFor(settledRow(1, 1));
    const small = { json: `"${'x'.repeat(REDELIVERY_MAX_BYTES - 2)}"`, headers: { 'x-toll-cache': 'hit' } };
    const large = { json: `"${'x'.repeat(REDELIVERY_MAX_BYTES - 1)}"`, headers: {} };
    await service.settle({ requestId: 'r', holdId: 'h1', reply: small });
    await service.settle({ requestId: 'r', holdId: 'h2', reply: large });
    expect(kept).toEqual([{ json: expect.stringMatching(/^v1\./), headers: small.headers }, undefined]);
    expect(seal.open(kept[0] as typeof small)).toEqual(small); // kept sealed, opened only for the redelivery
  });
});
