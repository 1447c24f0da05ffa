-- CreateTable
CREATE TABLE "bots" (
    "id" UUID NOT NULL,
    "telegram_id" BIGINT NOT NULL,
    "username" TEXT NOT NULL,
    "token_ciphertext" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "state_changed_at" TIMESTAMPTZ(3) NOT NULL,
    "reset_claimed_until" TIMESTAMPTZ(3),
    "reset_attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "added_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "leases" (
    "id" UUID NOT NULL,
    "bot_id" UUID NOT NULL,
    "key_hash" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "renewals" INTEGER NOT NULL DEFAULT 0,
    "ended_at" TIMESTAMPTZ(3),
    "end_reason" TEXT,

    CONSTRAINT "leases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "bots_telegram_id_key" ON "bots"("telegram_id");

-- CreateIndex
CREATE UNIQUE INDEX "bots_username_key" ON "bots"("username");

-- CreateIndex
CREATE INDEX "bots_state_state_changed_at_idx" ON "bots"("state", "state_changed_at");

-- CreateIndex
CREATE INDEX "leases_ends_at_idx" ON "leases"("ends_at");

-- CreateIndex
CREATE INDEX "leases_bot_id_idx" ON "leases"("bot_id");

-- AddForeignKey
ALTER TABLE "leases" ADD CONSTRAINT "leases_bot_id_fkey" FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Not expressible in the Prisma schema: the states a bot can be in, and at most one open lease per bot.
ALTER TABLE "bots" ADD CONSTRAINT "bots_state_check" CHECK ("state" IN ('available', 'leased', 'expired', 'cleaned', 'quarantined'));
CREATE UNIQUE INDEX "leases_one_open_per_bot" ON "leases"("bot_id") WHERE "ended_at" IS NULL;
