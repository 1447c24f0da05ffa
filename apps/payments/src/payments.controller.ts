import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FREE, SUBJECTS, type ChallengeRequest } from '@toll/contracts';
import { GroupHealth, GroupHealthOutput, TollRoute } from '@toll/platform';
import { z } from 'zod';
import { ChallengeService } from './challenge.service';
import { SolPriceService } from './sol-price.service';
import { PAYMENT_TERMS, type PaymentTerms } from './terms';

const PaymentsHealth = GroupHealthOutput.extend({
  terms: z.object({
    network: z.string(),
    recipient: z.string(),
    usdcMint: z.string(),
    usdcTokenAccount: z.string(),
    feePayer: z.string(),
    memoTtlSeconds: z.number().int(),
    solQuote: z.object({ solUsd: z.string(), source: z.string(), asOf: z.string() }).nullable(),
  }),
});

@Controller()
export class PaymentsController {
  constructor(
    private readonly challenges: ChallengeService,
    private readonly prices: SolPriceService,
    private readonly health: GroupHealth,
    @Inject(PAYMENT_TERMS) private readonly terms: PaymentTerms,
  ) {}

  @MessagePattern(SUBJECTS.paymentsChallenge)
  challenge(@Payload() req: ChallengeRequest) {
    return this.challenges.issue(req, req.reason);
  }

  @TollRoute({
    operationId: 'payments.getHealth',
    method: 'GET',
    path: '/toll/payments/health',
    summary: 'Payment terms: network, recipient, USDC mint and token account, fee payer, SOL quote source',
    price: FREE,
    input: z.strictObject({}),
    output: PaymentsHealth,
    timeoutMs: 2_000,
  })
  getHealth() {
    const t = this.terms;
    return {
      ...this.health.describe(),
      terms: {
        network: t.network.caip2,
        recipient: t.recipient,
        usdcMint: t.usdcMint,
        usdcTokenAccount: t.usdcTokenAccount,
        feePayer: t.feePayer.publicKey.toBase58(),
        memoTtlSeconds: t.memoTtlSeconds,
        solQuote: this.prices.current(),
      },
    };
  }
}
