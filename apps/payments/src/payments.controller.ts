import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FREE, SUBJECTS, type ChallengeRequest, type ReleaseRequest, type SettleRequest, type TollMessage, type VerifyRequest } from '@toll/contracts';
import { GroupHealth, GroupHealthOutput, TollRoute } from '@toll/platform';
import { z } from 'zod';
import { ChallengeService } from './challenge.service';
import { ReceiptSigner } from './receipts';
import { SettlementService } from './settlement.service';
import { VerifyService } from './verify.service';
import { SolPriceService } from './sol-price.service';
import { PAYMENT_TERMS, type PaymentTerms } from './terms';

const PaymentsHealth = GroupHealthOutput.extend({
  terms: z.object({
    network: z.string(),
    chain: z.object({ rpc_url: z.string().nullable().describe('Where to send payments; null: the public network named above'), description: z.string() }),
    recipient: z.string(),
    usdc_mint: z.string(),
    usdc_token_account: z.string(),
    fee_payer: z.string(),
    memo_ttl_seconds: z.number().int(),
    sol_quote: z.object({ sol_usd: z.string(), source: z.string(), as_of: z.string() }).nullable(),
    receipt_public_key: z.string().describe('Ed25519 public key (base64, raw 32 bytes) that signs receipts'),
  }),
});

const ReceiptQuery = z.strictObject({ receipt: z.string().min(3).max(4096).describe('The X-Toll-Receipt header of a paid response') });
const ReceiptCheck = z.object({
  valid: z.boolean(),
  reason: z.string().optional(),
  claims: z.record(z.string(), z.unknown()).optional(),
  public_key: z.string(),
});

@Controller()
export class PaymentsController {
  constructor(
    private readonly challenges: ChallengeService,
    private readonly prices: SolPriceService,
    private readonly verifier: VerifyService,
    private readonly settlement: SettlementService,
    private readonly receipts: ReceiptSigner,
    private readonly health: GroupHealth,
    @Inject(PAYMENT_TERMS) private readonly terms: PaymentTerms,
  ) {}

  @MessagePattern(SUBJECTS.paymentsChallenge)
  challenge(@Payload() req: ChallengeRequest) {
    return this.challenges.issue(req, req.reason);
  }

  @MessagePattern(SUBJECTS.paymentsVerify)
  verify(@Payload() req: VerifyRequest) {
    return this.verifier.verify(req);
  }

  @MessagePattern(SUBJECTS.paymentsSettle)
  settle(@Payload() req: SettleRequest) {
    return this.settlement.settle(req);
  }

  @MessagePattern(SUBJECTS.paymentsRelease)
  release(@Payload() req: ReleaseRequest) {
    return this.settlement.release(req);
  }

  @TollRoute({
    operationId: 'payments.verifyReceipt',
    method: 'GET',
    path: '/toll/payments/receipt',
    summary: 'Check a receipt returned by a paid call (signature and claims)',
    price: FREE,
    input: ReceiptQuery,
    output: ReceiptCheck,
    timeoutMs: 2_000,
  })
  verifyReceipt(@Payload() msg: TollMessage<z.infer<typeof ReceiptQuery>>) {
    return { ...this.receipts.check(msg.input.receipt), public_key: this.receipts.publicKeyBase64 };
  }

  @TollRoute({
    operationId: 'payments.getHealth',
    method: 'GET',
    path: '/toll/payments/health',
    summary: 'Payment terms: network, recipient, USDC mint and token account, fee payer, SOL quote source',
    price: FREE,
    input: z.strictObject({}),
    output: PaymentsHealth,
    timeoutMs: 2_000,
  })
  getHealth() {
    const t = this.terms;
    const quote = this.prices.current();
    return {
      ...this.health.describe(),
      terms: {
        network: t.network.caip2,
        chain: { rpc_url: t.chain.rpcUrl, description: t.chain.description },
        recipient: t.recipient,
        usdc_mint: t.usdcMint,
        usdc_token_account: t.usdcTokenAccount,
        fee_payer: t.feePayer.publicKey.toBase58(),
        memo_ttl_seconds: t.memoTtlSeconds,
        sol_quote: quote && { sol_usd: quote.solUsd, source: quote.source, as_of: quote.asOf },
        receipt_public_key: this.receipts.publicKeyBase64,
      },
    };
  }
}
