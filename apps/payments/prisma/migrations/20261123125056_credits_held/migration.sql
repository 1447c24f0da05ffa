-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "credits_held" INTEGER NOT NULL DEFAULT 0;

-- Backfill: holds live at the time of the upgrade. Old replicas do not maintain the counter, so roll out with no
-- overlap of old and new payments replicas (or drain old ones first); the hold transaction recounts expired holds.
UPDATE "payments" p SET "credits_held" = h.n
FROM (SELECT "payment_id", count(*)::int AS n FROM "holds" WHERE "status" = 'held' GROUP BY "payment_id") h
WHERE p."id" = h."payment_id";

-- A negative count would let a block over-commit its holds: fail loudly instead.
ALTER TABLE "payments" ADD CONSTRAINT "payments_credits_held_nonnegative" CHECK ("credits_held" >= 0);
