import { Injectable } from '@nestjs/common';
import type { StoredReply } from '@toll/contracts';
import { HOLD_COMMIT } from './ledger.repository';
import { PrismaService } from './prisma.service';

export interface BalanceHoldRequest {
  wallet: string;
  nonce: string;
  nonceTtlSeconds: number;
  operationId: string;
  priceUsd: string;
  amountAtomic: bigint;
  requestId: string;
  requestKey?: string;
  ttlSeconds: number;
}

export interface BalanceState {
  wallet: string;
  balance_atomic: bigint;
  held_atomic: bigint;
  cap_per_call_atomic: bigint | null;
  cap_per_day_atomic: bigint | null;
  spent_today_atomic: bigint; // held or settled today (UTC)
}

export type BalanceHoldResult =
  | { ok: true; holdId: string; redelivery?: { count: number; reply?: StoredReply } }
  | {
      ok: false;
      reason:
        'nonce_reused' | 'balance_too_low' | 'balance_cap_per_call' | 'balance_cap_per_day' | 'proof_already_redeemed';
      state?: BalanceState;
    };

export interface SettledDebit {
  wallet: string;
  operation_id: string;
  price_usd: string;
  amount_atomic: bigint;
  balance_atomic: bigint; // what was left available right after this call was held
  entry_id: string;
}

export interface LedgerEntry {
  id: string;
  kind: 'credit' | 'debit';
  amount_atomic: bigint;
  balance_after_atomic: bigint;
  operation_id: string;
  transaction: string | null;
  created_at: Date;
}

const TODAY = `(now() AT TIME ZONE 'UTC')::date`;
const SPENT_TODAY = `CASE WHEN balances.day = ${TODAY} THEN balances.day_atomic ELSE 0 END`;
// What a wallet's calls in progress hold (partial index balance_holds_held_wallet_idx).
const HELD = `(SELECT coalesce(sum(amount_atomic), 0) FROM balance_holds WHERE wallet = $1 AND status = 'held')`;
// What its gateways' open leases hold and have not reported spent: still the owner's to spend, so shown as available.
const LEASED = `(SELECT coalesce(sum(held_atomic), 0) FROM balance_leases WHERE wallet = $1 AND status IN ('active',
  'revoked'))`;

// Nonce, caps and funds in one statement, and the only write of the wallet's row on a served call: the hold takes
// its amount from available_atomic at once. The UPDATE re-checks its WHERE on the row's latest version after taking
// the row lock, so concurrent holds on one wallet (any replica) queue on that row and never over-commit it; the
// table's CHECK backs this up. A used nonce inserts nothing and nothing else happens.
const HOLD = {
  name: 'balance_hold',
  text: `WITH n AS (
           INSERT INTO balance_nonces (wallet, nonce, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
           ON CONFLICT DO NOTHING RETURNING wallet
         ), b AS (
           UPDATE balances SET available_atomic = available_atomic - $4, day_atomic = ${SPENT_TODAY} + $4,
             day = ${TODAY}
           FROM n WHERE balances.wallet = n.wallet
             AND available_atomic >= $4
             AND (cap_per_call_atomic IS NULL OR $4 <= cap_per_call_atomic)
             AND (cap_per_day_atomic IS NULL OR ${SPENT_TODAY} + $4 <= cap_per_day_atomic)
           RETURNING balances.wallet, balances.day, balances.available_atomic
         ), h AS (
           INSERT INTO balance_holds (id, wallet, operation_id, price_usd, amount_atomic, day, status, request_id,
             request_key, expires_at, available_after_atomic)
           SELECT gen_random_uuid(), b.wallet, $5, $6, $4, b.day, 'held', $7, $8, now() + make_interval(secs => $9),
             b.available_atomic FROM b
           RETURNING id
         )
         SELECT (SELECT count(*)::int FROM n) AS nonce_fresh, (SELECT id FROM h) AS hold_id, ${HOLD_COMMIT("'off'")}`,
};
// A held hold settles in one statement that leaves the wallet's row alone (the hold took the money): the hold, its
// ledger entry and the answer kept for redelivery. The entry's balance after is what the hold left available.
const SETTLE = {
  name: 'balance_settle',
  text: `WITH h AS (
           UPDATE balance_holds SET status = 'settled', settled_at = now(), reply_body = $2::text,
             reply_headers = $3::jsonb,
             reply_expires_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() + make_interval(secs => $4::int) END
           WHERE id = $1::uuid AND status = 'held' RETURNING id, wallet, operation_id, price_usd, amount_atomic,
             available_after_atomic
         ), e AS (
           INSERT INTO balance_entries (id, wallet, kind, amount_atomic, balance_after_atomic, operation_id, hold_id)
           SELECT gen_random_uuid(), h.wallet, 'debit', h.amount_atomic,
             coalesce(h.available_after_atomic, (SELECT available_atomic FROM balances WHERE wallet = h.wallet)),
               h.operation_id, h.id FROM h
           RETURNING id, balance_after_atomic
         )
         SELECT h.wallet, h.operation_id, h.price_usd, h.amount_atomic, e.balance_after_atomic AS balance_atomic,
           e.id AS entry_id FROM h, e`,
};
// A hold given back returns its amount to the balance and to the day it counted in.
const GIVE_BACK = `UPDATE balances SET available_atomic = available_atomic + h.amount_atomic,
           day_atomic = CASE WHEN balances.day = h.day THEN balances.day_atomic - h.amount_atomic
             ELSE balances.day_atomic END
         FROM h WHERE balances.wallet = h.wallet`;
const RELEASE = {
  name: 'balance_release',
  text: `WITH h AS (
           UPDATE balance_holds SET status = 'released', released_at = now(), reason = $2
           WHERE id = $1::uuid AND status = 'held' RETURNING wallet, amount_atomic, day
         )
         ${GIVE_BACK}`,
};
// One expired hold at a time: an UPDATE ... FROM applies one match per balance row, so a batch would under-count.
const RELEASE_ONE_EXPIRED = {
  name: 'balance_release_one_expired',
  text: `WITH h AS (
           UPDATE balance_holds SET status = 'released', released_at = now(), reason = 'expired'
           WHERE id = (SELECT id FROM balance_holds WHERE status = 'held'
             AND expires_at < now() LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING wallet, amount_atomic, day
         )
         ${GIVE_BACK}`,
};
const SWEEP_LIMIT = 1_000;

// The only file that touches balances, beside the deposit trigger and proof-credit.repository.ts (a payment credited).
// Every decision is one statement, or one transaction on a locked row.
@Injectable()
export class BalanceRepository {
  constructor(private readonly db: PrismaService) {}

  // What all balances hold (the metrics' scrape): spendable, and held by calls in flight (the partial index on held).
  async totals(): Promise<{ available: bigint; held: bigint }> {
    const [row] = await this.db.$queryRaw<Array<{ available: bigint; held: bigint }>>`
      SELECT (SELECT COALESCE(SUM(available_atomic), 0) FROM balances)::bigint AS available,
             ((SELECT COALESCE(SUM(amount_atomic), 0) FROM balance_holds WHERE status = 'held')
               + (SELECT COALESCE(SUM(held_atomic), 0) FROM balance_leases WHERE status IN ('active',
                 'revoked')))::bigint AS held`;
    return row;
  }

  async hold(
    r: BalanceHoldRequest,
    redeliveryWindowSeconds: number,
    redeliveryMax: number,
  ): Promise<BalanceHoldResult> {
    if (r.requestKey && redeliveryWindowSeconds > 0) {
      const prior = await this.redeliver(r.wallet, r.requestKey, redeliveryWindowSeconds, redeliveryMax);
      if (prior) return prior;
    }
    const values = [
      r.wallet,
      r.nonce,
      r.nonceTtlSeconds,
      r.amountAtomic.toString(),
      r.operationId,
      r.priceUsd,
      r.requestId,
      r.requestKey ?? null,
      r.ttlSeconds,
    ];
    const [row] = (await this.db.pool.query(HOLD, values)).rows;
    if (row.hold_id) return { ok: true, holdId: row.hold_id };
    if (!row.nonce_fresh) return { ok: false, reason: 'nonce_reused' };
    const state = await this.state(r.wallet);
    if (state.cap_per_call_atomic !== null && r.amountAtomic > state.cap_per_call_atomic)
      return { ok: false, reason: 'balance_cap_per_call', state };
    if (state.cap_per_day_atomic !== null && state.spent_today_atomic + r.amountAtomic > state.cap_per_day_atomic)
      return { ok: false, reason: 'balance_cap_per_day', state };
    return { ok: false, reason: 'balance_too_low', state };
  }

  // The same wallet repeating a request it already paid for (same Idempotency-Key, same operation and input).
  private async redeliver(
    wallet: string,
    requestKey: string,
    windowSeconds: number,
    max: number,
  ): Promise<BalanceHoldResult | undefined> {
    return this.db.$transaction(async (tx) => {
      const [prior] = await tx.$queryRaw<
        Array<{
          id: string;
          redeliveries: number;
          reply_body: string | null;
          reply_headers: Record<string, string> | null;
        }>
      >`
        SELECT id, redeliveries, reply_body, reply_headers FROM balance_holds
        WHERE wallet = ${wallet} AND request_key = ${requestKey} AND status = 'settled'
          AND settled_at > now() - make_interval(secs => ${windowSeconds})
        ORDER BY settled_at DESC LIMIT 1 FOR UPDATE`;
      if (!prior) return undefined;
      if (prior.redeliveries >= max) return { ok: false, reason: 'proof_already_redeemed' } as const;
      await tx.$executeRaw`UPDATE balance_holds SET redeliveries = redeliveries + 1 WHERE id = ${prior.id}::uuid`;
      const reply =
        prior.reply_body === null ? undefined : { json: prior.reply_body, headers: prior.reply_headers ?? {} };
      return { ok: true, holdId: prior.id, redelivery: { count: prior.redeliveries + 1, reply } } as const;
    });
  }

  async state(wallet: string): Promise<BalanceState> {
    const [row] = await this.db.$queryRawUnsafe<Array<Record<string, unknown>>>(
      `SELECT available_atomic + ${LEASED} AS available_atomic, ${HELD} AS held_atomic, cap_per_call_atomic, ` +
        `cap_per_day_atomic, ${SPENT_TODAY} AS spent_today_atomic FROM balances WHERE wallet = $1`,
      wallet,
    );
    if (!row)
      return {
        wallet,
        balance_atomic: 0n,
        held_atomic: 0n,
        cap_per_call_atomic: null,
        cap_per_day_atomic: null,
        spent_today_atomic: 0n,
      };
    const big = (v: unknown) => (v === null ? null : BigInt(v as bigint));
    const held = BigInt(row.held_atomic as bigint);
    return {
      wallet,
      balance_atomic: BigInt(row.available_atomic as bigint) + held,
      held_atomic: held,
      cap_per_call_atomic: big(row.cap_per_call_atomic),
      cap_per_day_atomic: big(row.cap_per_day_atomic),
      spent_today_atomic: BigInt(row.spent_today_atomic as bigint),
    };
  }

  async entries(wallet: string, limit: number): Promise<LedgerEntry[]> {
    return this.db.$queryRaw<LedgerEntry[]>`
      SELECT id, kind, amount_atomic, balance_after_atomic, operation_id, transaction, created_at FROM balance_entries
      WHERE wallet = ${wallet} ORDER BY created_at DESC, id LIMIT ${limit}`;
  }

  // Settling twice returns the first debit (a gateway that lost the answer asks again). A hold that expired while
  // the group worked still settles when the balance covers it; otherwise null (nothing is debited).
  async settle(holdId: string, reply: StoredReply | undefined, keepSeconds: number): Promise<SettledDebit | null> {
    const kept = reply && keepSeconds > 0 ? reply : undefined;
    const [row] = (
      await this.db.pool.query(SETTLE, [
        holdId,
        kept?.json ?? null,
        kept ? JSON.stringify(kept.headers) : null,
        keepSeconds,
      ])
    ).rows;
    if (row) return { ...row, amount_atomic: BigInt(row.amount_atomic), balance_atomic: BigInt(row.balance_atomic) };
    return this.db.$transaction(async (tx) => {
      const [hold] = await tx.$queryRaw<
        Array<{
          wallet: string;
          status: string;
          reason: string | null;
          operation_id: string;
          price_usd: string;
          amount_atomic: bigint;
        }>
      >`
        SELECT wallet, status, reason, operation_id, price_usd, amount_atomic FROM balance_holds
          WHERE id = ${holdId}::uuid FOR UPDATE`;
      if (!hold) return null;
      if (hold.status === 'settled') {
        const [e] = await tx.$queryRaw<
          Array<{ id: string; balance_after_atomic: bigint }>
        >`SELECT id, balance_after_atomic FROM balance_entries WHERE hold_id = ${holdId}::uuid`;
        return {
          wallet: hold.wallet,
          operation_id: hold.operation_id,
          price_usd: hold.price_usd,
          amount_atomic: BigInt(hold.amount_atomic),
          balance_atomic: BigInt(e.balance_after_atomic),
          entry_id: e.id,
        };
      }
      if (!(hold.status === 'released' && hold.reason === 'expired')) return null;
      const [b] = await tx.$queryRaw<Array<{ balance_atomic: bigint }>>`
        UPDATE balances SET available_atomic = available_atomic - ${hold.amount_atomic}
          WHERE wallet = ${hold.wallet} AND available_atomic >= ${hold.amount_atomic}
        RETURNING available_atomic AS balance_atomic`;
      if (!b) return null;
      await tx.$executeRaw`UPDATE balance_holds SET status = 'settled', settled_at = now() WHERE id = ${holdId}::uuid`;
      const [e] = await tx.$queryRaw<Array<{ id: string }>>`
        INSERT INTO balance_entries (id, wallet, kind, amount_atomic, balance_after_atomic, operation_id, hold_id)
        VALUES (gen_random_uuid(), ${hold.wallet}, 'debit', ${hold.amount_atomic}, ${b.balance_atomic},
          ${hold.operation_id}, ${holdId}::uuid) RETURNING id`;
      return {
        wallet: hold.wallet,
        operation_id: hold.operation_id,
        price_usd: hold.price_usd,
        amount_atomic: BigInt(hold.amount_atomic),
        balance_atomic: BigInt(b.balance_atomic),
        entry_id: e.id,
      };
    });
  }

  async release(holdId: string, reason: string): Promise<boolean> {
    return ((await this.db.pool.query(RELEASE, [holdId, reason])).rowCount ?? 0) > 0;
  }

  // Caps the owner sets on their own balance (null removes one); a wallet with no deposit yet gets an empty balance.
  // The wallet's open leases are revoked first, in the same transaction on the locked row: no gateway gets another
  // grant under the old caps, and each gives back what it holds (returns how many were revoked, to tell the gateways).
  async setCaps(wallet: string, perCall: bigint | null, perDay: bigint | null): Promise<number> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO balances (wallet) VALUES (${wallet}) ON CONFLICT (wallet) DO NOTHING`;
      await tx.$queryRaw`SELECT 1 FROM balances WHERE wallet = ${wallet} FOR UPDATE`;
      const revoked = await tx.$executeRaw`UPDATE balance_leases SET status = 'revoked' WHERE wallet = ${wallet}
          AND status = 'active'`;
      await tx.$executeRaw`UPDATE balances SET cap_per_call_atomic = ${perCall}, cap_per_day_atomic = ${perDay}
        WHERE wallet = ${wallet}`;
      return revoked;
    });
  }

  // A signed owner request (balance read, caps) spends its nonce like a paid one.
  async useNonce(wallet: string, nonce: string, ttlSeconds: number): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO balance_nonces (wallet, nonce, expires_at) VALUES (${wallet}, ${nonce},
        now() + make_interval(secs => ${ttlSeconds})) ON CONFLICT DO NOTHING`;
    return n > 0;
  }

  async releaseExpired(limit = SWEEP_LIMIT): Promise<number> {
    let released = 0;
    while (released < limit && (await this.db.pool.query(RELEASE_ONE_EXPIRED)).rowCount) released++;
    return released;
  }

  async dropExpired(): Promise<void> {
    await this.db.$executeRaw`DELETE FROM balance_nonces WHERE expires_at < now()`;
    await this.db.$executeRaw`UPDATE balance_holds SET reply_body = NULL, reply_headers = NULL
        WHERE reply_expires_at < now() AND reply_body IS NOT NULL`;
  }
}
