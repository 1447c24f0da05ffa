-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "policies" (
    "agent_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "owner_secret_hash" TEXT NOT NULL,
    "read_key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "policies_pkey" PRIMARY KEY ("agent_id")
);

-- CreateTable
CREATE TABLE "policy_versions" (
    "agent_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "per_tx_limit_cents" BIGINT NOT NULL,
    "daily_limit_cents" BIGINT NOT NULL,
    "weekly_limit_cents" BIGINT NOT NULL,
    "monthly_limit_cents" BIGINT NOT NULL,
    "allowed_categories" TEXT[],
    "blocked_recipients" TEXT[],
    "active" BOOLEAN NOT NULL,
    "window_mode" TEXT NOT NULL,
    "warn_at_percent" INTEGER,
    "hold_seconds" INTEGER NOT NULL,
    "allowed_payers" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "policy_versions_pkey" PRIMARY KEY ("agent_id","version")
);

-- CreateTable
CREATE TABLE "reservations" (
    "decision_id" UUID NOT NULL,
    "agent_id" TEXT NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "confirmed_cents" BIGINT,
    "status" TEXT NOT NULL,
    "held_at" TIMESTAMPTZ(3) NOT NULL,
    "void_until" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "reservations_pkey" PRIMARY KEY ("decision_id")
);

-- CreateTable
CREATE TABLE "audit_entries" (
    "seq" BIGSERIAL NOT NULL,
    "decision_id" UUID NOT NULL,
    "agent_id" TEXT NOT NULL,
    "decided_at" TIMESTAMPTZ(3) NOT NULL,
    "decision" TEXT NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "recipient" TEXT,
    "category" TEXT,
    "payer" TEXT,
    "policy_version" INTEGER NOT NULL,
    "reasons" JSONB NOT NULL,
    "warnings" JSONB NOT NULL,
    "windows" JSONB NOT NULL,
    "request_id" TEXT NOT NULL,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "reservations_agent_id_held_at_idx" ON "reservations"("agent_id", "held_at");

-- CreateIndex
CREATE UNIQUE INDEX "audit_entries_decision_id_key" ON "audit_entries"("decision_id");

-- CreateIndex
CREATE INDEX "audit_entries_agent_id_seq_idx" ON "audit_entries"("agent_id", "seq");

-- AddForeignKey
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "policies"("agent_id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The audit log is append-only: any UPDATE or DELETE of a decision fails, whoever runs it.
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only';
END;
$$;
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
