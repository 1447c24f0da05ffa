import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type ChallengeReply,
  type ChallengeRequest,
  type PaidCallReply,
  type PaidCallRequest,
} from '@toll/contracts';
import { APP_CONFIG, NatsBus } from '@toll/platform';
import type { GatewayConfig } from './config';

// The gateway's only view of payments: NATS request-reply to the payments app.
@Injectable()
export class PaymentsClient {
  constructor(
    private readonly bus: NatsBus,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  challenge(req: ChallengeRequest): Promise<ChallengeReply> {
    return this.call(SUBJECTS.paymentsChallenge, req);
  }

  // Verify (an x402 proof may settle on chain first), the operation itself, then settle: each step's own deadline.
  // The group's body comes back as raw JSON text after the envelope (reply-framing.ts), passed through unread.
  paidCall(req: PaidCallRequest): Promise<PaidCallReply> {
    const timeoutMs =
      this.config.GATEWAY_PAYMENTS_VERIFY_TIMEOUT_MS + req.timeoutMs + this.config.GATEWAY_PAYMENTS_TIMEOUT_MS;
    return this.bus.request<PaidCallReply>(SUBJECTS.paymentsCall, req, {
      timeoutMs,
      requestId: req.requestId,
      rawBody: true,
    });
  }

  private call<T>(subject: string, req: { requestId: string }): Promise<T> {
    return this.bus.request<T>(subject, req, {
      timeoutMs: this.config.GATEWAY_PAYMENTS_TIMEOUT_MS,
      requestId: req.requestId,
    });
  }
}
