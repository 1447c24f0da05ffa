-- A check must come from the agent: a check_key issued with the policy, or an allowed payer (issue 32).
-- AlterTable
ALTER TABLE "policies" ADD COLUMN     "check_key_hash" TEXT;

-- AlterTable
ALTER TABLE "policy_versions" ADD COLUMN     "open_checks" BOOLEAN NOT NULL DEFAULT false;

-- Policies written before this had no check key: their agents send none, so the ones that relied on anyone being
-- able to check (no allowed_payers) keep working, visibly (open_checks: true in the policy), until the owner rotates
-- the credentials (which issues a check_key) and writes open_checks: false. Policies with allowed_payers were
-- already closed to strangers. policy_versions is never updated by the app; this backfill is the one exception.
UPDATE "policy_versions" SET "open_checks" = true WHERE cardinality("allowed_payers") = 0;
