-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "job_posting" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "dedup_key" TEXT NOT NULL,
    "canonical" BOOLEAN NOT NULL DEFAULT true,
    "title" TEXT NOT NULL,
    "company" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "remote" BOOLEAN NOT NULL,
    "job_types" TEXT[],
    "tags" TEXT[],
    "salary_min" TEXT,
    "salary_max" TEXT,
    "salary_currency" TEXT,
    "salary_period" TEXT,
    "salary_annual_max" INTEGER,
    "posted_at" TIMESTAMPTZ(3) NOT NULL,
    "closes_at" TIMESTAMPTZ(3),
    "url" TEXT NOT NULL,
    "apply_url" TEXT,
    "description" TEXT NOT NULL,
    "search_text" TEXT NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_posting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "source_state" (
    "source" TEXT NOT NULL,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "next_refresh_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_success_at" TIMESTAMPTZ(3),
    "last_row_count" INTEGER,
    "last_failure_at" TIMESTAMPTZ(3),
    "last_failure" TEXT,

    CONSTRAINT "source_state_pkey" PRIMARY KEY ("source")
);

-- CreateIndex
CREATE INDEX "job_posting_canonical_posted_at_id_idx" ON "job_posting"("canonical", "posted_at" DESC, "id");

-- CreateIndex
CREATE INDEX "job_posting_dedup_key_idx" ON "job_posting"("dedup_key");

-- CreateIndex
CREATE UNIQUE INDEX "job_posting_source_source_id_key" ON "job_posting"("source", "source_id");

