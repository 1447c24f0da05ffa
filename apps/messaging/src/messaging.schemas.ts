import { PriceSpec } from '@toll/contracts';
import { healthOutput } from '@toll/platform';
import { blockedReason, parseIp } from '@toll/upstream';
import { z } from 'zod';

// Inputs are strict (unknown fields are rejected). Lengths are the Bot API's own limits, so nothing the
// platform would refuse is ever charged for.
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const NO_CONTROL_EXCEPT_NEWLINE = /^(?:[^\p{Cc}]|\n)*$/u;
const KEY = /^[A-Za-z0-9_-]{43}$/; // 32 random bytes, base64url
// Telegram delivers webhooks only to these ports.
export const WEBHOOK_PORTS = ['443', '80', '88', '8443'];

const hostOf = (u: string) => (URL.canParse(u) ? new URL(u).hostname : '');

// https, a port Telegram delivers to, no credentials, and a public host. A literal address is judged here by the
// shared SSRF guard; a name is resolved and judged the same way just before the bot is configured.
export const WebhookUrl = z
  .url({ protocol: /^https$/, error: 'must be an https URL' })
  .max(2048, 'must be at most 2048 characters')
  .refine(
    (u) => !URL.canParse(u) || (!new URL(u).username && !new URL(u).password),
    'must not contain a user name or password',
  )
  .refine(
    (u) => !URL.canParse(u) || WEBHOOK_PORTS.includes(new URL(u).port || '443'),
    `must use port ${WEBHOOK_PORTS.join(', ')} (the ports Telegram delivers to)`,
  )
  .refine((u) => {
    const host = hostOf(u);
    return !parseIp(host) || blockedReason(host) === null;
  }, 'must point at a public address (not loopback, private, link-local or reserved)');

export const ProvisionInput = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .max(64)
      .regex(NO_CONTROL, 'must not contain control characters')
      .optional()
      .describe('Display name for the bot, 1-64 characters (new lease only)'),
    description: z
      .string()
      .max(512)
      .regex(NO_CONTROL_EXCEPT_NEWLINE, 'must not contain control characters other than newlines')
      .optional()
      .describe('What users see in an empty chat with the bot, at most 512 characters (new lease only)'),
    short_description: z
      .string()
      .max(120)
      .regex(NO_CONTROL, 'must not contain control characters')
      .optional()
      .describe("Shown on the bot's profile page, at most 120 characters (new lease only)"),
    webhook_url: WebhookUrl.optional().describe(
      "https URL on a public host (ports 443, 80, 88, 8443) that receives the bot's updates; omit to poll with " +
        'getUpdates (new lease only)',
    ),
    webhook_secret: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1-256 characters of A-Z, a-z, 0-9, _ and -')
      .optional()
      .describe(
        'Sent back in the X-Telegram-Bot-Api-Secret-Token header of every webhook request; needs webhook_url; ' +
          'never stored',
      ),
    lease_id: z
      .uuid('must be a lease_id (UUID) from an earlier provision')
      .optional()
      .describe('Renewal: the lease to extend by one month (with lease_key)'),
    lease_key: z
      .string()
      .regex(KEY, 'must be the 43-character lease_key from the provision answer')
      .optional()
      .describe('Renewal: the lease key from the provision answer, proof of being the holder'),
  })
  .superRefine((v, ctx) => {
    if (v.lease_id && !v.lease_key)
      ctx.addIssue({ code: 'custom', path: ['lease_key'], message: 'is required with lease_id (renewal)' });
    if (v.lease_key && !v.lease_id)
      ctx.addIssue({ code: 'custom', path: ['lease_id'], message: 'is required with lease_key (renewal)' });
    if (v.lease_id) {
      for (const field of ['name', 'description', 'short_description', 'webhook_url', 'webhook_secret'] as const) {
        if (v[field] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: 'is not taken on a renewal (lease_id given); the bot keeps its settings',
          });
      }
    }
    if (v.webhook_secret && !v.webhook_url)
      ctx.addIssue({ code: 'custom', path: ['webhook_secret'], message: 'needs webhook_url' });
  })
  .meta({
    examples: [
      {
        name: 'Toll Price Alerts',
        description: 'Sends a message to this chat when SOL moves more than 5% in an hour.',
        short_description: 'SOL price alerts',
      },
    ],
  });
export type ProvisionInput = z.infer<typeof ProvisionInput>;

export const ReleaseInput = z.strictObject({
  lease_id: z.uuid('must be a lease_id (UUID)').describe('The lease to end now'),
  lease_key: z
    .string()
    .regex(KEY, 'must be the 43-character lease_key from the provision answer')
    .describe('Proof of being the holder'),
});
export type ReleaseInput = z.infer<typeof ReleaseInput>;

export const EmptyInput = z.strictObject({});

const How = z.object({
  method: z.literal('POST'),
  path: z.string(),
  body: z.record(z.string(), z.string()),
  price: PriceSpec.nullable(),
  note: z.string(),
});

export const ProvisionOutput = z.object({
  platform: z.literal('telegram'),
  renewal: z.boolean().describe('true when this call extended an existing lease'),
  lease: z.object({
    lease_id: z.string(),
    lease_key: z
      .string()
      .nullable()
      .describe('Shown once, on the new lease; keep it: it renews and releases the bot (null on a renewal)'),
    starts_at: z.string(),
    ends_at: z.string().describe('The bot is reset and its token revoked after this time unless renewed'),
    period_days: z.number().int(),
    renewals: z.number().int(),
  }),
  bot: z.object({
    id: z.number().int(),
    username: z.string(),
    link: z.string().describe('https://t.me/<username>'),
    token: z
      .string()
      .describe('Bot API token: https://api.telegram.org/bot<token>/<method>. Secret: only the holder ever sees it'),
    name: z.string().nullable(),
  }),
  updates: z
    .object({
      mode: z.enum(['webhook', 'polling']),
      webhook_url: z.string().nullable(),
      note: z.string(),
    })
    .nullable()
    .describe('How updates reach the holder (new lease); null on a renewal, which leaves the bot as it is'),
  renew: How,
  release: How,
});
export type ProvisionOutput = z.infer<typeof ProvisionOutput>;

export const ReleaseOutput = z.object({
  lease_id: z.string(),
  bot_username: z.string(),
  released_at: z.string(),
  note: z.string(),
});
export type ReleaseOutput = z.infer<typeof ReleaseOutput>;

export const HealthOutput = healthOutput({
  reason: z.string().optional(),
  platform: z.literal('telegram'),
  pool: z
    .object({
      available: z.number().int(),
      leased: z.number().int(),
      resetting: z.number().int().describe('expired or cleaned: on their way back to the pool'),
      quarantined: z.number().int().describe('reset failed: out of the pool until the operator requeues them'),
      total: z.number().int(),
      quarantine: z.array(z.object({ username: z.string(), since: z.string(), last_error: z.string().nullable() })),
    })
    .nullable(),
  plan: z.object({ price: PriceSpec, period_days: z.number().int(), renewals: z.string(), release: z.string() }),
  sweep: z.object({
    enabled: z.boolean(),
    interval_ms: z.number().int(),
    last_run_at: z.string().nullable(),
    last_error: z.string().nullable(),
  }),
  sources: z.array(z.object({ name: z.string(), role: z.string(), ok: z.boolean() })),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
