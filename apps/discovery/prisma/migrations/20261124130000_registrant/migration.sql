-- Who first registered each entry (a hashed client network), for the per-registrant limit on new entries.
ALTER TABLE "index_entries" ADD COLUMN "registrant" TEXT;

CREATE INDEX "index_entries_registrant_created_at_idx" ON "index_entries"("registrant", "created_at");
