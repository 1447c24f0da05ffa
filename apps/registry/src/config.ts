import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

export const RegistryConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(
    z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_registry'),
  ),
  REGISTRY_MIGRATE_ON_START: z.enum(['true', 'false']).default('true'), // false where a release step migrates instead
  // The gateway's public base URL: the four verified seed listings point at it, and submissions may not.
  REGISTRY_PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3000'),
  // Sliding window per client network, shared by every replica through Postgres.
  REGISTRY_SUBMIT_LIMIT: z.coerce.number().int().min(1).max(1_000).default(5),
  REGISTRY_QUESTIONNAIRE_LIMIT: z.coerce.number().int().min(1).max(1_000).default(20),
  REGISTRY_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  // Background prober of listing endpoints (off in replay mode: there is no network to measure).
  REGISTRY_PROBE_ENABLED: z.stringbool().default(true),
  REGISTRY_PROBE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300), // per listing
  // how often a replica looks for due listings
  REGISTRY_PROBE_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  REGISTRY_PROBE_BATCH: z.coerce.number().int().min(1).max(100).default(20), // listings claimed per tick per replica
  REGISTRY_PROBE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  REGISTRY_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(3_000),
  // Tests only: lets the prober reach the fake endpoints on 127.0.0.1. Never in production (SSRF guard).
  REGISTRY_PROBE_ALLOW_PRIVATE: z.stringbool().default(false),
  REGISTRY_USER_AGENT: z.string().min(1).max(200).default(DEFAULT_USER_AGENT),
}).superRefine((c, ctx) => {
  if (c.NODE_ENV === 'production' && c.REGISTRY_PROBE_ALLOW_PRIVATE) {
    ctx.addIssue({ code: 'custom', path: ['REGISTRY_PROBE_ALLOW_PRIVATE'], message: 'must be false in production' });
  }
});
export type RegistryConfig = z.infer<typeof RegistryConfig>;
