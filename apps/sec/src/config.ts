import { SEC_RATE_PER_SECOND } from '@toll/markets';
import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const SecConfig = BaseConfig.extend({
  // SEC blocks undeclared tools: the agent must name the company and a contact email.
  SEC_USER_AGENT: z
    .string()
    .min(8)
    .max(200)
    .regex(/\S+@\S+\.\S+/, 'must carry a contact email, e.g. "Toll ops@toll.example"')
    .default('Toll ops@toll.example'),
  SEC_WWW_BASE_URL: z.url().default('https://www.sec.gov'),
  SEC_DATA_BASE_URL: z.url().default('https://data.sec.gov'),
  SEC_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(5_000),
  // Postgres holding the SEC governor shared by every replica and every group that calls SEC (the same URL
  // everywhere). Without it each process keeps to SEC_FALLBACK_RATE_PER_SECOND on its own.
  SEC_GOVERNOR_DATABASE_URL: sensitive(z.string().min(1).max(500).optional()),
  // All replicas together; SEC's fair-access ceiling is 10.
  SEC_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10).default(SEC_RATE_PER_SECOND),
  // Per process, while the shared governor is not configured or its database is unreachable: 2/s keeps up
  // to four replicas under SEC's ceiling.
  SEC_FALLBACK_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10).default(2),
});
export type SecConfig = z.infer<typeof SecConfig>;
