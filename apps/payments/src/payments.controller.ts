import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  FREE,
  SUBJECTS,
  perCall,
  type BlockLeaseRequest,
  type ChallengeRequest,
  type LeaseRequest,
  type PaidCallRequest,
  type PaymentsTermsReply,
  type ReleaseRequest,
  type SettleRequest,
  type TollMessage,
  type VerifyRequest,
} from '@toll/contracts';
import { GroupHealth, healthOutput, TollRoute } from '@toll/platform';
import { z } from 'zod';
import { BalanceService, DEPOSIT_TIERS } from './balance.service';
import { ChallengeService } from './challenge.service';
import { BlockLeaseService } from './block-lease.service';
import { LeaseService } from './lease.service';
import { PaidCallService } from './paid-call.service';
import { ProofCreditService } from './proof-credit.service';
import { SettlementService } from './settlement.service';
import { VerifyService } from './verify.service';
import { SolPriceService } from './sol-price.service';
import { PAYMENT_TERMS, type PaymentTerms } from './terms';
import { BALANCE_CREDIT_PATH, USDC_DECIMALS, usdToUsdcAtomic, ReceiptSigner } from '@toll/x402';

const HealthOutput = healthOutput({
  terms: z.object({
    network: z.string(),
    chain: z.object({
      rpc_url: z.string().nullable().describe('Where to send payments; null: the public network named above'),
      description: z.string(),
    }),
    recipient: z.string(),
    usdc_mint: z.string(),
    usdc_token_account: z.string(),
    fee_payer: z.string(),
    memo_ttl_seconds: z.number().int(),
    sol_quote: z.object({ sol_usd: z.string(), source: z.string(), as_of: z.string() }).nullable(),
    receipt_public_key: z.string().describe('Ed25519 public key (base64, raw 32 bytes) that signs receipts'),
  }),
});

const ReceiptQuery = z.strictObject({
  receipt: z.string().min(3).max(4096).describe('The X-Toll-Receipt header of a paid response'),
});
const ReceiptCheck = z.object({
  valid: z.boolean(),
  reason: z.string().optional(),
  claims: z.record(z.string(), z.unknown()).optional(),
  public_key: z.string(),
});

const Wallet = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  .describe('The balance owner: a Solana wallet address (base58 Ed25519 public key)');
// The four fields an owner request is signed with; the signed input is the rest of the input (see docs/payments.md).
const OwnerAuth = {
  wallet: Wallet,
  timestamp: z
    .string()
    .regex(/^\d{1,12}$/)
    .describe('Unix seconds when signed; refused outside the clock window'),
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .describe('Single use, 16 to 64 characters of [A-Za-z0-9_-]'),
  signature: z
    .string()
    .regex(/^[A-Za-z0-9+/]{86}==$/)
    .describe('Ed25519 signature by the wallet key, standard base64'),
};
const BalanceQuery = z.strictObject({
  ...OwnerAuth,
  limit: z
    .string()
    .regex(/^([1-9]\d{0,2}|1\d{3}|2000)$/)
    .optional()
    .describe('Ledger entries to return, newest first: 1 to 2000 (default 100)'),
});
const Atomic = z.string().regex(/^[1-9]\d{0,17}$/);
const CapsInput = z.strictObject({
  ...OwnerAuth,
  cap_per_call_atomic: Atomic.nullable().describe(
    'Most one call may take from the balance, USDC atomic units; null: no cap',
  ),
  cap_per_day_atomic: Atomic.nullable().describe(
    'Most the balance may spend per UTC day, USDC atomic units; null: no cap',
  ),
});
const CreditInput = z.strictObject({
  ...OwnerAuth,
  transaction: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    .describe(
      'The payment to credit: a memo-flow transaction signature, or the transaction of an x402 payment we ' +
        'settled (PAYMENT-RESPONSE)',
    ),
  memo: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .describe('The memo it paid; needed only when the transaction carries several memos of ours'),
});
const CreditOutput = z.object({
  wallet: z.string().describe('The paying wallet: the balance credited'),
  transaction: z.string(),
  operation_id: z.string().describe('The operation the payment was for'),
  basis: z
    .enum(['unused', 'unused_credits', 'unredeemed', 'memo_expired', 'amount_too_low'])
    .describe(
      'unused: paid, never served; unused_credits: a block partly used; unredeemed: on chain, never redeemed; ' +
        'memo_expired, amount_too_low: a payment we refused',
    ),
  paid: z.object({
    asset: z.enum(['SOL', 'USDC']),
    amount_atomic: z.string().describe('What arrived, in atomic units of the asset'),
  }),
  credit_atomic: z.string().describe('What the balance was credited, USDC atomic units'),
  asset: z.literal('USDC'),
  decimals: z.number().int(),
  entry_id: z.string().describe('The credit in the balance ledger'),
  available_atomic: z.string().describe('Available right after the credit'),
});
const BalanceStateOutput = z.object({
  wallet: z.string(),
  asset: z.literal('USDC'),
  decimals: z.number().int(),
  balance_atomic: z.string(),
  held_atomic: z.string().describe('Reserved by calls in progress'),
  available_atomic: z.string(),
  cap_per_call_atomic: z.string().nullable(),
  cap_per_day_atomic: z.string().nullable(),
  spent_today_atomic: z.string().describe('Held or spent since 00:00 UTC'),
});
const BalanceOutput = BalanceStateOutput.extend({
  deposit: z.array(
    z.object({
      operation_id: z.string(),
      method: z.string(),
      path: z.string(),
      usd: z.string(),
      credit_atomic: z.string(),
    }),
  ),
  ledger: z
    .array(
      z.object({
        id: z.string(),
        kind: z.enum(['credit', 'debit']),
        amount_atomic: z.string(),
        balance_after_atomic: z.string(),
        operation_id: z.string(),
        transaction: z.string().nullable(),
        at: z.string(),
      }),
    )
    .describe('The latest entries (limit, default 100), newest first'),
});
const DepositOutput = z.object({
  wallet: z.string().describe('The paying wallet: the balance credited and its owner'),
  credit_atomic: z.string(),
  asset: z.literal('USDC'),
  decimals: z.number().int(),
  note: z.string(),
});
const [tier1, tier10, tier100] = DEPOSIT_TIERS;

@Controller()
export class PaymentsController {
  constructor(
    private readonly challenges: ChallengeService,
    private readonly balances: BalanceService,
    private readonly prices: SolPriceService,
    private readonly verifier: VerifyService,
    private readonly settlement: SettlementService,
    private readonly paidCalls: PaidCallService,
    private readonly leases: LeaseService,
    private readonly blockLeases: BlockLeaseService,
    private readonly receipts: ReceiptSigner,
    private readonly proofCredits: ProofCreditService,
    private readonly health: GroupHealth,
    @Inject(PAYMENT_TERMS) private readonly terms: PaymentTerms,
  ) {}

  @MessagePattern(SUBJECTS.paymentsChallenge)
  challenge(req: ChallengeRequest) {
    return this.challenges.issue(req, req.reason);
  }

  @MessagePattern(SUBJECTS.paymentsCall)
  call(req: PaidCallRequest) {
    return this.paidCalls.call(req);
  }

  @MessagePattern(SUBJECTS.paymentsLease)
  lease(req: LeaseRequest) {
    return this.leases.lease(req);
  }

  @MessagePattern(SUBJECTS.paymentsBlockLease)
  blockLease(req: BlockLeaseRequest) {
    return this.blockLeases.lease(req);
  }

  @MessagePattern(SUBJECTS.paymentsTerms)
  paymentTerms(): PaymentsTermsReply {
    return { ...this.balances.signatureTerms(), receipt_public_key: this.receipts.publicKeyBase64 };
  }

  // The steps of a paid call one by one, for gateways built before payments.call.
  @MessagePattern(SUBJECTS.paymentsVerify)
  verify(req: VerifyRequest) {
    return this.verifier.verify(req);
  }

  @MessagePattern(SUBJECTS.paymentsSettle)
  settle(req: SettleRequest) {
    return this.settlement.settle(req);
  }

  @MessagePattern(SUBJECTS.paymentsRelease)
  release(req: ReleaseRequest) {
    return this.settlement.release(req);
  }

  @TollRoute({
    operationId: 'payments.verifyReceipt',
    method: 'GET',
    path: '/toll/payments/receipt',
    summary: 'Check a receipt returned by a paid call (signature and claims)',
    asks: [
      'is this Toll receipt genuine',
      'verify the signature on a payment receipt',
      'prove that a call was paid for',
      'check the claims inside a receipt I was given',
    ],
    price: FREE,
    input: ReceiptQuery,
    output: ReceiptCheck,
    timeoutMs: 2_000,
  })
  verifyReceipt(msg: TollMessage<z.infer<typeof ReceiptQuery>>) {
    return { ...this.receipts.check(msg.input.receipt), public_key: this.receipts.publicKeyBase64 };
  }

  @TollRoute({
    operationId: tier1.operationId,
    method: 'POST',
    path: tier1.path,
    summary: 'Deposit 1 USD into the prepaid balance of the paying wallet',
    asks: [
      'top up my prepaid balance with 1 dollar',
      'add one USD of credit to my wallet',
      'small deposit so I can pay for calls from a balance',
      'prepay a dollar instead of paying per call',
    ],
    price: perCall(tier1.usd),
    input: z.strictObject({}),
    output: DepositOutput,
    timeoutMs: 2_000,
  })
  deposit1(msg: TollMessage) {
    return this.deposited(msg, tier1.usd);
  }

  @TollRoute({
    operationId: tier10.operationId,
    method: 'POST',
    path: tier10.path,
    summary: 'Deposit 10 USD into the prepaid balance of the paying wallet',
    asks: [
      'top up my prepaid balance with 10 dollars',
      'add ten USD of credit to my wallet',
      'deposit 10 USDC to pay for many calls',
      'prepay ten dollars of calls',
    ],
    price: perCall(tier10.usd),
    input: z.strictObject({}),
    output: DepositOutput,
    timeoutMs: 2_000,
  })
  deposit10(msg: TollMessage) {
    return this.deposited(msg, tier10.usd);
  }

  @TollRoute({
    operationId: tier100.operationId,
    method: 'POST',
    path: tier100.path,
    summary: 'Deposit 100 USD into the prepaid balance of the paying wallet',
    asks: [
      'top up my prepaid balance with 100 dollars',
      'add a hundred USD of credit to my wallet',
      'large deposit for a busy agent',
      'prepay 100 dollars of calls',
    ],
    price: perCall(tier100.usd),
    input: z.strictObject({}),
    output: DepositOutput,
    timeoutMs: 2_000,
  })
  deposit100(msg: TollMessage) {
    return this.deposited(msg, tier100.usd);
  }

  @TollRoute({
    operationId: 'payments.getBalance',
    method: 'GET',
    path: '/toll/payments/balance',
    summary: 'Prepaid balance of a wallet with its ledger of credits and debits and its caps (signed by the owner)',
    asks: [
      'how much prepaid credit is left in my wallet',
      'ledger of deposits and charges on my balance',
      'show my prepaid balance and its caps',
      'what have calls charged to my deposit',
    ],
    price: FREE,
    input: BalanceQuery,
    output: BalanceOutput,
    errors: ['FORBIDDEN'],
    timeoutMs: 2_000,
  })
  async getBalance(msg: TollMessage<z.infer<typeof BalanceQuery>>) {
    await this.balances.authorize('GET', '/toll/payments/balance', msg.input);
    return this.balances.describe(msg.input.wallet, msg.input.limit ? Number(msg.input.limit) : undefined);
  }

  @TollRoute({
    operationId: 'payments.setBalanceCaps',
    method: 'POST',
    path: '/toll/payments/balance/caps',
    summary: 'Set or remove the per-call and per-day spending caps on your own prepaid balance (signed by the owner)',
    asks: [
      'limit how much my prepaid balance can spend per day',
      'set a per-call cap on my prepaid credit',
      'remove the daily cap on my deposit',
      'protect my balance from a runaway loop',
    ],
    price: FREE,
    input: CapsInput,
    output: BalanceStateOutput,
    errors: ['FORBIDDEN'],
    timeoutMs: 2_000,
  })
  async setBalanceCaps(msg: TollMessage<z.infer<typeof CapsInput>>) {
    await this.balances.authorize('POST', '/toll/payments/balance/caps', msg.input);
    const { state, revoked } = await this.balances.setCaps(
      msg.input.wallet,
      msg.input.cap_per_call_atomic,
      msg.input.cap_per_day_atomic,
    );
    if (revoked) this.leases.revoke({ wallet: msg.input.wallet, reason: 'caps_changed' });
    return state;
  }

  @TollRoute({
    operationId: 'payments.creditToBalance',
    method: 'POST',
    path: BALANCE_CREDIT_PATH,
    summary:
      "Credit a payment that paid for nothing (a failed call, a refused payment) to the paying wallet's prepaid " +
      'balance (signed by the payer)',
    asks: [
      'my paid call failed, give me the money back as credit',
      'turn an unused payment into prepaid balance',
      'I paid with an expired memo, recover the money',
      'credit an underpayment to my balance',
    ],
    price: FREE,
    input: CreditInput,
    output: CreditOutput,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    timeoutMs: 10_000,
  })
  async creditToBalance(msg: TollMessage<z.infer<typeof CreditInput>>) {
    await this.balances.authorize('POST', BALANCE_CREDIT_PATH, msg.input);
    return this.proofCredits.credit(msg.input.wallet, msg.input.transaction, msg.input.memo);
  }

  // The credit itself happens when the call settles (once per payment, in payments' ledger), not here.
  private deposited(msg: TollMessage, usd: string) {
    return {
      wallet: msg.payer ?? '',
      credit_atomic: usdToUsdcAtomic(usd).toString(),
      asset: 'USDC' as const,
      decimals: USDC_DECIMALS,
      note:
        'Credited to this wallet when this call settles. Spend it with signed requests (x-toll-wallet, ' +
        'x-toll-timestamp, x-toll-nonce, x-toll-signature); read it at GET /toll/payments/balance.',
    };
  }

  @TollRoute({
    operationId: 'payments.getHealth',
    method: 'GET',
    path: '/toll/payments/health',
    summary: 'Payment terms: network, recipient, USDC mint and token account, fee payer, SOL quote source',
    asks: [
      'where do I send USDC to pay for calls',
      'which network and USDC mint do payments use',
      'is the payment service up',
      'payment recipient address and fee payer',
    ],
    price: FREE,
    input: z.strictObject({}),
    output: HealthOutput,
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
