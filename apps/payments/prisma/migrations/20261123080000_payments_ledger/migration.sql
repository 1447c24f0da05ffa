-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "proof_key" TEXT NOT NULL,
    "tx_signature" TEXT,
    "memo" TEXT NOT NULL,
    "operation_id" TEXT NOT NULL,
    "price_usd" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "amount_atomic" BIGINT NOT NULL,
    "payer" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "credits_total" INTEGER NOT NULL,
    "credits_used" INTEGER NOT NULL DEFAULT 0,
    "onchain_settled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "holds" (
    "id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMP(3),
    "released_at" TIMESTAMP(3),
    "reason" TEXT,

    CONSTRAINT "holds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_proof_key_key" ON "payments"("proof_key");

-- CreateIndex
CREATE UNIQUE INDEX "payments_tx_signature_key" ON "payments"("tx_signature");

-- CreateIndex
CREATE UNIQUE INDEX "payments_memo_key" ON "payments"("memo");

-- CreateIndex
CREATE INDEX "holds_payment_id_status_idx" ON "holds"("payment_id", "status");

-- CreateIndex
CREATE INDEX "holds_status_expires_at_idx" ON "holds"("status", "expires_at");

-- AddForeignKey
ALTER TABLE "holds" ADD CONSTRAINT "holds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

