import { healthOutput } from '@toll/platform';
import { cacheHealth, lastOutcome } from '@toll/upstream';
import { z } from 'zod';

// Inputs are strict (unknown fields are rejected).
const ticker = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9]{0,5}$/, 'must be an ETF ticker symbol such as SCHD')
  .describe('ETF ticker symbol, e.g. SCHD (case-insensitive)');
// A price is money: a decimal string, never a float.
const price = z
  .string()
  .regex(/^(0|[1-9]\d{0,6})(\.\d{1,6})?$/, 'must be a decimal price in USD such as 57.43')
  .refine((p) => /[1-9]/.test(p), 'must be greater than zero')
  .describe(
    'Share price in USD (decimal string, e.g. 57.43) to compute the yield with; default: the latest price from ' +
      'the source',
  );

export const DistributionsInput = z
  .strictObject({ ticker, price: price.optional() })
  .meta({ examples: [{ ticker: 'SCHD' }] });
export type DistributionsInput = z.infer<typeof DistributionsInput>;

export const FREQUENCIES = ['monthly', 'quarterly', 'semiannual', 'annual'] as const;
export const ScreenerInput = z.strictObject({
  min_yield: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe('Minimum annualized yield in percent (forward yield, or trailing 12 months for irregular payers)'),
  frequency: z.enum(FREQUENCIES).optional().describe('Only ETFs with this detected payout frequency'),
  sort: z
    .enum(['distribution_per_share', 'yield'])
    .default('distribution_per_share')
    .describe('Rank by annualized distribution per share (the spec default) or by yield'),
  limit: z.number().int().min(1).max(50).default(20).describe('Results to return, 1-50 (default 20)'),
});
export type ScreenerInput = z.infer<typeof ScreenerInput>;

export const EmptyInput = z.strictObject({});

const Source = z.enum(['nasdaq', 'polygon']);
const Freshness = z.object({
  as_of: z.string().describe('When the data was fetched from the source (ISO 8601 UTC)'),
  stale: z.boolean().describe('true when the sources failed and an older cached answer is served'),
  reason: z.string().optional(),
});
const Frequency = z.enum([...FREQUENCIES, 'irregular']);

export const GetDistributionsOutput = z.object({
  ticker: z.string(),
  count: z.number().int(),
  distributions: z
    .array(
      z.object({
        ex_date: z.string(),
        record_date: z.string().nullable(),
        pay_date: z.string().nullable(),
        declared_date: z.string().nullable(),
        amount: z.string().describe('USD per share, exact decimal string'),
        type: z
          .enum([
            'income',
            'special',
            'short_term_capital_gain',
            'long_term_capital_gain',
            'return_of_capital',
            'unspecified',
          ])
          .describe('What the source says the payment is; unspecified where it does not say (Nasdaq)'),
      }),
    )
    .describe('Full history, newest first, including declared distributions whose ex-date is still ahead'),
  frequency: Frequency.describe('Detected from the spacing of regular ex-dates over the last 24 months'),
  distributions_per_year: z.number().int().nullable(),
  trailing_12m: z
    .object({ total: z.string(), count: z.number().int(), from: z.string(), to: z.string() })
    .describe('Cash with an ex-date in the last 365 days'),
  annualized_distribution: z
    .string()
    .nullable()
    .describe('Latest regular distribution × payments per year; null for irregular payers'),
  yield: z
    .object({
      price: z.string(),
      price_source: z
        .enum(['caller', 'nasdaq', 'polygon'])
        .describe('caller: the price query; else the source of the latest price'),
      price_as_of: z.string().nullable().describe('When the source price was fetched; null for a caller price'),
      forward_yield_pct: z.string().nullable(),
      ttm_yield_pct: z.string(),
    })
    .nullable()
    .describe('null when no price was given and none could be fetched (notes say why)'),
  source: Source,
  notes: z.array(z.string()),
  freshness: Freshness,
});
export type GetDistributionsOutput = z.infer<typeof GetDistributionsOutput>;

export const GetScreenerOutput = z.object({
  universe: z.object({
    description: z.string(),
    size: z.number().int(),
    refreshed_at: z.string().describe('When the snapshot was built'),
    refresh_every_hours: z.number(),
  }),
  evaluated_count: z.number().int().describe('ETFs of the universe whose history loaded in this snapshot'),
  failed: z
    .array(z.object({ ticker: z.string(), reason: z.string() }))
    .describe('ETFs of the universe that could not be evaluated'),
  match_count: z.number().int().describe('ETFs that pass the filters (before limit)'),
  filters: z.object({
    min_yield: z.number().nullable(),
    frequency: z.string().nullable(),
    sort: z.string(),
    limit: z.number().int(),
  }),
  results: z.array(
    z.object({
      ticker: z.string(),
      frequency: Frequency,
      annualized_distribution: z.string().nullable(),
      ttm_distributions: z.string(),
      last_ex_date: z.string().nullable(),
      price: z.string().nullable(),
      forward_yield_pct: z.string().nullable(),
      ttm_yield_pct: z.string().nullable(),
      source: Source,
    }),
  ),
  freshness: Freshness,
});
export type GetScreenerOutput = z.infer<typeof GetScreenerOutput>;

export const HealthOutput = healthOutput({
  sources: z.array(
    z.object({
      id: Source,
      role: z.string(),
      enabled: z.boolean(),
      base_url: z.string(),
      terms: z.string(),
      ...lastOutcome,
    }),
  ),
  screener: z.object({
    universe: z.array(z.string()),
    refreshed_at: z.string().nullable(),
    evaluated_count: z.number().int().nullable(),
  }),
  cache: cacheHealth,
});
export type HealthOutput = z.infer<typeof HealthOutput>;
