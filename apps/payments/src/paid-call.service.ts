import { Inject, Injectable } from '@nestjs/common';
import {
  TollError,
  keptForRedelivery,
  storedReply,
  unusedPaymentError,
  type PaidCallReply,
  type PaidCallRequest,
  type TollReply,
} from '@toll/contracts';
import { JsonLogger, NatsBus, rawBodyReply } from '@toll/platform';
import { sha256Hex } from '@toll/x402';
import { paymentsMetrics, reasonLabel } from './metrics';
import { SettlementService } from './settlement.service';
import { VerifyService } from './verify.service';

// Grace on top of an operation's timeout, so a group's own deadline error arrives before our timer fires.
const DEADLINE_GRACE_MS = 250;

// payments.call: the paid call's lifecycle (architecture §4) where the hold lives: verify → forward → settle or
// release. The gateway asks once and gets the answer with its payment headers; before, it asked payments to verify,
// the group, then payments to settle (three round trips, and the gateway's share of a paid call's CPU twice a free
// call's: docs/benchmarks.md, "One request for a paid call").
@Injectable()
export class PaidCallService {
  constructor(
    private readonly verifier: VerifyService,
    private readonly settlement: SettlementService,
    private readonly bus: NatsBus,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  async call(req: PaidCallRequest): Promise<PaidCallReply> {
    const { requestId, route, proof } = req;
    const hold = await this.verifier.verify(req);
    paymentsMetrics()?.verifications.inc({ flow: proof.kind, result: hold.ok ? 'ok' : reasonLabel(hold.reason) });
    if (!hold.ok) return { kind: 'challenge', challenge: hold.challenge };
    let reply = hold.redelivery?.reply;
    if (!reply && req.unavailable) {
      // Down, and not a redelivery: nothing goes to the group; the hold goes back and the proof stays unused.
      await this.release(requestId, hold.holdId, 'SERVICE_UNAVAILABLE');
      throw unusedPaymentError(
        new TollError('SERVICE_UNAVAILABLE', req.unavailable.message, {
          retry_after_seconds: req.unavailable.retry_after_seconds,
        }),
        req.route,
        hold.transaction,
      );
    }
    if (!reply) {
      let answer: TollReply;
      try {
        const message = {
          input: req.input,
          requestId,
          caller: req.caller,
          payer: hold.payer,
          deadline: Date.now() + req.timeoutMs,
        };
        // The answer's body is passed through as the group wrote it, never read here.
        answer = await this.bus.request<TollReply>(req.subject, message, {
          timeoutMs: req.timeoutMs + DEADLINE_GRACE_MS,
          requestId,
          rawBody: true,
        });
      } catch (err) {
        // Our failure: give the hold back so the same proof can be retried; the caller is not charged.
        await this.release(requestId, hold.holdId, err instanceof TollError ? err.code : 'INTERNAL');
        throw unusedPaymentError(err, req.route, proof.kind === 'balance' ? 'balance' : hold.transaction);
      }
      if (answer.uncharged !== undefined) {
        // The group serves this answer without taking payment: the hold goes back and the proof stays redeemable.
        await this.release(requestId, hold.holdId, 'UNCHARGED');
        return rawBodyReply({ kind: 'answer' as const, ...storedReply(answer), uncharged: answer.uncharged });
      }
      reply = storedReply(answer);
    }
    // The answer is stored with the settlement itself, so a settled call can always be redelivered.
    const keep = req.requestKey && !hold.redelivery && keptForRedelivery(reply) ? reply : undefined;
    const settled = await this.settlement
      .settle(
        {
          requestId,
          holdId: hold.holdId,
          reply: keep,
          price: route.price,
          request_sha256: req.request_sha256,
          response_sha256: sha256Hex(reply.json),
        },
        { redelivery: hold.redelivery !== undefined },
      )
      .then(
        (ok) => (paymentsMetrics()?.settles.inc({ flow: proof.kind, result: 'ok' }), ok),
        (e: unknown) => {
          paymentsMetrics()?.settles.inc({ flow: proof.kind, result: 'error' });
          throw e;
        },
      );
    return rawBodyReply({
      kind: 'answer' as const,
      ...reply,
      settled: {
        paymentResponse: settled.paymentResponse,
        receipt: settled.receipt,
        creditsRemaining: route.price.per === 'block' ? settled.creditsRemaining : undefined,
        redelivery: hold.redelivery?.count,
        balanceAtomic: settled.balance_atomic,
      },
    });
  }

  // A failed release leaves the hold to expire; the sweep gives it back then.
  private release(requestId: string, holdId: string, reason: string): Promise<unknown> {
    paymentsMetrics()?.releases.inc({ reason });
    return this.settlement
      .release({ requestId, holdId, reason })
      .catch((e) =>
        this.logger.event('error', 'release failed; hold will expire and be released', { holdId, error: String(e) }),
      );
  }
}
