-- A payment whose call failed, or that we refused (an expired memo, an underpayment, another operation's memo), can be
-- credited to its payer's prepaid balance (POST /toll/payments/balance/credit, docs/payments.md). Additive only: old
-- replicas never write a credit entry and never read credited_at.

-- A credit's ledger entry is keyed by the proof it credited, not by a hold: unique, so two replicas (or a repeat)
-- can never credit one proof twice. Deposits and debits keep their hold key, lease-paid calls their lease.
ALTER TABLE "balance_entries" ADD COLUMN "proof_key" TEXT;
CREATE UNIQUE INDEX "balance_entries_proof_key_key" ON "balance_entries"("proof_key");
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_keyed" CHECK ("hold_id" IS NOT NULL OR "proof_key" IS NOT NULL OR "lease_id" IS NOT NULL);

-- When the payment was credited to its payer's balance. The credit also marks every credit of the payment used, in the
-- same transaction, so the hold path (which takes a credit only while credits_used + credits_held < credits_total)
-- can never redeem it afterwards; this column only names the reason.
ALTER TABLE "payments" ADD COLUMN "credited_at" TIMESTAMP(3);
