import { Inject, Injectable } from '@nestjs/common';
import {
  TollError,
  type ChallengeRequest,
  type PaymentProof,
  type StoredReply,
  type VerifyReply,
  type VerifyRequest,
} from '@toll/contracts';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { memoFitsRequest, openMemo, payerProofText } from '@toll/x402';
import {
  RpcUnavailableError,
  SolanaRpc,
  decodeTransaction,
  type EncodedTransaction,
  type ParsedTransaction,
} from '@toll/solana';
import { walletSigned } from '@toll/x402';
import { BalanceService } from './balance.service';
import { ChallengeService } from './challenge.service';
import type { PaymentsConfig } from './config';
import { FACILITATOR, type Facilitator } from './facilitator';
import { LedgerRepository, type NewPayment, type Redelivery } from './ledger.repository';
import { checkMemoPayment } from './memo-proof';
import { ReplySeal } from './reply-seal';
import { PAYMENT_TERMS, productOf, type PaymentTerms } from './terms';
import { parseX402 } from './x402-proof';

type Outcome = Extract<VerifyReply, { ok: true }> | { ok: false; reason: string };

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
const nowUnix = () => Math.floor(Date.now() / 1000);
const creditsOf = (route: ChallengeRequest['route']) => (route.price.per === 'block' ? route.price.requests : 1);

// On a route whose answer is a credential, the redeemer must hold the paying wallet's key: its signature of the memo
// and this request (payerProofText). Checked before any hold, so a refusal takes nothing.
function payerProofRefusal(
  req: VerifyRequest,
  proof: { payer_signature?: string; memo?: string },
  payer: string,
  memo = proof.memo ?? '',
): { ok: false; reason: string } | undefined {
  if (!req.route.payerProof) return undefined;
  if (!proof.payer_signature) return { ok: false, reason: 'payer_proof_missing' };
  if (!req.request_sha256 || !walletSigned(payer, payerProofText(memo, req.request_sha256), proof.payer_signature))
    return { ok: false, reason: 'payer_proof_invalid' };
  return undefined;
}

// payments.verify: turns a proof into a durable hold, or refuses it with one reason code and a fresh challenge.
// Our own failures (RPC, database, facilitator unreachable) are errors, never refusals: nothing is taken.
@Injectable()
export class VerifyService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly challenges: ChallengeService,
    private readonly rpc: SolanaRpc,
    @Inject(FACILITATOR) private readonly facilitator: Facilitator,
    @Inject(PAYMENT_TERMS) private readonly terms: PaymentTerms,
    private readonly seal: ReplySeal,
    @Inject(APP_CONFIG) private readonly config: PaymentsConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    private readonly balances: BalanceService,
  ) {}

  async verify(req: VerifyRequest): Promise<VerifyReply> {
    if (req.proof.kind === 'balance') return this.balances.verify(req, req.proof);
    const outcome = req.proof.kind === 'memo' ? await this.viaMemo(req, req.proof) : await this.viaX402(req, req.proof);
    if (outcome.ok) return outcome;
    this.logger.event('info', 'payment refused', {
      requestId: req.requestId,
      operationId: req.route.operationId,
      reason: outcome.reason,
    });
    return { ok: false, reason: outcome.reason, challenge: this.challenges.issue(req, outcome.reason) };
  }

  private async viaMemo(req: VerifyRequest, proof: Extract<PaymentProof, { kind: 'memo' }>): Promise<Outcome> {
    // toll_memo alone says nothing about which transaction paid: name the missing header rather than a malformed one.
    if (!proof.signature) return { ok: false, reason: 'payment_tx_header_missing' };
    if (!SIGNATURE.test(proof.signature)) return { ok: false, reason: 'signature_malformed' };
    if (!proof.memo) return { ok: false, reason: 'memo_missing' };
    // The memo is public on chain once paid: one bound to another request of this operation is refused before any
    // lookup or hold (another operation's memo meets memo_wrong_route below, as before).
    const opened = openMemo(this.terms.memoSecret, proof.memo);
    if (
      opened.ok &&
      opened.quote.operationId === productOf(req.route) &&
      !memoFitsRequest(opened.quote, req.binding_key)
    )
      return { ok: false, reason: 'memo_wrong_input' };
    const redelivery = this.redeliveryOf(req);
    const ttl = this.config.PAYMENTS_HOLD_TTL_SECONDS;
    // A per-call proof is new on nearly every call (a repeat is a retry or a redelivery), so its chain read starts
    // beside the lookup, whose round trip then hides behind the chain's; a known proof leaves the read unused. A
    // block's proof is known on every call after its first: its read waits for the lookup.
    const early = creditsOf(req.route) === 1 ? this.fetchTransaction(proof.signature) : undefined;
    early?.catch(() => undefined); // a known proof never awaits it; a new one does, and meets its error there
    // One statement: the next credit of a proof seen before (each call of a prepaid block), or what is recorded for it.
    // A credential route's proof is looked up, not held: its payer must be known before anything is taken.
    const seen = await this.ledger.lookupOrHoldNext(
      proof.signature,
      proof.memo,
      productOf(req.route),
      req.requestId,
      ttl,
      !redelivery && !req.route.payerProof,
    );
    if (seen && 'held' in seen)
      return { ok: true, holdId: seen.held.holdId, payer: seen.held.payment.payer, transaction: proof.signature };
    const known = seen?.payment;
    let payment: NewPayment;
    if (known) {
      // Verified on chain before: a retry after our failure, a redelivery, or a block whose credits are all taken.
      if (known.memo !== proof.memo) return { ok: false, reason: 'signature_already_used' };
      if (known.operationId !== productOf(req.route)) return { ok: false, reason: 'memo_wrong_route' };
      payment = known;
      const unproven = payerProofRefusal(req, proof, known.payer);
      if (unproven) return unproven;
    } else {
      const check = checkMemoPayment(
        await (early ?? this.fetchTransaction(proof.signature)),
        proof.memo,
        productOf(req.route),
        this.terms,
        nowUnix(),
      );
      if (!check.ok) return check;
      const unproven = payerProofRefusal(req, proof, check.payer);
      if (unproven) return unproven;
      payment = {
        kind: 'memo',
        proofKey: proof.signature,
        txSignature: proof.signature,
        memo: proof.memo,
        operationId: productOf(req.route),
        priceUsd: check.quote.usd,
        asset: check.asset,
        amountAtomic: check.amountAtomic,
        payer: check.payer,
        network: this.terms.network.caip2,
        creditsTotal: creditsOf(req.route),
      };
    }
    const held = await this.ledger.hold(payment, req.requestId, ttl, redelivery, Boolean(known));
    return held.ok
      ? {
          ok: true,
          holdId: held.holdId,
          payer: held.payment.payer,
          transaction: proof.signature,
          redelivery: this.opened(held.redelivery),
        }
      : held;
  }

  private async viaX402(req: VerifyRequest, proof: Extract<PaymentProof, { kind: 'x402' }>): Promise<Outcome> {
    const parsed = parseX402(proof.paymentSignature, productOf(req.route), req.binding_key, this.terms);
    if (!parsed.ok) return parsed;
    const known = await this.ledger.findByProof(parsed.proofKey);
    let payer = known?.payer;
    // A recorded x402 payment's transaction is on chain for anyone to copy into this header; a new one's is not yet
    // (we settle it), so only a repeat of a credential route must prove the payer.
    const unproven = known && payerProofRefusal(req, proof, known.payer, parsed.memo);
    if (unproven) return unproven;
    if (!known) {
      // Only a new payment must answer a live quote; a recorded one (its money moved) stays redeemable after it.
      if (parsed.quote.expiresAt <= nowUnix()) return { ok: false, reason: 'memo_expired' };
      const verdict = await this.facilitate(() => this.facilitator.verify(parsed.payload, parsed.requirements));
      if (!verdict.isValid) return { ok: false, reason: verdict.invalidReason ?? 'payment_invalid' };
      payer = verdict.payer ?? '';
    }
    const held = await this.ledger.hold(
      {
        kind: 'x402',
        proofKey: parsed.proofKey,
        txSignature: known?.txSignature ?? null,
        memo: parsed.memo,
        operationId: productOf(req.route),
        priceUsd: parsed.quote.usd,
        asset: 'USDC',
        amountAtomic: parsed.quote.usdcAtomic,
        payer: payer ?? '',
        network: this.terms.network.caip2,
        creditsTotal: creditsOf(req.route),
      },
      req.requestId,
      this.config.PAYMENTS_HOLD_TTL_SECONDS,
      this.redeliveryOf(req),
    );
    if (!held.ok) return held;
    let transaction = held.payment.txSignature ?? undefined;
    if (!held.payment.onchainSettled) {
      // Settle before the handler runs: the money has moved before we do the work.
      const settled = await this.facilitate(() => this.facilitator.settle(parsed.payload, parsed.requirements)).catch(
        async (e) => {
          await this.ledger.forget(held.paymentId);
          throw e;
        },
      );
      if (!settled.success) {
        await this.ledger.forget(held.paymentId);
        return { ok: false, reason: settled.errorReason ?? 'settlement_failed' };
      }
      await this.ledger.markOnchainSettled(held.paymentId, settled.transaction);
      transaction = settled.transaction;
    }
    return {
      ok: true,
      holdId: held.holdId,
      payer: held.payment.payer,
      transaction,
      redelivery: this.opened(held.redelivery),
    };
  }

  private opened(redelivery?: { count: number; reply?: StoredReply }) {
    if (!redelivery?.reply) return redelivery;
    return { count: redelivery.count, reply: this.seal.open(redelivery.reply) };
  }

  private redeliveryOf(req: VerifyRequest): Redelivery | undefined {
    const { PAYMENTS_REDELIVERY_SECONDS: windowSeconds, PAYMENTS_REDELIVERY_MAX: max } = this.config;
    return req.requestKey && windowSeconds > 0 ? { requestKey: req.requestKey, windowSeconds, max } : undefined;
  }

  // base64, decoded here: cheaper for the node and for us than jsonParsed (docs/benchmarks.md, "Paid path"). Also
  // read by a credit to the balance (proof-credit.service.ts), which verifies a payment the same way.
  async fetchTransaction(signature: string): Promise<ParsedTransaction | null> {
    try {
      const tx = await this.rpc.call<EncodedTransaction | null>('getTransaction', [
        signature,
        { encoding: 'base64', commitment: this.config.PAYMENTS_COMMITMENT, maxSupportedTransactionVersion: 0 },
      ]);
      return tx && decodeTransaction(tx);
    } catch (e) {
      if (e instanceof RpcUnavailableError)
        throw new TollError('SERVICE_UNAVAILABLE', 'Solana RPC unavailable; the proof was not used, retry it');
      throw e;
    }
  }

  private async facilitate<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      this.logger.event('error', 'facilitator call failed', { error: String(e) });
      throw new TollError('SERVICE_UNAVAILABLE', 'payment settlement unavailable; the proof was not used, retry it');
    }
  }
}
