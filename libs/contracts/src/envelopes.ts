import type { PriceSpec } from './price';

// What the gateway sends to a group operation (its contract version travels in the CONTRACT_HEADER header).
export interface TollMessage<I = Record<string, unknown>> {
  input: I;
  requestId: string;
  deadline: number; // epoch ms; the group must answer before it
  caller: { ip: string; userAgent?: string };
  payer?: string;
}

// What a group answers; failures travel as TollErrorBody instead.
export interface TollReply<T = unknown> {
  contract?: number; // the group's contract version (absent: 1); see contract.ts
  data: T;
  headers?: Record<string, string>; // extra response headers, `x-toll-*` only (see isGroupHeader)
  json?: string; // when present, the exact body as JSON text (data is null), e.g. to keep u64 integers exact
  // Served, but not worth the price (e.g. every section of a bundle stale): the gateway releases the hold instead of
  // settling it, so the caller is not charged and the proof stays redeemable. The text says why.
  uncharged?: string;
}

// Response headers a group may ask the gateway for: `x-toll-*`, printable ASCII values, minus the ones the
// gateway owns. The gateway drops anything else, so a group can never set cookies, CORS or payment headers.
const GROUP_HEADER_NAME = /^x-toll-[a-z0-9][a-z0-9-]{0,47}$/;
const GROUP_HEADER_VALUE = /^[\x20-\x7e]{0,4096}$/;
export const GATEWAY_OWNED_HEADERS: readonly string[] = [
  'x-toll-receipt',
  'x-toll-credits-remaining',
  'x-toll-redelivery',
  'x-toll-uncharged',
  'x-toll-balance-atomic',
];

export const isGroupHeader = (name: string, value: unknown): value is string =>
  GROUP_HEADER_NAME.test(name) &&
  !GATEWAY_OWNED_HEADERS.includes(name) &&
  typeof value === 'string' &&
  GROUP_HEADER_VALUE.test(value);

// A group's answer as the caller gets it and as payments keeps it for redelivery: its allowed x-toll-* headers and
// its body as JSON text (verbatim when the group sent text).
export function storedReply(reply: TollReply): StoredReply {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {}))
    if (isGroupHeader(name, value)) headers[name] = value;
  return { json: typeof reply.json === 'string' ? reply.json : JSON.stringify(reply.data), headers };
}

// payments.challenge
export interface ChallengeRequest {
  requestId: string;
  resourceUrl: string;
  route: {
    operationId: string;
    method: 'GET' | 'POST';
    path: string;
    summary: string;
    price: PriceSpec;
    paidAs?: string; // the operation payments issue and redeem proofs for, when not this one (see RouteManifest)
    payerProof?: boolean; // a redemption must prove it holds the paying wallet's key (see RouteManifest)
    inputSchema: Record<string, unknown>;
    outputSchema: Record<string, unknown>;
  };
  reason?: string;
  // The request key of the request this is about (sha256 of operation, canonical input and Idempotency-Key, as
  // VerifyRequest.requestKey): a per-call memo commits to it, and only a request with the same key may redeem it.
  binding_key?: string;
  // The request as the receipt names it (requestSha256 in @toll/x402); what a payer proof signs with the memo.
  request_sha256?: string;
}

export interface ChallengeReply {
  headerValue: string; // base64 x402 v2 PaymentRequired for the PAYMENT-REQUIRED header
  body: Record<string, unknown>; // x402 v1 form plus the memo flow
}

// How a caller proved payment: the memo flow (spec §5), a standard x402 v2 PAYMENT-SIGNATURE, or a request signed by
// the owner of a prepaid balance (the signed parts as the gateway saw them; payments checks the signature).
// payer_signature: the paying wallet's Ed25519 signature of payerProofText(memo, request_sha256), base64; required by
// routes whose answer is a credential (payerProof).
export type PaymentProof =
  | { kind: 'memo'; signature: string; memo: string; payer_signature?: string }
  | { kind: 'x402'; paymentSignature: string; payer_signature?: string }
  | {
      kind: 'balance';
      wallet: string;
      signature: string;
      timestamp: string;
      nonce: string;
      method: string;
      path: string;
      input_sha256: string;
    };

// payments.verify: takes a durable hold on the proof, or refuses it with a reason and a fresh challenge.
export interface VerifyRequest extends ChallengeRequest {
  proof: PaymentProof;
  // Identifies the request (operation, canonical input, Idempotency-Key). When the proof already settled a hold
  // with this key, inside the redelivery window, the call is a redelivery: the answer again, no second credit.
  requestKey?: string;
}

// A served answer as payments keeps it for redelivery: the JSON body text exactly as sent, and the group's headers.
export interface StoredReply {
  json: string;
  headers: Record<string, string>;
}

// `transaction`: the on-chain payment's signature, named to the caller when a failure leaves the payment unused.
// `redelivery`: the proof's credit was already spent on this same request. `reply` is the stored answer; absent when
// it was too large to keep (over REDELIVERY_MAX_BYTES), and the gateway then asks the group again.
export type VerifyReply =
  | {
      ok: true;
      holdId: string;
      payer: string;
      transaction?: string;
      redelivery?: { count: number; reply?: StoredReply };
    }
  | { ok: false; reason: string; challenge: ChallengeReply };

// Largest answer kept for redelivery; it travels once more over NATS (max payload 1 MiB by default) inside
// payments.settle.
export const REDELIVERY_MAX_BYTES = 256 * 1024;
export const keptForRedelivery = (reply: StoredReply) => Buffer.byteLength(reply.json) <= REDELIVERY_MAX_BYTES;

// payments.settle commits a hold after the group answered; payments.release gives it back after our failure.
export interface SettleRequest {
  requestId: string;
  holdId: string;
  reply?: StoredReply; // kept with the settled hold for redelivery (only for requests sent with a requestKey)
  // Bound into the receipt: sha256 of the canonical request (see requestSha256 in @toll/x402) and of the exact body
  // sent.
  request_sha256?: string;
  response_sha256?: string;
  price?: PriceSpec; // the operation's price as announced, stated in the receipt (absent: read from the payment)
}

export interface SettleReply {
  paymentResponse: string; // base64 x402 SettleResponse for the PAYMENT-RESPONSE header
  receipt: string; // signed receipt for the X-Toll-Receipt header
  creditsRemaining: number; // requests left on the proof after this one (prepaid blocks; 0 for per-call prices)
  balance_atomic?: string; // a balance call: what the balance holds after it (USDC atomic units)
}

// payments.call: a paid call whole, in payments: verify the proof and hold its price, forward the call to the group,
// then settle on the group's answer or release after our failure. One round trip from the gateway (and one from
// payments to the group) where verify, forward and settle from the gateway took three; payments.verify, .settle and
// .release stay for gateways built before it.
export interface PaidCallRequest extends VerifyRequest {
  subject: string; // the operation's subject (toll.<operationId>)
  timeoutMs: number; // the operation's own deadline, counted from the forward
  input: Record<string, unknown>;
  caller: TollMessage['caller'];
  request_sha256: string; // bound into the receipt with the sha256 of the body served
  // The operation is announced unavailable: only an answer already paid for is redelivered; anything else is refused
  // with this (SERVICE_UNAVAILABLE) and the proof stays unused. Set for memo-flow proofs, transfers already on chain.
  unavailable?: { message: string; retry_after_seconds: number };
}

// What a settled call adds to the answer: the payment headers and, for a prepaid block or a balance, what is left.
export interface PaidCallSettlement {
  paymentResponse: string;
  receipt: string;
  creditsRemaining?: number; // a prepaid block's requests left
  redelivery?: number; // this answer is a redelivery, the n-th
  balanceAtomic?: string; // a balance call: what the balance holds after it
}

// The answer crosses NATS in the raw-body form (reply-framing.ts): `json` is the group's body text, passed through.
export type PaidCallReply =
  | { kind: 'challenge'; challenge: ChallengeReply }
  | { kind: 'answer'; json: string; headers: Record<string, string>; uncharged?: string; settled?: PaidCallSettlement };

// payments.lease: a gateway asks for a lease on a wallet's balance (no lease_id), or reports what it spent from one,
// renews it and asks for more (lease_id, seq). Amounts are USDC atomic units in decimal strings. docs/payments.md,
// "Balance leases".
export interface LeaseRequest {
  requestId: string;
  gateway: string; // the asking gateway process, for the ledger and logs
  wallet: string;
  lease_id?: string;
  seq?: number; // the report's number on this lease: a repeat of a number already applied does nothing
  spends?: LeaseSpend[];
  want_atomic?: string; // more to hold for this lease (a top-up); absent or "0": none
  min_atomic?: string; // a grant below this is useless (the waiting call's price): refuse instead
  close?: boolean; // give the rest back and end the lease
}

// One served call paid from a lease: all the receipt says, so the ledger entry matches it exactly.
export interface LeaseSpend {
  entry_id: string; // the receipt's settlement reference, chosen by the gateway (a uuid)
  nonce: string; // the signed request's nonce: charged once per wallet, whichever gateway reports it
  timestamp: string; // the signed request's timestamp (unix seconds)
  operation_id: string;
  amount_atomic: string;
  balance_after_atomic: string; // as stated in the call's answer
  request_sha256: string;
  response_sha256: string;
  at: string; // ISO time the call was served
}

export type LeaseReply =
  | {
      ok: true;
      lease_id: string;
      status: 'active' | 'closed' | 'revoked';
      granted_atomic: string; // held for this lease so far, in total (every grant and top-up)
      expires_at: string; // ISO; the gateway stops spending before it
      available_atomic: string; // the wallet's balance left outside every lease and hold
      cap_per_call_atomic: string | null;
      receipt_public_key: string; // the gateway signs lease-paid receipts only with the key this names
      network: string; // CAIP-2 id of the network, named in receipts
      // entries of this report charged now; the others were charged before (a repeat, a replayed nonce)
      charged: number;
      short?: 'balance_too_low' | 'balance_cap_per_day'; // the top-up asked (min_atomic) could not be granted
      retry?: boolean; // ...but other leases hold it and were asked to give it back: ask again shortly
    }
  // `retry`: other leases hold what this one needs; they were asked to give it back, ask again shortly.
  | { ok: false; reason: 'balance_too_low' | 'balance_cap_per_day' | 'lease_not_found'; retry?: boolean };

// payments.terms: what a balance signature must match here (the deployment lines, the clock window, until when the v1
// form is taken), and the key lease-paid receipts are signed with. A gateway asks once, before it spends a lease.
export interface PaymentsTermsReply {
  network: string; // CAIP-2
  recipient: string;
  clock_skew_seconds: number;
  balance_v1_until: string; // YYYY-MM-DD, 00:00 UTC
  receipt_public_key: string;
}

// payments.lease.revoke: every gateway holding a lease on this wallet reports and closes it now.
export interface LeaseRevoke {
  wallet: string;
  reason: 'caps_changed' | 'needed_elsewhere';
}

// payments.blockLease: a gateway asks for a lease on the credits of a prepaid block it saw verified (proof and
// operation_id, no lease_id), or reports the calls it served from one, renews it and asks for more (lease_id, seq).
// Credits are whole calls. docs/payments.md, "Prepaid blocks on leases".
export interface BlockLeaseRequest {
  requestId: string;
  gateway: string; // the asking gateway process, for the ledger and logs
  proof?: Extract<PaymentProof, { kind: 'memo' } | { kind: 'x402' }>; // a grant: the block's proof as the call sent it
  operation_id?: string; // a grant: what the proof must have paid for (the route's paidAs or operationId)
  lease_id?: string;
  seq?: number; // the report's number on this lease
  spends?: BlockSpend[];
  want_credits?: number; // more to hold for this lease; absent or 0: none
  min_credits?: number; // a call waits on this top-up (1): fewer is a refusal; 0 or absent: asked ahead of need
  close?: boolean; // give the rest back and end the lease
}

// One call served from a block lease: its receipt's id, which becomes the settled hold's id in the ledger.
export interface BlockSpend {
  entry_id: string; // the receipt_id, chosen by the gateway (a uuid): a repeated report charges nothing
  request_id: string;
  at: string; // ISO time the call was served
}

// What a lease-paid block call's receipt and payment headers name, as payments records the payment.
export interface BlockPayment {
  id: string;
  payer: string;
  transaction: string | null;
  asset: string;
  amount_atomic: string;
  network: string;
  operation_id: string;
  credits_total: number;
}

export type BlockLeaseReply =
  | {
      ok: true;
      lease_id: string;
      status: 'active' | 'closed' | 'revoked';
      granted_credits: number; // held for this lease so far, in total (every grant and top-up)
      available_credits: number; // the block's credits outside every lease and hold
      expires_at: string; // ISO; the gateway stops spending before it
      payment: BlockPayment;
      receipt_public_key: string; // the gateway signs lease-paid receipts only with the key this names
      charged: number; // calls of this report charged now; the others were charged before (a repeat)
      short?: 'block_used_up'; // the top-up asked could not be granted
      retry?: boolean; // ...but other leases hold credits and were asked to give them back: ask again shortly
    }
  // proof_unknown: not verified yet (payments.call verifies it); not_leasable: a proof leases never spend (a
  // per-call price, a credential route, a proof credited to a balance, another memo or operation).
  | {
      ok: false;
      reason: 'proof_unknown' | 'not_leasable' | 'block_used_up' | 'lease_not_found';
      retry?: boolean;
    };

// payments.blockLease.revoke: every gateway holding a lease on this block reports and closes it now.
export interface BlockLeaseRevoke {
  payment_id: string;
}

export interface ReleaseRequest {
  requestId: string;
  holdId: string;
  reason: string;
}

// data.solUsd
export interface SolUsdReply {
  solUsd: string; // decimal string
  source: string;
  asOf: string; // ISO time of the upstream observation
}
