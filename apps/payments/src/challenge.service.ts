import { Inject, Injectable } from '@nestjs/common';
import { TollError, type ChallengeReply, type ChallengeRequest } from '@toll/contracts';
import {
  buildChallengeBody,
  buildPaymentRequired,
  encodeHeaderJson,
  inputBinding,
  issueMemo,
  usdToLamports,
  usdToUsdcAtomic,
  type ChallengeTerms,
} from '@toll/x402';
import { SolPriceService } from './sol-price.service';
import { PAYMENT_TERMS, productOf, type PaymentTerms } from './terms';

// x402 settlement window offered to v2 clients (seconds between signing and our settlement).
export const MAX_TIMEOUT_SECONDS = 120;

// Issues challenges. Stateless: the memo carries the quote and our signature, so nothing is written here.
@Injectable()
export class ChallengeService {
  constructor(
    @Inject(PAYMENT_TERMS) private readonly terms: PaymentTerms,
    private readonly prices: SolPriceService,
  ) {}

  issue(req: ChallengeRequest, reason = 'payment_required', now = Date.now()): ChallengeReply {
    const usdcAtomic = usdToUsdcAtomic(req.route.price.usd);
    if (usdcAtomic < 1n)
      throw new TollError('INTERNAL', `price of ${req.route.operationId} is below one USDC atomic unit`);
    const sol = this.prices.current();
    const { memo, quote } = issueMemo(this.terms.memoSecret, {
      operationId: productOf(req.route),
      usd: req.route.price.usd,
      usdcAtomic,
      lamports: sol ? usdToLamports(req.route.price.usd, sol.solUsd) : null,
      expiresAt: Math.floor(now / 1000) + this.terms.memoTtlSeconds,
      // A per-call memo pays for the request that got it, and no other. A block pays for many inputs: not bound.
      binding: req.binding_key && req.route.price.per !== 'block' ? inputBinding(req.binding_key) : null,
    });
    const terms: ChallengeTerms = {
      network: this.terms.network,
      usdcMint: this.terms.usdcMint,
      recipient: this.terms.recipient,
      usdcTokenAccount: this.terms.usdcTokenAccount,
      feePayer: this.terms.feePayer.publicKey.toBase58(),
      maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
      solQuote: sol,
      chain: this.terms.chain,
    };
    return {
      headerValue: encodeHeaderJson(buildPaymentRequired(req, terms, quote, memo, reason)),
      body: buildChallengeBody(req, terms, quote, memo, reason),
    };
  }
}
