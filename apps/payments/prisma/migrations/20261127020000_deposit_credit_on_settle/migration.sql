-- The paid operations that are deposits and what each credits (USDC atomic units): DEPOSIT_TIERS in
-- apps/payments/src/balance.service.ts, which a test keeps equal to this table (a new tier is a new migration).
CREATE TABLE "deposit_tiers" (
    "operation_id" TEXT NOT NULL,
    "credit_atomic" BIGINT NOT NULL,

    CONSTRAINT "deposit_tiers_pkey" PRIMARY KEY ("operation_id"),
    CONSTRAINT "deposit_tiers_credit_positive" CHECK ("credit_atomic" > 0)
);
INSERT INTO "deposit_tiers" ("operation_id", "credit_atomic") VALUES
    ('payments.deposit1', 1000000),
    ('payments.deposit10', 10000000),
    ('payments.deposit100', 100000000);

-- A deposit's credit is part of the statement that settles its hold, whichever statement that is (the one-statement
-- settle or the locked transaction): the settle and the credit commit together or not at all, so a payments replica
-- dying after a settle can never leave a paid deposit uncredited. Keyed by the hold (balance_entries.hold_id is
-- unique), so a hold settled again credits nothing twice.
CREATE FUNCTION "credit_settled_deposit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d RECORD;
  after BIGINT;
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
  INSERT INTO balances (wallet, balance_atomic) VALUES (d.payer, d.credit_atomic)
    ON CONFLICT (wallet) DO UPDATE SET balance_atomic = balances.balance_atomic + EXCLUDED.balance_atomic
    RETURNING balance_atomic INTO after;
  UPDATE balance_entries SET balance_after_atomic = after WHERE hold_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER "holds_credit_settled_deposit" AFTER UPDATE OF "status" ON "holds"
  FOR EACH ROW WHEN (NEW."status" = 'settled' AND OLD."status" IS DISTINCT FROM 'settled')
  EXECUTE FUNCTION "credit_settled_deposit"();
-- A hold written already settled (no path does today) credits the same way.
CREATE TRIGGER "holds_credit_inserted_settled_deposit" AFTER INSERT ON "holds"
  FOR EACH ROW WHEN (NEW."status" = 'settled')
  EXECUTE FUNCTION "credit_settled_deposit"();
