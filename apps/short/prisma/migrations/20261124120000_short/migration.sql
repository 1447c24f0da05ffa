-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "short_files" (
    "settlement_date" DATE NOT NULL,
    "sha256" TEXT NOT NULL,
    "row_count" INTEGER NOT NULL,
    "source_url" TEXT NOT NULL,
    "publication_date" DATE NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "loaded_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "short_files_pkey" PRIMARY KEY ("settlement_date")
);

-- CreateTable
CREATE TABLE "short_positions" (
    "settlement_date" DATE NOT NULL,
    "symbol" TEXT NOT NULL,
    "issue_name" TEXT NOT NULL,
    "market_class" TEXT NOT NULL,
    "current_short" BIGINT NOT NULL,
    "previous_short" BIGINT,
    "change_shares" BIGINT,
    "change_percent" DECIMAL(14,2),
    "average_daily_volume" BIGINT,
    "days_to_cover" DECIMAL(14,2),
    "revised" BOOLEAN NOT NULL,
    "stock_split" BOOLEAN NOT NULL,

    CONSTRAINT "short_positions_pkey" PRIMARY KEY ("settlement_date","symbol")
);

-- CreateTable
CREATE TABLE "sync_state" (
    "id" INTEGER NOT NULL,
    "last_run_at" TIMESTAMPTZ(3),
    "last_outcome" TEXT,
    "last_error" TEXT,

    CONSTRAINT "sync_state_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "short_positions_symbol_settlement_date_idx" ON "short_positions"("symbol", "settlement_date" DESC);

-- CreateIndex
CREATE INDEX "short_positions_settlement_date_days_to_cover_idx" ON "short_positions"("settlement_date", "days_to_cover" DESC);

