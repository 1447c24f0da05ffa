-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "snapshots" (
    "id" SERIAL NOT NULL,
    "active" BOOLEAN NOT NULL,
    "as_of" TIMESTAMPTZ(3) NOT NULL,
    "built_at" TIMESTAMPTZ(3) NOT NULL,
    "row_count" INTEGER NOT NULL,
    "prices_source" TEXT NOT NULL,
    "fundamentals_period" TEXT NOT NULL,

    CONSTRAINT "snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stocks" (
    "snapshot_id" INTEGER NOT NULL,
    "ticker" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "cik" INTEGER,
    "sector" TEXT,
    "industry" TEXT,
    "country" TEXT,
    "price" DECIMAL(20,6) NOT NULL,
    "market_cap" DECIMAL(24,2),
    "pe" DECIMAL(20,4),
    "pb" DECIMAL(20,4),
    "net_margin" DECIMAL(20,4),
    "operating_margin" DECIMAL(20,4),
    "revenue_growth" DECIMAL(20,4),
    "dividend_yield" DECIMAL(20,4),
    "revenue" DECIMAL(24,2),
    "net_income" DECIMAL(24,2),

    CONSTRAINT "stocks_pkey" PRIMARY KEY ("snapshot_id","ticker")
);

-- CreateTable
CREATE TABLE "build_state" (
    "id" INTEGER NOT NULL,
    "last_run_at" TIMESTAMPTZ(3),
    "last_outcome" TEXT,
    "last_error" TEXT,

    CONSTRAINT "build_state_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "snapshots_active_idx" ON "snapshots"("active");

-- CreateIndex
CREATE INDEX "stocks_snapshot_id_market_cap_idx" ON "stocks"("snapshot_id", "market_cap");

-- CreateIndex
CREATE INDEX "stocks_snapshot_id_sector_market_cap_idx" ON "stocks"("snapshot_id", "sector", "market_cap");

-- CreateIndex
CREATE INDEX "stocks_snapshot_id_price_idx" ON "stocks"("snapshot_id", "price");

-- CreateIndex
CREATE INDEX "stocks_snapshot_id_pe_idx" ON "stocks"("snapshot_id", "pe");

-- CreateIndex
CREATE INDEX "stocks_snapshot_id_pb_idx" ON "stocks"("snapshot_id", "pb");

-- CreateIndex
CREATE INDEX "stocks_snapshot_id_net_margin_idx" ON "stocks"("snapshot_id", "net_margin");

-- CreateIndex
CREATE INDEX "stocks_snapshot_id_revenue_growth_idx" ON "stocks"("snapshot_id", "revenue_growth");

-- CreateIndex
CREATE INDEX "stocks_snapshot_id_dividend_yield_idx" ON "stocks"("snapshot_id", "dividend_yield");

-- AddForeignKey
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_snapshot_id_fkey" FOREIGN KEY ("snapshot_id") REFERENCES "snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- At most one active snapshot (a partial index Prisma's schema language cannot express): two replicas
-- finishing builds at once cannot both activate theirs.
CREATE UNIQUE INDEX "snapshots_one_active" ON "snapshots"("active") WHERE "active";
