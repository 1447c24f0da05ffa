import { SEC_SETTINGS } from '@toll/markets';
import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const ScreenerConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(
    z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_screener'),
  ),
  SCREENER_MIGRATE_ON_START: z.stringbool().default(true), // false where a release step migrates instead
  // The same SEC settings, under the same names, as apps/sec and apps/company: SEC_GOVERNOR_DATABASE_URL is
  // the one governor database every SEC caller shares (not this group's DATABASE_URL).
  ...SEC_SETTINGS,
  // Nasdaq's stock screener download (unofficial website back-end): prices, market caps, sectors.
  SCREENER_NASDAQ_BASE_URL: z.url().default('https://api.nasdaq.com'),
  SCREENER_NASDAQ_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(15_000),
  SCREENER_BUILD_ON_START: z.stringbool().default(true),
  // Nightly by default; a replica skips a build another one finished within this interval.
  SCREENER_BUILD_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(7 * 86_400_000)
    .default(86_400_000),
  // A build with fewer rows than this, or than half the active snapshot's, is rejected as partial.
  SCREENER_MIN_ROWS: z.coerce.number().int().min(1).max(20_000).default(3_000),
  // Share of rows that must have SEC fundamentals (net income) for a build to count as complete.
  SCREENER_MIN_FUNDAMENTALS_SHARE: z.coerce.number().min(0).max(1).default(0.4),
});
export type ScreenerConfig = z.infer<typeof ScreenerConfig>;
