-- AlterTable
ALTER TABLE "holds" ADD COLUMN     "redeliveries" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "request_key" TEXT;

-- CreateTable
CREATE TABLE "replies" (
    "hold_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "replies_pkey" PRIMARY KEY ("hold_id")
);

-- CreateIndex
CREATE INDEX "replies_expires_at_idx" ON "replies"("expires_at");

-- CreateIndex
CREATE INDEX "holds_payment_id_request_key_idx" ON "holds"("payment_id", "request_key");

-- AddForeignKey
ALTER TABLE "replies" ADD CONSTRAINT "replies_hold_id_fkey" FOREIGN KEY ("hold_id") REFERENCES "holds"("id") ON DELETE CASCADE ON UPDATE CASCADE;
