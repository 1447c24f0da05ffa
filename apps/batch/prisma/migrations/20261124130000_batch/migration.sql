-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "vouchers" (
    "voucher_id" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "nonce" TEXT NOT NULL,
    "expiry" BIGINT NOT NULL,
    "issued_at" BIGINT NOT NULL,
    "first_scored_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vouchers_pkey" PRIMARY KEY ("voucher_id")
);

-- CreateTable
CREATE TABLE "scores" (
    "id" UUID NOT NULL,
    "voucher_id" TEXT NOT NULL,
    "reporter" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "verdict" TEXT NOT NULL,
    "scored_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scores_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outcomes" (
    "voucher_id" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "reporter" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outcomes_pkey" PRIMARY KEY ("voucher_id")
);

-- CreateIndex
CREATE INDEX "vouchers_payer_nonce_idx" ON "vouchers"("payer", "nonce");

-- CreateIndex
CREATE UNIQUE INDEX "scores_token_hash_key" ON "scores"("token_hash");

-- CreateIndex
CREATE INDEX "scores_voucher_id_idx" ON "scores"("voucher_id");

-- CreateIndex
CREATE INDEX "outcomes_payer_idx" ON "outcomes"("payer");

-- AddForeignKey
ALTER TABLE "scores" ADD CONSTRAINT "scores_voucher_id_fkey" FOREIGN KEY ("voucher_id") REFERENCES "vouchers"("voucher_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outcomes" ADD CONSTRAINT "outcomes_voucher_id_fkey" FOREIGN KEY ("voucher_id") REFERENCES "vouchers"("voucher_id") ON DELETE CASCADE ON UPDATE CASCADE;

