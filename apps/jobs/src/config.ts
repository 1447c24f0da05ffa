import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

export const JobsConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_jobs')),
  JOBS_MIGRATE_ON_START: z.stringbool().default(true), // false where a release step migrates instead
  JOBS_USER_AGENT: z.string().min(8).max(200).default(DEFAULT_USER_AGENT),

  // Background refresh of the index. Every replica ticks, but a source is refreshed by one replica at a time
  // (a lease in Postgres) and no more often than its interval, however many replicas run.
  JOBS_REFRESH_ENABLED: z.stringbool().default(true),
  JOBS_REFRESH_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  JOBS_REFRESH_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(600_000),
  // After a failure a source is retried sooner than its interval, but not in a tight loop.
  JOBS_RETRY_AFTER_FAILURE_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(86_400_000)
    .default(30 * 60_000),
  // Rows of a source whose last successful refresh is older than this are no longer served (cache table: 48 h).
  JOBS_MAX_STALE_HOURS: z.coerce.number().int().min(1).max(720).default(48),

  // Arbeitnow: keyless, fair use; link back required. Four hours between refreshes, a few pages each.
  JOBS_ARBEITNOW_ENABLED: z.stringbool().default(true),
  JOBS_ARBEITNOW_BASE_URL: z.url().default('https://www.arbeitnow.com'),
  JOBS_ARBEITNOW_REFRESH_HOURS: z.coerce.number().min(1).max(48).default(4),
  JOBS_ARBEITNOW_MAX_PAGES: z.coerce.number().int().min(1).max(20).default(5),
  JOBS_ARBEITNOW_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),

  // USAJOBS: free key by e-mail; the registered e-mail goes in the User-Agent header. Without a key the source
  // is off and health says so. Unfiltered searches can 503, so the refresh asks for postings of the last N days.
  JOBS_USAJOBS_API_KEY: sensitive(z.string().min(1).max(200).optional()),
  JOBS_USAJOBS_EMAIL: z.email().optional(),
  JOBS_USAJOBS_BASE_URL: z.url().default('https://data.usajobs.gov'),
  JOBS_USAJOBS_REFRESH_HOURS: z.coerce.number().min(1).max(48).default(6),
  JOBS_USAJOBS_DAYS_POSTED: z.coerce.number().int().min(1).max(60).default(7),
  JOBS_USAJOBS_MAX_PAGES: z.coerce.number().int().min(1).max(20).default(4),
  JOBS_USAJOBS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(20_000),
}).superRefine((c, ctx) => {
  if (c.JOBS_USAJOBS_API_KEY && !c.JOBS_USAJOBS_EMAIL) {
    ctx.addIssue({
      code: 'custom',
      path: ['JOBS_USAJOBS_EMAIL'],
      message: 'USAJOBS needs the e-mail the key was registered with',
    });
  }
});
export type JobsConfig = z.infer<typeof JobsConfig>;
