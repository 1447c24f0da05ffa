-- AlterTable: a null limit is no limit (a policy created with only the limits its owner cares about)
ALTER TABLE "policy_versions" ALTER COLUMN "per_tx_limit_cents" DROP NOT NULL,
ALTER COLUMN "daily_limit_cents" DROP NOT NULL,
ALTER COLUMN "weekly_limit_cents" DROP NOT NULL,
ALTER COLUMN "monthly_limit_cents" DROP NOT NULL;
