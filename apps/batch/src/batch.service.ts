import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { databaseCall, GroupHealth, JsonLogger } from '@toll/platform';
import { createHash, randomBytes } from 'node:crypto';
import type * as S from './batch.schemas';
import { BatchRepository } from './batch.repository';
import {
  EXPIRY,
  HISTORY,
  ISSUED_AT,
  largestSettled,
  NEW_PAYER_LIMIT,
  REPUTATION,
  reputationFactor,
  scoreVoucher,
  THRESHOLDS,
  WEIGHTS,
  type Status,
} from './scoring';
import { MESSAGE_DOMAIN, verifyVoucher, voucherId, type Voucher } from './voucher';

// Who scored a voucher: the wallet the gateway says paid for the score. Only a direct (unpaid) call over NATS,
// as in tests, has none.
const ANONYMOUS_REPORTER = 'anonymous';

const toVoucher = (v: S.VoucherInput): Voucher => ({
  payer: v.payer,
  amount: BigInt(v.amount),
  nonce: String(v.nonce),
  expiry: BigInt(v.expiry),
  issuedAt: BigInt(v.issued_at),
  signature: v.signature,
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class BatchService {
  constructor(
    private readonly repo: BatchRepository,
    private readonly groupHealth: GroupHealth,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  async score(input: S.ScoreInput, payer: string | undefined, deadline: number): Promise<S.ScoreOutput> {
    const voucher = toVoucher(input.voucher);
    const id = voucherId(voucher);
    const signature = verifyVoucher(voucher);
    const token = signature.valid ? `bct_${randomBytes(32).toString('base64url')}` : null;
    const scorer = token ? { reporter: payer ?? ANONYMOUS_REPORTER, tokenHash: hashToken(token) } : null;
    const { score, now } = await this.db(deadline, (timeoutMs) =>
      this.repo.score(voucher, id, scorer, timeoutMs, (ctx) =>
        scoreVoucher({
          amount: voucher.amount,
          expiry: voucher.expiry,
          issuedAt: voucher.issuedAt,
          signature,
          nonceReusedBy: ctx.nonceReusedBy,
          outcomes: ctx.outcomes,
          now: ctx.now,
        }),
      ),
    );
    this.logger.event('info', 'voucher scored', { voucherId: id, score: score.score, verdict: score.verdict });
    const claimBy =
      score.verdict === 'reject'
        ? null
        : new Date(Number(voucher.expiry - BigInt(EXPIRY.min_seconds)) * 1000).toISOString();
    return {
      voucher_id: id,
      payer: voucher.payer,
      amount: voucher.amount.toString(),
      ...score,
      claim_by: claimBy,
      checkpoint_token: token,
      scored_at: now.toISOString(),
    };
  }

  async checkpoint(input: S.CheckpointInput, deadline: number): Promise<S.CheckpointOutput> {
    const amount = BigInt(input.amount);
    const result = await this.db(deadline, (timeoutMs) =>
      this.repo.recordOutcome(
        input.voucher_id,
        input.payer,
        amount,
        input.status,
        hashToken(input.checkpoint_token),
        timeoutMs,
      ),
    );
    switch (result.kind) {
      case 'unknown_voucher':
        throw new TollError(
          'NOT_FOUND',
          `No voucher ${input.voucher_id} of payer ${input.payer} was scored here; score it first`,
        );
      case 'forbidden':
        throw new TollError(
          'FORBIDDEN',
          `checkpoint_token was not issued for voucher ${input.voucher_id}; only a seller that scored the ` +
            `voucher reports its outcome`,
        );
      case 'too_much':
        throw new TollError('CONFLICT', `amount ${amount} is more than the voucher's ${result.voucherAmount}`, {
          voucher_amount: result.voucherAmount.toString(),
        });
      case 'conflict':
        throw new TollError(
          'CONFLICT',
          `Voucher ${input.voucher_id} already has a final outcome: ${result.row.status} for ${result.row.amount}`,
          {
            status: result.row.status,
            amount: result.row.amount.toString(),
            recorded_at: result.row.recordedAt.toISOString(),
          },
        );
      case 'recorded':
        if (result.created)
          this.logger.event('info', 'voucher outcome recorded', { voucherId: input.voucher_id, status: input.status });
        return {
          voucher_id: result.row.voucherId,
          payer: result.row.payer,
          amount: result.row.amount.toString(),
          status: result.row.status as Status,
          recorded: result.created ? 'created' : 'unchanged',
          recorded_at: result.row.recordedAt.toISOString(),
        };
    }
  }

  async payer(input: S.PayerQuery, deadline: number): Promise<S.PayerOutput> {
    const { vouchersScored, firstSeenAt, outcomes } = await this.db(deadline, () => this.repo.payer(input.address));
    const now = await this.db(deadline, () => this.repo.now());
    const totals = (status: Status) => {
      const of = outcomes.filter((o) => o.status === status);
      return { count: of.length, amount: of.reduce((sum, o) => sum + o.amount, 0n).toString() };
    };
    const last = outcomes.reduce<Date | null>(
      (max, o) => (max === null || o.recordedAt > max ? o.recordedAt : max),
      null,
    );
    return {
      payer: input.address,
      vouchers_scored: vouchersScored,
      outcomes: { settled: totals('settled'), defaulted: totals('defaulted'), expired: totals('expired') },
      reporters: new Set(outcomes.map((o) => o.reporter)).size,
      first_seen_at: firstSeenAt?.toISOString() ?? null,
      last_outcome_at: last?.toISOString() ?? null,
      largest_settled: largestSettled(outcomes)?.toString() ?? null,
      reputation_risk: reputationFactor(outcomes, now).value,
    };
  }

  async health(): Promise<S.HealthOutput> {
    const ok = await this.repo.ping().then(
      () => true,
      (e: Error) => {
        this.logger.event('warn', 'batch database unavailable', { error: e.message });
        return false;
      },
    );
    return {
      ...this.groupHealth.describe(),
      status: ok ? 'ok' : 'degraded',
      ...(ok ? {} : { reason: 'batch database unavailable' }),
      sources: [{ name: 'postgres', role: 'scored vouchers, scorers, outcomes (payer reputation graph)', ok }],
      scoring: {
        weights: { ...WEIGHTS },
        thresholds: { ...THRESHOLDS },
        expiry: { ...EXPIRY },
        issued_at: { ...ISSUED_AT },
        history: { ...HISTORY },
        reputation: { ...REPUTATION },
        new_payer_limit: NEW_PAYER_LIMIT.toString(),
        signed_message:
          `UTF-8 lines joined by \\n: ${MESSAGE_DOMAIN} | payer:<base64> | amount:<integer> | nonce:<nonce> | ` +
          `expiry:<unix s> | issued_at:<unix s>`,
      },
    };
  }

  private db<T>(deadline: number, work: (timeoutMs: number) => Promise<T>): Promise<T> {
    return databaseCall('batch', this.logger, deadline, work);
  }
}
