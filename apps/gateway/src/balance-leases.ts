import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
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
  USDC_DECIMALS,
  balancePriceAtomic,
  checkBalanceSignature,
  encodeHeaderJson,
  sha256Hex,
  type SignaturePolicy,
} from '@toll/x402';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import type { GatewayConfig } from './config';
import type { Lease } from './lease-book';
import { LeaseDriver, type Granted, type ReportExtra } from './lease-driver';
import type { JournalLine } from './lease-journal';

type BalanceProof = Extract<PaymentProof, { kind: 'balance' }>;

// Payments keeps a balance call's nonce at least this long (2 × the 60 s clock window + 60 s): a nonce seen here is
// refused here for as long.
const NONCE_KEEP_MS = 180_000;
// A new lease is sized for this many calls at the waiting call's price.
const MIN_CALLS = 8;
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

interface BalanceLeaseTypes {
  line: JournalLine;
  request: LeaseRequest;
  reply: LeaseReply;
  extra: Pick<LeaseRequest, 'want_atomic' | 'min_atomic' | 'close'>;
  ask: { amount: bigint; requestId: string };
  taken: Lease;
  revoke: LeaseRevoke;
}

// Calls paid from a prepaid balance, spent from leases payments grants this gateway (docs/payments.md, "Balance
// leases"): the signature, clock window and nonce are checked here, the price comes from the lease in memory, and the
// receipt is signed here. Payments hears of each call in the next report (every second or REPORT_MAX calls).
@Injectable()
export class BalanceLeases extends LeaseDriver<LeaseSpend, BalanceLeaseTypes> {
  private network = '';
  // What a balance signature must match, as payments states it (payments.terms): asked once, before the first lease.
  private signatures?: SignaturePolicy;
  private termsAsked?: Promise<SignaturePolicy | undefined>;
  private termsFailedAt = 0;

  constructor(
    bus: NatsBus,
    @Inject(NATS_CONNECTION) nats: NatsConnection,
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(JsonLogger) logger: JsonLogger,
  ) {
    super(bus, nats, config, logger, {
      enabled: config.GATEWAY_BALANCE_LEASES === 'true',
      subject: SUBJECTS.paymentsLease,
      revokeSubject: SUBJECTS.paymentsLeaseRevoke,
      logPrefix: '',
      offMessage: 'GATEWAY_RECEIPT_SECRET is not the key payments publishes; balance leases are off',
    });
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
      this.book.reserve(proof.wallet, amount, Date.now()) ?? (await this.acquire(proof.wallet, { amount, requestId }));
    if (lease && this.keyMismatch) this.book.giveBack(lease, amount);
    if (!lease || this.keyMismatch) {
      this.book.forgetNonce(proof.wallet, proof.nonce);
      return { kind: 'payments' };
    }
    this.topUpIfLow(lease, this.topUp(lease, amount));
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
  // shows each one (another gateway's show within its next report, a second at most).
  reportWallet(wallet: string): Promise<void> {
    return this.reportPending(wallet);
  }

  // Our failure or an uncharged answer: the call's price goes back to the lease, nothing is reported.
  giveBack(h: LeaseSpendHandle): void {
    this.release(h.lease, h.amount);
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
    this.record(h.lease, spend, { lease_id: h.lease.id, wallet: h.lease.wallet, spend }, now);
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

  protected reserve(wallet: string, ask: BalanceLeaseTypes['ask']): Lease | undefined {
    return this.book.reserve(wallet, ask.amount, Date.now());
  }

  protected async grant(wallet: string, ask: BalanceLeaseTypes['ask']): Promise<boolean> {
    const reply = await this.send({
      requestId: ask.requestId,
      gateway: this.gateway,
      wallet,
      want_atomic: this.want(undefined, ask.amount).toString(),
      min_atomic: ask.amount.toString(),
    });
    if (!reply.ok) return reply.retry === true;
    this.apply(wallet, reply);
    return false;
  }

  protected more(lease: Lease, ask: BalanceLeaseTypes['ask']): BalanceLeaseTypes['extra'] {
    return { want_atomic: this.want(lease, ask.amount).toString(), min_atomic: ask.amount.toString() };
  }

  protected renewal(lease: Lease): BalanceLeaseTypes['extra'] {
    return this.topUp(lease, 0n);
  }

  // What the lease has spent so far (a lease in use grows; a new one starts small), at least MIN_CALLS calls at the
  // waiting call's price. Payments caps what it holds at L.
  private want(lease: Lease | undefined, amount: bigint): bigint {
    const floor = amount * BigInt(MIN_CALLS);
    return lease && lease.spent > floor ? lease.spent : floor;
  }

  // A top-up asked ahead of need: nothing is refused if payments has less (min 0), the lease is renewed either way.
  private topUp(lease: Lease, amount: bigint): BalanceLeaseTypes['extra'] {
    return { want_atomic: this.want(lease, amount).toString(), min_atomic: '0' };
  }

  protected apply(wallet: string, reply: Granted<BalanceLeaseTypes>): void {
    this.book.apply(wallet, reply, Date.now());
  }

  protected override granted(reply: Granted<BalanceLeaseTypes>): void {
    this.network = reply.network;
  }

  protected reportRequest(
    lease: Lease,
    seq: number,
    spends: LeaseSpend[],
    extra: ReportExtra<BalanceLeaseTypes>,
  ): LeaseRequest {
    return {
      requestId: `lease-${lease.id}-${seq}`,
      gateway: this.gateway,
      wallet: lease.wallet,
      lease_id: lease.id,
      seq,
      spends,
      ...extra,
    };
  }

  protected recoverRequest(first: JournalLine, i: number, spends: LeaseSpend[], close: boolean): LeaseRequest {
    return {
      requestId: `recover-${first.lease_id}-${i}`,
      gateway: this.gateway,
      wallet: first.wallet,
      lease_id: first.lease_id,
      spends,
      close,
    };
  }

  protected revoked(msg: LeaseRevoke): string[] {
    return [msg.wallet];
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
}
