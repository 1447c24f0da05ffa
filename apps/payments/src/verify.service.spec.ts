import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { VerifyRequest } from '@toll/contracts';
import { JsonLogger } from '@toll/platform';
import type { SolanaRpc } from '@toll/solana';
import { encodeHeaderJson, issueMemo } from '@toll/x402';
import type { ChallengeService } from './challenge.service';
import { PaymentsConfig } from './config';
import type { Facilitator } from './facilitator';
import type { LedgerRepository, NewPayment } from './ledger.repository';
import { requirementsFor } from './x402-proof';
import { resolveTerms } from './terms';
import type { BalanceService } from './balance.service';
import { ReplySeal } from './reply-seal';
import { VerifyService } from './verify.service';

const config = PaymentsConfig.parse({});
const terms = resolveTerms(config);
const nowUnix = () => Math.floor(Date.now() / 1000);

// An x402 PAYMENT-SIGNATURE answering a memo that expired a minute ago.
function expiredX402() {
  const { memo, quote } = issueMemo(terms.memoSecret, { operationId: 'shop.getItem', usd: '0.01', usdcAtomic: 10_000n, lamports: null, expiresAt: nowUnix() - 60 });
  const payer = Keypair.generate();
  const message = new TransactionMessage({
    payerKey: terms.feePayer.publicKey,
    recentBlockhash: '11111111111111111111111111111111',
    instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 })],
  }).compileToV0Message();
  const transaction = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
  return encodeHeaderJson({ x402Version: 2, accepted: requirementsFor(terms, quote, memo), payload: { transaction } });
}

const request = (paymentSignature: string): VerifyRequest => ({
  requestId: 'r-1',
  resourceUrl: 'http://toll.test/toll/shop/item',
  route: { operationId: 'shop.getItem', method: 'GET', path: '/toll/shop/item', summary: 'Item', price: { per: 'call', usd: '0.01' }, inputSchema: {}, outputSchema: {} },
  proof: { kind: 'x402', paymentSignature },
});

// The ledger and the facilitator are the edges here; the ledger itself is tested against Postgres.
function serviceWith(known: Partial<NewPayment> | null) {
  const holds: NewPayment[] = [];
  const ledger = {
    findByProof: async () => known,
    hold: async (p: NewPayment) => (holds.push(p), { ok: true, holdId: 'h-1', paymentId: 'p-1', payment: { payer: 'Payer', onchainSettled: true } }),
  } as unknown as LedgerRepository;
  const challenges = { issue: () => ({ headerValue: '', body: {} }) } as unknown as ChallengeService;
  const facilitator = { verify: async () => ({ isValid: true, payer: 'Payer' }) } as unknown as Facilitator;
  const service = new VerifyService(ledger, challenges, {} as SolanaRpc, facilitator, terms, new ReplySeal(terms.memoSecret), config, new JsonLogger('test', 'error'), {} as BalanceService);
  return { service, holds };
}

describe(VerifyService.name, () => {
  it('refuses a new x402 payment on an expired quote, before anything is recorded', async () => {
    const { service, holds } = serviceWith(null);
    expect(await service.verify(request(expiredX402()))).toMatchObject({ ok: false, reason: 'memo_expired' });
    expect(holds).toEqual([]);
  });

  it('still redeems a recorded x402 payment after its quote expired (retry after our failure, redelivery)', async () => {
    const { service, holds } = serviceWith({ payer: 'Payer', txSignature: 'sig' });
    expect(await service.verify(request(expiredX402()))).toEqual({ ok: true, holdId: 'h-1', payer: 'Payer', redelivery: undefined });
    expect(holds).toHaveLength(1);
  });
});
