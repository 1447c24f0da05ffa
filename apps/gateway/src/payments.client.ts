import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type ChallengeReply,
  type ChallengeRequest,
  type ReleaseRequest,
  type SettleReply,
  type SettleRequest,
  type VerifyReply,
  type VerifyRequest,
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

  verify(req: VerifyRequest): Promise<VerifyReply> {
    return this.call(SUBJECTS.paymentsVerify, req, this.config.GATEWAY_PAYMENTS_VERIFY_TIMEOUT_MS);
  }

  settle(req: SettleRequest): Promise<SettleReply> {
    return this.call(SUBJECTS.paymentsSettle, req);
  }

  release(req: ReleaseRequest): Promise<void> {
    return this.call(SUBJECTS.paymentsRelease, req);
  }

  private call<T>(subject: string, req: { requestId: string }, timeoutMs = this.config.GATEWAY_PAYMENTS_TIMEOUT_MS): Promise<T> {
    return this.bus.request<T>(subject, req, { timeoutMs, requestId: req.requestId });
  }
}
