import { JsonLogger } from '@toll/platform';
import { randomBytes } from 'node:crypto';
import type { LedgerRepository } from './ledger.repository';
import { ReceiptSigner } from './receipts';
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
  const serviceFor = (row: ReturnType<typeof settledRow>) =>
    new SettlementService({ settle: async () => row } as unknown as LedgerRepository, new ReceiptSigner(randomBytes(32)), new JsonLogger('test', 'error'));

  it('reports the credits left on a prepaid block after the settled request', async () => {
    expect((await serviceFor(settledRow(3, 1000)).settle({ requestId: 'r', holdId: 'h' })).creditsRemaining).toBe(997);
  });

  it('reports none left for a per-call payment', async () => {
    expect((await serviceFor(settledRow(1, 1)).settle({ requestId: 'r', holdId: 'h' })).creditsRemaining).toBe(0);
  });
});
