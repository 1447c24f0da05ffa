import { Injectable } from '@nestjs/common';
import type { LiquidationRow } from './upstreams/okx.client';
import { PrismaService } from './prisma.service';
import type { Stretch } from './coverage';

export interface HeatCell {
  bucket: number; // time bucket index from the window start
  priceFrom: string;
  priceTo: string;
  posSide: 'long' | 'short';
  usd: string;
  events: number;
}

// The only file that reads or writes the funding tables. Notional is computed by Postgres in numeric (exact), and
// re-recording an event already stored (another replica, an overlapping page) is a no-op on the unique key.
@Injectable()
export class LiquidationsRepository {
  constructor(private readonly db: PrismaService) {}

  async record(venue: string, base: string, contractValue: string, rows: readonly LiquidationRow[]): Promise<number> {
    if (!rows.length) return 0;
    const result = await this.db.pool.query(
      `INSERT INTO liquidation_event (venue, base, ts, pos_side, price, size, contract_val, notional_usd)
       SELECT $1, $2, timestamptz 'epoch' + u.t * interval '1 millisecond', u.s, u.p, u.z, $3::numeric, u.z * $3::numeric * u.p
       FROM unnest($4::bigint[], $5::text[], $6::numeric[], $7::numeric[]) AS u(t, s, p, z)
       ON CONFLICT DO NOTHING`,
      [
        venue,
        base,
        contractValue,
        rows.map((r) => r.ts),
        rows.map((r) => r.posSide),
        rows.map((r) => r.price),
        rows.map((r) => r.size),
      ],
    );
    return result.rowCount ?? 0;
  }

  async recordPoll(poll: {
    venue: string;
    base: string;
    coveredFrom: number;
    coveredTo: number;
    polledAt: number;
    events: number;
    fullPage: boolean;
  }) {
    await this.db.liquidationPoll.create({
      data: {
        ...poll,
        coveredFrom: new Date(poll.coveredFrom),
        coveredTo: new Date(poll.coveredTo),
        polledAt: new Date(poll.polledAt),
      },
    });
  }

  async lastCoveredTo(base: string): Promise<number | null> {
    const last = await this.db.liquidationPoll.findFirst({
      where: { base },
      orderBy: { coveredTo: 'desc' },
      select: { coveredTo: true },
    });
    return last ? last.coveredTo.getTime() : null;
  }

  async polls(base: string, window: Stretch): Promise<Stretch[]> {
    const rows = await this.db.liquidationPoll.findMany({
      where: { base, coveredTo: { gt: new Date(window.from) }, coveredFrom: { lt: new Date(window.to) } },
      select: { coveredFrom: true, coveredTo: true },
    });
    return rows.map((r) => ({ from: r.coveredFrom.getTime(), to: r.coveredTo.getTime() }));
  }

  async priceRange(base: string, window: Stretch): Promise<{ min: string; max: string } | null> {
    const { rows } = await this.db.pool.query(
      `SELECT min(price)::text AS min, max(price)::text AS max FROM liquidation_event
       WHERE base = $1 AND ts >= to_timestamp($2 / 1000.0) AND ts < to_timestamp($3 / 1000.0)`,
      [base, window.from, window.to],
    );
    return rows[0].min === null ? null : { min: rows[0].min, max: rows[0].max };
  }

  // Notional per (time bucket × price bucket × side), USD rounded to cents.
  async heat(base: string, window: Stretch, bucketMs: number, priceStep: string): Promise<HeatCell[]> {
    const { rows } = await this.db.pool.query(
      `SELECT bucket, (pb * $5::numeric)::text AS price_from, ((pb + 1) * $5::numeric)::text AS price_to, pos_side,
              round(sum(notional_usd), 2)::text AS usd, count(*)::int AS events
       FROM (SELECT floor((extract(epoch FROM ts) * 1000 - $2) / $4)::int AS bucket, floor(price / $5::numeric) AS pb, pos_side, notional_usd
             FROM liquidation_event
             WHERE base = $1 AND ts >= to_timestamp($2 / 1000.0) AND ts < to_timestamp($3 / 1000.0)) e
       GROUP BY bucket, pb, pos_side ORDER BY bucket, pb, pos_side`,
      [base, window.from, window.to, bucketMs, priceStep],
    );
    return rows.map((r) => ({
      bucket: r.bucket,
      priceFrom: r.price_from,
      priceTo: r.price_to,
      posSide: r.pos_side,
      usd: r.usd,
      events: r.events,
    }));
  }
}
