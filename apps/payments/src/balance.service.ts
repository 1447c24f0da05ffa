import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  TollError,
  keptForRedelivery,
  type PaymentProof,
  type SettleReply,
  type SettleRequest,
  type VerifyReply,
  type VerifyRequest,
} from '@toll/contracts';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import {
  DEPOSIT_PATHS,
  USDC_DECIMALS,
  encodeHeaderJson,
  fromAtomic,
  inputSha256,
  usdToUsdcAtomic,
  type BalanceSigned,
  ReceiptSigner,
  balancePriceAtomic,
  checkBalanceSignature,
  type BalanceAuthRefusal,
  type SignaturePolicy,
} from '@toll/x402';
import { BalanceRepository, type BalanceState } from './balance.repository';
import { ChallengeService } from './challenge.service';
import type { PaymentsConfig } from './config';
import { balanceTotalsMetric, paymentsMetrics } from './metrics';
import { ReplySeal } from './reply-seal';
import { balanceNonceTtl } from './lease.service';
import { PAYMENT_TERMS, deploymentOf, productOf, type PaymentTerms } from './terms';

type BalanceProof = Extract<PaymentProof, { kind: 'balance' }>;

// Hold ids of balance calls carry this prefix, so settle and release know which ledger a hold lives in.
export const BALANCE_HOLD_PREFIX = 'bal_';

// What x402 and memo clients can pay into a balance: fixed tiers, one paid operation each (an x402 price is fixed
// per route). The balance is credited with the tier's USD value in USDC atomic units, whatever asset paid it, by the
// statement that settles the deposit's hold (table deposit_tiers and its trigger; a test keeps the two lists equal).
// The paths are the ones the served balance guide names (libs/x402 balance-guide).
export const DEPOSIT_TIERS = [
  { operationId: 'payments.deposit1', usd: '1', path: DEPOSIT_PATHS[0] },
  { operationId: 'payments.deposit10', usd: '10', path: DEPOSIT_PATHS[1] },
  { operationId: 'payments.deposit100', usd: '100', path: DEPOSIT_PATHS[2] },
] as const;
const DEPOSIT_OPERATIONS = new Set<string>(DEPOSIT_TIERS.map((t) => t.operationId));

const LEDGER_LIMIT = 100;

const authDetails = (a: BalanceAuthRefusal) => ({
  reason: a.reason,
  part: a.part,
  message: a.message,
  ...(a.server_time ? { server_time: a.server_time } : {}),
  ...(a.expected_signed_text ? { expected_signed_text: a.expected_signed_text } : {}),
});

@Injectable()
export class BalanceService implements OnModuleInit {
  private readonly signatures: SignaturePolicy;

  constructor(
    private readonly balances: BalanceRepository,
    private readonly challenges: ChallengeService,
    private readonly receipts: ReceiptSigner,
    private readonly seal: ReplySeal,
    @Inject(PAYMENT_TERMS) private readonly terms: PaymentTerms,
    @Inject(APP_CONFIG) private readonly config: PaymentsConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    this.signatures = {
      skewSeconds: config.PAYMENTS_BALANCE_CLOCK_SKEW_SECONDS,
      deployment: deploymentOf(terms),
      v1UntilMs: Date.parse(`${config.PAYMENTS_BALANCE_V1_UNTIL}T00:00:00Z`),
    };
  }

  onModuleInit() {
    balanceTotalsMetric(() => this.balances.totals());
  }

  // What a gateway checks balance signatures against before it spends a lease (payments.terms).
  signatureTerms() {
    return {
      ...this.signatures.deployment,
      clock_skew_seconds: this.signatures.skewSeconds,
      balance_v1_until: this.config.PAYMENTS_BALANCE_V1_UNTIL,
    };
  }

  private checkSignature(wallet: string, signature: string, signed: BalanceSigned) {
    const check = checkBalanceSignature(wallet, signature, signed, this.signatures);
    if (check.ok) paymentsMetrics()?.balanceSignatures.inc({ version: `v${check.version}` });
    return check;
  }

  // payments.verify for a balance proof: signature and clock first (nothing touched when they fail), then nonce,
  // caps and funds in one statement. Reads nothing from the chain.
  async verify(req: VerifyRequest, proof: BalanceProof): Promise<VerifyReply> {
    const product = productOf(req.route);
    if (DEPOSIT_OPERATIONS.has(product)) return this.refuse(req, 'balance_cannot_deposit');
    const signed: BalanceSigned = {
      method: proof.method,
      path: proof.path,
      input_sha256: proof.input_sha256,
      timestamp: proof.timestamp,
      nonce: proof.nonce,
    };
    const check = this.checkSignature(proof.wallet, proof.signature, signed);
    if (!check.ok) return this.refuse(req, check.reason, undefined, check);
    const amountAtomic = balancePriceAtomic(req.route.price);
    const held = await this.balances.hold(
      {
        wallet: proof.wallet,
        nonce: proof.nonce,
        nonceTtlSeconds: this.nonceTtl,
        operationId: product,
        priceUsd: fromAtomic(amountAtomic, USDC_DECIMALS),
        amountAtomic,
        requestId: req.requestId,
        requestKey: req.requestKey,
        ttlSeconds: this.config.PAYMENTS_HOLD_TTL_SECONDS,
      },
      this.config.PAYMENTS_REDELIVERY_SECONDS,
      this.config.PAYMENTS_REDELIVERY_MAX,
    );
    if (!held.ok) return this.refuse(req, held.reason, held.state && { state: held.state, amountAtomic });
    const redelivery = held.redelivery && {
      count: held.redelivery.count,
      reply: held.redelivery.reply && this.seal.open(held.redelivery.reply),
    };
    return { ok: true, holdId: BALANCE_HOLD_PREFIX + held.holdId, payer: proof.wallet, redelivery };
  }

  async settle(req: SettleRequest, { redelivery = false } = {}): Promise<SettleReply> {
    const keep = req.reply && keptForRedelivery(req.reply) ? this.seal.seal(req.reply) : undefined;
    const debit = await this.balances.settle(
      req.holdId.slice(BALANCE_HOLD_PREFIX.length),
      keep,
      this.config.PAYMENTS_REDELIVERY_SECONDS,
    );
    if (!debit) throw new TollError('INTERNAL', 'hold is not active');
    if (!redelivery)
      paymentsMetrics()?.balanceDebitedAtomic.inc({ operation: debit.operation_id }, Number(debit.amount_atomic));
    const receipt = this.receipts.sign({
      v: 1,
      receipt_id: req.holdId,
      payment_id: debit.entry_id,
      operation_id: debit.operation_id,
      price: req.price ?? { per: 'call', usd: debit.price_usd },
      asset: 'USDC',
      amount_atomic: debit.amount_atomic.toString(),
      network: this.terms.network.caip2,
      payer: debit.wallet,
      transaction: null,
      request_id: req.requestId,
      issued_at: new Date().toISOString(),
      decimals: USDC_DECIMALS,
      settlement: { kind: 'balance_entry', reference: debit.entry_id },
      request_sha256: req.request_sha256 ?? null,
      response_sha256: req.response_sha256 ?? null,
    });
    const paymentResponse = encodeHeaderJson({
      success: true,
      transaction: '',
      network: this.terms.network.caip2,
      payer: debit.wallet,
      amount: debit.amount_atomic.toString(),
      extra: { asset: 'USDC', balance_entry: debit.entry_id, balance_atomic: debit.balance_atomic.toString() },
    });
    this.logger.event('info', 'balance call settled', {
      requestId: req.requestId,
      holdId: req.holdId,
      operationId: debit.operation_id,
    });
    return { paymentResponse, receipt, creditsRemaining: 0, balance_atomic: debit.balance_atomic.toString() };
  }

  async release(holdId: string, reason: string): Promise<boolean> {
    return this.balances.release(holdId.slice(BALANCE_HOLD_PREFIX.length), reason);
  }

  // An owner request (balance read, caps): signed like a paid call over the route's method and path, with the input
  // minus the four auth fields as the signed input.
  async authorize(
    method: string,
    path: string,
    input: { wallet: string; timestamp: string; nonce: string; signature: string } & Record<string, unknown>,
  ): Promise<void> {
    const { wallet, timestamp, nonce, signature, ...rest } = input;
    const check = this.checkSignature(wallet, signature, {
      method,
      path,
      input_sha256: inputSha256(rest),
      timestamp,
      nonce,
    });
    if (!check.ok)
      throw new TollError('FORBIDDEN', `balance request refused: ${check.reason} (${check.message})`, {
        reason: check.reason,
        balance_auth: authDetails(check),
      });
    if (!(await this.balances.useNonce(wallet, nonce, this.nonceTtl)))
      throw new TollError('FORBIDDEN', 'balance request refused: nonce_reused', { reason: 'nonce_reused' });
  }

  async describe(wallet: string, limit = LEDGER_LIMIT) {
    const [state, entries] = await Promise.all([this.balances.state(wallet), this.balances.entries(wallet, limit)]);
    return {
      ...this.stateOf(state),
      deposit: this.depositRoutes(),
      ledger: entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        amount_atomic: e.amount_atomic.toString(),
        balance_after_atomic: e.balance_after_atomic.toString(),
        operation_id: e.operation_id,
        transaction: e.transaction,
        at: e.created_at.toISOString(),
      })),
    };
  }

  async setCaps(wallet: string, perCall: string | null, perDay: string | null) {
    // `revoked`: leases on the wallet revoked first (the caller tells their gateways).
    const revoked = await this.balances.setCaps(
      wallet,
      perCall === null ? null : BigInt(perCall),
      perDay === null ? null : BigInt(perDay),
    );
    return { state: this.stateOf(await this.balances.state(wallet)), revoked };
  }

  private stateOf(s: BalanceState) {
    return {
      wallet: s.wallet,
      asset: 'USDC',
      decimals: USDC_DECIMALS,
      balance_atomic: s.balance_atomic.toString(),
      held_atomic: s.held_atomic.toString(),
      available_atomic: (s.balance_atomic - s.held_atomic).toString(),
      cap_per_call_atomic: s.cap_per_call_atomic?.toString() ?? null,
      cap_per_day_atomic: s.cap_per_day_atomic?.toString() ?? null,
      spent_today_atomic: s.spent_today_atomic.toString(),
    };
  }

  private depositRoutes() {
    return DEPOSIT_TIERS.map((t) => ({
      operation_id: t.operationId,
      method: 'POST',
      path: t.path,
      usd: t.usd,
      credit_atomic: usdToUsdcAtomic(t.usd).toString(),
    }));
  }

  // Refused like any proof: a 402 with a fresh challenge (so the caller can pay per call instead), naming the
  // shortfall and the deposit routes when the balance is what fell short.
  private refuse(
    req: VerifyRequest,
    reason: string,
    short?: { state: BalanceState; amountAtomic: bigint },
    auth?: BalanceAuthRefusal,
  ): VerifyReply {
    this.logger.event('info', 'balance payment refused', {
      requestId: req.requestId,
      operationId: req.route.operationId,
      reason,
      part: auth?.part,
    });
    const challenge = this.challenges.issue(req, reason);
    if (auth) challenge.body = { ...challenge.body, balance_auth: authDetails(auth) };
    if (short) {
      const available = short.state.balance_atomic - short.state.held_atomic;
      const shortfall = short.amountAtomic > available ? short.amountAtomic - available : 0n;
      challenge.body = {
        ...challenge.body,
        balance: {
          reason,
          wallet: short.state.wallet,
          asset: 'USDC',
          decimals: USDC_DECIMALS,
          price_atomic: short.amountAtomic.toString(),
          available_atomic: available.toString(),
          shortfall_atomic: shortfall.toString(),
          cap_per_call_atomic: short.state.cap_per_call_atomic?.toString() ?? null,
          cap_per_day_atomic: short.state.cap_per_day_atomic?.toString() ?? null,
          spent_today_atomic: short.state.spent_today_atomic.toString(),
          deposit: this.depositRoutes(),
        },
      };
    }
    return { ok: false, reason, challenge };
  }

  private get nonceTtl() {
    return balanceNonceTtl(this.config);
  }
}
