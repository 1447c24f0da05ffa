-- Prepaid blocks on leases (docs/payments.md, "Prepaid blocks on leases"): a gateway holds some of a block's credits
-- and spends them in memory, then reports each call. held_credits are counted in the payment's credits_held while the
-- lease is open; they go back when it closes or, for a gateway that died, after expires_at plus the grace period.
CREATE TABLE "block_leases" (
    "id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "gateway" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "granted_credits" INTEGER NOT NULL DEFAULT 0,
    "held_credits" INTEGER NOT NULL DEFAULT 0,
    "charged_credits" INTEGER NOT NULL DEFAULT 0,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMP(3),
    CONSTRAINT "block_leases_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "block_leases_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id")
      ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "block_leases_held" CHECK ("held_credits" >= 0 AND "charged_credits" >= 0)
);
CREATE INDEX "block_leases_open_payment_idx" ON "block_leases"("payment_id") WHERE "status" IN ('active', 'revoked');
CREATE INDEX "block_leases_status_expires_at_idx" ON "block_leases"("status", "expires_at");

-- A call served from a block lease is a hold written settled, its id the receipt's: the same ledger a per-request
-- block call leaves (credits_used = settled holds), plus the lease that paid it.
ALTER TABLE "holds" ADD COLUMN "block_lease_id" UUID;
