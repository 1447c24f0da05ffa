import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const ShortConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_short')),
  SHORT_MIGRATE_ON_START: z.stringbool().default(true), // false where a release step migrates instead
  SHORT_USER_AGENT: z.string().min(8).max(200).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  SHORT_FINRA_BASE_URL: z.url().default('https://cdn.finra.org'),
  SHORT_FINRA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  SHORT_FINRA_RATE_PER_SECOND: z.coerce.number().positive().max(100).default(2), // a sync fetches one to three files
  // How often a replica looks for newly published files (FINRA publishes twice a month), and at start.
  SHORT_SYNC_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(86_400_000)
    .default(6 * 3_600_000),
  SHORT_SYNC_ON_START: z.stringbool().default(true),
  // Settlement dates looked for, back from today, when they are not loaded yet.
  SHORT_SYNC_LOOKBACK_DAYS: z.coerce.number().int().min(15).max(400).default(45),
  // A complete file has about 20,000 rows; fewer than this (or under half the previous file) means a cut file.
  SHORT_MIN_FILE_ROWS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  // Most-shorted list: liquidity floor, so a thinly traded name with an absurd days-to-cover stays out.
  SHORT_MOST_SHORTED_MIN_ADV: z.coerce.number().int().min(0).max(100_000_000).default(100_000),
});
export type ShortConfig = z.infer<typeof ShortConfig>;
