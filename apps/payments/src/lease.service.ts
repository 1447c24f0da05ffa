import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SUBJECTS, TollError, type LeaseReply, type LeaseRequest, type LeaseRevoke } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, NATS_CONNECTION } from '@toll/platform';
import { ReceiptSigner } from '@toll/x402';
import type { NatsConnection } from 'nats';
import type { PaymentsConfig } from './config';
import { LeaseRepository, type LeaseTerms } from './lease.repository';
import { paymentsMetrics } from './metrics';
import { PAYMENT_TERMS, type PaymentTerms } from './terms';

// How often leases abandoned by a dead gateway are looked for (their hold goes back after expiry plus grace).
const SWEEP_INTERVAL_MS = 5_000;
const ATOMIC = /^\d{1,18}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX64 = /^[0-9a-f]{64}$/;
// One report carries at most this many calls; a gateway reports at least every second or this many calls.
export const LEASE_REPORT_MAX = 1_000;

// The nonce of a balance call is remembered this long (both paths): the clock window twice, a minute, and long enough
// for a lease's report to arrive after its gateway restarted (the lease's time plus the grace period).
export const balanceNonceTtl = (c: PaymentsConfig) =>
  c.PAYMENTS_BALANCE_CLOCK_SKEW_SECONDS * 2 + 60 + c.PAYMENTS_LEASE_SECONDS + c.PAYMENTS_LEASE_GRACE_SECONDS;

// payments.lease: payments stays the only ledger and the only party that grants money; a lease is a balance proof
// validated once for many calls (docs/payments.md, "Balance leases").
@Injectable()
export class LeaseService implements OnModuleInit, OnApplicationShutdown {
  private sweeper?: NodeJS.Timeout;
  private readonly terms: LeaseTerms;

  constructor(
    private readonly leases: LeaseRepository,
    private readonly receipts: ReceiptSigner,
    @Inject(PAYMENT_TERMS) private readonly paymentTerms: PaymentTerms,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(APP_CONFIG) config: PaymentsConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    const nonceTtlSeconds = balanceNonceTtl(config);
    this.terms = {
      leaseSeconds: config.PAYMENTS_LEASE_SECONDS,
      graceSeconds: config.PAYMENTS_LEASE_GRACE_SECONDS,
      maxAtomic: config.PAYMENTS_LEASE_MAX_ATOMIC,
      nonceTtlSeconds,
      // Any earlier charge of a nonce was recorded at most one clock window before its signed time and is kept
      // nonceTtlSeconds: a spend signed longer ago than this is not charged, so no nonce is ever charged twice.
      chargeWindowSeconds: nonceTtlSeconds - config.PAYMENTS_BALANCE_CLOCK_SKEW_SECONDS,
    };
  }

  onModuleInit() {
    this.sweeper = setInterval(() => {
      this.leases.releaseExpired(this.terms.graceSeconds).then(
        (n) => n && this.logger.event('warn', 'expired balance leases released', { count: n }),
        (e) => this.logger.event('error', 'lease sweep failed', { error: String(e) }),
      );
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.sweeper);
  }

  async lease(req: LeaseRequest): Promise<LeaseReply> {
    checkRequest(req);
    const out = await this.leases.report(
      {
        wallet: req.wallet,
        gateway: req.gateway,
        leaseId: req.lease_id,
        seq: req.seq,
        spends: req.spends ?? [],
        wantAtomic: BigInt(req.want_atomic ?? '0'),
        minAtomic: BigInt(req.min_atomic ?? '0'),
        close: req.close === true,
      },
      this.terms,
    );
    const othersHold = out.ok ? out.short?.othersHold : out.othersHold;
    // Other gateways hold what this one needs: they are asked to report and give it back; the asker tries again.
    if (othersHold) this.revoke({ wallet: req.wallet, reason: 'needed_elsewhere' });
    if (!out.ok) return { ok: false, reason: out.reason, ...(othersHold ? { retry: true } : {}) };
    if (out.charged) paymentsMetrics()?.leaseCharged.inc(out.charged);
    if (out.short && !req.lease_id)
      return { ok: false, reason: out.short.reason, ...(othersHold ? { retry: true } : {}) };
    return {
      ok: true,
      lease_id: out.leaseId,
      status: out.status === 'expired' ? 'closed' : out.status,
      granted_atomic: out.grantedAtomic.toString(),
      expires_at: out.expiresAt.toISOString(),
      available_atomic: out.availableAtomic.toString(),
      cap_per_call_atomic: out.capPerCallAtomic?.toString() ?? null,
      receipt_public_key: this.receipts.publicKeyBase64,
      network: this.paymentTerms.network.caip2,
      charged: out.charged,
      ...(out.short ? { short: out.short.reason, ...(othersHold ? { retry: true } : {}) } : {}),
    };
  }

  // Every gateway hears it (a plain subject, not a queue group) and closes its lease on the wallet at once.
  revoke(message: LeaseRevoke): void {
    this.nats.publish(SUBJECTS.paymentsLeaseRevoke, JSON.stringify(message));
  }
}

// The gateway is ours, but a report is money: anything malformed is refused whole, before the ledger is touched.
function checkRequest(req: LeaseRequest) {
  const bad = (field: string) => {
    throw new TollError('INVALID_INPUT', 'lease request refused', { issues: [{ field, message: 'is malformed' }] });
  };
  if (typeof req.wallet !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(req.wallet)) bad('wallet');
  if (req.lease_id !== undefined && !UUID.test(req.lease_id)) bad('lease_id');
  if (req.seq !== undefined && !Number.isSafeInteger(req.seq)) bad('seq');
  for (const f of ['want_atomic', 'min_atomic'] as const) if (req[f] !== undefined && !ATOMIC.test(req[f])) bad(f);
  const spends = req.spends ?? [];
  if (!Array.isArray(spends) || spends.length > LEASE_REPORT_MAX || (spends.length && !req.lease_id)) bad('spends');
  for (const s of spends) {
    if (
      !UUID.test(s.entry_id) ||
      !ATOMIC.test(s.amount_atomic) ||
      !ATOMIC.test(s.balance_after_atomic) ||
      !/^\d{1,12}$/.test(s.timestamp)
    )
      bad('spends');
    if (
      !/^[A-Za-z0-9_-]{16,64}$/.test(s.nonce) ||
      !HEX64.test(s.request_sha256) ||
      !HEX64.test(s.response_sha256) ||
      Number.isNaN(Date.parse(s.at))
    )
      bad('spends');
    if (typeof s.operation_id !== 'string' || s.operation_id.length > 200) bad('spends');
  }
}
