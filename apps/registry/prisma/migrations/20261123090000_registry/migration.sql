-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "listings" (
    "id" UUID NOT NULL,
    "seed_key" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "endpoint_url" TEXT NOT NULL,
    "io_format" JSONB NOT NULL,
    "pricing" JSONB NOT NULL,
    "auth_method" TEXT NOT NULL,
    "contact" JSONB NOT NULL,
    "capability_tags" TEXT[],
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "probe_due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "listings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "registry_state" (
    "id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "registry_state_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "probes" (
    "id" BIGSERIAL NOT NULL,
    "listing_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ok" BOOLEAN NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER,
    "error" TEXT,

    CONSTRAINT "probes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "listing_health" (
    "listing_id" UUID NOT NULL,
    "probes_24h" INTEGER NOT NULL,
    "ok_probes_24h" INTEGER NOT NULL,
    "latency_p50_ms" INTEGER,
    "last_probe_at" TIMESTAMPTZ(3) NOT NULL,
    "last_ok" BOOLEAN NOT NULL,
    "last_error" TEXT,

    CONSTRAINT "listing_health_pkey" PRIMARY KEY ("listing_id")
);

-- CreateTable
CREATE TABLE "listing_usage" (
    "listing_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "client_key" TEXT NOT NULL,

    CONSTRAINT "listing_usage_pkey" PRIMARY KEY ("listing_id","day","client_key")
);

-- CreateTable
CREATE TABLE "rate_events" (
    "id" BIGSERIAL NOT NULL,
    "bucket" TEXT NOT NULL,
    "client_key" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rate_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaire_responses" (
    "id" UUID NOT NULL,
    "answers" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "questionnaire_responses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "listings_seed_key_key" ON "listings"("seed_key");

-- CreateIndex
CREATE UNIQUE INDEX "listings_endpoint_url_key" ON "listings"("endpoint_url");

-- CreateIndex
CREATE INDEX "listings_probe_due_at_idx" ON "listings"("probe_due_at");

-- CreateIndex
CREATE INDEX "listings_capability_tags_idx" ON "listings" USING GIN ("capability_tags");

-- CreateIndex
CREATE INDEX "probes_listing_id_at_idx" ON "probes"("listing_id", "at");

-- CreateIndex
CREATE INDEX "probes_at_idx" ON "probes"("at");

-- CreateIndex
CREATE INDEX "rate_events_bucket_client_key_at_idx" ON "rate_events"("bucket", "client_key", "at");

-- CreateIndex
CREATE INDEX "rate_events_at_idx" ON "rate_events"("at");

-- AddForeignKey
ALTER TABLE "probes" ADD CONSTRAINT "probes_listing_id_fkey" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "listing_health" ADD CONSTRAINT "listing_health_listing_id_fkey" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "listing_usage" ADD CONSTRAINT "listing_usage_listing_id_fkey" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The change marker starts at version 0; the seed at start publishes version 1.
INSERT INTO "registry_state" ("id", "version", "updated_at") VALUES (1, 0, CURRENT_TIMESTAMP);
