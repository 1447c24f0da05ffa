import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
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
import { USDC_DECIMALS, encodeHeaderJson, sha256Hex } from '@toll/x402';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import type { GatewayConfig } from './config';
import type { Lease } from './lease-book';
import { LeaseDriver, type Granted, type ReportExtra } from './lease-driver';

type BlockProof = Extract<PaymentProof, { kind: 'memo' } | { kind: 'x402' }>;
type BlockLease = Lease<BlockSpend>;

interface BlockJournalLine {
  lease_id: string;
  key: string;
  spend: BlockSpend;
}

// A new lease is sized for this many calls.
const MIN_CALLS = 8n;
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

// One credit taken from a block's lease, and what the caller is told is left.
interface BlockTaken {
  lease: BlockLease;
  creditsRemaining: number;
}

interface BlockLeaseTypes {
  line: BlockJournalLine;
  request: BlockLeaseRequest;
  reply: BlockLeaseReply;
  extra: Pick<BlockLeaseRequest, 'want_credits' | 'min_credits' | 'close'>;
  ask: { proof: BlockProof; product: string };
  taken: BlockTaken;
  revoke: BlockLeaseRevoke;
}

// Prepaid block calls spent from leases payments grants this gateway on a block's credits (docs/payments.md,
// "Prepaid blocks on leases"): a block is a balance for one operation. The credit comes from the lease in memory and
// the receipt is signed here; payments hears of each call in the next report (every second or REPORT_MAX calls).
@Injectable()
export class BlockLeases extends LeaseDriver<BlockSpend, BlockLeaseTypes> {
  private readonly payments = new Map<string, BlockPayment>(); // by book key
  private readonly verifying = new Map<string, number>(); // book key → its calls payments.call is deciding now
  private readonly never = new Set<string>();
  private askFailedAt = -Infinity;

  constructor(
    bus: NatsBus,
    @Inject(NATS_CONNECTION) nats: NatsConnection,
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(JsonLogger) logger: JsonLogger,
  ) {
    super(bus, nats, config, logger, {
      enabled: config.GATEWAY_BLOCK_LEASES === 'true',
      journalKind: 'blocks',
      subject: SUBJECTS.paymentsBlockLease,
      revokeSubject: SUBJECTS.paymentsBlockLeaseRevoke,
      logPrefix: 'block ',
      offMessage: 'GATEWAY_RECEIPT_SECRET is not the key payments publishes; block leases are off',
    });
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
      taken ??= await this.acquire(key, { proof, product });
    } catch {
      // Payments did not answer about the lease: payments.call decides this call (and answers 503 if it cannot).
      this.askFailedAt = Date.now();
      return payments();
    }
    const payment = this.payments.get(key);
    if (taken && (this.keyMismatch || !payment)) this.book.giveBack(taken.lease, 1n);
    if (!taken || this.keyMismatch || !payment) return payments();
    this.topUpIfLow(taken.lease, this.renewal(taken.lease));
    return {
      kind: 'spend',
      handle: { ...taken, payment, price: route.price, request_sha256, requestId },
    };
  }

  // One credit from the block's lease, and what the caller is told is left: read at once, so that calls taking credits
  // together are each told their own count.
  protected reserve(key: string): BlockTaken | undefined {
    const lease = this.book.reserve(key, 1n, Date.now());
    return lease && { lease, creditsRemaining: Number(this.book.remaining(lease)) };
  }

  // Our failure or an uncharged answer: the credit goes back to the lease, nothing is reported.
  giveBack(h: BlockSpendHandle): void {
    this.release(h.lease, 1n);
  }

  // The call was served: journaled, queued for the next report, and its receipt signed here (the claims payments
  // signs for a block call: settlement by the block's transaction, receipt_id the hold id the report records).
  served(h: BlockSpendHandle, reply: StoredReply): PaidCallSettlement {
    const now = Date.now();
    const entryId = randomUUID();
    const spend: BlockSpend = { entry_id: entryId, request_id: h.requestId, at: new Date(now).toISOString() };
    this.record(h.lease, spend, { lease_id: h.lease.id, key: h.lease.wallet, spend }, now);
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

  // A proof payments will not lease, or is verifying now, goes to payments.call; otherwise a call waits while this
  // lease's own calls in flight hold the last credits: they are reported (or given back) first.
  protected override worthRetry(key: string, retry: boolean): boolean {
    if (this.never.has(key) || this.verifying.has(key)) return false;
    return retry || (this.book.leases.get(key)?.inflight ?? 0) > 0;
  }

  protected async grant(key: string, { proof, product }: BlockLeaseTypes['ask']): Promise<boolean> {
    const reply = await this.send({
      requestId: randomUUID(),
      gateway: this.gateway,
      proof: proof.kind === 'memo' ? { kind: 'memo', signature: proof.signature, memo: proof.memo } : proof,
      operation_id: product,
      want_credits: this.want(undefined),
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

  protected more(lease: BlockLease): BlockLeaseTypes['extra'] {
    return { want_credits: this.want(lease), min_credits: 1 };
  }

  protected renewal(lease: BlockLease): BlockLeaseTypes['extra'] {
    return { want_credits: this.want(lease) };
  }

  // What the lease has spent so far (a lease in use grows; a new one starts at MIN_CALLS); payments caps it.
  private want(lease: BlockLease | undefined): number {
    return Number(lease && lease.spent > MIN_CALLS ? lease.spent : MIN_CALLS);
  }

  protected apply(key: string, reply: Granted<BlockLeaseTypes>) {
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

  protected override drop(lease: BlockLease) {
    this.book.drop(lease);
    if (!this.book.leases.has(lease.wallet)) this.payments.delete(lease.wallet);
  }

  protected reportRequest(
    lease: BlockLease,
    seq: number,
    spends: BlockSpend[],
    extra: ReportExtra<BlockLeaseTypes>,
  ): BlockLeaseRequest {
    return {
      requestId: `block-lease-${lease.id}-${seq}`,
      gateway: this.gateway,
      lease_id: lease.id,
      seq,
      spends,
      ...extra,
    };
  }

  protected recoverRequest(
    first: BlockJournalLine,
    i: number,
    spends: BlockSpend[],
    close: boolean,
  ): BlockLeaseRequest {
    return {
      requestId: `block-recover-${first.lease_id}-${i}`,
      gateway: this.gateway,
      lease_id: first.lease_id,
      spends,
      close,
    };
  }

  protected revoked(msg: BlockLeaseRevoke): string[] {
    return [...this.payments].filter(([, p]) => p.id === msg.payment_id).map(([key]) => key);
  }
}
