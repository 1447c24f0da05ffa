-- A balance call writes its wallet's row once, not twice: the hold takes the money from available_atomic and settle
-- only records the debit (hold and ledger entry), release gives it back. Every call of one agent queues on that row
-- until the previous writer commits, so each write of it costs a commit's flush (measured: 729 row updates/s with
-- 10 in flight vs 1,589/s for inserts on this machine). held_atomic is now the sum of the wallet's 'held' holds.
ALTER TABLE "balances" DROP CONSTRAINT "balances_no_overdraft";
UPDATE "balances" SET "balance_atomic" = "balance_atomic" - "held_atomic";
ALTER TABLE "balances" RENAME COLUMN "balance_atomic" TO "available_atomic";
ALTER TABLE "balances" DROP COLUMN "held_atomic";
-- No overdraft, whatever the code does: nothing is ever held or spent that is not there.
ALTER TABLE "balances" ADD CONSTRAINT "balances_no_overdraft" CHECK ("available_atomic" >= 0 AND "day_atomic" >= 0);

-- What the wallet's calls in progress hold (balance reads).
CREATE INDEX "balance_holds_held_wallet_idx" ON "balance_holds"("wallet") WHERE "status" = 'held';

-- A ledger entry's balance_after_atomic is what was available right after it: for a debit, taken when its call was
-- held, under the row lock (in hold order, so the last call a balance covers shows 0); null on holds made before.
ALTER TABLE "balance_holds" ADD COLUMN "available_after_atomic" BIGINT;

CREATE OR REPLACE FUNCTION "credit_settled_deposit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d RECORD;
  available BIGINT;
BEGIN
  SELECT p.payer, p.tx_signature, p.operation_id, t.credit_atomic INTO d
    FROM payments p JOIN deposit_tiers t ON t.operation_id = p.operation_id
    WHERE p.id = NEW.payment_id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO balance_entries (id, wallet, kind, amount_atomic, balance_after_atomic, operation_id, hold_id, transaction)
    VALUES (gen_random_uuid(), d.payer, 'credit', d.credit_atomic, 0, d.operation_id, NEW.id, d.tx_signature)
    ON CONFLICT (hold_id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO balances (wallet, available_atomic) VALUES (d.payer, d.credit_atomic)
    ON CONFLICT (wallet) DO UPDATE SET available_atomic = balances.available_atomic + EXCLUDED.available_atomic
    RETURNING available_atomic INTO available;
  UPDATE balance_entries SET balance_after_atomic = available WHERE hold_id = NEW.id;
  RETURN NULL;
END
$$;
