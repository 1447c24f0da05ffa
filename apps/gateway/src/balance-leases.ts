import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  SUBJECTS,
  TollError,
  type LeaseReply,
  type LeaseRequest,
  type LeaseRevoke,
  type LeaseSpend,
  type PaymentProof,
  type PaymentsTermsReply,
  type PriceSpec,
  type StoredReply,
} from '@toll/contracts';
import { APP_CONFIG, JsonLogger, NATS_CONNECTION, NatsBus } from '@toll/platform';
import {
  DEPOSIT_PATHS,
  ReceiptSigner,
  USDC_DECIMALS,
  balancePriceAtomic,
  checkBalanceSignature,
  encodeHeaderJson,
  localReceiptSeed,
  sha256Hex,
  type SignaturePolicy,
} from '@toll/x402';
import type { NatsConnection, Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { GatewayConfig } from './config';
import { LeaseBook, type Lease } from './lease-book';
import { LeaseJournal } from './lease-journal';

type BalanceProof = Extract<PaymentProof, { kind: 'balance' }>;

// Payments keeps a balance call's nonce at least this long (2 × the 60 s clock window + 60 s): a nonce seen here is
// refused here for as long.
const NONCE_KEEP_MS = 180_000;
// A report carries at most this many calls (payments' LEASE_REPORT_MAX); a lease with this many waiting reports now.
const REPORT_MAX = 1_000;
// A new lease is sized for this many calls at the waiting call's price.
const MIN_CALLS = 8;
// A lease idle this long is closed, its rest given back to the balance.
const IDLE_CLOSE_MS = 5_000;
// How long a call may wait for other gateways to give back what it needs (payments said retry).
const RETRY_FOR_MS = 2_000;
// Payments' signature terms unknown (not reachable yet): balance calls go to payments, asked again after this.
const TERMS_RETRY_MS = 5_000;

export interface LeaseSpendHandle {
  lease: Lease;
  amount: bigint;
  proof: BalanceProof;
  operationId: string;
  price: PriceSpec;
  request_sha256: string;
  requestId: string;
}

export type LeaseTake = { kind: 'spend'; handle: LeaseSpendHandle } | { kind: 'payments' } | { kind: 'nonce_reused' };

// Calls paid from a prepaid balance, spent from leases payments grants this gateway (docs/payments.md, "Balance
// leases"): the signature, clock window and nonce are checked here, the price comes from the lease in memory, and the
// receipt is signed here. Payments hears of each call in the next report (every second or REPORT_MAX calls).
@Injectable()
export class BalanceLeases implements OnModuleInit, OnApplicationShutdown {
  readonly book = new LeaseBook();
  private readonly signer?: ReceiptSigner;
  private readonly journal?: LeaseJournal;
  private readonly gateway = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private readonly asking = new Map<string, Promise<void>>(); // one grant or top-up in flight per wallet
  private readonly reporting = new Map<Lease, Promise<LeaseReply>>();
  private network = '';
  private keyMismatch = false;
  // What a balance signature must match, as payments states it (payments.terms): asked once, before the first lease.
  private signatures?: SignaturePolicy;
  private termsAsked?: Promise<SignaturePolicy | undefined>;
  private termsFailedAt = 0;
  private ticker?: NodeJS.Timeout;
  private revokes?: Subscription;
  private recovered?: { lines: ReturnType<LeaseJournal['recover']>['lines']; files: string[] };

  constructor(
    private readonly bus: NatsBus,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    const secret = config.GATEWAY_RECEIPT_SECRET;
    // Without the receipt key in production, every balance call goes to payments as before.
    if (config.GATEWAY_BALANCE_LEASES === 'true' && (secret || config.NODE_ENV !== 'production')) {
      this.signer = new ReceiptSigner(secret ? Buffer.from(secret, 'hex') : localReceiptSeed());
    }
    if (this.signer && config.GATEWAY_LEASE_JOURNAL_DIR)
      this.journal = new LeaseJournal(config.GATEWAY_LEASE_JOURNAL_DIR);
  }

  onModuleInit() {
    if (!this.signer) return;
    if (this.journal) {
      const r = this.journal.recover();
      if (r.files.length) this.recovered = r;
    }
    this.revokes = this.nats.subscribe(SUBJECTS.paymentsLeaseRevoke, {
      callback: (err, msg) => {
        if (err) return;
        try {
          this.revoke((JSON.parse(new TextDecoder().decode(msg.data)) as LeaseRevoke).wallet);
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

  // Whether this call is paid here; 'payments': payments decides it (a refusal it words, an Idempotency-Key
  // redelivery, a deposit, leases off); 'nonce_reused': this gateway already served that signed request.
  async take(
    proof: BalanceProof,
    route: { operationId: string; paidAs?: string; path: string; price: PriceSpec },
    requestId: string,
    request_sha256: string,
    idempotent: boolean,
  ): Promise<LeaseTake> {
    if (
      !this.signer ||
      this.keyMismatch ||
      idempotent ||
      DEPOSIT_PATHS.includes(route.path as (typeof DEPOSIT_PATHS)[number])
    )
      return { kind: 'payments' };
    const signed = {
      method: proof.method,
      path: proof.path,
      input_sha256: proof.input_sha256,
      timestamp: proof.timestamp,
      nonce: proof.nonce,
    };
    const policy = this.signatures ?? (await this.askTerms());
    if (!policy || !checkBalanceSignature(proof.wallet, proof.signature, signed, policy).ok)
      return { kind: 'payments' };
    const amount = balancePriceAtomic(route.price);
    const known = this.book.leases.get(proof.wallet);
    if (known?.capPerCall != null && amount > known.capPerCall) return { kind: 'payments' };
    if (!this.book.useNonce(proof.wallet, proof.nonce, NONCE_KEEP_MS, Date.now())) return { kind: 'nonce_reused' };
    const lease =
      this.book.reserve(proof.wallet, amount, Date.now()) ?? (await this.acquire(proof.wallet, amount, requestId));
    if (lease && this.keyMismatch) this.book.giveBack(lease, amount);
    if (!lease || this.keyMismatch) {
      this.book.forgetNonce(proof.wallet, proof.nonce);
      return { kind: 'payments' };
    }
    // Topped up before it runs out, off this call's path: a call waits for payments only when a lease is empty.
    if (this.book.low(lease) && !this.reporting.has(lease))
      void this.report(lease, this.topUp(lease, amount)).catch(() => undefined);
    return {
      kind: 'spend',
      handle: {
        lease,
        amount,
        proof,
        operationId: route.paidAs ?? route.operationId,
        price: route.price,
        request_sha256,
        requestId,
      },
    };
  }

  // Before the owner reads their balance through this gateway, the calls it served them are reported, so the read
  // shows each one (another gateway's show within its next report, a second at most). A failed report does not stop
  // the read.
  async reportWallet(wallet: string): Promise<void> {
    const lease = this.book.leases.get(wallet);
    // A report already in flight may not carry the latest calls: then one more.
    for (let i = 0; i < 3 && lease?.pending.length; i++) await this.report(lease, {}).catch(() => undefined);
  }

  // Our failure or an uncharged answer: the call's price goes back to the lease, nothing is reported.
  giveBack(h: LeaseSpendHandle): void {
    this.book.giveBack(h.lease, h.amount);
    if (h.lease.status === 'draining' && !h.lease.inflight)
      void this.report(h.lease, { close: true }).catch(() => undefined);
  }

  // The call was served: journaled, queued for the next report, and its receipt signed here.
  served(h: LeaseSpendHandle, reply: StoredReply): { paymentResponse: string; receipt: string; balanceAtomic: string } {
    const now = Date.now();
    const entryId = randomUUID();
    const balanceAfter = this.book.remaining(h.lease).toString();
    const response_sha256 = sha256Hex(reply.json);
    const spend: LeaseSpend = {
      entry_id: entryId,
      nonce: h.proof.nonce,
      timestamp: h.proof.timestamp,
      operation_id: h.operationId,
      amount_atomic: h.amount.toString(),
      balance_after_atomic: balanceAfter,
      request_sha256: h.request_sha256,
      response_sha256,
      at: new Date(now).toISOString(),
    };
    const file = this.journal ? this.journal.append({ lease_id: h.lease.id, wallet: h.lease.wallet, spend }) : -1;
    this.book.served(h.lease, spend, file, now);
    if (h.lease.pending.length >= REPORT_MAX || (h.lease.status === 'draining' && !h.lease.inflight))
      void this.report(h.lease, h.lease.status === 'draining' ? { close: true } : {}).catch(() => undefined);
    const receipt = this.signer!.sign({
      v: 1,
      receipt_id: `bal_${entryId}`,
      payment_id: entryId,
      operation_id: h.operationId,
      price: h.price,
      asset: 'USDC',
      amount_atomic: spend.amount_atomic,
      network: this.network,
      payer: h.lease.wallet,
      transaction: null,
      request_id: h.requestId,
      issued_at: spend.at,
      decimals: USDC_DECIMALS,
      settlement: { kind: 'balance_entry', reference: entryId },
      request_sha256: h.request_sha256,
      response_sha256,
    });
    const paymentResponse = encodeHeaderJson({
      success: true,
      transaction: '',
      network: this.network,
      payer: h.lease.wallet,
      amount: spend.amount_atomic,
      extra: { asset: 'USDC', balance_entry: entryId, balance_atomic: balanceAfter },
    });
    return { paymentResponse, receipt, balanceAtomic: balanceAfter };
  }

  // A lease covering `amount`, or undefined (payments then decides the call). One request per wallet at a time; a
  // call that finds one in flight waits for it and tries the lease again. Payments unreachable: 503, nothing charged.
  private async acquire(wallet: string, amount: bigint, requestId: string): Promise<Lease | undefined> {
    const until = Date.now() + RETRY_FOR_MS;
    for (let attempt = 0; ; attempt++) {
      const inFlight = this.asking.get(wallet);
      let retry = false;
      if (inFlight) await inFlight;
      else {
        const ask = this.ask(wallet, amount, requestId).then((r) => {
          retry = r;
        });
        this.asking.set(wallet, ask);
        try {
          await ask;
        } finally {
          this.asking.delete(wallet);
        }
      }
      const lease = this.book.reserve(wallet, amount, Date.now());
      if (lease) return lease;
      if (!inFlight && !retry) return undefined;
      if (Date.now() + 25 * 2 ** attempt > until) return undefined;
      await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
    }
  }

  // One grant or top-up; true when payments said other leases are giving back what is needed.
  private async ask(wallet: string, amount: bigint, requestId: string): Promise<boolean> {
    let lease = this.book.leases.get(wallet);
    if (lease && !this.book.spendable(lease, Date.now())) {
      if (lease.inflight) return true; // its calls in flight finish first (then it closes): look again shortly
      if (!(await this.report(lease, { close: true }))) return true; // someone else's report was in flight: look again
      this.book.drop(lease);
      lease = undefined;
    }
    const want = this.want(lease, amount).toString();
    if (lease) {
      const reply = await this.report(lease, { want_atomic: want, min_atomic: amount.toString() });
      return reply === undefined || (reply.ok && reply.retry === true);
    }
    const reply = await this.send({
      requestId,
      gateway: this.gateway,
      wallet,
      want_atomic: want,
      min_atomic: amount.toString(),
    });
    if (!reply.ok) return reply.retry === true;
    this.book.apply(wallet, reply, Date.now());
    return false;
  }

  // What the lease has spent so far (a lease in use grows; a new one starts small), at least MIN_CALLS calls at the
  // waiting call's price. Payments caps what it holds at L.
  private want(lease: Lease | undefined, amount: bigint): bigint {
    const floor = amount * BigInt(MIN_CALLS);
    return lease && lease.spent > floor ? lease.spent : floor;
  }

  // A top-up asked ahead of need: nothing is refused if payments has less (min 0), the lease is renewed either way.
  private topUp(lease: Lease, amount: bigint): Pick<LeaseRequest, 'want_atomic' | 'min_atomic'> {
    return { want_atomic: this.want(lease, amount).toString(), min_atomic: '0' };
  }

  // Reports a lease's pending calls (renewing it, topping it up, or closing it). One report per lease at a time: a
  // caller that finds one in flight waits for it (undefined: look at the lease again; its errors are the caller's too).
  private async report(
    lease: Lease,
    extra: Pick<LeaseRequest, 'want_atomic' | 'min_atomic' | 'close'>,
  ): Promise<LeaseReply | undefined> {
    const running = this.reporting.get(lease);
    if (running) return running.then(() => undefined);
    // the close carries the last batch
    if (extra.close && lease.pending.length > REPORT_MAX) await this.report(lease, {});
    const { seq, items } = this.book.batch(lease, REPORT_MAX);
    const sent = this.send({
      requestId: `lease-${lease.id}-${seq}`,
      gateway: this.gateway,
      wallet: lease.wallet,
      lease_id: lease.id,
      seq,
      spends: items.map((i) => i.spend),
      ...extra,
    });
    this.reporting.set(lease, sent);
    try {
      const reply = await sent;
      for (const i of items) if (i.file >= 0) this.journal?.done(i.file);
      if (reply.ok) this.book.apply(lease.wallet, reply, Date.now());
      else this.book.drop(lease); // payments knows no such lease: nothing of it can be spent
      if (extra.close) this.book.drop(lease);
      return reply;
    } catch (e) {
      this.book.unsent(lease, items);
      throw e;
    } finally {
      this.reporting.delete(lease);
    }
  }

  // One question at a time; a failure sends balance calls to payments for TERMS_RETRY_MS, then asks again.
  private askTerms(): Promise<SignaturePolicy | undefined> {
    if (Date.now() - this.termsFailedAt < TERMS_RETRY_MS) return Promise.resolve(undefined);
    this.termsAsked ??= this.bus
      .request<PaymentsTermsReply>(
        SUBJECTS.paymentsTerms,
        {},
        { timeoutMs: this.config.GATEWAY_PAYMENTS_TIMEOUT_MS, requestId: randomUUID() },
      )
      .then((t) => {
        this.signatures = {
          skewSeconds: t.clock_skew_seconds,
          deployment: { network: t.network, recipient: t.recipient },
          v1UntilMs: Date.parse(`${t.balance_v1_until}T00:00:00Z`),
        };
        return this.signatures;
      })
      .catch((e) => {
        this.termsFailedAt = Date.now();
        this.logger.event('warn', 'payments.terms unanswered; balance calls go to payments meanwhile', {
          error: String(e),
        });
        return undefined;
      })
      .finally(() => (this.termsAsked = undefined));
    return this.termsAsked;
  }

  private async send(req: LeaseRequest): Promise<LeaseReply> {
    let reply: LeaseReply;
    try {
      reply = await this.bus.request<LeaseReply>(SUBJECTS.paymentsLease, req, {
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
    if (reply.ok) {
      if (reply.receipt_public_key !== this.signer!.publicKeyBase64 && !this.keyMismatch) {
        this.keyMismatch = true; // receipts signed here would not verify: every balance call goes to payments
        this.logger.event(
          'error',
          'GATEWAY_RECEIPT_SECRET is not the key payments publishes; balance leases are off',
          {},
        );
      }
      this.network = reply.network;
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
        this.logger.event('warn', 'journal report failed; retrying', { error: String(e) }),
      );
    const reports: Array<Promise<unknown>> = [];
    for (const lease of [...this.book.leases.values()]) {
      const idle = now - lease.lastSpendMs > IDLE_CLOSE_MS && !lease.inflight;
      const due =
        lease.pending.length > 0 || lease.status !== 'active' || idle || lease.expiresAtMs - now < LEASE_RENEW_MS;
      if (!due || (lease.inflight && lease.status !== 'active')) continue;
      const close = idle || lease.status !== 'active' || !this.book.spendable(lease, now);
      const extra = close ? { close: true } : this.book.low(lease) ? this.topUp(lease, 0n) : {};
      reports.push(
        this.report(lease, extra).catch((e) =>
          this.logger.event('warn', 'lease report failed; retrying', { lease: lease.id, error: String(e) }),
        ),
      );
    }
    await Promise.all(reports);
  }

  // The journal of a run that died: each lease's calls reported and the lease closed; then the files go.
  private async recover() {
    const { lines, files } = this.recovered!;
    const byLease = new Map<string, { wallet: string; spends: LeaseSpend[] }>();
    for (const l of lines) {
      const g = byLease.get(l.lease_id) ?? { wallet: l.wallet, spends: [] };
      g.spends.push(l.spend);
      byLease.set(l.lease_id, g);
    }
    for (const [leaseId, g] of byLease) {
      for (let i = 0; i < g.spends.length; i += REPORT_MAX) {
        const last = i + REPORT_MAX >= g.spends.length;
        const reply = await this.send({
          requestId: `recover-${leaseId}-${i}`,
          gateway: this.gateway,
          wallet: g.wallet,
          lease_id: leaseId,
          spends: g.spends.slice(i, i + REPORT_MAX),
          close: last,
        });
        this.logger.event('info', 'journal reported', {
          lease: leaseId,
          calls: Math.min(REPORT_MAX, g.spends.length - i),
          charged: reply.ok ? reply.charged : 0,
        });
      }
    }
    this.journal!.removeFiles(files);
    this.recovered = undefined;
  }

  private revoke(wallet: string) {
    const lease = this.book.leases.get(wallet);
    if (!lease || lease.status !== 'active') return;
    lease.status = 'draining';
    if (!lease.inflight) void this.report(lease, { close: true }).catch(() => undefined);
  }
}

// A lease in use is renewed when it has less than this left (every report renews it too).
const LEASE_RENEW_MS = 5_000;
