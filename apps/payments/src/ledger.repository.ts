import { Injectable } from '@nestjs/common';
import type { StoredReply } from '@toll/contracts';
import { Prisma } from './generated/prisma/client';
import { PrismaService } from './prisma.service';

export interface NewPayment {
  kind: 'memo' | 'x402';
  proofKey: string;
  txSignature: string | null;
  memo: string;
  operationId: string;
  priceUsd: string;
  asset: 'SOL' | 'USDC';
  amountAtomic: bigint;
  payer: string;
  network: string;
  creditsTotal: number;
}

// How a request may get its answer again on a proof it already paid with (see VerifyRequest.requestKey).
export interface Redelivery {
  requestKey: string;
  windowSeconds: number; // after the hold settled
  max: number; // redeliveries per settled hold
}

export interface HeldCredit {
  ok: true;
  holdId: string;
  paymentId: string;
  payment: {
    payer: string;
    txSignature: string | null;
    onchainSettled: boolean;
    asset: string;
    amountAtomic: bigint;
    creditsTotal: number;
    creditsUsed: number;
  };
  redelivery?: { count: number; reply?: StoredReply };
}

export type HoldResult =
  | HeldCredit
  | {
      ok: false;
      reason:
        | 'signature_already_used'
        | 'memo_already_used'
        | 'proof_already_redeemed'
        | 'proof_in_use'
        | 'block_used_up'
        | 'proof_credited';
    };

export interface SettledPayment {
  id: string;
  tx_signature: string | null;
  payer: string;
  asset: string;
  amount_atomic: bigint;
  operation_id: string;
  price_usd: string;
  network: string;
  credits_total: number;
  credits_used: number;
}

const SETTLED_COLUMNS = Prisma.raw(
  'id, tx_signature, payer, asset, amount_atomic, operation_id, price_usd, network, credits_total, credits_used',
);

interface PaymentRow {
  id: string;
  memo: string;
  payer: string;
  tx_signature: string | null;
  onchain_settled: boolean;
  asset: string;
  amount_atomic: bigint;
  credits_total: number;
  credits_used: number;
  credited_at: Date | null;
}

// A hold's commit need not wait for its WAL flush when the money already moved (a memo proof's transaction is on chain,
// a balance was credited): losing the hold in a Postgres crash is the same as releasing it, the proof stays redeemable,
// and the settle that follows commits synchronously, which flushes the hold's WAL with it. An x402 hold precedes our
// broadcast of the payer's transaction, so it stays durable. Local to the statement's own transaction; saves a flush
// (0.3–0.6 ms p50, up to 4 ms p99 here) on every paid call's path (docs/benchmarks.md, "Commits that do not wait for
// the disk").
export const HOLD_COMMIT = (mode: string) => `set_config('synchronous_commit', ${mode}, true) AS hold_commit`;
const commitMode = (kind: NewPayment['kind']) => (kind === 'memo' ? 'off' : 'on');

// The three statements every paid call runs go straight to Prisma's own pool as named prepared statements:
// parsed and planned once per connection, and none of Prisma's per-query compilation (profiled at ~40% of the
// payments app's CPU; see docs/benchmarks.md). Everything else goes through Prisma.
const FIND_BY_PROOF = {
  name: 'ledger_find_by_proof',
  text: `SELECT kind, proof_key, tx_signature, memo, operation_id, price_usd, asset, amount_atomic, payer, network,
    credits_total
         FROM payments WHERE proof_key = $1`,
};
// A memo proof's first statement: a known proof's next credit on hold (each call of a prepaid block), else what is
// recorded for the proof (nothing for a fresh one). $6 false (a redelivery may be due) only looks. The UPDATE
// re-checks the free credit after taking the row's lock, like KNOWN_HOLD; the lookup reads the statement's snapshot
// and only when nothing was held, and whatever follows it decides under the row lock.
const LOOKUP_OR_HOLD_NEXT = {
  name: 'ledger_lookup_or_hold_next',
  text: `WITH p AS (
           UPDATE payments SET credits_held = credits_held + 1
           WHERE $6::boolean AND proof_key = $1 AND memo = $2 AND operation_id = $3
             AND credits_used + credits_held < credits_total
           RETURNING *
         ), h AS (
           INSERT INTO holds (id, payment_id, status, request_id, expires_at)
           SELECT gen_random_uuid(), p.id, 'held', $4, now() + make_interval(secs => $5) FROM p
           RETURNING id
         )
         SELECT h.id AS hold_id, ${HOLD_COMMIT("'off'")}, p.* FROM h, p
         UNION ALL
         SELECT NULL, NULL, payments.* FROM payments WHERE proof_key = $1 AND NOT EXISTS (SELECT 1 FROM p)`,
};
// A proof seen for the first time: payment and hold in one statement. The inserted row is invisible to everyone
// else until this commits, so it has no other hold and nothing to redeliver; a conflict on any unique key
// inserts nothing and returns no row, and the locked transaction below decides.
const FRESH_HOLD = {
  name: 'ledger_fresh_hold',
  text: `WITH p AS (
           INSERT INTO payments (id, kind, proof_key, tx_signature, memo, operation_id, price_usd, asset,
             amount_atomic, payer, network, credits_total, credits_held)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1)
           ON CONFLICT DO NOTHING RETURNING id
         ), h AS (
           INSERT INTO holds (id, payment_id, status, request_id, request_key, expires_at)
           SELECT gen_random_uuid(), p.id, 'held', $12, $13, now() + make_interval(secs => $14) FROM p
           RETURNING id, payment_id
         )
         SELECT id AS hold_id, payment_id, ${HOLD_COMMIT('$15')} FROM h`,
};
// The next credit of a known proof (a prepaid block, a retry after our failure) in one statement. The UPDATE
// re-checks the free credit on the row's latest version after taking its lock, so concurrent holds never
// over-commit. No row: no free credit counted (an expired hold may still be counted), or memo or proof unknown;
// the locked transaction below decides.
const KNOWN_HOLD = {
  name: 'ledger_known_hold',
  text: `WITH p AS (
           UPDATE payments SET credits_held = credits_held + 1
           WHERE proof_key = $1 AND memo = $2 AND credits_used + credits_held < credits_total
           RETURNING id, payer, tx_signature, onchain_settled, asset, amount_atomic, credits_total, credits_used
         ), h AS (
           INSERT INTO holds (id, payment_id, status, request_id, expires_at)
           SELECT gen_random_uuid(), p.id, 'held', $3, now() + make_interval(secs => $4) FROM p
           RETURNING id
         )
         SELECT h.id AS hold_id, ${HOLD_COMMIT('$5')}, p.* FROM h, p`,
};
// A prepaid block's calls all update its one payment row, and a synchronous commit keeps that row locked until its WAL
// is on disk, so the block's calls would queue on each other's flushes. A block's settle therefore commits without
// waiting and then flushes with a transactional WAL message, whose commit waits for the disk (and any synchronous
// standby) like the settle would have, but with the row already free. The answer leaves only after that flush; a
// crash before it loses the settle, which is then a hold that expires and is released (nothing charged, the credit
// back). Other transactions may see the settle before it is durable, and anything durable they write after it flushes
// it too.
const SETTLE_COMMIT = `set_config('synchronous_commit', CASE WHEN p.credits_total > 1 THEN 'off' ELSE 'on' END,
  true) AS settle_commit`;
const FLUSH = { name: 'ledger_flush', text: `SELECT pg_logical_emit_message(true, 'toll', '')` };
// A held hold settles in one statement, its answer stored with it. The hold took a free credit, so the payment
// update always matches; if that ever broke, 1/0 aborts the whole statement rather than settle without a credit.
// No row: the hold is settled already, expired or unknown, and the locked transaction below decides.
const SETTLE_HELD = {
  name: 'ledger_settle_held',
  text: `WITH h AS (
           UPDATE holds SET status = 'settled', settled_at = now() WHERE id = $1::uuid AND status = 'held'
             RETURNING id, payment_id
         ), p AS (
           UPDATE payments SET credits_used = payments.credits_used + 1, credits_held = payments.credits_held - 1
           FROM h WHERE payments.id = h.payment_id AND payments.credits_used < payments.credits_total
           RETURNING payments.id, payments.tx_signature, payments.payer, payments.asset, payments.amount_atomic,
             payments.operation_id,
                     payments.price_usd, payments.network, payments.credits_total, payments.credits_used
         ), r AS (
           INSERT INTO replies (hold_id, body, headers, expires_at)
           SELECT h.id, $2::text, $3::jsonb, now() + make_interval(secs => $4::int) FROM h JOIN p ON p.id = h.payment_id
           WHERE $2::text IS NOT NULL
         )
         SELECT p.*, 1 / (SELECT count(*)::int FROM p) AS credit_guard, ${SETTLE_COMMIT} FROM h LEFT JOIN p ON true`,
};
// One expired hold released and its held credit returned; SKIP LOCKED leaves a hold being settled to its settler.
const RELEASE_ONE_EXPIRED = {
  name: 'ledger_release_one_expired',
  text: `WITH h AS (
           UPDATE holds SET status = 'released', released_at = now(), reason = 'expired'
           WHERE id = (SELECT id FROM holds WHERE status = 'held' AND expires_at < now() LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING payment_id
         )
         UPDATE payments SET credits_held = credits_held - 1 FROM h WHERE payments.id = h.payment_id`,
};
const SWEEP_LIMIT = 1_000; // per sweep; the next sweep takes the rest
const DIVISION_BY_ZERO = '22012';

const toNewPayment = (r: Record<string, never>): NewPayment => ({
  kind: r.kind,
  proofKey: r.proof_key,
  txSignature: r.tx_signature,
  memo: r.memo,
  operationId: r.operation_id,
  priceUsd: r.price_usd,
  asset: r.asset,
  amountAtomic: BigInt(r.amount_atomic),
  payer: r.payer,
  network: r.network,
  creditsTotal: r.credits_total,
});

// A payment row as a held credit's caller sees it.
const heldPayment = (r: Record<string, never>): HeldCredit['payment'] => ({
  payer: r.payer,
  txSignature: r.tx_signature,
  onchainSettled: r.onchain_settled,
  asset: r.asset,
  amountAtomic: BigInt(r.amount_atomic),
  creditsTotal: r.credits_total,
  creditsUsed: r.credits_used,
});

// Inside a transaction that locked the payment row: its expired holds released, and what it still holds. Lock order is
// hold before payment everywhere else (settle, release, sweep); holding the payment, this skips expired holds someone
// is settling or releasing right now instead of waiting on them (no deadlock).
export async function releaseExpiredHoldsOf(tx: Prisma.TransactionClient, paymentId: string): Promise<number> {
  const [{ held }] = await tx.$queryRaw<Array<{ held: number }>>`
    WITH expired AS (
      UPDATE holds SET status = 'released', released_at = now(), reason = 'expired'
      WHERE id IN (SELECT id FROM holds WHERE payment_id = ${paymentId}::uuid AND status = 'held'
        AND expires_at < now() FOR UPDATE SKIP LOCKED)
      RETURNING 1
    )
    UPDATE payments SET credits_held = credits_held - (SELECT count(*)::int FROM expired)
      WHERE id = ${paymentId}::uuid RETURNING credits_held AS held`;
  return held;
}

// The only file that touches the ledger, beside proof-credit.repository.ts (a payment credited to a balance). Every
// decision happens in one statement or inside one transaction on a locked payment row, and unique keys (proof,
// signature, memo) make a proof redeemable exactly once across replicas.
@Injectable()
export class LedgerRepository {
  constructor(private readonly db: PrismaService) {}

  async findByProof(proofKey: string): Promise<NewPayment | null> {
    const [r] = (await this.db.pool.query(FIND_BY_PROOF, [proofKey])).rows;
    return r ? toNewPayment(r) : null;
  }

  // One statement for a memo proof: the next credit held if the proof is known with this memo and route and has one
  // free (holdNext false: only look), else the recorded payment, else null (a fresh proof).
  async lookupOrHoldNext(
    proofKey: string,
    memo: string,
    operationId: string,
    requestId: string,
    ttlSeconds: number,
    holdNext: boolean,
  ): Promise<{ held: HeldCredit } | { payment: NewPayment } | null> {
    const [r] = (
      await this.db.pool.query(LOOKUP_OR_HOLD_NEXT, [proofKey, memo, operationId, requestId, ttlSeconds, holdNext])
    ).rows;
    if (!r) return null;
    if (r.hold_id === null) return { payment: toNewPayment(r) };
    return { held: { ok: true, holdId: r.hold_id, paymentId: r.id, payment: heldPayment(r) } };
  }

  // Takes one credit of the payment on hold (creating the payment on first sight), or, for a request this proof
  // already paid for and settled, hands that hold back as a redelivery without taking a credit. `existing`: the
  // caller looked the proof up just before (true: found, and its next credit was tried; false: not found), so the
  // statement that cannot succeed is skipped.
  async hold(
    p: NewPayment,
    requestId: string,
    ttlSeconds: number,
    redelivery?: Redelivery,
    existing?: boolean,
  ): Promise<HoldResult> {
    // Without a redelivery to look for, a known proof's next credit needs no transaction (prepaid blocks).
    if (!redelivery && existing === undefined) {
      const [known] = (
        await this.db.pool.query(KNOWN_HOLD, [p.proofKey, p.memo, requestId, ttlSeconds, commitMode(p.kind)])
      ).rows;
      if (known) {
        const payment = heldPayment(known);
        return { ok: true, holdId: known.hold_id, paymentId: known.id, payment };
      }
    }
    const values = [
      p.kind,
      p.proofKey,
      p.txSignature,
      p.memo,
      p.operationId,
      p.priceUsd,
      p.asset,
      p.amountAtomic.toString(),
      p.payer,
      p.network,
      p.creditsTotal,
    ];
    const [fresh] = existing
      ? []
      : (
          await this.db.pool.query(FRESH_HOLD, [
            ...values,
            requestId,
            redelivery?.requestKey ?? null,
            ttlSeconds,
            commitMode(p.kind),
          ])
        ).rows;
    if (fresh) {
      const payment = {
        payer: p.payer,
        txSignature: p.txSignature,
        onchainSettled: false,
        asset: p.asset,
        amountAtomic: p.amountAtomic,
        creditsTotal: p.creditsTotal,
        creditsUsed: 0,
      };
      return { ok: true, holdId: fresh.hold_id, paymentId: fresh.payment_id, payment };
    }
    // FRESH_HOLD inserted nothing, or was skipped because the caller found the payment: it exists and is committed
    // (ON CONFLICT waited for its inserter), or the memo or signature belongs to another payment.
    return this.db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<PaymentRow[]>`
        SELECT id, memo, payer, tx_signature, onchain_settled, asset, amount_atomic, credits_total, credits_used,
          credited_at FROM payments WHERE proof_key = ${p.proofKey} FOR UPDATE`;
      // The insert lost on another key: this signature or memo already paid for something else.
      if (!row)
        return {
          ok: false,
          reason: (await tx.payment.findUnique({ where: { memo: p.memo } }))
            ? 'memo_already_used'
            : 'signature_already_used',
        };
      if (row.memo !== p.memo) return { ok: false, reason: 'signature_already_used' };
      const payment = {
        payer: row.payer,
        txSignature: row.tx_signature,
        onchainSettled: row.onchain_settled,
        asset: row.asset,
        amountAtomic: row.amount_atomic,
        creditsTotal: row.credits_total,
        creditsUsed: row.credits_used,
      };
      if (redelivery) {
        const [prior] = await tx.$queryRaw<
          Array<{ id: string; redeliveries: number; body: string | null; headers: Record<string, string> | null }>
        >`
          SELECT h.id, h.redeliveries, r.body, r.headers FROM holds h LEFT JOIN replies r ON r.hold_id = h.id
          WHERE h.payment_id = ${row.id}::uuid AND h.request_key = ${redelivery.requestKey} AND h.status = 'settled'
            AND h.settled_at > now() - make_interval(secs => ${redelivery.windowSeconds})
          ORDER BY h.settled_at DESC LIMIT 1`;
        if (prior) {
          if (prior.redeliveries >= redelivery.max) return { ok: false, reason: 'proof_already_redeemed' };
          await tx.$executeRaw`UPDATE holds SET redeliveries = redeliveries + 1 WHERE id = ${prior.id}::uuid`;
          const reply = prior.body === null ? undefined : { json: prior.body, headers: prior.headers ?? {} };
          return {
            ok: true,
            holdId: prior.id,
            paymentId: row.id,
            payment,
            redelivery: { count: prior.redeliveries + 1, reply },
          };
        }
      }
      const held = await releaseExpiredHoldsOf(tx, row.id);
      if (row.credits_used + held >= row.credits_total) {
        if (row.credits_used < row.credits_total) return { ok: false, reason: 'proof_in_use' };
        if (row.credited_at) return { ok: false, reason: 'proof_credited' }; // its value is on the payer's balance
        return { ok: false, reason: row.credits_total > 1 ? 'block_used_up' : 'proof_already_redeemed' };
      }
      const hold = await tx.hold.create({
        data: {
          paymentId: row.id,
          status: 'held',
          requestId,
          requestKey: redelivery?.requestKey,
          expiresAt: new Date(Date.now() + ttlSeconds * 1000),
        },
      });
      await tx.$executeRaw`UPDATE payments SET credits_held = credits_held + 1 WHERE id = ${row.id}::uuid`;
      return { ok: true, holdId: hold.id, paymentId: row.id, payment };
    });
  }

  markOnchainSettled(paymentId: string, txSignature: string) {
    return this.db.payment.update({ where: { id: paymentId }, data: { onchainSettled: true, txSignature } });
  }

  // Our broadcast failed, so nothing was paid: forget the payment entirely.
  async forget(paymentId: string) {
    await this.db.$transaction([
      this.db.hold.deleteMany({ where: { paymentId } }),
      this.db.payment.delete({ where: { id: paymentId } }),
    ]);
  }

  // Commits the hold's credit. Idempotent: settling a settled hold again returns the same payment without
  // counting twice, so a gateway that lost the answer (NATS or Postgres restart) can simply ask again.
  // A hold that expired while the group worked still settles if a credit is free. The answer, when given, is kept
  // in the same transaction for `keepSeconds`: a settled hold always has its reply stored for redelivery.
  async settle(holdId: string, reply?: StoredReply, keepSeconds = 0): Promise<SettledPayment | null> {
    const kept = reply && keepSeconds > 0 ? reply : undefined;
    try {
      const [row] = (
        await this.db.pool.query(SETTLE_HELD, [
          holdId,
          kept?.json ?? null,
          JSON.stringify(kept?.headers ?? {}),
          keepSeconds,
        ])
      ).rows;
      if (row) {
        if (row.settle_commit === 'off') await this.db.pool.query(FLUSH);
        const {
          id,
          tx_signature,
          payer,
          asset,
          amount_atomic,
          operation_id,
          price_usd,
          network,
          credits_total,
          credits_used,
        } = row;
        return {
          id,
          tx_signature,
          payer,
          asset,
          amount_atomic: BigInt(amount_atomic),
          operation_id,
          price_usd,
          network,
          credits_total,
          credits_used,
        };
      }
    } catch (e) {
      if ((e as { code?: string }).code === DIVISION_BY_ZERO)
        throw new Error(`no credit left to settle hold ${holdId}`);
      throw e;
    }
    return this.db.$transaction(async (tx) => {
      const [hold] = await tx.$queryRaw<Array<{ payment_id: string; status: string; reason: string | null }>>`
        SELECT payment_id, status, reason FROM holds WHERE id = ${holdId}::uuid FOR UPDATE`;
      if (!hold) return null;
      if (hold.status === 'settled')
        return (
          await tx.$queryRaw<
            SettledPayment[]
          >`SELECT ${SETTLED_COLUMNS} FROM payments WHERE id = ${hold.payment_id}::uuid`
        )[0];
      if (hold.status !== 'held' && !(hold.status === 'released' && hold.reason === 'expired')) return null;
      await tx.$executeRaw`UPDATE holds SET status = 'settled', settled_at = now() WHERE id = ${holdId}::uuid`;
      const wasHeld = hold.status === 'held' ? 1 : 0; // an expired hold gave its held credit back already
      const [payment] = await tx.$queryRaw<SettledPayment[]>`
        UPDATE payments SET credits_used = credits_used + 1, credits_held = credits_held - ${wasHeld}
        WHERE id = ${hold.payment_id}::uuid AND credits_used < credits_total RETURNING ${SETTLED_COLUMNS}`;
      if (!payment) throw new Error(`no credit left to settle hold ${holdId}`);
      if (reply && keepSeconds > 0) {
        await tx.$executeRaw`
          INSERT INTO replies (hold_id, body, headers, expires_at)
          VALUES (${holdId}::uuid, ${reply.json}, ${JSON.stringify(reply.headers)}::jsonb,
            now() + make_interval(secs => ${keepSeconds}))`;
      }
      return payment;
    });
  }

  async release(holdId: string, reason: string): Promise<boolean> {
    const n = await this.db.$executeRaw`
      WITH h AS (UPDATE holds SET status = 'released', released_at = now(), reason = ${reason}
        WHERE id = ${holdId}::uuid AND status = 'held' RETURNING payment_id)
      UPDATE payments SET credits_held = credits_held - 1 FROM h WHERE payments.id = h.payment_id`;
    return n > 0;
  }

  // Housekeeping: holds nobody settled or released (a gateway died mid-request) give their credit back. One hold per
  // statement, hold then payment like settle, so two sweeping replicas never deadlock on each other's payments.
  async releaseExpired(limit = SWEEP_LIMIT): Promise<number> {
    let released = 0;
    while (released < limit && (await this.db.pool.query(RELEASE_ONE_EXPIRED)).rowCount) released++;
    return released;
  }

  // Housekeeping: stored answers past their redelivery window.
  dropExpiredReplies(): Promise<number> {
    return this.db.$executeRaw`DELETE FROM replies WHERE expires_at < now()`;
  }
}
