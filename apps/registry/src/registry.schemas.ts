import { UsdAmount } from '@toll/contracts';
import { healthOutput } from '@toll/platform';
import { z } from 'zod';

// Listing schema v0.1 (spec §2.1). The spec leaves io_format, pricing and contact unshaped (§2.8); their
// structure is defined here and documented in docs/registry.md. Inputs are strict and every value bounded.

export const AUTH_METHODS = ['none', 'api-key', 'x402', 'signature'] as const;
// Spec §9: the listing schema every registry answer follows.
export const LISTING_SCHEMA_VERSION = '0.1';
const SchemaVersion = z.literal(LISTING_SCHEMA_VERSION).describe('Registry listing schema version (spec §9)');
export const PRICING_MODELS = ['free', 'per_call', 'per_block', 'subscription', 'quote'] as const;
const TAG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const NO_CONTROL_EXCEPT_NEWLINE = /^(?:[^\p{Cc}]|\n)*$/u;

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(NO_CONTROL, 'must not contain control characters');

const slug = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(TAG, 'must be lowercase letters and digits, words joined by single hyphens');

export const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .max(2048, 'must be at most 2048 characters')
  .refine(
    (u) => !URL.canParse(u) || (!new URL(u).username && !new URL(u).password),
    'must not contain a user name or password',
  );

const AuthMethod = z.enum(AUTH_METHODS, { error: `must be one of ${AUTH_METHODS.join(', ')}` });
const Usd = UsdAmount.describe('USD decimal string, at most 6 decimals, e.g. "0.005"');

export const IoFormat = z
  .strictObject({
    request: z
      .enum(['none', 'query', 'json', 'form', 'text', 'binary'], {
        error: 'must be one of none, query, json, form, text, binary',
      })
      .describe('How input is sent'),
    response: z
      .enum(['json', 'text', 'binary', 'stream'], { error: 'must be one of json, text, binary, stream' })
      .describe('What comes back'),
    schema_url: httpUrl
      .optional()
      .describe('Where a machine-readable schema (OpenAPI, JSON Schema) of the endpoint lives'),
  })
  .describe('Request and response format');

// What one call costs is read from this (docs/registry.md "Price of a listing").
export const Pricing = z
  .strictObject({
    model: z
      .enum(PRICING_MODELS, { error: `must be one of ${PRICING_MODELS.join(', ')}` })
      .describe(
        'free, per_call, per_block (usd buys `requests` calls), subscription (usd per `period`) or quote (priced ' +
          'per request)',
      ),
    usd: Usd.optional().describe(
      'Price in USD: per call, per block or per period; required for per_call, per_block and subscription',
    ),
    requests: z
      .number()
      .int('must be an integer')
      .min(2, 'must be at least 2')
      .max(1_000_000, 'must be at most 1000000')
      .optional()
      .describe('per_block only: calls one block buys'),
    period: z
      .enum(['day', 'week', 'month', 'year'], { error: 'must be one of day, week, month, year' })
      .optional()
      .describe('subscription only'),
    assets: z
      .array(z.string().regex(/^[A-Za-z0-9]{1,16}$/, 'must be 1-16 letters or digits'))
      .min(1, 'must name at least one asset')
      .max(8, 'must have at most 8 entries')
      .optional()
      .describe('Assets accepted, e.g. ["USDC", "SOL"]'),
    network: slug(40).optional().describe('Settlement network, e.g. "solana"'),
    notes: line(300).optional().describe('Anything else a buyer should know'),
  })
  .superRefine((p, ctx) => {
    const need = (field: 'usd' | 'requests' | 'period', when: boolean) => {
      if (when && p[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `is required for model ${p.model}` });
      if (!when && p[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `is not accepted for model ${p.model}` });
    };
    need('usd', p.model === 'per_call' || p.model === 'per_block' || p.model === 'subscription');
    need('requests', p.model === 'per_block');
    need('period', p.model === 'subscription');
  })
  .describe('Price structure');

export const Contact = z
  .strictObject({
    name: line(100).optional(),
    email: z.email({ error: 'must be an email address' }).max(254, 'must be at most 254 characters').optional(),
    url: httpUrl.optional(),
  })
  .refine((c) => c.email !== undefined || c.url !== undefined, 'must include an email or a url')
  .describe('Who answers for the listing (published)');

const Tags = z
  .array(slug(32))
  .min(1, 'must have at least 1 tag')
  .max(20, 'must have at most 20 tags')
  .refine((tags) => new Set(tags).size === tags.length, 'must not repeat a tag');

export const SubmitInput = z.strictObject({
  name: line(80).describe('Service name (1-80 characters)'),
  description: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(500, 'must be at most 500 characters')
    .regex(NO_CONTROL_EXCEPT_NEWLINE, 'must not contain control characters other than newlines')
    .describe('What the service does (1-500 characters)'),
  category: slug(40).describe('One lowercase category, e.g. "data" or "weather"'),
  endpoint_url: httpUrl.describe(
    'The endpoint agents call (http or https, at most 2048 characters); one listing per endpoint',
  ),
  io_format: IoFormat,
  pricing: Pricing,
  auth_method: AuthMethod.describe('none, api-key, x402 or signature'),
  contact: Contact,
  capability_tags: Tags.optional().describe(
    '1-20 lowercase tags matched by capability lookups, e.g. ["staking", "etf", "fees"]. Optional (the spec\'s ' +
      'submission list has no tags): without it the listing is tagged with its category',
  ),
  accepted_terms: z
    .literal(true, { error: 'must be true: the listing terms must be accepted' })
    .describe('Must be true; not published'),
});
export type SubmitInput = z.infer<typeof SubmitInput>;

export const ListingsQuery = z.strictObject({
  capability: slug(32)
    .optional()
    .describe('Lookup mode: only listings whose capability_tags contain this tag, ranked, with rank_factors'),
  max_price: Usd.optional().describe(
    'Price ceiling in USD per call; listings above it, or whose per-call price cannot be read, are excluded',
  ),
  verified_only: z.boolean().default(false).describe('true returns only verified (badged) listings'),
  auth: AuthMethod.optional().describe('Only listings with this auth_method'),
});
export type ListingsQuery = z.infer<typeof ListingsQuery>;

export const EmptyInput = z.strictObject({});

export const QuestionnaireInput = z.strictObject({
  answers: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
      z.union([z.string().max(2000, 'must be at most 2000 characters'), z.number(), z.boolean()], {
        error: 'must be a string, number or boolean',
      }),
      {
        error: (issue) =>
          issue.code === 'invalid_key' ? 'question keys are 1-64 lowercase letters, digits or underscores' : undefined,
      },
    )
    .meta({ maxProperties: 50 })
    .refine((a) => Object.keys(a).length >= 1, 'must answer at least 1 question')
    .refine((a) => Object.keys(a).length <= 50, 'must have at most 50 answers')
    .refine((a) => Buffer.byteLength(JSON.stringify(a)) <= 8192, 'must be at most 8192 bytes as JSON')
    .describe(
      'Question key → answer (string, number or boolean); at most 50 answers and 8 KB; private, never published',
    ),
});
export type QuestionnaireInput = z.infer<typeof QuestionnaireInput>;

const PriceOut = z.object({
  model: z.enum(PRICING_MODELS),
  usd: z.string().optional(),
  requests: z.number().int().optional(),
  period: z.string().optional(),
  assets: z.array(z.string()).optional(),
  network: z.string().optional(),
  notes: z.string().optional(),
});

export const Listing = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  endpoint_url: z.string(),
  io_format: z.object({ request: z.string(), response: z.string(), schema_url: z.string().optional() }),
  pricing: PriceOut,
  auth_method: z.enum(AUTH_METHODS),
  contact: z.object({ name: z.string().optional(), email: z.string().optional(), url: z.string().optional() }),
  capability_tags: z.array(z.string()),
  verified: z.boolean().describe('Verification badge: true for operator-verified listings'),
  published_at: z.string(),
});
export type Listing = z.infer<typeof Listing>;

export const RankFactors = z.object({
  position: z.number().int(),
  verified: z.boolean(),
  health: z
    .enum(['up', 'degraded', 'unmeasured', 'down'])
    .describe('up: uptime ≥ 95 %; degraded: ≥ 50 %; down: below; unmeasured: no probe in 24 h'),
  uptime_24h: z.number().nullable().describe('Share of successful probes in the last 24 h (0-1)'),
  probes_24h: z.number().int(),
  latency_ms_p50: z.number().int().nullable().describe('Median latency of successful probes in the last 24 h'),
  last_probe_at: z.string().nullable(),
  price_per_call_usd: z
    .string()
    .nullable()
    .describe('null when the pricing model gives no per-call price (subscription, quote)'),
  usage_30d: z.number().int().describe('Distinct client-days on which a lookup returned this listing, last 30 days'),
  ahead_of_next_by: z
    .enum(['verified', 'health', 'uptime', 'latency', 'price', 'usage', 'published_at'])
    .nullable()
    .describe('The first factor that put this result above the next one'),
  explanation: z.string(),
});
export type RankFactors = z.infer<typeof RankFactors>;

export const ListingsOutput = z.object({
  schema_version: SchemaVersion,
  listings: z.array(Listing.extend({ rank_factors: RankFactors.optional() })),
  registry_updated: z
    .string()
    .describe('Change marker (ISO time of the last publish, strictly increasing); re-pull when it changes'),
  registry_version: z.number().int().describe('Publishes so far'),
  lookup: z
    .object({
      capability: z.string().nullable(),
      max_price: z.string().nullable(),
      verified_only: z.boolean(),
      auth: z.string().nullable(),
      matched: z.number().int(),
    })
    .describe('The filters applied'),
});
export type ListingsOutput = z.infer<typeof ListingsOutput>;

export const SnapshotOutput = z.object({
  schema_version: SchemaVersion,
  listings: z.array(Listing),
  registry_updated: z.string(),
  registry_version: z.number().int(),
});
export type SnapshotOutput = z.infer<typeof SnapshotOutput>;

export const SubmitOutput = z.object({
  schema_version: SchemaVersion,
  outcome: z.literal('published'),
  verification: z.literal('unverified'),
  listing: Listing,
  registry_updated: z.string(),
  registry_version: z.number().int(),
});
export type SubmitOutput = z.infer<typeof SubmitOutput>;

export const QuestionnaireOutput = z.object({ stored: z.literal(true), received_at: z.string() });

const Limit = z.object({ limit: z.number().int(), window_seconds: z.number().int() });

export const HealthOutput = healthOutput({
  registry: z
    .object({
      listings: z.number().int(),
      verified: z.number().int(),
      registry_updated: z.string(),
      registry_version: z.number().int(),
      probed_24h: z.number().int(),
    })
    .nullable()
    .describe('null while the database is unreachable'),
  reason: z.string().optional(),
  sources: z.array(z.object({ name: z.string(), role: z.string(), ok: z.boolean() })),
  prober: z.object({
    enabled: z.boolean(),
    interval_seconds: z.number().int(),
    concurrency: z.number().int(),
    timeout_ms: z.number().int(),
    private_targets_allowed: z.boolean(),
    last_tick_at: z.string().nullable(),
    last_tick_probes: z.number().int(),
  }),
  rate_limits: z.object({ submit: Limit, questionnaire: Limit }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
