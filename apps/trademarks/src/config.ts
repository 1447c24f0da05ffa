import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

export const TrademarksConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(
    z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_trademarks'),
  ),
  TRADEMARKS_MIGRATE_ON_START: z.stringbool().default(true), // false where a release step migrates instead
  TRADEMARKS_USER_AGENT: z.string().min(8).max(200).default(DEFAULT_USER_AGENT),

  // TSDR (status by serial or registration number): free key, sent as USPTO-API-KEY. Without it the status route
  // answers 503 and health says why.
  TRADEMARKS_TSDR_API_KEY: sensitive(z.string().min(1).max(200).optional()),
  TRADEMARKS_TSDR_BASE_URL: z.url().default('https://tsdrapi.uspto.gov'),
  TRADEMARKS_TSDR_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(6_000),
  // TSDR allows about 60 status calls a minute per key; a bit under 1/s per replica with two replicas.
  TRADEMARKS_TSDR_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10).default(0.45),

  // Open Data Portal bulk data (the daily applications file): free key, sent as X-API-KEY. Without it the index is
  // not built, and the search route answers 503 until an index exists.
  TRADEMARKS_ODP_API_KEY: sensitive(z.string().min(1).max(200).optional()),
  TRADEMARKS_ODP_BASE_URL: z.url().default('https://api.uspto.gov'),
  TRADEMARKS_ODP_PRODUCT: z
    .string()
    .regex(/^[A-Z0-9]{3,20}$/)
    .default('TRTDXFAP'),
  TRADEMARKS_ODP_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),

  // The scheduled ingest: every replica ticks, one claims the run (a lease in Postgres), and loads each daily file
  // of the look-back window it has not loaded yet. Re-running is harmless: loaded files are skipped by name.
  TRADEMARKS_INGEST_ENABLED: z.stringbool().default(true),
  TRADEMARKS_INGEST_TICK_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  TRADEMARKS_INGEST_EVERY_HOURS: z.coerce.number().min(0.01).max(168).default(6),
  TRADEMARKS_INGEST_LOOKBACK_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  TRADEMARKS_INGEST_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(1_800_000),
  // The index is labelled stale when no ingest run succeeded for this long (one file a day, so two days).
  TRADEMARKS_INDEX_STALE_HOURS: z.coerce.number().int().min(1).max(720).default(48),
});
export type TrademarksConfig = z.infer<typeof TrademarksConfig>;
