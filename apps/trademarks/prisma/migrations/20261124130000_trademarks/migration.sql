-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "mark" (
    "serial" TEXT NOT NULL,
    "registration_number" TEXT,
    "mark_text" TEXT NOT NULL,
    "mark_norm" TEXT NOT NULL,
    "phonetic_key" TEXT NOT NULL,
    "drawing_code" TEXT,
    "status_code" TEXT,
    "status_date" DATE,
    "filing_date" DATE,
    "registration_date" DATE,
    "classes" INTEGER[],
    "owner" TEXT,
    "goods" JSONB NOT NULL,
    "transaction_date" DATE NOT NULL,
    "source_file" TEXT NOT NULL,

    CONSTRAINT "mark_pkey" PRIMARY KEY ("serial")
);

-- CreateTable
CREATE TABLE "ingest_file" (
    "file_name" TEXT NOT NULL,
    "file_date" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,
    "sha256" TEXT,
    "processed_at" TIMESTAMPTZ(3) NOT NULL,
    "error" TEXT,

    CONSTRAINT "ingest_file_pkey" PRIMARY KEY ("file_name")
);

-- CreateTable
CREATE TABLE "ingest_state" (
    "id" TEXT NOT NULL,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "next_run_at" TIMESTAMPTZ(3) NOT NULL,
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "last_failure" TEXT,
    "mark_count" INTEGER NOT NULL DEFAULT 0,
    "files_loaded" INTEGER NOT NULL DEFAULT 0,
    "latest_file_date" DATE,

    CONSTRAINT "ingest_state_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mark_mark_norm_idx" ON "mark"("mark_norm");

-- CreateIndex
CREATE INDEX "mark_phonetic_key_idx" ON "mark"("phonetic_key");


-- Fuzzy candidates: trigram similarity on the normalised mark, and class overlap (not expressible in the Prisma schema).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "mark_mark_norm_trgm_idx" ON "mark" USING GIN ("mark_norm" gin_trgm_ops);
CREATE INDEX "mark_classes_idx" ON "mark" USING GIN ("classes");
