import { Injectable } from '@nestjs/common';
import { Prisma } from './generated/prisma/client';
import { releaseExpiredHoldsOf } from './ledger.repository';
import { PrismaService } from './prisma.service';

// A payment recorded in the ledger (redeemed, held or released at least once), as a credit sees it.
export interface RecordedPayment {
  id: string;
  kind: string;
  proof_key: string;
  tx_signature: string;
  operation_id: string;
  price_usd: string;
  asset: 'SOL' | 'USDC';
  amount_atomic: bigint;
  payer: string;
  credits_total: number;
  credits_used: number;
  credited_at: Date | null;
}

// A payment on chain the ledger never recorded (never redeemed, or refused before any hold), verified from the chain.
export interface UnrecordedPayment {
  signature: string;
  memo: string;
  operationId: string;
  priceUsd: string;
  asset: 'SOL' | 'USDC';
  amountAtomic: bigint; // what arrived, in the asset's atomic units
  payer: string;
  network: string;
}

export interface Credited {
  entry_id: string;
  available_atomic: bigint; // what the balance has available right after the credit
}

export type CreditRefusal =
  'not_payer' | 'proof_already_credited' | 'proof_already_redeemed' | 'proof_in_use' | 'nothing_to_credit';
export type CreditResult = ({ ok: true; amount: bigint } & Credited) | { ok: false; reason: CreditRefusal };
// A recorded payment's credit also returns the payment as it was under its lock, before the credit.
export type RecordedCreditResult =
  ({ ok: true; amount: bigint; payment: RecordedPayment } & Credited) | { ok: false; reason: CreditRefusal };

const RECORDED_COLUMNS = Prisma.raw(
  'id, kind, proof_key, tx_signature, operation_id, price_usd, asset, amount_atomic, payer, credits_total, ' +
    'credits_used, credited_at',
);

// Thrown inside a credit's transaction to roll it all back: the proof's entry exists (another replica, a repeat).
class AlreadyCredited extends Error {}

// The ledger entry (keyed by the proof: unique) and the balance, then the entry's balance after, like a deposit's. An
// entry that exists already inserts nothing, and the whole transaction rolls back.
async function creditBalance(
  tx: Prisma.TransactionClient,
  wallet: string,
  amount: bigint,
  operationId: string,
  signature: string,
  proofKey: string,
): Promise<Credited> {
  const [row] = await tx.$queryRaw<Array<{ entry_id: string; available_atomic: bigint }>>`
    WITH e AS (
      INSERT INTO balance_entries (id, wallet, kind, amount_atomic, balance_after_atomic, operation_id, proof_key,
        transaction)
      VALUES (gen_random_uuid(), ${wallet}, 'credit', ${amount}, 0, ${operationId}, ${proofKey}, ${signature})
      ON CONFLICT (proof_key) DO NOTHING RETURNING id
    ), b AS (
      INSERT INTO balances (wallet, available_atomic) SELECT ${wallet}::text, ${amount}::bigint FROM e
      ON CONFLICT (wallet) DO UPDATE SET available_atomic = balances.available_atomic + EXCLUDED.available_atomic
      RETURNING available_atomic
    )
    -- What the balance read shows as available: the row's plus what open leases hold unspent (still the owner's).
    SELECT e.id AS entry_id, b.available_atomic + (SELECT coalesce(sum(held_atomic), 0) FROM balance_leases
      WHERE wallet = ${wallet} AND status IN ('active', 'revoked')) AS available_atomic
    FROM e, b`;
  if (!row) throw new AlreadyCredited();
  await tx.$executeRaw`UPDATE balance_entries SET balance_after_atomic = ${row.available_atomic}
    WHERE id = ${row.entry_id}::uuid`;
  return { entry_id: row.entry_id, available_atomic: BigInt(row.available_atomic) };
}

// Credits a payment's unused value to its payer's prepaid balance, once. The credit marks every credit of the payment
// used and the payment credited in the same transaction as the ledger entry and the balance, on the payment row's
// lock: a hold (which takes that lock and needs a free credit) and a credit of one proof exclude each other, on any
// replica. Lock order is payment, then balance, as a settled deposit's (hold, payment, balance).
@Injectable()
export class ProofCreditRepository {
  constructor(private readonly db: PrismaService) {}

  // The ledger's payment for a transaction: a memo-flow proof, or an x402 payment we settled (its transaction).
  async recordedId(signature: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM payments WHERE tx_signature = ${signature}`;
    return row?.id ?? null;
  }

  // `valueOf`: the payment's whole value in USDC atomic units; a block partly used is credited its unused share,
  // rounded down.
  creditRecorded(
    paymentId: string,
    wallet: string,
    valueOf: (p: RecordedPayment) => bigint,
  ): Promise<RecordedCreditResult> {
    return this.guarded(async (tx): Promise<RecordedCreditResult> => {
      const [p] = await tx.$queryRaw<
        RecordedPayment[]
      >`SELECT ${RECORDED_COLUMNS} FROM payments WHERE id = ${paymentId}::uuid FOR UPDATE`;
      if (p.payer !== wallet) return { ok: false, reason: 'not_payer' };
      if (p.credited_at) return { ok: false, reason: 'proof_already_credited' };
      if ((await releaseExpiredHoldsOf(tx, p.id)) > 0) return { ok: false, reason: 'proof_in_use' };
      if (p.credits_used >= p.credits_total) return { ok: false, reason: 'proof_already_redeemed' };
      const amount = (valueOf(p) * BigInt(p.credits_total - p.credits_used)) / BigInt(p.credits_total);
      if (amount <= 0n) return { ok: false, reason: 'nothing_to_credit' };
      await tx.$executeRaw`UPDATE payments SET credits_used = credits_total, credited_at = now()
        WHERE id = ${p.id}::uuid`;
      const credited = await creditBalance(tx, wallet, amount, p.operation_id, p.tx_signature, p.proof_key);
      return { ok: true, amount, payment: p, ...credited };
    });
  }

  // A payment seen only on chain: recorded as used and credited, so no call can redeem it afterwards (the payment's
  // unique keys), and credited in the same transaction. `recorded`: a redemption or another credit recorded the proof
  // first (ON CONFLICT waited for it to commit): the caller decides on that record instead.
  creditUnrecorded(p: UnrecordedPayment, wallet: string, amount: bigint): Promise<CreditResult | { recorded: true }> {
    return this.guarded(async (tx): Promise<CreditResult | { recorded: true }> => {
      const [inserted] = await tx.$queryRaw<Array<{ id: string }>>`
        INSERT INTO payments (id, kind, proof_key, tx_signature, memo, operation_id, price_usd, asset, amount_atomic,
          payer, network, credits_total, credits_used, credited_at)
        VALUES (gen_random_uuid(), 'memo', ${p.signature}, ${p.signature}, ${p.memo}, ${p.operationId},
          ${p.priceUsd}, ${p.asset}, ${p.amountAtomic}, ${p.payer}, ${p.network}, 1, 1, now())
        ON CONFLICT DO NOTHING RETURNING id`;
      if (!inserted) {
        const [known] = await tx.$queryRaw<
          Array<{ id: string }>
        >`SELECT id FROM payments WHERE proof_key = ${p.signature} OR tx_signature = ${p.signature}`;
        if (known) return { recorded: true };
        // Its memo is another payment's (the memo paid twice): no call can ever redeem this transaction
        // (memo_already_used), and the entry's unique proof key alone credits it once.
      }
      return {
        ok: true,
        amount,
        ...(await creditBalance(tx, wallet, amount, p.operationId, p.signature, p.signature)),
      };
    });
  }

  private async guarded<T>(
    work: (tx: Prisma.TransactionClient) => Promise<T>,
  ): Promise<T | { ok: false; reason: 'proof_already_credited' }> {
    try {
      return await this.db.$transaction(work);
    } catch (e) {
      if (e instanceof AlreadyCredited) return { ok: false, reason: 'proof_already_credited' };
      throw e;
    }
  }
}
