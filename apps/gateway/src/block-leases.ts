import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  SUBJECTS,
  TollError,
  type BlockLeaseReply,
  type BlockLeaseRequest,
  type BlockLeaseRevoke,
  type BlockPayment,
  type BlockSpend,
  type PaidCallSettlement,
  type PaymentProof,
  type PriceSpec,
  type StoredReply,
} from '@toll/contracts';
import { APP_CONFIG, JsonLogger, NATS_CONNECTION, NatsBus } from '@toll/platform';
import { ReceiptSigner, USDC_DECIMALS, encodeHeaderJson, localReceiptSeed, sha256Hex } from '@toll/x402';
import type { NatsConnection, Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { GatewayConfig } from './config';
import { LeaseBook, type Lease } from './lease-book';
import { LeaseJournal } from './lease-journal';

type BlockProof = Extract<PaymentProof, { kind: 'memo' } | { kind: 'x402' }>;
type BlockLease = Lease<BlockSpend>;

interface BlockJournalLine {
  lease_id: string;
  key: string;
  spend: BlockSpend;
}

// A report carries at most this many calls (payments' LEASE_REPORT_MAX); a lease with this many waiting reports now.
const REPORT_MAX = 1_000;
// A new lease is sized for this many calls.
const MIN_CALLS = 8n;
// A lease idle this long is closed, its rest given back to the block.
const IDLE_CLOSE_MS = 5_000;
// How long a call may wait for other gateways to give back the credits it needs (payments said retry).
const RETRY_FOR_MS = 2_000;
// A lease in use is renewed when it has less than this left (every report renews it too).
const LEASE_RENEW_MS = 5_000;
// Proofs payments will never lease (another memo or operation, a bound memo) are remembered, up to this many.
const NEVER_MAX = 10_000;
const SOL_DECIMALS = 9;
// payments.blockLease unanswered (payments down, or built before block leases): block calls go to payments.call for
// this long before a lease is asked for again.
const ASK_RETRY_MS = 5_000;

export interface BlockSpendHandle {
  lease: BlockLease;
  payment: BlockPayment;
  creditsRemaining: number; // what the caller is told is left, fixed when the credit is taken
  price: PriceSpec;
  request_sha256: string;
  requestId: string;
}

// 'payments': payments.call decides the call (first use of a proof, a redelivery, a block used up, leases off); call
// done() when it answered.
export type BlockTake = { kind: 'spend'; handle: BlockSpendHandle } | { kind: 'payments'; done: () => void };

// Prepaid block calls spent from leases payments grants this gateway on a block's credits (docs/payments.md,
// "Prepaid blocks on leases"): a block is a balance for one operation. The credit comes from the lease in memory and
// the receipt is signed here; payments hears of each call in the next report (every second or REPORT_MAX calls).
@Injectable()
export class BlockLeases implements OnModuleInit, OnApplicationShutdown {
  readonly book = new LeaseBook<BlockSpend>();
  private readonly payments = new Map<string, BlockPayment>(); // by book key
  private readonly verifying = new Map<string, number>(); // book key → its calls payments.call is deciding now
  private readonly never = new Set<string>();
  private readonly signer?: ReceiptSigner;
  private readonly journal?: LeaseJournal<BlockJournalLine>;
  private readonly gateway = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private readonly asking = new Map<string, Promise<boolean>>();
  private readonly reporting = new Map<BlockLease, Promise<BlockLeaseReply>>();
  private keyMismatch = false;
  private askFailedAt = -Infinity;
  private ticker?: NodeJS.Timeout;
  private revokes?: Subscription;
  private recovered?: { lines: BlockJournalLine[]; files: string[] };

  constructor(
    private readonly bus: NatsBus,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    const secret = config.GATEWAY_RECEIPT_SECRET;
    // Without the receipt key in production, every block call goes to payments as before.
    if (config.GATEWAY_BLOCK_LEASES === 'true' && (secret || config.NODE_ENV !== 'production'))
      this.signer = new ReceiptSigner(secret ? Buffer.from(secret, 'hex') : localReceiptSeed());
    if (this.signer && config.GATEWAY_LEASE_JOURNAL_DIR)
      this.journal = new LeaseJournal<BlockJournalLine>(config.GATEWAY_LEASE_JOURNAL_DIR, 'blocks');
  }

  onModuleInit() {
    if (!this.signer) return;
    const r = this.journal?.recover();
    if (r?.files.length) this.recovered = r;
    this.revokes = this.nats.subscribe(SUBJECTS.paymentsBlockLeaseRevoke, {
      callback: (err, msg) => {
        if (err) return;
        try {
          this.revoke((JSON.parse(new TextDecoder().decode(msg.data)) as BlockLeaseRevoke).payment_id);
        } catch {
          // not ours to read
        }
      },
    });
    this.ticker = setInterval(() => void this.flush(), this.config.GATEWAY_LEASE_REPORT_MS);
    this.ticker.unref();
    void this.flush();
  }

  // A clean stop reports everything and gives every lease's rest back.
  async onApplicationShutdown() {
    clearInterval(this.ticker);
    this.revokes?.unsubscribe();
    await Promise.all(
      [...this.book.leases.values()].map((l) => this.report(l, { close: true }).catch(() => undefined)),
    );
  }

  // Whether this block call is paid from a lease here. A call with an Idempotency-Key goes to payments.call (its
  // stored answer lives there), and so does every call of a proof payments has not verified yet.
  async take(
    proof: BlockProof,
    route: { operationId: string; paidAs?: string; payerProof?: boolean; price: PriceSpec },
    requestId: string,
    request_sha256: string,
    idempotent: boolean,
  ): Promise<BlockTake> {
    const product = route.paidAs ?? route.operationId;
    const key =
      proof.kind === 'memo'
        ? `${product}\nmemo\n${proof.signature}\n${proof.memo}`
        : `${product}\nx402\n${proof.paymentSignature}`;
    const payments = () => {
      this.verifying.set(key, (this.verifying.get(key) ?? 0) + 1);
      return { kind: 'payments' as const, done: () => this.verified(key) };
    };
    if (
      !this.signer ||
      this.keyMismatch ||
      idempotent ||
      route.payerProof ||
      route.price.per !== 'block' ||
      this.never.has(key) ||
      this.verifying.has(key)
    )
      return payments();
    let taken = this.reserve(key);
    if (!taken && Date.now() - this.askFailedAt < ASK_RETRY_MS) return payments();
    try {
      taken ??= await this.acquire(key, proof, product);
    } catch {
      // Payments did not answer about the lease: payments.call decides this call (and answers 503 if it cannot).
      this.askFailedAt = Date.now();
      return payments();
    }
    const payment = this.payments.get(key);
    if (taken && (this.keyMismatch || !payment)) this.book.giveBack(taken.lease, 1n);
    if (!taken || this.keyMismatch || !payment) return payments();
    // Topped up before it runs out, off this call's path: a call waits for payments only when a lease is empty.
    if (this.book.low(taken.lease) && !this.reporting.has(taken.lease))
      void this.report(taken.lease, { want_credits: this.want(taken.lease) }).catch(() => undefined);
    return {
      kind: 'spend',
      handle: { ...taken, payment, price: route.price, request_sha256, requestId },
    };
  }

  // One credit from the block's lease, and what the caller is told is left: read at once, so that calls taking credits
  // together are each told their own count.
  private reserve(key: string): { lease: BlockLease; creditsRemaining: number } | undefined {
    const lease = this.book.reserve(key, 1n, Date.now());
    return lease && { lease, creditsRemaining: Number(this.book.remaining(lease)) };
  }

  // Our failure or an uncharged answer: the credit goes back to the lease, nothing is reported.
  giveBack(h: BlockSpendHandle): void {
    this.book.giveBack(h.lease, 1n);
    if (h.lease.status === 'draining' && !h.lease.inflight)
      void this.report(h.lease, { close: true }).catch(() => undefined);
  }

  // The call was served: journaled, queued for the next report, and its receipt signed here (the claims payments
  // signs for a block call: settlement by the block's transaction, receipt_id the hold id the report records).
  served(h: BlockSpendHandle, reply: StoredReply): PaidCallSettlement {
    const now = Date.now();
    const entryId = randomUUID();
    const spend: BlockSpend = { entry_id: entryId, request_id: h.requestId, at: new Date(now).toISOString() };
    const file = this.journal ? this.journal.append({ lease_id: h.lease.id, key: h.lease.wallet, spend }) : -1;
    this.book.served(h.lease, spend, file, now);
    if (h.lease.pending.length >= REPORT_MAX || (h.lease.status === 'draining' && !h.lease.inflight))
      void this.report(h.lease, h.lease.status === 'draining' ? { close: true } : {}).catch(() => undefined);
    const p = h.payment;
    const receipt = this.signer!.sign({
      v: 1,
      receipt_id: entryId,
      payment_id: p.id,
      operation_id: p.operation_id,
      price: h.price,
      asset: p.asset,
      amount_atomic: p.amount_atomic,
      network: p.network,
      payer: p.payer,
      transaction: p.transaction,
      request_id: h.requestId,
      issued_at: spend.at,
      decimals: p.asset === 'SOL' ? SOL_DECIMALS : USDC_DECIMALS,
      settlement: { kind: 'transaction', reference: p.transaction },
      request_sha256: h.request_sha256,
      response_sha256: sha256Hex(reply.json),
    });
    const paymentResponse = encodeHeaderJson({
      success: true,
      transaction: p.transaction ?? '',
      network: p.network,
      payer: p.payer,
      amount: p.amount_atomic,
      extra: { asset: p.asset, creditsUsed: p.credits_total - h.creditsRemaining, creditsTotal: p.credits_total },
    });
    return { paymentResponse, receipt, creditsRemaining: h.creditsRemaining };
  }

  private verified(key: string) {
    const n = (this.verifying.get(key) ?? 1) - 1;
    if (n > 0) this.verifying.set(key, n);
    else this.verifying.delete(key);
  }

  // A lease holding a credit, or undefined (payments.call then decides the call). One request per block at a time;
  // a call that finds one in flight waits for it and tries the lease again. Payments unreachable: 503, nothing charged.
  private async acquire(key: string, proof: BlockProof, product: string): Promise<ReturnType<BlockLeases['reserve']>> {
    const until = Date.now() + RETRY_FOR_MS;
    for (let attempt = 0; ; attempt++) {
      const inFlight = this.asking.get(key);
      let retry: boolean;
      if (inFlight) retry = await inFlight;
      else {
        const ask = this.ask(key, proof, product);
        this.asking.set(key, ask);
        try {
          retry = await ask;
        } finally {
          this.asking.delete(key);
        }
      }
      const taken = this.reserve(key);
      if (taken) return taken;
      if (this.never.has(key) || this.verifying.has(key)) return undefined;
      // This lease's own calls in flight hold the last credits: they are reported (or given back) first.
      const busy = (this.book.leases.get(key)?.inflight ?? 0) > 0;
      if (!retry && !inFlight && !busy) return undefined;
      if (Date.now() + 25 * 2 ** attempt > until) return undefined;
      await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
    }
  }

  // One grant or top-up; true when payments said other leases are giving back the credits needed.
  private async ask(key: string, proof: BlockProof, product: string): Promise<boolean> {
    let lease = this.book.leases.get(key);
    if (lease && !this.book.spendable(lease, Date.now())) {
      if (lease.inflight) return true; // its calls in flight finish first (then it closes): look again shortly
      if (!(await this.report(lease, { close: true }))) return true; // another report was in flight: look again
      this.book.drop(lease);
      lease = undefined;
    }
    const want = this.want(lease);
    if (lease) {
      const reply = await this.report(lease, { want_credits: want, min_credits: 1 });
      return reply === undefined || (reply.ok && reply.retry === true);
    }
    const reply = await this.send({
      requestId: randomUUID(),
      gateway: this.gateway,
      proof: proof.kind === 'memo' ? { kind: 'memo', signature: proof.signature, memo: proof.memo } : proof,
      operation_id: product,
      want_credits: want,
      min_credits: 1,
    });
    if (!reply.ok) {
      // Not verified yet: this call goes to payments.call, and so does every call of the proof until it answered.
      if (reply.reason === 'proof_unknown') this.verifying.set(key, this.verifying.get(key) ?? 0);
      if (reply.reason === 'not_leasable') {
        if (this.never.size >= NEVER_MAX) this.never.clear();
        this.never.add(key);
      }
      return reply.retry === true;
    }
    this.apply(key, reply);
    return false;
  }

  // What the lease has spent so far (a lease in use grows; a new one starts at MIN_CALLS); payments caps it.
  private want(lease: BlockLease | undefined): number {
    return Number(lease && lease.spent > MIN_CALLS ? lease.spent : MIN_CALLS);
  }

  private apply(key: string, reply: Extract<BlockLeaseReply, { ok: true }>) {
    this.payments.set(key, reply.payment);
    const lease = this.book.applyGrant(
      key,
      {
        leaseId: reply.lease_id,
        status: reply.status,
        granted: BigInt(reply.granted_credits),
        availableOutside: BigInt(reply.available_credits),
        capPerCall: null,
        expiresAtMs: Date.parse(reply.expires_at),
      },
      Date.now(),
    );
    if (!this.book.leases.has(key) || this.book.leases.get(key) !== lease) this.payments.delete(key);
  }

  // Reports a lease's pending calls (renewing it, topping it up, or closing it). One report per lease at a time: a
  // caller that finds one in flight waits for it (undefined: look at the lease again; its errors are the caller's too).
  private async report(
    lease: BlockLease,
    extra: Pick<BlockLeaseRequest, 'want_credits' | 'min_credits' | 'close'>,
  ): Promise<BlockLeaseReply | undefined> {
    const running = this.reporting.get(lease);
    if (running) return running.then(() => undefined);
    if (extra.close && lease.pending.length > REPORT_MAX) await this.report(lease, {}); // the close carries the last
    const { seq, items } = this.book.batch(lease, REPORT_MAX);
    const sent = this.send({
      requestId: `block-lease-${lease.id}-${seq}`,
      gateway: this.gateway,
      lease_id: lease.id,
      seq,
      spends: items.map((i) => i.spend),
      ...extra,
    });
    this.reporting.set(lease, sent);
    try {
      const reply = await sent;
      for (const i of items) if (i.file >= 0) this.journal?.done(i.file);
      if (reply.ok) this.apply(lease.wallet, reply);
      else this.drop(lease); // payments knows no such lease: nothing of it can be spent
      if (extra.close) this.drop(lease);
      return reply;
    } catch (e) {
      this.book.unsent(lease, items);
      throw e;
    } finally {
      this.reporting.delete(lease);
    }
  }

  private drop(lease: BlockLease) {
    this.book.drop(lease);
    if (!this.book.leases.has(lease.wallet)) this.payments.delete(lease.wallet);
  }

  private async send(req: BlockLeaseRequest): Promise<BlockLeaseReply> {
    let reply: BlockLeaseReply;
    try {
      reply = await this.bus.request<BlockLeaseReply>(SUBJECTS.paymentsBlockLease, req, {
        timeoutMs: this.config.GATEWAY_PAYMENTS_TIMEOUT_MS,
        requestId: req.requestId,
      });
    } catch (e) {
      const code = e instanceof TollError ? e.code : 'INTERNAL';
      throw new TollError(
        'SERVICE_UNAVAILABLE',
        `payments cannot be reached (${code}): no payment was taken and nothing was charged; retry shortly`,
        { retry_after_seconds: 1 },
      );
    }
    if (reply.ok && reply.receipt_public_key !== this.signer!.publicKeyBase64 && !this.keyMismatch) {
      this.keyMismatch = true; // receipts signed here would not verify: every block call goes to payments
      this.logger.event('error', 'GATEWAY_RECEIPT_SECRET is not the key payments publishes; block leases are off', {});
    }
    return reply;
  }

  // Every second: report what was served, renew the leases in use, close the idle ones, and report what a crashed
  // run of this gateway left in the journal. Resolves when those reports are answered.
  async flush(): Promise<void> {
    this.journal?.rotate();
    const now = Date.now();
    if (this.recovered)
      await this.recover().catch((e) =>
        this.logger.event('warn', 'block journal report failed; retrying', { error: String(e) }),
      );
    const reports: Array<Promise<unknown>> = [];
    for (const lease of [...this.book.leases.values()]) {
      const idle = now - lease.lastSpendMs > IDLE_CLOSE_MS && !lease.inflight;
      const due =
        lease.pending.length > 0 || lease.status !== 'active' || idle || lease.expiresAtMs - now < LEASE_RENEW_MS;
      if (!due || (lease.inflight && lease.status !== 'active')) continue;
      const close = idle || lease.status !== 'active' || !this.book.spendable(lease, now);
      const extra = close ? { close: true } : this.book.low(lease) ? { want_credits: this.want(lease) } : {};
      reports.push(
        this.report(lease, extra).catch((e) =>
          this.logger.event('warn', 'block lease report failed; retrying', { lease: lease.id, error: String(e) }),
        ),
      );
    }
    await Promise.all(reports);
  }

  // The journal of a run that died: each lease's calls reported and the lease closed; then the files go.
  private async recover() {
    const { lines, files } = this.recovered!;
    const byLease = new Map<string, BlockSpend[]>();
    for (const l of lines) {
      const spends = byLease.get(l.lease_id) ?? [];
      spends.push(l.spend);
      byLease.set(l.lease_id, spends);
    }
    for (const [leaseId, spends] of byLease) {
      for (let i = 0; i < spends.length; i += REPORT_MAX) {
        const reply = await this.send({
          requestId: `block-recover-${leaseId}-${i}`,
          gateway: this.gateway,
          lease_id: leaseId,
          spends: spends.slice(i, i + REPORT_MAX),
          close: i + REPORT_MAX >= spends.length,
        });
        this.logger.event('info', 'block journal reported', {
          lease: leaseId,
          calls: Math.min(REPORT_MAX, spends.length - i),
          charged: reply.ok ? reply.charged : 0,
        });
      }
    }
    this.journal!.removeFiles(files);
    this.recovered = undefined;
  }

  private revoke(paymentId: string) {
    for (const [key, payment] of this.payments) {
      const lease = this.book.leases.get(key);
      if (payment.id !== paymentId || !lease || lease.status !== 'active') continue;
      lease.status = 'draining';
      if (!lease.inflight) void this.report(lease, { close: true }).catch(() => undefined);
    }
  }
}
