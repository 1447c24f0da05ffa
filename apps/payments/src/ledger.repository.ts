import { Injectable } from '@nestjs/common';
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

export type HoldResult =
  | { ok: true; holdId: string; paymentId: string; payment: { payer: string; txSignature: string | null; onchainSettled: boolean; asset: string; amountAtomic: bigint; creditsTotal: number; creditsUsed: number } }
  | { ok: false; reason: 'signature_already_used' | 'memo_already_used' | 'proof_already_redeemed' | 'proof_in_use' | 'block_used_up' };

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

const SETTLED_COLUMNS = Prisma.raw('id, tx_signature, payer, asset, amount_atomic, operation_id, price_usd, network, credits_total, credits_used');

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
}

// The only file that touches the ledger. Every decision happens inside one transaction on a locked payment
// row, and unique keys (proof, signature, memo) make a proof redeemable exactly once across all replicas.
@Injectable()
export class LedgerRepository {
  constructor(private readonly db: PrismaService) {}

  findByProof(proofKey: string) {
    return this.db.payment.findUnique({ where: { proofKey } });
  }

  // Takes one credit of the payment on hold (creating the payment on first sight).
  hold(p: NewPayment, requestId: string, ttlSeconds: number): Promise<HoldResult> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`
        INSERT INTO payments (id, kind, proof_key, tx_signature, memo, operation_id, price_usd, asset, amount_atomic, payer, network, credits_total)
        VALUES (gen_random_uuid(), ${p.kind}, ${p.proofKey}, ${p.txSignature}, ${p.memo}, ${p.operationId}, ${p.priceUsd}, ${p.asset}, ${p.amountAtomic}, ${p.payer}, ${p.network}, ${p.creditsTotal})
        ON CONFLICT DO NOTHING`;
      const [row] = await tx.$queryRaw<PaymentRow[]>`
        SELECT id, memo, payer, tx_signature, onchain_settled, asset, amount_atomic, credits_total, credits_used FROM payments WHERE proof_key = ${p.proofKey} FOR UPDATE`;
      // The insert lost on another key: this signature or memo already paid for something else.
      if (!row) return { ok: false, reason: (await tx.payment.findUnique({ where: { memo: p.memo } })) ? 'memo_already_used' : 'signature_already_used' };
      if (row.memo !== p.memo) return { ok: false, reason: 'signature_already_used' };
      await tx.$executeRaw`UPDATE holds SET status = 'released', released_at = now(), reason = 'expired' WHERE payment_id = ${row.id}::uuid AND status = 'held' AND expires_at < now()`;
      const [{ active }] = await tx.$queryRaw<Array<{ active: number }>>`SELECT count(*)::int AS active FROM holds WHERE payment_id = ${row.id}::uuid AND status = 'held'`;
      if (row.credits_used + active >= row.credits_total) {
        if (row.credits_used < row.credits_total) return { ok: false, reason: 'proof_in_use' };
        return { ok: false, reason: row.credits_total > 1 ? 'block_used_up' : 'proof_already_redeemed' };
      }
      const hold = await tx.hold.create({ data: { paymentId: row.id, status: 'held', requestId, expiresAt: new Date(Date.now() + ttlSeconds * 1000) } });
      return {
        ok: true,
        holdId: hold.id,
        paymentId: row.id,
        payment: { payer: row.payer, txSignature: row.tx_signature, onchainSettled: row.onchain_settled, asset: row.asset, amountAtomic: row.amount_atomic, creditsTotal: row.credits_total, creditsUsed: row.credits_used },
      };
    });
  }

  markOnchainSettled(paymentId: string, txSignature: string) {
    return this.db.payment.update({ where: { id: paymentId }, data: { onchainSettled: true, txSignature } });
  }

  // Our broadcast failed, so nothing was paid: forget the payment entirely.
  async forget(paymentId: string) {
    await this.db.$transaction([this.db.hold.deleteMany({ where: { paymentId } }), this.db.payment.delete({ where: { id: paymentId } })]);
  }

  // Commits the hold's credit. Idempotent: settling a settled hold again returns the same payment without
  // counting twice, so a gateway that lost the answer (NATS or Postgres restart) can simply ask again.
  // A hold that expired while the group worked still settles if a credit is free.
  settle(holdId: string) {
    return this.db.$transaction(async (tx) => {
      const [hold] = await tx.$queryRaw<Array<{ payment_id: string; status: string; reason: string | null }>>`
        SELECT payment_id, status, reason FROM holds WHERE id = ${holdId}::uuid FOR UPDATE`;
      if (!hold) return null;
      if (hold.status === 'settled') return (await tx.$queryRaw<SettledPayment[]>`SELECT ${SETTLED_COLUMNS} FROM payments WHERE id = ${hold.payment_id}::uuid`)[0];
      if (hold.status !== 'held' && !(hold.status === 'released' && hold.reason === 'expired')) return null;
      await tx.$executeRaw`UPDATE holds SET status = 'settled', settled_at = now() WHERE id = ${holdId}::uuid`;
      const [payment] = await tx.$queryRaw<SettledPayment[]>`
        UPDATE payments SET credits_used = credits_used + 1 WHERE id = ${hold.payment_id}::uuid AND credits_used < credits_total RETURNING ${SETTLED_COLUMNS}`;
      if (!payment) throw new Error(`no credit left to settle hold ${holdId}`);
      return payment;
    });
  }

  async release(holdId: string, reason: string): Promise<boolean> {
    const n = await this.db.$executeRaw`UPDATE holds SET status = 'released', released_at = now(), reason = ${reason} WHERE id = ${holdId}::uuid AND status = 'held'`;
    return n > 0;
  }

  // Housekeeping: holds nobody settled or released (a gateway died mid-request) give their credit back.
  releaseExpired(): Promise<number> {
    return this.db.$executeRaw`UPDATE holds SET status = 'released', released_at = now(), reason = 'expired' WHERE status = 'held' AND expires_at < now()`;
  }
}
