import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

// Local defaults only: production refuses them (see the superRefine below).
export const DEV_TOKEN_KEY = '6d6573736167696e672d6465762d6b65792d6e6f742d666f722d70726f642121';
export const DEV_MANAGER_TOKEN = '7000000000:AAHdemoManagerTokenReplayOnly000000';
export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

// <bot user id>:<35 characters>, the token form the Bot API issues.
export const BOT_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{30,64}$/;

export const MessagingConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(
    z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_messaging'),
  ),
  MESSAGING_MIGRATE_ON_START: z.enum(['true', 'false']).default('true'), // false where a release step migrates instead
  MESSAGING_BOT_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  MESSAGING_BOT_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  // The manager bot (Bot Management Mode on) that owns the pool's bots: it rotates their tokens at every reset.
  MESSAGING_MANAGER_BOT_TOKEN: sensitive(z.string().regex(BOT_TOKEN, 'a Bot API token').default(DEV_MANAGER_TOKEN)),
  // AES-256-GCM key for bot tokens at rest: 32 bytes as 64 hex characters.
  MESSAGING_TOKEN_KEY: sensitive(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i, '32 bytes as 64 hex characters')
      .default(DEV_TOKEN_KEY),
  ),
  // The scheduled job that ends due leases and resets their bots (every replica runs it; rows are claimed).
  MESSAGING_SWEEP_ENABLED: z.stringbool().default(true),
  MESSAGING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  MESSAGING_SWEEP_BATCH: z.coerce.number().int().min(1).max(100).default(10),
  // A bot whose reset failed this many times in a row is quarantined (out of the pool) until requeued.
  MESSAGING_RESET_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  MESSAGING_USER_AGENT: z.string().min(1).max(200).default(DEFAULT_USER_AGENT),
}).superRefine((c, ctx) => {
  if (c.NODE_ENV !== 'production') return;
  if (c.MESSAGING_TOKEN_KEY.toLowerCase() === DEV_TOKEN_KEY)
    ctx.addIssue({ code: 'custom', path: ['MESSAGING_TOKEN_KEY'], message: 'required in production' });
  if (c.MESSAGING_MANAGER_BOT_TOKEN === DEV_MANAGER_TOKEN)
    ctx.addIssue({ code: 'custom', path: ['MESSAGING_MANAGER_BOT_TOKEN'], message: 'required in production' });
});
export type MessagingConfig = z.infer<typeof MessagingConfig>;
