-- CreateTable
CREATE TABLE "liquidation_event" (
    "id" BIGSERIAL NOT NULL,
    "venue" TEXT NOT NULL,
    "base" TEXT NOT NULL,
    "ts" TIMESTAMPTZ(3) NOT NULL,
    "pos_side" TEXT NOT NULL,
    "price" DECIMAL(36,18) NOT NULL,
    "size" DECIMAL(36,18) NOT NULL,
    "contract_val" DECIMAL(36,18) NOT NULL,
    "notional_usd" DECIMAL(48,18) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "liquidation_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "liquidation_poll" (
    "id" BIGSERIAL NOT NULL,
    "venue" TEXT NOT NULL,
    "base" TEXT NOT NULL,
    "covered_from" TIMESTAMPTZ(3) NOT NULL,
    "covered_to" TIMESTAMPTZ(3) NOT NULL,
    "polled_at" TIMESTAMPTZ(3) NOT NULL,
    "events" INTEGER NOT NULL,
    "full_page" BOOLEAN NOT NULL,

    CONSTRAINT "liquidation_poll_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "liquidation_event_base_ts_idx" ON "liquidation_event"("base", "ts");

-- CreateIndex
CREATE UNIQUE INDEX "liquidation_event_venue_base_ts_pos_side_price_size_key" ON "liquidation_event"("venue", "base", "ts", "pos_side", "price", "size");

-- CreateIndex
CREATE INDEX "liquidation_poll_base_covered_to_idx" ON "liquidation_poll"("base", "covered_to");
