import { healthOutput } from '@toll/platform';
import { cacheHealth } from '@toll/upstream';
import { z } from 'zod';

export const SECTIONS = ['prices', 'yields', 'rates', 'staking'] as const;
export type Section = (typeof SECTIONS)[number];

// Requested sections in canonical order; unknown names are ignored and the default is all (spec §4.1), so an
// include naming no known section asks for all of them.
export function parseInclude(include: string | undefined): Section[] {
  const asked = new Set((include ?? '').split(',').map((s) => s.trim().toLowerCase()));
  const known = SECTIONS.filter((s) => asked.has(s));
  return known.length ? known : [...SECTIONS];
}

export const GetBundleInput = z
  .strictObject({
    include: z
      .string()
      .max(200)
      .optional()
      .describe('Comma-separated subset of prices, yields, rates, staking (default: all); unknown names are ignored'),
  })
  .meta({ examples: [{ include: 'prices,rates' }] });
export type GetBundleInput = z.infer<typeof GetBundleInput>;

export const EmptyInput = z.strictObject({});

const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const Iso = z.string().describe('ISO 8601 time');

export const PriceItem = z.object({
  symbol: z.string(),
  name: z.string(),
  usd: Decimal.describe('USD price as a decimal string, exactly as the provider gave it'),
  change_24h_pct: Decimal.optional().describe('24 h change in percent, 4 decimals (CoinGecko only)'),
  as_of: Iso.describe("The provider's observation time"),
  source: z.enum(['coingecko', 'pyth']),
});
export type PriceItem = z.infer<typeof PriceItem>;

export const Frequency = z.enum(['monthly', 'quarterly', 'semiannual', 'annual', 'irregular']);
export type Frequency = z.infer<typeof Frequency>;

export const YieldItem = z.object({
  ticker: z.string(),
  price: Decimal.describe('Last price in USD used for the yields'),
  price_source: z.enum(['nasdaq', 'polygon']),
  frequency: Frequency.describe('Inferred from the spacing of the last 24 months of regular ex-dates'),
  distributions_per_year: z.number().int().nullable(),
  last_distribution: z
    .object({ ex_date: z.string(), pay_date: z.string().nullable(), amount: Decimal.describe('USD per share') })
    .nullable(),
  ttm_distributions: Decimal.describe('USD per share with an ex-date in the last 365 days'),
  ttm_yield_pct: Decimal.describe('Trailing-12-month distributions ÷ price, in percent, 2 decimals'),
  forward_yield_pct: Decimal.nullable().describe(
    'Latest regular distribution × payments per year ÷ price, in percent; null when irregular',
  ),
  distributions_as_of: Iso.describe('When the distribution history was fetched'),
  source: z.enum(['nasdaq', 'polygon']).describe('Provider of the distribution history'),
});
export type YieldItem = z.infer<typeof YieldItem>;

export const RateItem = z.object({
  institution: z.string(),
  product: z.string(),
  apy: Decimal.describe('Annual percentage yield in percent'),
  as_of: z.string().optional().describe('Observation date (YYYY-MM-DD) of the FDIC figure'),
  source: z.enum(['fred', 'fred-csv']),
  series_id: z.string().describe('FRED series id'),
  source_url: z.string().describe('Public page of the series, for verification'),
});
export type RateItem = z.infer<typeof RateItem>;

export const StakingItem = z.object({
  asset: z.string(),
  chain: z.string(),
  project: z.string(),
  apy: Decimal.describe('Annual percentage yield in percent, 4 decimals'),
  source: z.enum(['defillama', 'jito', 'marinade']),
});
export type StakingItem = z.infer<typeof StakingItem>;

export const StaleSection = z
  .strictObject({
    stale: z.literal(true),
    data: z.null(),
    as_of: Iso.nullable().describe('When the last good data was fetched; null if never'),
    reason: z.string(),
  })
  .describe('A stale or missing section: its data is withheld, never presented as fresh');
export type StaleSection = z.infer<typeof StaleSection>;

const fresh = <T extends z.ZodType>(item: T) =>
  z.strictObject({ items: z.array(item), as_of: Iso.describe('When the section data was fetched') });

export const DataBundle = z.object({
  updated: Iso.describe('When this response was assembled'),
  prices: z
    .union([fresh(PriceItem), StaleSection])
    .optional()
    .describe('Crypto prices, refreshed about every 30 minutes'),
  yields: z
    .union([fresh(YieldItem), StaleSection])
    .optional()
    .describe('ETF distribution yields'),
  rates: z
    .union([fresh(RateItem), StaleSection])
    .optional()
    .describe('Verified bank rates: FDIC national averages'),
  staking: z
    .union([fresh(StakingItem), StaleSection])
    .optional()
    .describe('Staking yields of liquid staking tokens'),
});
export type DataBundle = z.infer<typeof DataBundle>;
export type SectionView = NonNullable<DataBundle[Section]>;

// The machine schema of GET /api/data, served by GET /api/data/schema.
export const DATA_BUNDLE_JSON_SCHEMA = z.toJSONSchema(DataBundle, { io: 'output' }) as Record<string, unknown>;
export const JsonSchemaOutput = z.record(z.string(), z.unknown());

const SectionHealth = z.object({
  state: z.enum(['fresh', 'stale', 'missing']),
  as_of: Iso.nullable(),
  source: z.string().nullable(),
  fresh_for_ms: z.number().int().describe('How long fetched data counts as fresh'),
  last_error: z.string().nullable(),
});

// What the data group adds to the shared health body.
export const DataStatus = z.object({
  status: z.enum(['ok', 'degraded']).describe('degraded when a section went stale or its last load failed'),
  sections: z.object({ prices: SectionHealth, yields: SectionHealth, rates: SectionHealth, staking: SectionHealth }),
  price_note: z.string().describe('Why the bundle costs what tolls says (the spec conflicts), and how to change it'),
  prices_refresh_ms: z.number().int(),
  etf_tickers: z.array(z.string()),
  providers: z.record(z.string(), z.boolean()).describe('Which optional providers are configured'),
  cache: cacheHealth,
});
export type DataStatus = z.infer<typeof DataStatus>;
export const HealthOutput = healthOutput(DataStatus.shape);
