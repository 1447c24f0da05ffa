import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import type { JsonLogger, NatsBus } from '@toll/platform';
import { ReceiptSigner, localReceiptSeed } from '@toll/x402';
import type { NatsConnection, Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { GatewayConfig } from './config';
import { LeaseBook, type Lease } from './lease-book';
import { LeaseJournal } from './lease-journal';

// A report carries at most this many calls (payments' LEASE_REPORT_MAX); a lease with this many waiting reports now.
const REPORT_MAX = 1_000;
// A lease idle this long is closed, its rest given back.
const IDLE_CLOSE_MS = 5_000;
// How long a call may wait for other gateways to give back what it needs (payments said retry).
const RETRY_FOR_MS = 2_000;
// A lease in use is renewed when it has less than this left (every report renews it too).
const LEASE_RENEW_MS = 5_000;

// What the driver reads of every lease reply (payments.lease and payments.blockLease alike).
type DriverReply =
  { ok: true; receipt_public_key: string; charged: number; retry?: boolean } | { ok: false; retry?: boolean };

// The wire types of one kind of lease. S: one served call as reported.
export interface LeaseTypes<S> {
  line: { lease_id: string; spend: S }; // one journal line
  request: { requestId: string };
  reply: DriverReply;
  extra: { close?: boolean }; // what a report asks besides its calls: a top-up
  ask: unknown; // what a waiting call needs from a grant or top-up
  taken: unknown; // what a call takes from a lease
  revoke: unknown; // a revoke message
}

export type Granted<K extends LeaseTypes<unknown>> = Extract<K['reply'], { ok: true }>;
// What a report asks besides its calls: the kind's own top-up, or only a close (or nothing: a plain report).
export type ReportExtra<K extends LeaseTypes<unknown>> = K['extra'] | { close?: boolean };

export interface LeaseDriverOptions {
  enabled: boolean; // leases of this kind are configured on
  journalKind?: string; // the journal files' name (LeaseJournal's kind)
  subject: string; // where grants and reports go
  revokeSubject: string; // where payments asks for leases back
  logPrefix: string; // names this kind of lease in log messages
  offMessage: string; // logged when the receipt key is not the one payments publishes
}

// The machinery balance leases and block leases share (docs/payments.md, "Balance leases" and "Prepaid blocks on
// leases"): the journal and its recovery after a crash, the revoke subscription, the ticker that reports due leases,
// closes idle ones and tops up low ones, one report per lease in flight, one grant or top-up per key in flight, and
// the clean stop. A subclass says how a call is checked and priced, what its requests and replies carry, and signs the
// receipt.
export abstract class LeaseDriver<S, K extends LeaseTypes<S>> implements OnModuleInit, OnApplicationShutdown {
  readonly book = new LeaseBook<S>();
  protected readonly signer?: ReceiptSigner;
  protected readonly journal?: LeaseJournal<K['line']>;
  protected readonly gateway = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  protected keyMismatch = false;
  private readonly asking = new Map<string, Promise<boolean>>(); // one grant or top-up in flight per key
  private readonly reporting = new Map<Lease<S>, Promise<K['reply']>>();
  private ticker?: NodeJS.Timeout;
  private revokes?: Subscription;
  private recovered?: { lines: K['line'][]; files: string[] };

  constructor(
    protected readonly bus: NatsBus,
    private readonly nats: NatsConnection,
    protected readonly config: GatewayConfig,
    protected readonly logger: JsonLogger,
    private readonly options: LeaseDriverOptions,
  ) {
    const secret = config.GATEWAY_RECEIPT_SECRET;
    // Without the receipt key in production, every call of this kind goes to payments as before.
    if (options.enabled && (secret || config.NODE_ENV !== 'production'))
      this.signer = new ReceiptSigner(secret ? Buffer.from(secret, 'hex') : localReceiptSeed());
    if (this.signer && config.GATEWAY_LEASE_JOURNAL_DIR)
      this.journal = new LeaseJournal<K['line']>(config.GATEWAY_LEASE_JOURNAL_DIR, options.journalKind);
  }

  // The request reporting these calls of a lease with `extra`.
  protected abstract reportRequest(lease: Lease<S>, seq: number, spends: S[], extra: ReportExtra<K>): K['request'];
  // The request reporting journaled calls of a crashed run (`first`: the lease's first line), `i`: the first's index.
  protected abstract recoverRequest(first: K['line'], i: number, spends: S[], close: boolean): K['request'];
  // A grant or report answered: the book (and what the subclass keeps by key) updated.
  protected abstract apply(key: string, reply: Granted<K>): void;
  // A new lease for `key`; true when payments said other leases are giving back what is needed.
  protected abstract grant(key: string, ask: K['ask']): Promise<boolean>;
  // What a waiting call asks of its lease's top-up.
  protected abstract more(lease: Lease<S>, ask: K['ask']): K['extra'];
  // What a low lease asks ahead of need.
  protected abstract renewal(lease: Lease<S>): K['extra'];
  // What a call takes from the key's lease now, if it can.
  protected abstract reserve(key: string, ask: K['ask']): K['taken'] | undefined;
  // The keys whose leases a revoke message ends.
  protected abstract revoked(msg: K['revoke']): string[];

  // A reply granted: whatever the subclass reads of it besides the book.
  protected granted(_reply: Granted<K>): void {}

  // Whether a call that found no credit waits and looks again (`retry`: payments said so, or another call asked).
  protected worthRetry(_key: string, retry: boolean): boolean {
    return retry;
  }

  protected drop(lease: Lease<S>): void {
    this.book.drop(lease);
  }

  onModuleInit() {
    if (!this.signer) return;
    const r = this.journal?.recover();
    if (r?.files.length) this.recovered = r;
    this.revokes = this.nats.subscribe(this.options.revokeSubject, {
      callback: (err, msg) => {
        if (err) return;
        try {
          this.revoke(JSON.parse(new TextDecoder().decode(msg.data)) as K['revoke']);
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

  // Topped up before it runs out, off the call's path: a call waits for payments only when a lease is empty.
  protected topUpIfLow(lease: Lease<S>, extra: K['extra']): void {
    if (this.book.low(lease) && !this.reporting.has(lease)) void this.report(lease, extra).catch(() => undefined);
  }

  // Our failure or an uncharged answer: what the call took goes back to the lease, nothing is reported.
  protected release(lease: Lease<S>, amount: bigint): void {
    this.book.giveBack(lease, amount);
    if (lease.status === 'draining' && !lease.inflight) void this.report(lease, { close: true }).catch(() => undefined);
  }

  // A call served: journaled and queued for the next report (now, if the batch is full or the lease draining).
  protected record(lease: Lease<S>, spend: S, line: K['line'], now: number): void {
    const file = this.journal ? this.journal.append(line) : -1;
    this.book.served(lease, spend, file, now);
    if (lease.pending.length >= REPORT_MAX || (lease.status === 'draining' && !lease.inflight))
      void this.report(lease, lease.status === 'draining' ? { close: true } : {}).catch(() => undefined);
  }

  // Before a read that must show every call served: the lease's pending calls reported. A failed report does not
  // stop the read.
  protected async reportPending(key: string): Promise<void> {
    const lease = this.book.leases.get(key);
    // A report already in flight may not carry the latest calls: then one more.
    for (let i = 0; i < 3 && lease?.pending.length; i++) await this.report(lease, {}).catch(() => undefined);
  }

  // What a call takes from a lease, or undefined (payments then decides the call). One request per key at a time; a
  // call that finds one in flight waits for it and tries the lease again. Payments unreachable: 503, nothing charged.
  protected async acquire(key: string, ask: K['ask']): Promise<K['taken'] | undefined> {
    const until = Date.now() + RETRY_FOR_MS;
    for (let attempt = 0; ; attempt++) {
      const inFlight = this.asking.get(key);
      let retry: boolean;
      if (inFlight) retry = await inFlight;
      else {
        const asked = this.ask(key, ask);
        this.asking.set(key, asked);
        try {
          retry = await asked;
        } finally {
          this.asking.delete(key);
        }
      }
      const taken = this.reserve(key, ask);
      if (taken) return taken;
      if (!this.worthRetry(key, retry || inFlight !== undefined)) return undefined;
      if (Date.now() + 25 * 2 ** attempt > until) return undefined;
      await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
    }
  }

  // One grant or top-up; true when payments said other leases are giving back what is needed.
  private async ask(key: string, ask: K['ask']): Promise<boolean> {
    const lease = this.book.leases.get(key);
    if (lease && !this.book.spendable(lease, Date.now())) {
      if (lease.inflight) return true; // its calls in flight finish first (then it closes): look again shortly
      if (!(await this.report(lease, { close: true }))) return true; // another report was in flight: look again
      this.book.drop(lease);
      return this.grant(key, ask);
    }
    if (!lease) return this.grant(key, ask);
    const reply = await this.report(lease, this.more(lease, ask));
    return reply === undefined || (reply.ok && reply.retry === true);
  }

  // Reports a lease's pending calls (renewing it, topping it up, or closing it). One report per lease at a time: a
  // caller that finds one in flight waits for it (undefined: look at the lease again; its errors are the caller's too).
  private async report(lease: Lease<S>, extra: ReportExtra<K>): Promise<K['reply'] | undefined> {
    const running = this.reporting.get(lease);
    if (running) return running.then(() => undefined);
    if (extra.close && lease.pending.length > REPORT_MAX) await this.report(lease, {}); // the close carries the last
    const { seq, items } = this.book.batch(lease, REPORT_MAX);
    const sent = this.send(
      this.reportRequest(
        lease,
        seq,
        items.map((i) => i.spend),
        extra,
      ),
    );
    this.reporting.set(lease, sent);
    try {
      const reply = await sent;
      for (const i of items) if (i.file >= 0) this.journal?.done(i.file);
      if (reply.ok) this.apply(lease.wallet, reply as Granted<K>);
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

  protected async send(req: K['request']): Promise<K['reply']> {
    let reply: K['reply'];
    try {
      reply = await this.bus.request<K['reply']>(this.options.subject, req, {
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
        this.keyMismatch = true; // receipts signed here would not verify: every such call goes to payments
        this.logger.event('error', this.options.offMessage, {});
      }
      this.granted(reply as Granted<K>);
    }
    return reply;
  }

  // Every tick: report what was served, renew the leases in use, close the idle ones, and report what a crashed run
  // of this gateway left in the journal. Resolves when those reports are answered.
  async flush(): Promise<void> {
    this.journal?.rotate();
    const now = Date.now();
    if (this.recovered)
      await this.recover().catch((e) =>
        this.logger.event('warn', `${this.options.logPrefix}journal report failed; retrying`, { error: String(e) }),
      );
    const reports: Array<Promise<unknown>> = [];
    for (const lease of [...this.book.leases.values()]) {
      const idle = now - lease.lastSpendMs > IDLE_CLOSE_MS && !lease.inflight;
      const due =
        lease.pending.length > 0 || lease.status !== 'active' || idle || lease.expiresAtMs - now < LEASE_RENEW_MS;
      if (!due || (lease.inflight && lease.status !== 'active')) continue;
      const close = idle || lease.status !== 'active' || !this.book.spendable(lease, now);
      const extra = close ? { close: true } : this.book.low(lease) ? this.renewal(lease) : {};
      reports.push(
        this.report(lease, extra).catch((e) =>
          this.logger.event('warn', `${this.options.logPrefix}lease report failed; retrying`, {
            lease: lease.id,
            error: String(e),
          }),
        ),
      );
    }
    await Promise.all(reports);
  }

  // The journal of a run that died: each lease's calls reported and the lease closed; then the files go.
  private async recover() {
    const { lines, files } = this.recovered!;
    const byLease = new Map<string, { first: K['line']; spends: S[] }>();
    for (const l of lines) {
      const g = byLease.get(l.lease_id) ?? { first: l, spends: [] };
      g.spends.push(l.spend);
      byLease.set(l.lease_id, g);
    }
    for (const [leaseId, { first, spends }] of byLease) {
      for (let i = 0; i < spends.length; i += REPORT_MAX) {
        const reply = await this.send(
          this.recoverRequest(first, i, spends.slice(i, i + REPORT_MAX), i + REPORT_MAX >= spends.length),
        );
        this.logger.event('info', `${this.options.logPrefix}journal reported`, {
          lease: leaseId,
          calls: Math.min(REPORT_MAX, spends.length - i),
          charged: reply.ok ? reply.charged : 0,
        });
      }
    }
    this.journal!.removeFiles(files);
    this.recovered = undefined;
  }

  // Payments wants these leases back: each is reported and closed once its calls in flight are done.
  private revoke(msg: K['revoke']) {
    for (const key of this.revoked(msg)) {
      const lease = this.book.leases.get(key);
      if (!lease || lease.status !== 'active') continue;
      lease.status = 'draining';
      if (!lease.inflight) void this.report(lease, { close: true }).catch(() => undefined);
    }
  }
}
