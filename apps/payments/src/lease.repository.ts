import { Injectable } from '@nestjs/common';
import type { LeaseSpend } from '@toll/contracts';
import { randomUUID } from 'node:crypto';
import { inTransaction, type Sql } from '@toll/platform';
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

// int8 columns arrive as decimal strings from pg, and are read with BigInt.
interface BalanceRow {
  available_atomic: string;
  cap_per_call_atomic: string | null;
  cap_per_day_atomic: string | null;
  spent_today_atomic: string;
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

// Lease times are UTC in TIMESTAMP columns (as Prisma writes them): read as instants, whatever this process's zone.
const EXPIRES_AT = `expires_at AT TIME ZONE 'UTC' AS expires_at`;

// Every report is a few statements under the wallet's row lock, each a named statement on Prisma's own pool (planned
// once per connection): as Prisma interactive transactions they cost payments ~1 ms of CPU per lease-paid call in
// per-query compilation (docs/benchmarks.md, "Balance leases").
const LOCK_BALANCE = {
  name: 'lease_lock_balance',
  text: `SELECT available_atomic, cap_per_call_atomic, cap_per_day_atomic, ${SPENT_TODAY} AS spent_today_atomic
           FROM balances WHERE wallet = $1 FOR UPDATE`,
};
const LOCK_LEASE = {
  name: 'lease_lock',
  text: `SELECT id, status, granted_atomic, held_atomic, seq, day, ${EXPIRES_AT} FROM balance_leases
           WHERE id = $1::uuid AND wallet = $2 FOR UPDATE`,
};
const KNOWN_ENTRIES = {
  name: 'lease_known_entries',
  text: `SELECT id FROM balance_entries WHERE id = ANY($1::uuid[])`,
};
const NEW_NONCES = {
  name: 'lease_new_nonces',
  text: `INSERT INTO balance_nonces (wallet, nonce, expires_at)
           SELECT $1, n, now() + make_interval(secs => $3) FROM unnest($2::text[]) AS n
         ON CONFLICT DO NOTHING RETURNING nonce`,
};
const INSERT_ENTRIES = {
  name: 'lease_insert_entries',
  text: `INSERT INTO balance_entries (id, wallet, kind, amount_atomic, balance_after_atomic, operation_id, lease_id,
           nonce, request_sha256, response_sha256, created_at)
         SELECT e.id, $1, 'debit', e.amount, e.after, e.op, $2::uuid, e.nonce, e.req, e.res, e.at
           FROM unnest($3::uuid[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[],
             $10::timestamp[]) AS e(id, amount, after, op, nonce, req, res, at)`,
};
const LEASE_CHARGED = {
  name: 'lease_charged',
  text: `UPDATE balance_leases SET held_atomic = held_atomic - $2, charged_atomic = charged_atomic + $3,
           seq = GREATEST(seq, $4) WHERE id = $1::uuid`,
};
// A debit outside the lease's hold, and what a grant or top-up takes from the balance: both count in today's spend.
const TAKE = {
  name: 'lease_take',
  text: `UPDATE balances SET available_atomic = available_atomic - $2, day_atomic = ${SPENT_TODAY} + $2,
           day = ${TODAY} WHERE wallet = $1`,
};
// What the lease still holds goes back to the balance, and to the day it counted in (all of it was taken on or after
// the lease's day, so when that is the balance's day, it was all counted today).
const GIVE_BACK = {
  name: 'lease_give_back',
  text: `WITH old AS (SELECT held_atomic, day FROM balance_leases WHERE id = $2::uuid),
         l AS (UPDATE balance_leases SET held_atomic = 0, status = $3, closed_at = now() WHERE id = $2::uuid)
         UPDATE balances SET available_atomic = available_atomic + old.held_atomic,
           day_atomic = CASE WHEN balances.day = old.day THEN balances.day_atomic - old.held_atomic
             ELSE balances.day_atomic END
         FROM old WHERE balances.wallet = $1`,
};
const OTHERS_HOLD = {
  name: 'lease_others_hold',
  text: `SELECT coalesce(sum(held_atomic), 0)::bigint AS held FROM balance_leases
           WHERE wallet = $1 AND status IN ('active', 'revoked') AND id IS DISTINCT FROM $2::uuid`,
};
const GRANT = {
  name: 'lease_grant',
  text: `INSERT INTO balance_leases (id, wallet, gateway, status, granted_atomic, held_atomic, day, expires_at)
           VALUES ($1::uuid, $2, $3, 'active', $4, $4, ${TODAY}, now() + make_interval(secs => $5))
         RETURNING ${EXPIRES_AT}`,
};
const TOP_UP = {
  name: 'lease_top_up',
  text: `UPDATE balance_leases SET granted_atomic = granted_atomic + $2, held_atomic = held_atomic + $2,
           expires_at = now() + make_interval(secs => $3) WHERE id = $1::uuid RETURNING ${EXPIRES_AT}`,
};
const EXPIRED_ONE = {
  name: 'lease_expired_one',
  text: `SELECT id, wallet FROM balance_leases WHERE status IN ('active', 'revoked')
           AND expires_at < now() - make_interval(secs => $1) LIMIT 1`,
};
const LOCK_EXPIRED = {
  name: 'lease_lock_expired',
  text: `SELECT id FROM balance_leases WHERE id = $1::uuid AND status IN ('active', 'revoked')
           AND expires_at < now() - make_interval(secs => $2) FOR UPDATE`,
};
const LOCK_WALLET = { name: 'lease_lock_wallet', text: `SELECT 1 FROM balances WHERE wallet = $1 FOR UPDATE` };

// Leases are read and written here, and revoked by a cap change (BalanceRepository.setCaps). Every decision is one
// transaction that locks the wallet's balance row first (as holds and cap changes do), then the lease: replicas and
// gateways serialise per wallet, never deadlock.
@Injectable()
export class LeaseRepository {
  constructor(private readonly db: PrismaService) {}

  // Grant a new lease, or apply a report on one (charge its spends, renew it, top it up, or close it).
  async report(ask: LeaseAsk, terms: LeaseTerms): Promise<LeaseOutcome> {
    return inTransaction(this.db.pool, async (sql) => {
      const [b] = await sql<BalanceRow>(LOCK_BALANCE, [ask.wallet]);
      if (!b)
        return { ok: false, reason: ask.leaseId ? 'lease_not_found' : 'balance_too_low', othersHold: false } as const;
      const capPerCall = b.cap_per_call_atomic === null ? null : BigInt(b.cap_per_call_atomic);
      let available = BigInt(b.available_atomic);
      let spentToday = BigInt(b.spent_today_atomic);
      let lease: LeaseRow | undefined;
      if (ask.leaseId) {
        const [row] = await sql<LeaseRow>(LOCK_LEASE, [ask.leaseId, ask.wallet]);
        if (!row) return { ok: false, reason: 'lease_not_found', othersHold: false } as const;
        lease = { ...row, granted_atomic: BigInt(row.granted_atomic), held_atomic: BigInt(row.held_atomic) };
      }
      let charged = 0;
      if (lease && ask.spends.length) {
        const c = await this.charge(sql, ask.wallet, lease, ask.spends, available, terms);
        charged = c.count;
        available -= c.fromAvailable;
        spentToday += c.fromAvailable;
        lease.held_atomic -= c.fromHold;
        await sql(LEASE_CHARGED, [lease.id, c.fromHold, c.fromHold + c.fromAvailable, ask.seq ?? 0]);
        if (c.fromAvailable > 0n) await sql(TAKE, [ask.wallet, c.fromAvailable]);
      }
      const open = lease && (lease.status === 'active' || lease.status === 'revoked');
      if (lease && open && (ask.close || lease.status === 'revoked')) {
        // Closing (or revoked): what is still held goes back to the balance and to the day it counted in.
        await sql(GIVE_BACK, [ask.wallet, lease.id, 'closed']);
        available += lease.held_atomic;
        return this.outcome(lease.id, 'closed', lease.granted_atomic, new Date(), available, capPerCall, charged);
      }
      if (lease && lease.status !== 'active')
        return this.outcome(
          lease.id,
          lease.status,
          lease.granted_atomic,
          lease.expires_at,
          available,
          capPerCall,
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
        const need = ask.minAtomic - available;
        const othersHold =
          reason === 'balance_too_low' &&
          need > 0n &&
          BigInt((await sql<{ held: string }>(OTHERS_HOLD, [ask.wallet, lease?.id ?? null]))[0].held) >= need;
        short = { reason, othersHold };
      }
      if (!lease) {
        if (!useful)
          return {
            ok: false,
            reason: short?.reason ?? 'balance_too_low',
            othersHold: short?.othersHold ?? false,
          } as const;
        const id = randomUUID();
        await sql(TAKE, [ask.wallet, grant]);
        const [row] = await sql<{ expires_at: Date }>(GRANT, [
          id,
          ask.wallet,
          ask.gateway.slice(0, 100),
          grant,
          terms.leaseSeconds,
        ]);
        return this.outcome(id, 'active', grant, row.expires_at, available - grant, capPerCall, 0);
      }
      const topUp = useful ? grant : 0n;
      if (topUp > 0n) await sql(TAKE, [ask.wallet, topUp]);
      const [row] = await sql<{ expires_at: Date }>(TOP_UP, [lease.id, topUp, terms.leaseSeconds]);
      return {
        ...this.outcome(
          lease.id,
          'active',
          lease.granted_atomic + topUp,
          row.expires_at,
          available - topUp,
          capPerCall,
          charged,
        ),
        short,
      };
    });
  }

  // The spends of a report that are charged now: a new entry id (a repeated report charges nothing), a nonce never
  // charged for this wallet (whichever gateway or path reported it first), a signed timestamp recent enough that any
  // earlier use of the nonce is still on record, and money for it (the lease's hold, then the balance: a report
  // arriving after the hold was released is charged only while the balance covers it; otherwise we under-count).
  private async charge(
    sql: Sql,
    wallet: string,
    lease: LeaseRow,
    spends: LeaseSpend[],
    available: bigint,
    terms: LeaseTerms,
  ) {
    const ids = spends.map((s) => s.entry_id);
    const known = new Set((await sql<{ id: string }>(KNOWN_ENTRIES, [ids])).map((r) => r.id));
    const oldest = Math.floor(Date.now() / 1000) - terms.chargeWindowSeconds;
    const candidates = spends.filter((s) => !known.has(s.entry_id) && Number(s.timestamp) >= oldest);
    const fresh = new Set(
      candidates.length
        ? (
            await sql<{ nonce: string }>(NEW_NONCES, [wallet, candidates.map((s) => s.nonce), terms.nonceTtlSeconds])
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
      await sql(INSERT_ENTRIES, [
        wallet,
        lease.id,
        col('entry_id'),
        col('amount_atomic'),
        col('balance_after_atomic'),
        col('operation_id'),
        col('nonce'),
        col('request_sha256'),
        col('response_sha256'),
        col('at'),
      ]);
    }
    return { count: charged.length, fromHold, fromAvailable };
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
      capPerCallAtomic: capPerCall,
      charged,
    } as const;
  }

  // Leases whose gateway went silent: past expiry plus the grace period, what they still hold goes back.
  async releaseExpired(graceSeconds: number, limit = 1_000): Promise<number> {
    let released = 0;
    while (released < limit) {
      const done = await inTransaction(this.db.pool, async (sql) => {
        const [l] = await sql<{ id: string; wallet: string }>(EXPIRED_ONE, [graceSeconds]);
        if (!l) return false;
        await sql(LOCK_WALLET, [l.wallet]);
        const [lease] = await sql<{ id: string }>(LOCK_EXPIRED, [l.id, graceSeconds]);
        if (lease) await sql(GIVE_BACK, [l.wallet, lease.id, 'expired']);
        return true;
      });
      if (!done) break;
      released++;
    }
    return released;
  }
}
