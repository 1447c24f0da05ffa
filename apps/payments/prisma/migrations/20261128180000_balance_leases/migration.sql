-- Balance leases (docs/payments.md, "Balance leases"): a gateway holds part of a wallet's balance and spends it in
-- memory, then reports each call. held_atomic is still reserved for it (taken from available_atomic when granted);
-- it goes back when the lease closes or, for a gateway that died, after expires_at plus the grace period.
CREATE TABLE "balance_leases" (
    "id" UUID NOT NULL,
    "wallet" TEXT NOT NULL,
    "gateway" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "granted_atomic" BIGINT NOT NULL DEFAULT 0,
    "held_atomic" BIGINT NOT NULL DEFAULT 0,
    "charged_atomic" BIGINT NOT NULL DEFAULT 0,
    "day" DATE NOT NULL,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMP(3),
    CONSTRAINT "balance_leases_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "balance_leases_held" CHECK ("held_atomic" >= 0 AND "charged_atomic" >= 0)
);
CREATE INDEX "balance_leases_open_wallet_idx" ON "balance_leases"("wallet") WHERE "status" IN ('active', 'revoked');
CREATE INDEX "balance_leases_status_expires_at_idx" ON "balance_leases"("status", "expires_at");

-- A call paid from a lease is an entry of its own (no balance hold): its receipt names the entry id the gateway chose,
-- and the entry records what the receipt binds.
ALTER TABLE "balance_entries" ALTER COLUMN "hold_id" DROP NOT NULL;
ALTER TABLE "balance_entries" ADD COLUMN "lease_id" UUID;
ALTER TABLE "balance_entries" ADD COLUMN "nonce" TEXT;
ALTER TABLE "balance_entries" ADD COLUMN "request_sha256" TEXT;
ALTER TABLE "balance_entries" ADD COLUMN "response_sha256" TEXT;
