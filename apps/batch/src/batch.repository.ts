import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Outcome as OutcomeRow } from './generated/prisma/client';
import { PrismaService } from './prisma.service';
import type { Outcome, Score, Status } from './scoring';
import type { Voucher } from './voucher';

export interface ScoreContext {
  nonceReusedBy: { voucherId: string; amount: bigint } | null;
  outcomes: Outcome[];
  now: Date;
}

export type OutcomeResult =
  | { kind: 'recorded'; row: OutcomeRow; created: boolean }
  | { kind: 'unknown_voucher' }
  | { kind: 'forbidden' }
  | { kind: 'too_much'; voucherAmount: bigint }
  | { kind: 'conflict'; row: OutcomeRow };

export interface PayerAggregate {
  vouchersScored: number;
  firstSeenAt: Date | null;
  outcomes: Outcome[];
}

const txOptions = (timeoutMs: number) => ({ maxWait: Math.min(5_000, timeoutMs), timeout: timeoutMs });

const toOutcome = (r: OutcomeRow): Outcome => ({
  status: r.status as Status,
  amount: r.amount,
  reporter: r.reporter,
  recordedAt: r.recordedAt,
});

// The only file that touches the batch database. Scores of one payer take a transaction-scoped advisory lock on
// the payer, so two replicas scoring two vouchers with the same nonce at once cannot both miss the reuse.
@Injectable()
export class BatchRepository {
  constructor(private readonly db: PrismaService) {}

  async ping(): Promise<void> {
    await this.db.$queryRaw`SELECT 1`;
  }

  // Reads what the score needs and, with a scorer (a valid signature only), records the voucher and who scored it.
  score(
    voucher: Voucher,
    voucherId: string,
    scorer: { reporter: string; tokenHash: string } | null,
    timeoutMs: number,
    decide: (ctx: ScoreContext) => Score,
  ): Promise<{ score: Score; now: Date }> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${voucher.payer}, 0))`;
      const [{ now }] = await tx.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
      const reuse = await tx.voucher.findFirst({
        where: { payer: voucher.payer, nonce: voucher.nonce, voucherId: { not: voucherId } },
        orderBy: { firstScoredAt: 'asc' },
      });
      const outcomes = (await tx.outcome.findMany({ where: { payer: voucher.payer } })).map(toOutcome);
      const score = decide({
        nonceReusedBy: reuse && { voucherId: reuse.voucherId, amount: reuse.amount },
        outcomes,
        now,
      });
      if (scorer) {
        if (!(await tx.voucher.findUnique({ where: { voucherId } }))) {
          await tx.voucher.create({
            data: {
              voucherId,
              payer: voucher.payer,
              amount: voucher.amount,
              nonce: voucher.nonce,
              expiry: voucher.expiry,
              issuedAt: voucher.issuedAt,
            },
          });
        }
        await tx.score.create({
          data: {
            id: randomUUID(),
            voucherId,
            reporter: scorer.reporter,
            tokenHash: scorer.tokenHash,
            score: score.score,
            verdict: score.verdict,
          },
        });
      }
      return { score, now };
    }, txOptions(timeoutMs));
  }

  // One final outcome per voucher, reported by a seller that scored it; the same report again is a no-op.
  recordOutcome(
    voucherId: string,
    payer: string,
    amount: bigint,
    status: Status,
    tokenHash: string,
    timeoutMs: number,
  ): Promise<OutcomeResult> {
    return this.db.$transaction(async (tx): Promise<OutcomeResult> => {
      const voucher = await tx.voucher.findUnique({ where: { voucherId } });
      if (!voucher || voucher.payer !== payer) return { kind: 'unknown_voucher' };
      const scorer = await tx.score.findUnique({ where: { tokenHash } });
      if (!scorer || scorer.voucherId !== voucherId) return { kind: 'forbidden' };
      if (amount > voucher.amount) return { kind: 'too_much', voucherAmount: voucher.amount };
      const inserted = await tx.$executeRaw`
        INSERT INTO outcomes (voucher_id, payer, amount, status, reporter) VALUES (${voucherId}, ${payer}, ${amount}, ${status}, ${scorer.reporter})
        ON CONFLICT (voucher_id) DO NOTHING`;
      const row = await tx.outcome.findUniqueOrThrow({ where: { voucherId } });
      if (inserted) return { kind: 'recorded', row, created: true };
      return row.status === status && row.amount === amount
        ? { kind: 'recorded', row, created: false }
        : { kind: 'conflict', row };
    }, txOptions(timeoutMs));
  }

  async payer(payer: string): Promise<PayerAggregate> {
    const [vouchers, outcomes] = await Promise.all([
      this.db.voucher.aggregate({ where: { payer }, _count: { _all: true }, _min: { firstScoredAt: true } }),
      this.db.outcome.findMany({ where: { payer } }),
    ]);
    return {
      vouchersScored: vouchers._count._all,
      firstSeenAt: vouchers._min.firstScoredAt,
      outcomes: outcomes.map(toOutcome),
    };
  }

  async now(): Promise<Date> {
    const [{ now }] = await this.db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    return now;
  }
}
