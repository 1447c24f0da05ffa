import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { VerifyRequest } from '@toll/contracts';
import { JsonLogger } from '@toll/platform';
import type { SolanaRpc } from '@toll/solana';
import { encodeHeaderJson, inputBinding, issueMemo } from '@toll/x402';
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

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const memoFor = (expiresAt: number, bindingKey?: string) =>
  issueMemo(terms.memoSecret, {
    operationId: 'shop.getItem',
    usd: '0.01',
    usdcAtomic: 10_000n,
    lamports: null,
    expiresAt,
    binding: bindingKey && inputBinding(bindingKey),
  });

// An x402 PAYMENT-SIGNATURE answering a memo (by default one that expired a minute ago).
function expiredX402(signed = memoFor(nowUnix() - 60)) {
  const { memo, quote } = signed;
  const payer = Keypair.generate();
  const message = new TransactionMessage({
    payerKey: terms.feePayer.publicKey,
    recentBlockhash: '11111111111111111111111111111111',
    instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 })],
  }).compileToV0Message();
  const transaction = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
  return encodeHeaderJson({ x402Version: 2, accepted: requirementsFor(terms, quote, memo), payload: { transaction } });
}

const request = (paymentSignature: string, bindingKey?: string): VerifyRequest => ({
  binding_key: bindingKey,
  requestId: 'r-1',
  resourceUrl: 'http://toll.test/toll/shop/item',
  route: {
    operationId: 'shop.getItem',
    method: 'GET',
    path: '/toll/shop/item',
    summary: 'Item',
    price: { per: 'call', usd: '0.01' },
    inputSchema: {},
    outputSchema: {},
  },
  proof: { kind: 'x402', paymentSignature },
});

// The ledger and the facilitator are the edges here; the ledger itself is tested against Postgres.
function serviceWith(known: Partial<NewPayment> | null) {
  const holds: NewPayment[] = [];
  const ledger = {
    findByProof: async () => known,
    lookupOrHoldNext: async () => {
      throw new Error('the ledger was asked');
    },
    hold: async (p: NewPayment) => (
      holds.push(p),
      { ok: true, holdId: 'h-1', paymentId: 'p-1', payment: { payer: 'Payer', onchainSettled: true } }
    ),
  } as unknown as LedgerRepository;
  const challenges = { issue: () => ({ headerValue: '', body: {} }) } as unknown as ChallengeService;
  const facilitator = { verify: async () => ({ isValid: true, payer: 'Payer' }) } as unknown as Facilitator;
  const service = new VerifyService(
    ledger,
    challenges,
    {} as SolanaRpc,
    facilitator,
    terms,
    new ReplySeal(terms.memoSecret),
    config,
    new JsonLogger('test', 'error'),
    {} as BalanceService,
  );
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
    expect(await service.verify(request(expiredX402()))).toEqual({
      ok: true,
      holdId: 'h-1',
      payer: 'Payer',
      redelivery: undefined,
    });
    expect(holds).toHaveLength(1);
  });

  it('refuses an x402 payment whose memo was bound to another request, before any hold or facilitator call', async () => {
    const { service, holds } = serviceWith({ payer: 'Payer', txSignature: 'sig' });
    const bound = expiredX402(memoFor(nowUnix() + 60, KEY_A));
    expect(await service.verify(request(bound, KEY_B))).toMatchObject({ ok: false, reason: 'memo_wrong_input' });
    expect(await service.verify(request(bound))).toMatchObject({ ok: false, reason: 'memo_wrong_input' });
    expect(holds).toEqual([]);
    expect(await service.verify(request(bound, KEY_A))).toMatchObject({ ok: true });
  });

  it('refuses a memo-flow proof bound to another request before reading the ledger or the chain', async () => {
    const { service } = serviceWith(null);
    const { memo } = memoFor(nowUnix() + 60, KEY_A);
    const req = { ...request('', KEY_B), proof: { kind: 'memo' as const, signature: '5'.repeat(88), memo } };
    expect(await service.verify(req)).toMatchObject({ ok: false, reason: 'memo_wrong_input' });
  });
});
