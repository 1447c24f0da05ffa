-- CreateTable
CREATE TABLE "balances" (
    "wallet" TEXT NOT NULL,
    "balance_atomic" BIGINT NOT NULL DEFAULT 0,
    "held_atomic" BIGINT NOT NULL DEFAULT 0,
    "cap_per_call_atomic" BIGINT,
    "cap_per_day_atomic" BIGINT,
    "day" DATE,
    "day_atomic" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "balances_pkey" PRIMARY KEY ("wallet")
);

-- CreateTable
CREATE TABLE "balance_entries" (
    "id" UUID NOT NULL,
    "wallet" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "amount_atomic" BIGINT NOT NULL,
    "balance_after_atomic" BIGINT NOT NULL,
    "operation_id" TEXT NOT NULL,
    "hold_id" UUID NOT NULL,
    "transaction" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "balance_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "balance_holds" (
    "id" UUID NOT NULL,
    "wallet" TEXT NOT NULL,
    "operation_id" TEXT NOT NULL,
    "price_usd" TEXT NOT NULL,
    "amount_atomic" BIGINT NOT NULL,
    "day" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "request_key" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMP(3),
    "released_at" TIMESTAMP(3),
    "reason" TEXT,
    "redeliveries" INTEGER NOT NULL DEFAULT 0,
    "reply_body" TEXT,
    "reply_headers" JSONB,
    "reply_expires_at" TIMESTAMP(3),

    CONSTRAINT "balance_holds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "balance_nonces" (
    "wallet" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "balance_nonces_pkey" PRIMARY KEY ("wallet","nonce")
);

-- CreateIndex
CREATE UNIQUE INDEX "balance_entries_hold_id_key" ON "balance_entries"("hold_id");
CREATE INDEX "balance_entries_wallet_created_at_idx" ON "balance_entries"("wallet", "created_at");
CREATE INDEX "balance_holds_wallet_request_key_idx" ON "balance_holds"("wallet", "request_key");
CREATE INDEX "balance_holds_status_expires_at_idx" ON "balance_holds"("status", "expires_at");
CREATE INDEX "balance_nonces_expires_at_idx" ON "balance_nonces"("expires_at");

-- No overdraft, whatever the code does: a hold never takes more than the balance, and nothing goes negative.
ALTER TABLE "balances" ADD CONSTRAINT "balances_no_overdraft" CHECK ("held_atomic" >= 0 AND "held_atomic" <= "balance_atomic" AND "day_atomic" >= 0);
ALTER TABLE "balances" ADD CONSTRAINT "balances_caps_positive" CHECK (("cap_per_call_atomic" IS NULL OR "cap_per_call_atomic" > 0) AND ("cap_per_day_atomic" IS NULL OR "cap_per_day_atomic" > 0));
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_amount_positive" CHECK ("amount_atomic" > 0 AND "balance_after_atomic" >= 0);
