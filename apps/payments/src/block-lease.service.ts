import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  SUBJECTS,
  TollError,
  type BlockLeaseReply,
  type BlockLeaseRequest,
  type BlockLeaseRevoke,
} from '@toll/contracts';
import { APP_CONFIG, JsonLogger, NATS_CONNECTION } from '@toll/platform';
import { ReceiptSigner, openMemo } from '@toll/x402';
import type { NatsConnection } from 'nats';
import { BlockLeaseRepository, type BlockCheck, type BlockLeaseTerms, type BlockRow } from './block-lease.repository';
import type { PaymentsConfig } from './config';
import { LEASE_REPORT_MAX } from './lease.service';
import { paymentsMetrics } from './metrics';
import { PAYMENT_TERMS, type PaymentTerms } from './terms';
import { parseX402 } from './x402-proof';

// How often leases abandoned by a dead gateway are looked for (their credits go back after expiry plus grace).
const SWEEP_INTERVAL_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// payments.blockLease: a prepaid block is a balance for one operation, so its credits are leased to gateways like a
// balance (docs/payments.md, "Prepaid blocks on leases"). Only a block this ledger verified is leased: its first call
// goes through payments.call, which verifies the payment on chain and records it.
@Injectable()
export class BlockLeaseService implements OnModuleInit, OnApplicationShutdown {
  private sweeper?: NodeJS.Timeout;
  private readonly leaseTerms: BlockLeaseTerms;

  constructor(
    private readonly leases: BlockLeaseRepository,
    private readonly receipts: ReceiptSigner,
    @Inject(PAYMENT_TERMS) private readonly terms: PaymentTerms,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(APP_CONFIG) config: PaymentsConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    this.leaseTerms = {
      leaseSeconds: config.PAYMENTS_LEASE_SECONDS,
      graceSeconds: config.PAYMENTS_LEASE_GRACE_SECONDS,
      maxCredits: config.PAYMENTS_BLOCK_LEASE_MAX_CREDITS,
    };
  }

  onModuleInit() {
    this.sweeper = setInterval(() => {
      this.leases.releaseExpired(this.leaseTerms.graceSeconds).then(
        (n) => n && this.logger.event('warn', 'expired block leases released', { count: n }),
        (e) => this.logger.event('error', 'block lease sweep failed', { error: String(e) }),
      );
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.sweeper);
  }

  async lease(req: BlockLeaseRequest): Promise<BlockLeaseReply> {
    checkRequest(req);
    let proofKey: string | undefined;
    let check: BlockCheck = () => false;
    if (!req.lease_id) {
      const grant = this.grantCheck(req);
      if (!grant) return { ok: false, reason: 'not_leasable' };
      ({ proofKey, check } = grant);
    }
    const out = await this.leases.report(
      {
        gateway: req.gateway,
        proofKey,
        leaseId: req.lease_id,
        seq: req.seq,
        spends: req.spends ?? [],
        want: req.want_credits ?? 0,
        min: req.min_credits ?? 0,
        close: req.close === true,
      },
      this.leaseTerms,
      check,
    );
    const othersHold = out.ok ? out.short?.othersHold : out.othersHold;
    const paymentId = out.ok ? out.payment.id : out.paymentId;
    // Other gateways hold what this one needs: they are asked to report and give it back; the asker tries again.
    if (othersHold && paymentId) this.revoke({ payment_id: paymentId });
    if (!out.ok) return { ok: false, reason: out.reason, ...(othersHold ? { retry: true } : {}) };
    if (out.charged) paymentsMetrics()?.blockLeaseCharged.inc(out.charged);
    return {
      ok: true,
      lease_id: out.leaseId,
      status: out.status === 'expired' ? 'closed' : out.status,
      granted_credits: out.granted,
      available_credits: Math.max(out.available, 0),
      expires_at: out.expiresAt.toISOString(),
      payment: paymentOf(out.payment),
      receipt_public_key: this.receipts.publicKeyBase64,
      charged: out.charged,
      ...(out.short ? { short: 'block_used_up' as const, ...(othersHold ? { retry: true } : {}) } : {}),
    };
  }

  // Before the block is credited to a balance: gateways holding its credits are asked to report and give them back.
  // False: no lease holds any.
  async giveBack(paymentId: string): Promise<boolean> {
    if (!(await this.leases.held(paymentId))) return false;
    this.revoke({ payment_id: paymentId });
    return true;
  }

  // Every gateway hears it (a plain subject, not a queue group) and closes its lease on the block at once.
  revoke(message: BlockLeaseRevoke): void {
    this.nats.publish(SUBJECTS.paymentsBlockLeaseRevoke, JSON.stringify(message));
  }

  // The proof's key in the ledger, and what its recorded payment must be for this proof to spend it from a lease: the
  // same checks a known proof meets in payments.call (VerifyService): its memo, its operation, paid on chain, a block
  // bound to no single input, not credited to a balance. Undefined: the proof can never be leased.
  private grantCheck(req: BlockLeaseRequest): { proofKey: string; check: BlockCheck } | undefined {
    const proof = req.proof!;
    const operationId = req.operation_id!;
    const block = (p: BlockRow) => p.credits_total > 1 && p.credited_at === null && p.operation_id === operationId;
    if (proof.kind === 'memo') {
      const opened = openMemo(this.terms.memoSecret, proof.memo);
      if (!opened.ok || opened.quote.binding !== null) return undefined;
      return { proofKey: proof.signature, check: (p) => block(p) && p.kind === 'memo' && p.memo === proof.memo };
    }
    const parsed = parseX402(proof.paymentSignature, operationId, undefined, this.terms);
    if (!parsed.ok) return undefined;
    return {
      proofKey: parsed.proofKey,
      check: (p) => block(p) && p.kind === 'x402' && p.memo === parsed.memo && (p.onchain_settled || 'unverified'),
    };
  }
}

const paymentOf = (p: BlockRow) => ({
  id: p.id,
  payer: p.payer,
  transaction: p.tx_signature,
  asset: p.asset,
  amount_atomic: p.amount_atomic,
  network: p.network,
  operation_id: p.operation_id,
  credits_total: p.credits_total,
});

// The gateway is ours, but a report is money: anything malformed is refused whole, before the ledger is touched.
function checkRequest(req: BlockLeaseRequest) {
  const bad = (field: string) => {
    throw new TollError('INVALID_INPUT', 'block lease request refused', {
      issues: [{ field, message: 'is malformed' }],
    });
  };
  if (typeof req.gateway !== 'string') bad('gateway');
  if (req.lease_id !== undefined && !UUID.test(req.lease_id)) bad('lease_id');
  if (req.lease_id === undefined) {
    const p = req.proof;
    const memo = p?.kind === 'memo' && typeof p.signature === 'string' && typeof p.memo === 'string';
    if (!memo && !(p?.kind === 'x402' && typeof p.paymentSignature === 'string')) bad('proof');
    if (typeof req.operation_id !== 'string' || req.operation_id.length > 200) bad('operation_id');
  }
  if (req.seq !== undefined && !Number.isSafeInteger(req.seq)) bad('seq');
  for (const f of ['want_credits', 'min_credits'] as const)
    if (req[f] !== undefined && !(Number.isSafeInteger(req[f]) && req[f] >= 0)) bad(f);
  const spends = req.spends ?? [];
  if (!Array.isArray(spends) || spends.length > LEASE_REPORT_MAX || (spends.length && !req.lease_id)) bad('spends');
  for (const s of spends)
    if (!UUID.test(s.entry_id) || typeof s.request_id !== 'string' || Number.isNaN(Date.parse(s.at))) bad('spends');
}
