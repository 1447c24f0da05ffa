import { Injectable } from '@nestjs/common';
import type { BlockSpend } from '@toll/contracts';
import { inTransaction } from '@toll/platform';
import { randomUUID } from 'node:crypto';
import { PrismaService } from './prisma.service';

// Terms every block lease decision uses (BlockLeaseService reads them from the config).
export interface BlockLeaseTerms {
  leaseSeconds: number; // a grant or renewal is spendable this long
  graceSeconds: number; // a lease's hold outlives its expiry this long, for a restarted gateway's report
  maxCredits: number; // the most one lease holds at once
}

// A block's payment row as a lease decision reads it (locked).
export interface BlockRow {
  id: string;
  kind: string;
  memo: string;
  operation_id: string;
  onchain_settled: boolean;
  credited_at: Date | null;
  credits_total: number;
  credits_used: number;
  credits_held: number;
  payer: string;
  tx_signature: string | null;
  asset: string;
  amount_atomic: string;
  network: string;
}

interface LeaseRow {
  id: string;
  status: 'active' | 'closed' | 'revoked' | 'expired';
  granted_credits: number;
  held_credits: number;
}

export type BlockLeaseOutcome =
  | {
      ok: true;
      leaseId: string;
      status: 'active' | 'closed' | 'revoked' | 'expired';
      granted: number;
      available: number;
      expiresAt: Date;
      payment: BlockRow;
      charged: number;
      short?: { othersHold: boolean };
    }
  | {
      ok: false;
      reason: 'proof_unknown' | 'not_leasable' | 'block_used_up' | 'lease_not_found';
      othersHold: boolean;
      paymentId?: string;
    };

const PAYMENT_COLUMNS = `p.id, p.kind, p.memo, p.operation_id, p.onchain_settled, p.credited_at, p.credits_total,
  p.credits_used, p.credits_held, p.payer, p.tx_signature, p.asset, p.amount_atomic::text, p.network`;

// Every statement is a named prepared statement on the ledger's own pool (parsed and planned once per connection), as
// in ledger.repository.ts: no Prisma query compilation on a lease decision.
const LOCK_BY_PROOF = {
  name: 'block_lease_lock_by_proof',
  text: `SELECT ${PAYMENT_COLUMNS} FROM payments p WHERE p.proof_key = $1 FOR UPDATE`,
};
const LOCK_BY_LEASE = {
  name: 'block_lease_lock_by_lease',
  text: `SELECT ${PAYMENT_COLUMNS} FROM payments p JOIN block_leases l ON l.payment_id = p.id WHERE l.id = $1::uuid
    FOR UPDATE OF p`,
};
const LOCK_LEASE = {
  name: 'block_lease_lock',
  text: `SELECT id, status, granted_credits, held_credits FROM block_leases WHERE id = $1::uuid FOR UPDATE`,
};
const OTHERS_HOLD = {
  name: 'block_lease_others_hold',
  text: `SELECT coalesce(sum(held_credits), 0)::int AS held FROM block_leases
    WHERE payment_id = $1::uuid AND status IN ('active', 'revoked') AND id IS DISTINCT FROM $2::uuid`,
};
const INSERT_LEASE = {
  name: 'block_lease_insert',
  text: `WITH p AS (UPDATE payments SET credits_held = credits_held + $4 WHERE id = $2::uuid)
    INSERT INTO block_leases (id, payment_id, gateway, status, granted_credits, held_credits, expires_at)
    VALUES ($1::uuid, $2::uuid, $3, 'active', $4, $4, now() + make_interval(secs => $5)) RETURNING expires_at`,
};
// Entries of a report not recorded yet (a repeated report finds them all recorded).
const UNRECORDED = {
  name: 'block_lease_unrecorded',
  text: `SELECT e.id::text FROM unnest($1::uuid[]) AS e(id) WHERE NOT EXISTS (SELECT 1 FROM holds h WHERE h.id = e.id)`,
};
// The charged calls as settled holds of the payment (their ids are the receipts'), and the credits moved: `$5` from
// the lease's hold, the rest from the block's free credits (a report after the hold was released).
const CHARGE = {
  name: 'block_lease_charge',
  text: `WITH h AS (
           INSERT INTO holds (id, payment_id, status, request_id, expires_at, settled_at, block_lease_id)
           SELECT e.id, $1::uuid, 'settled', e.rid, e.at, e.at, $2::uuid
             FROM unnest($3::uuid[], $4::text[], $6::timestamp[]) AS e(id, rid, at)
         ), l AS (
           UPDATE block_leases SET held_credits = held_credits - $5,
             charged_credits = charged_credits + cardinality($3),
             seq = GREATEST(seq, $7) WHERE id = $2::uuid
         )
         UPDATE payments SET credits_used = credits_used + cardinality($3::uuid[]), credits_held = credits_held - $5
           WHERE id = $1::uuid`,
};
const GIVE_BACK = {
  name: 'block_lease_give_back',
  text: `WITH l AS (
           UPDATE block_leases SET held_credits = 0, status = $3, closed_at = now() WHERE id = $1::uuid
         )
         UPDATE payments SET credits_held = credits_held - $4 WHERE id = $2::uuid`,
};
const TOP_UP = {
  name: 'block_lease_top_up',
  text: `WITH p AS (UPDATE payments SET credits_held = credits_held + $3 WHERE id = $2::uuid)
    UPDATE block_leases SET granted_credits = granted_credits + $3, held_credits = held_credits + $3,
      expires_at = now() + make_interval(secs => $4) WHERE id = $1::uuid RETURNING expires_at`,
};
const ABANDONED = {
  name: 'block_lease_abandoned',
  text: `SELECT id FROM block_leases WHERE status IN ('active', 'revoked')
    AND expires_at < now() - make_interval(secs => $1) LIMIT 1`,
};
const ABANDONED_LOCKED = {
  name: 'block_lease_abandoned_locked',
  text: `SELECT id, status, granted_credits, held_credits FROM block_leases WHERE id = $1::uuid
    AND status IN ('active', 'revoked') AND expires_at < now() - make_interval(secs => $2) FOR UPDATE`,
};

export interface BlockLeaseAsk {
  gateway: string;
  proofKey?: string; // a grant: the payment's proof key
  leaseId?: string;
  seq?: number;
  spends: BlockSpend[];
  want: number;
  min: number; // a call waits on this top-up: fewer credits are a refusal
  close: boolean;
}

// What a lease decision checks on the locked payment before granting anything (the proof's memo and operation);
// 'unverified': recorded, but its verification is still under way (an x402 payment not yet settled on chain).
export type BlockCheck = (p: BlockRow) => boolean | 'unverified';

// Block leases are read and written here. Every decision is one transaction that locks the block's payment row first
// (as a hold on it does), then the lease: replicas and gateways serialise per block, and settles and the hold sweep
// (hold, then payment) never wait on a lease decision that waits on them: a lease decision only inserts new holds.
@Injectable()
export class BlockLeaseRepository {
  constructor(private readonly db: PrismaService) {}

  // Grant a lease on a verified block, or apply a report on one (charge its calls, renew it, top it up, or close it).
  report(ask: BlockLeaseAsk, terms: BlockLeaseTerms, check: BlockCheck): Promise<BlockLeaseOutcome> {
    return inTransaction(this.db.pool, async (sql) => {
      const [p] = ask.leaseId
        ? await sql<BlockRow>(LOCK_BY_LEASE, [ask.leaseId])
        : await sql<BlockRow>(LOCK_BY_PROOF, [ask.proofKey]);
      if (!p) return { ok: false, reason: ask.leaseId ? 'lease_not_found' : 'proof_unknown', othersHold: false };
      const verdict = ask.leaseId ? true : check(p);
      if (verdict === 'unverified') return { ok: false, reason: 'proof_unknown', othersHold: false };
      if (!verdict) return { ok: false, reason: 'not_leasable', othersHold: false };
      let lease: LeaseRow | undefined;
      if (ask.leaseId) [lease] = await sql<LeaseRow>(LOCK_LEASE, [ask.leaseId]);
      let charged = 0;
      if (lease && ask.spends.length) {
        const fresh = new Set(
          (await sql<{ id: string }>(UNRECORDED, [ask.spends.map((s) => s.entry_id)])).map((r) => r.id),
        );
        const free = p.credits_total - p.credits_used - p.credits_held;
        // Charged from the lease's hold first, then from free credits; beyond both, not charged (we under-count).
        const chargeable = Math.min(fresh.size, lease.held_credits + Math.max(free, 0));
        const spends = ask.spends.filter((s) => fresh.has(s.entry_id)).slice(0, chargeable);
        const fromHold = Math.min(spends.length, lease.held_credits);
        if (spends.length) {
          await sql(CHARGE, [
            p.id,
            lease.id,
            spends.map((s) => s.entry_id),
            spends.map((s) => s.request_id.slice(0, 200)),
            fromHold,
            spends.map((s) => s.at),
            ask.seq ?? 0,
          ]);
          charged = spends.length;
          p.credits_used += spends.length;
          p.credits_held -= fromHold;
          lease.held_credits -= fromHold;
        }
      }
      const available = () => p.credits_total - p.credits_used - p.credits_held;
      if (
        lease &&
        (lease.status === 'active' || lease.status === 'revoked') &&
        (ask.close || lease.status === 'revoked')
      ) {
        // Closing (or revoked): what is still held goes back to the block.
        await sql(GIVE_BACK, [lease.id, p.id, 'closed', lease.held_credits]);
        p.credits_held -= lease.held_credits;
        return this.outcome(lease.id, 'closed', lease.granted_credits, available(), new Date(), p, charged);
      }
      if (lease && lease.status !== 'active')
        return this.outcome(lease.id, lease.status, lease.granted_credits, available(), new Date(), p, charged);
      // Grant (a new lease) or top up (a live one): what is asked, at most maxCredits held at once, what is free.
      const grant = Math.max(0, Math.min(ask.want, terms.maxCredits - (lease?.held_credits ?? 0), available()));
      const othersHold = async () => (await sql<{ held: number }>(OTHERS_HOLD, [p.id, lease?.id ?? null]))[0].held > 0;
      if (!lease) {
        if (grant < 1) return { ok: false, reason: 'block_used_up', othersHold: await othersHold(), paymentId: p.id };
        const id = randomUUID();
        const [row] = await sql<{ expires_at: Date }>(INSERT_LEASE, [
          id,
          p.id,
          ask.gateway.slice(0, 100),
          grant,
          terms.leaseSeconds,
        ]);
        p.credits_held += grant;
        return this.outcome(id, 'active', grant, available(), row.expires_at, p, 0);
      }
      const [row] = await sql<{ expires_at: Date }>(TOP_UP, [lease.id, p.id, grant, terms.leaseSeconds]);
      p.credits_held += grant;
      // Asked ahead of need (min 0): no credit free is no refusal, and other leases are left alone.
      const short = ask.min > 0 && grant < ask.min ? { othersHold: await othersHold() } : undefined;
      return {
        ...this.outcome(lease.id, 'active', lease.granted_credits + grant, available(), row.expires_at, p, charged),
        short,
      };
    });
  }

  // Whether gateways' leases on the block hold any of its credits now.
  async held(paymentId: string): Promise<boolean> {
    return (await this.db.pool.query<{ held: number }>(OTHERS_HOLD, [paymentId, null])).rows[0].held > 0;
  }

  // Leases whose gateway went silent: past expiry plus the grace period, what they still hold goes back.
  async releaseExpired(graceSeconds: number, limit = 1_000): Promise<number> {
    let released = 0;
    while (released < limit) {
      const [l] = (await this.db.pool.query<{ id: string }>(ABANDONED, [graceSeconds])).rows;
      if (!l) break;
      await inTransaction(this.db.pool, async (sql) => {
        const [p] = await sql<BlockRow>(LOCK_BY_LEASE, [l.id]);
        const [lease] = await sql<LeaseRow>(ABANDONED_LOCKED, [l.id, graceSeconds]);
        if (p && lease) await sql(GIVE_BACK, [lease.id, p.id, 'expired', lease.held_credits]);
      });
      released++;
    }
    return released;
  }

  private outcome(
    leaseId: string,
    status: LeaseRow['status'],
    granted: number,
    available: number,
    expiresAt: Date,
    payment: BlockRow,
    charged: number,
  ) {
    return { ok: true, leaseId, status, granted, available, expiresAt, payment, charged } as const;
  }
}
