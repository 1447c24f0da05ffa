import { Injectable } from '@nestjs/common';
import type { LeaseSpend } from '@toll/contracts';
import { randomUUID } from 'node:crypto';
import { PrismaService } from './prisma.service';

// Terms every lease decision uses (LeaseService reads them from the config).
export interface LeaseTerms {
  leaseSeconds: number; // a grant or renewal is spendable this long
  graceSeconds: number; // a lease's hold outlives its expiry this long, for a restarted gateway's report
  maxAtomic: bigint; // L: the most one lease holds at once
  nonceTtlSeconds: number; // how long a charged nonce is remembered
  chargeWindowSeconds: number; // a spend whose signed timestamp is older than this is not charged (see report)
}

export interface LeaseAsk {
  wallet: string;
  gateway: string;
  leaseId?: string;
  seq?: number;
  spends: LeaseSpend[];
  wantAtomic: bigint;
  minAtomic: bigint;
  close: boolean;
}

export type LeaseOutcome =
  | {
      ok: true;
      leaseId: string;
      status: 'active' | 'closed' | 'revoked' | 'expired';
      grantedAtomic: bigint;
      expiresAt: Date;
      availableAtomic: bigint;
      capPerCallAtomic: bigint | null;
      charged: number;
      short?: { reason: 'balance_too_low' | 'balance_cap_per_day'; othersHold: boolean };
    }
  | { ok: false; reason: 'balance_too_low' | 'balance_cap_per_day' | 'lease_not_found'; othersHold: boolean };

interface BalanceRow {
  available_atomic: bigint;
  cap_per_call_atomic: bigint | null;
  cap_per_day_atomic: bigint | null;
  spent_today_atomic: bigint;
}
interface LeaseRow {
  id: string;
  status: 'active' | 'closed' | 'revoked' | 'expired';
  granted_atomic: bigint;
  held_atomic: bigint;
  seq: number;
  day: Date;
  expires_at: Date;
}

const TODAY = `(now() AT TIME ZONE 'UTC')::date`;
const SPENT_TODAY = `CASE WHEN day = ${TODAY} THEN day_atomic ELSE 0 END`;
const min = (...xs: bigint[]) => xs.reduce((a, b) => (b < a ? b : a));

// A report is a few statements on locked rows; on a loaded machine the default 5 s can pass while they queue.
const TX = { maxWait: 10_000, timeout: 20_000 };

type Tx = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];

// Leases are read and written here, and revoked by a cap change (BalanceRepository.setCaps). Every decision is one
// transaction that locks the wallet's balance row first (as holds and cap changes do), then the lease: replicas and
// gateways serialise per wallet, never deadlock.
@Injectable()
export class LeaseRepository {
  constructor(private readonly db: PrismaService) {}

  // Grant a new lease, or apply a report on one (charge its spends, renew it, top it up, or close it).
  async report(ask: LeaseAsk, terms: LeaseTerms): Promise<LeaseOutcome> {
    return this.db.$transaction(async (tx) => {
      const [b] = await tx.$queryRawUnsafe<BalanceRow[]>(
        `SELECT available_atomic, cap_per_call_atomic, cap_per_day_atomic, ${SPENT_TODAY} AS spent_today_atomic ` +
          `FROM balances WHERE wallet = $1 FOR UPDATE`,
        ask.wallet,
      );
      if (!b)
        return { ok: false, reason: ask.leaseId ? 'lease_not_found' : 'balance_too_low', othersHold: false } as const;
      let available = BigInt(b.available_atomic);
      let spentToday = BigInt(b.spent_today_atomic);
      let lease: LeaseRow | undefined;
      if (ask.leaseId) {
        [lease] = await tx.$queryRaw<LeaseRow[]>`
          SELECT id, status, granted_atomic, held_atomic, seq, day, expires_at FROM balance_leases
            WHERE id = ${ask.leaseId}::uuid AND wallet = ${ask.wallet} FOR UPDATE`;
        if (!lease) return { ok: false, reason: 'lease_not_found', othersHold: false } as const;
        lease = { ...lease, granted_atomic: BigInt(lease.granted_atomic), held_atomic: BigInt(lease.held_atomic) };
      }
      let charged = 0;
      if (lease && ask.spends.length) {
        const c = await this.charge(tx, ask.wallet, lease, ask.spends, available, terms);
        charged = c.count;
        available -= c.fromAvailable;
        spentToday += c.fromAvailable;
        lease.held_atomic -= c.fromHold;
        await tx.$executeRaw`UPDATE balance_leases SET held_atomic = held_atomic - ${c.fromHold},
          charged_atomic = charged_atomic + ${c.fromHold + c.fromAvailable},
          seq = GREATEST(seq, ${ask.seq ?? 0}) WHERE id = ${lease.id}::uuid`;
        if (c.fromAvailable > 0n) {
          await tx.$executeRawUnsafe(
            `UPDATE balances SET available_atomic = available_atomic - $2, day_atomic = ${SPENT_TODAY} + $2, day ` +
              `= ${TODAY} WHERE wallet = $1`,
            ask.wallet,
            c.fromAvailable,
          );
        }
      }
      const open = lease && (lease.status === 'active' || lease.status === 'revoked');
      if (lease && open && (ask.close || lease.status === 'revoked')) {
        // Closing (or revoked): what is still held goes back to the balance and to the day it counted in.
        await this.giveBack(tx, ask.wallet, lease.id, 'closed');
        available += lease.held_atomic;
        return this.outcome(
          lease.id,
          'closed',
          lease.granted_atomic,
          new Date(),
          available,
          b.cap_per_call_atomic,
          charged,
        );
      }
      if (lease && lease.status !== 'active')
        return this.outcome(
          lease.id,
          lease.status,
          lease.granted_atomic,
          lease.expires_at,
          available,
          b.cap_per_call_atomic,
          charged,
        );
      // Grant (a new lease) or top up (a live one): what is asked, at most L held at once, what the balance has, and
      // what today's cap leaves (a lease's hold counts in the day like a call's hold).
      const dayRoom = b.cap_per_day_atomic === null ? ask.wantAtomic : BigInt(b.cap_per_day_atomic) - spentToday;
      const grant = min(
        ask.wantAtomic,
        terms.maxAtomic - (lease?.held_atomic ?? 0n),
        available,
        dayRoom < 0n ? 0n : dayRoom,
      );
      const useful = grant >= ask.minAtomic && grant > 0n;
      let short: { reason: 'balance_too_low' | 'balance_cap_per_day'; othersHold: boolean } | undefined;
      if (!useful && ask.minAtomic > 0n) {
        const reason =
          dayRoom < ask.minAtomic && available >= ask.minAtomic ? 'balance_cap_per_day' : 'balance_too_low';
        short = {
          reason,
          othersHold:
            reason === 'balance_too_low' &&
            (await this.othersHold(tx, ask.wallet, lease?.id, ask.minAtomic - available)),
        };
      }
      if (!lease) {
        if (!useful)
          return {
            ok: false,
            reason: short?.reason ?? 'balance_too_low',
            othersHold: short?.othersHold ?? false,
          } as const;
        const id = randomUUID();
        await this.take(tx, ask.wallet, grant);
        const [row] = await tx.$queryRawUnsafe<Array<{ expires_at: Date }>>(
          `INSERT INTO balance_leases (id, wallet, gateway, status, granted_atomic, held_atomic, day, expires_at)
           VALUES ($1::uuid, $2, $3, 'active', $4, $4, ${TODAY}, now() + make_interval(secs => $5))
             RETURNING expires_at`,
          id,
          ask.wallet,
          ask.gateway.slice(0, 100),
          grant,
          terms.leaseSeconds,
        );
        return this.outcome(id, 'active', grant, row.expires_at, available - grant, b.cap_per_call_atomic, 0);
      }
      const topUp = useful ? grant : 0n;
      if (topUp > 0n) await this.take(tx, ask.wallet, topUp);
      const [row] = await tx.$queryRaw<Array<{ expires_at: Date }>>`
        UPDATE balance_leases SET granted_atomic = granted_atomic + ${topUp}, held_atomic = held_atomic + ${topUp},
          expires_at = now() + make_interval(secs => ${terms.leaseSeconds}) WHERE id = ${lease.id}::uuid
            RETURNING expires_at`;
      return {
        ...this.outcome(
          lease.id,
          'active',
          lease.granted_atomic + topUp,
          row.expires_at,
          available - topUp,
          b.cap_per_call_atomic,
          charged,
        ),
        short,
      };
    }, TX);
  }

  // The spends of a report that are charged now: a new entry id (a repeated report charges nothing), a nonce never
  // charged for this wallet (whichever gateway or path reported it first), a signed timestamp recent enough that any
  // earlier use of the nonce is still on record, and money for it (the lease's hold, then the balance: a report
  // arriving after the hold was released is charged only while the balance covers it; otherwise we under-count).
  private async charge(
    tx: Tx,
    wallet: string,
    lease: LeaseRow,
    spends: LeaseSpend[],
    available: bigint,
    terms: LeaseTerms,
  ) {
    const ids = spends.map((s) => s.entry_id);
    const known = new Set(
      (await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM balance_entries WHERE id = ANY(${ids}::uuid[])`).map(
        (r) => r.id,
      ),
    );
    const oldest = Math.floor(Date.now() / 1000) - terms.chargeWindowSeconds;
    const candidates = spends.filter((s) => !known.has(s.entry_id) && Number(s.timestamp) >= oldest);
    const fresh = new Set(
      candidates.length
        ? (
            await tx.$queryRaw<Array<{ nonce: string }>>`
              INSERT INTO balance_nonces (wallet, nonce, expires_at)
              SELECT ${wallet}, n, now() + make_interval(secs => ${terms.nonceTtlSeconds})
                FROM unnest(${candidates.map((s) => s.nonce)}::text[]) AS n
              ON CONFLICT DO NOTHING RETURNING nonce`
          ).map((r) => r.nonce)
        : [],
    );
    let hold = lease.held_atomic;
    let fromHold = 0n;
    let fromAvailable = 0n;
    const charged: LeaseSpend[] = [];
    for (const s of candidates) {
      if (!fresh.delete(s.nonce)) continue;
      const amount = BigInt(s.amount_atomic);
      if (amount <= hold) {
        hold -= amount;
        fromHold += amount;
      } else if (amount <= available - fromAvailable) fromAvailable += amount;
      else continue;
      charged.push(s);
    }
    if (charged.length) {
      const col = <K extends keyof LeaseSpend>(k: K) => charged.map((s) => s[k]);
      await tx.$executeRaw`
        INSERT INTO balance_entries (id, wallet, kind, amount_atomic, balance_after_atomic, operation_id, lease_id,
          nonce, request_sha256, response_sha256, created_at)
        SELECT e.id, ${wallet}, 'debit', e.amount, e.after, e.op, ${lease.id}::uuid, e.nonce, e.req, e.res, e.at
        FROM unnest(${col('entry_id')}::uuid[], ${col('amount_atomic')}::bigint[],
          ${col('balance_after_atomic')}::bigint[], ${col('operation_id')}::text[],
                    ${col('nonce')}::text[], ${col('request_sha256')}::text[], ${col('response_sha256')}::text[],
                      ${col('at')}::timestamp[])
          AS e(id, amount, after, op, nonce, req, res, at)`;
    }
    return { count: charged.length, fromHold, fromAvailable };
  }

  private async othersHold(tx: Tx, wallet: string, leaseId: string | undefined, need: bigint): Promise<boolean> {
    const [r] = await tx.$queryRaw<Array<{ held: bigint }>>`
      SELECT coalesce(sum(held_atomic), 0)::bigint AS held FROM balance_leases
      WHERE wallet = ${wallet} AND status IN ('active', 'revoked') AND id IS DISTINCT FROM ${leaseId ?? null}::uuid`;
    return BigInt(r.held) >= need && need > 0n;
  }

  private async take(tx: Tx, wallet: string, amount: bigint) {
    await tx.$executeRawUnsafe(
      `UPDATE balances SET available_atomic = available_atomic - $2, day_atomic = ${SPENT_TODAY} + $2, day = ` +
        `${TODAY} WHERE wallet = $1`,
      wallet,
      amount,
    );
  }

  // What the lease still holds goes back to the balance, and to the day it counted in (all of it was taken on or after
  // the lease's day, so when that is the balance's day, it was all counted today).
  private async giveBack(tx: Tx, wallet: string, leaseId: string, status: 'closed' | 'expired') {
    await tx.$executeRaw`
      WITH old AS (SELECT held_atomic, day FROM balance_leases WHERE id = ${leaseId}::uuid),
      l AS (UPDATE balance_leases SET held_atomic = 0, status = ${status}, closed_at = now()
        WHERE id = ${leaseId}::uuid)
      UPDATE balances SET available_atomic = available_atomic + old.held_atomic,
        day_atomic = CASE WHEN balances.day = old.day THEN balances.day_atomic - old.held_atomic
          ELSE balances.day_atomic END
      FROM old WHERE balances.wallet = ${wallet}`;
  }

  private outcome(
    leaseId: string,
    status: LeaseRow['status'],
    granted: bigint,
    expiresAt: Date,
    available: bigint,
    capPerCall: bigint | null,
    charged: number,
  ) {
    return {
      ok: true,
      leaseId,
      status,
      grantedAtomic: granted,
      expiresAt,
      availableAtomic: available,
      capPerCallAtomic: capPerCall === null ? null : BigInt(capPerCall),
      charged,
    } as const;
  }

  // Leases whose gateway went silent: past expiry plus the grace period, what they still hold goes back.
  async releaseExpired(graceSeconds: number, limit = 1_000): Promise<number> {
    let released = 0;
    while (released < limit) {
      const done = await this.db.$transaction(async (tx) => {
        const [l] = await tx.$queryRaw<Array<{ id: string; wallet: string }>>`
          SELECT id, wallet FROM balance_leases WHERE status IN ('active', 'revoked')
            AND expires_at < now() - make_interval(secs => ${graceSeconds}) LIMIT 1`;
        if (!l) return false;
        await tx.$queryRaw`SELECT 1 FROM balances WHERE wallet = ${l.wallet} FOR UPDATE`;
        const [lease] = await tx.$queryRaw<LeaseRow[]>`
          SELECT id, status, granted_atomic, held_atomic, seq, day, expires_at FROM balance_leases
          WHERE id = ${l.id}::uuid AND status IN ('active', 'revoked')
            AND expires_at < now() - make_interval(secs => ${graceSeconds}) FOR UPDATE`;
        if (lease) await this.giveBack(tx, l.wallet, lease.id, 'expired');
        return true;
      }, TX);
      if (!done) break;
      released++;
    }
    return released;
  }
}
