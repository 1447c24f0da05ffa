import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  TollError,
  keptForRedelivery,
  type ReleaseRequest,
  type SettleReply,
  type SettleRequest,
} from '@toll/contracts';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { USDC_DECIMALS, encodeHeaderJson, ReceiptSigner } from '@toll/x402';
import type { PaymentsConfig } from './config';
import { BALANCE_HOLD_PREFIX, BalanceService } from './balance.service';
import { BalanceRepository } from './balance.repository';
import { LedgerRepository } from './ledger.repository';
import { paymentsMetrics } from './metrics';
import { ReplySeal } from './reply-seal';

// How often holds abandoned by a dead gateway are given back.
const SWEEP_INTERVAL_MS = 15_000;
const SOL_DECIMALS = 9;

@Injectable()
export class SettlementService implements OnModuleInit, OnApplicationShutdown {
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly ledger: LedgerRepository,
    private readonly receipts: ReceiptSigner,
    private readonly seal: ReplySeal,
    @Inject(APP_CONFIG) private readonly config: PaymentsConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    private readonly balances: BalanceService,
    private readonly balanceLedger: BalanceRepository,
  ) {}

  onModuleInit() {
    this.sweeper = setInterval(() => {
      this.ledger.releaseExpired().then(
        (n) => n && this.logger.event('warn', 'expired holds released', { count: n }),
        (e) => this.logger.event('error', 'hold sweep failed', { error: String(e) }),
      );
      this.ledger
        .dropExpiredReplies()
        .catch((e) => this.logger.event('error', 'reply sweep failed', { error: String(e) }));
      this.balanceLedger.releaseExpired().then(
        (n) => n && this.logger.event('warn', 'expired balance holds released', { count: n }),
        (e) => this.logger.event('error', 'balance hold sweep failed', { error: String(e) }),
      );
      this.balanceLedger
        .dropExpired()
        .catch((e) => this.logger.event('error', 'nonce sweep failed', { error: String(e) }));
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.sweeper);
  }

  // `redelivery`: the hold was settled before and its answer is served again; money is counted once (metrics.ts).
  async settle(req: SettleRequest, { redelivery = false } = {}): Promise<SettleReply> {
    if (req.holdId.startsWith(BALANCE_HOLD_PREFIX)) return this.balances.settle(req, { redelivery });
    // A reply over the limit is not kept (a redelivery then asks the group again); the gateway never sends one.
    const keep = req.reply && keptForRedelivery(req.reply) ? this.seal.seal(req.reply) : undefined;
    const p = await this.ledger.settle(req.holdId, keep, this.config.PAYMENTS_REDELIVERY_SECONDS);
    if (!p) throw new TollError('INTERNAL', 'hold is not active');
    if (!redelivery && p.credits_used <= 1)
      // a block: at its first credit
      paymentsMetrics()?.settledAtomic.inc({ asset: p.asset, operation: p.operation_id }, Number(p.amount_atomic));
    // A deposit was credited by that same statement (deposit_tiers trigger), once per hold.
    const receipt = this.receipts.sign({
      v: 1,
      receipt_id: req.holdId,
      payment_id: p.id,
      operation_id: p.operation_id,
      price:
        req.price ??
        (p.credits_total > 1
          ? { per: 'block', usd: p.price_usd, requests: p.credits_total }
          : { per: 'call', usd: p.price_usd }),
      asset: p.asset,
      amount_atomic: p.amount_atomic.toString(),
      network: p.network,
      payer: p.payer,
      transaction: p.tx_signature,
      request_id: req.requestId,
      issued_at: new Date().toISOString(),
      decimals: p.asset === 'SOL' ? SOL_DECIMALS : USDC_DECIMALS,
      settlement: { kind: 'transaction', reference: p.tx_signature },
      request_sha256: req.request_sha256 ?? null,
      response_sha256: req.response_sha256 ?? null,
    });
    const paymentResponse = encodeHeaderJson({
      success: true,
      transaction: p.tx_signature ?? '',
      network: p.network,
      payer: p.payer,
      amount: p.amount_atomic.toString(),
      extra: { asset: p.asset, creditsUsed: p.credits_used, creditsTotal: p.credits_total },
    });
    this.logger.event('info', 'payment settled', {
      requestId: req.requestId,
      holdId: req.holdId,
      paymentId: p.id,
      operationId: p.operation_id,
    });
    return { paymentResponse, receipt, creditsRemaining: p.credits_total - p.credits_used };
  }

  async release(req: ReleaseRequest): Promise<{ released: boolean }> {
    const released = req.holdId.startsWith(BALANCE_HOLD_PREFIX)
      ? await this.balances.release(req.holdId, req.reason)
      : await this.ledger.release(req.holdId, req.reason);
    this.logger.event('info', 'hold released', {
      requestId: req.requestId,
      holdId: req.holdId,
      reason: req.reason,
      released,
    });
    return { released };
  }
}
