import { healthOutput } from '@toll/platform';
import { z } from 'zod';

// The sectors Nasdaq's screener assigns (the snapshot's `sector` values).
export const SECTORS = [
  'Basic Materials',
  'Consumer Discretionary',
  'Consumer Staples',
  'Energy',
  'Finance',
  'Health Care',
  'Industrials',
  'Miscellaneous',
  'Real Estate',
  'Technology',
  'Telecommunications',
  'Utilities',
] as const;

// Screenable fields: the input name, its column, what it is.
export const FIELDS = {
  market_cap: { column: 'market_cap', about: 'Market capitalisation, USD' },
  price: { column: 'price', about: 'Last sale price, USD' },
  pe: { column: 'pe', about: 'Price/earnings: market cap ÷ net income of the last calendar year (null for a loss)' },
  pb: {
    column: 'pb',
    about: 'Price/book: market cap ÷ stockholders equity at the last quarter end (null when equity ≤ 0)',
  },
  net_margin: { column: 'net_margin', about: 'Net income ÷ revenue, percent' },
  operating_margin: { column: 'operating_margin', about: 'Operating income ÷ revenue, percent' },
  revenue_growth: { column: 'revenue_growth', about: 'Revenue growth over the prior calendar year, percent' },
  dividend_yield: {
    column: 'dividend_yield',
    about: 'Dividends declared per share in the last calendar year ÷ price, percent',
  },
} as const;
export type Field = keyof typeof FIELDS;
const FIELD_NAMES = Object.keys(FIELDS) as [Field, ...Field[]];

const bound = (field: Field, side: 'min' | 'max') =>
  z
    .number()
    .optional()
    .describe(`${side === 'min' ? 'Minimum' : 'Maximum'} ${FIELDS[field].about}`);
const ranges = Object.fromEntries(
  FIELD_NAMES.flatMap((f) => [
    [`${f}_min`, bound(f, 'min')],
    [`${f}_max`, bound(f, 'max')],
  ]),
) as Record<`${Field}_${'min' | 'max'}`, ReturnType<typeof bound>>;

// Every rule here, including min ≤ max for each range (a refinement naming the field), so a bad screen is
// refused before any 402.
const screenShape = {
  ...ranges,
  sectors: z
    .array(z.enum(SECTORS))
    .min(1)
    .max(SECTORS.length)
    .optional()
    .describe(`Keep only these sectors: ${SECTORS.join(', ')}`),
  sort: z.enum(FIELD_NAMES).default('market_cap').describe('Field to sort by (rows without it come last)'),
  order: z.enum(['asc', 'desc']).default('desc'),
};
const minNotAboveMax = (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const f of FIELD_NAMES) {
    const [min, max] = [v[`${f}_min`], v[`${f}_max`]] as Array<number | undefined>;
    if (min !== undefined && max !== undefined && min > max)
      ctx.addIssue({ code: 'custom', path: [`${f}_max`], message: `must not be below ${f}_min` });
  }
};

export const ScreenInput = z
  .strictObject({
    ...screenShape,
    limit: z.number().int().min(1).max(100).default(25).describe('Most rows to return, 1-100 (default 25)'),
  })
  .superRefine(minNotAboveMax)
  .meta({
    examples: [
      {
        sectors: ['Technology'],
        market_cap_min: 10000000000,
        pe_max: 30,
        sort: 'market_cap',
        order: 'desc',
        limit: 10,
      },
    ],
  });
export type ScreenInput = z.infer<typeof ScreenInput>;

export const PreviewInput = z.strictObject(screenShape).superRefine(minNotAboveMax);
export type PreviewInput = z.infer<typeof PreviewInput>;

export const TickerInput = z
  .strictObject({
    ticker: z
      .string()
      .regex(/^[A-Za-z0-9]{1,7}([.-][A-Za-z0-9]{1,3})?$/, 'must be a US ticker symbol such as AAPL or BRK.B')
      .describe('US ticker symbol, e.g. KO or BRK.B'),
  })
  .meta({ examples: [{ ticker: 'MSFT' }] });
export type TickerInput = z.infer<typeof TickerInput>;

export const EmptyInput = z.strictObject({});

const dec = z.string().nullable();
export const StockRow = z.object({
  ticker: z.string(),
  name: z.string(),
  cik: z.string().nullable(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  price: z.string(),
  market_cap: dec,
  pe: dec,
  pb: dec,
  net_margin: dec,
  operating_margin: dec,
  revenue_growth: dec,
  dividend_yield: dec,
  revenue: dec,
  net_income: dec,
});

const SnapshotInfo = z.object({
  as_of: z.string().describe('When the snapshot inputs were fetched (ISO 8601 UTC)'),
  built_at: z.string(),
  stale: z.boolean().describe('true when the last successful build is older than 3 days'),
  prices_source: z.string(),
  fundamentals_period: z.string(),
});

const Counts = {
  evaluated_count: z.number().int().describe('Stocks in the universe the screen ran over'),
  match_count: z.number().int().describe('Stocks passing every filter'),
};

export const ScreenOutput = z.object({
  ...Counts,
  count: z.number().int(),
  results: z
    .array(StockRow)
    .describe('Decimal strings; ratios in percent where named so; null where an input is missing'),
  snapshot: SnapshotInfo,
  universe: z.string(),
  sources: z.array(z.object({ id: z.string(), license: z.string() })),
});
export type ScreenOutput = z.infer<typeof ScreenOutput>;

export const PreviewOutput = z.object({
  ...Counts,
  first: z
    .array(z.object({ ticker: z.string(), name: z.string() }))
    .describe('The first 3 matches in the requested order'),
  snapshot: SnapshotInfo,
  note: z.string(),
});
export type PreviewOutput = z.infer<typeof PreviewOutput>;

export const StockOutput = StockRow.extend({
  snapshot: SnapshotInfo,
  sources: z.array(z.object({ id: z.string(), license: z.string() })),
});
export type StockOutput = z.infer<typeof StockOutput>;

export const HealthOutput = healthOutput({
  snapshot: SnapshotInfo.extend({ id: z.number().int(), row_count: z.number().int() }).nullable(),
  last_build: z.object({ at: z.string().nullable(), outcome: z.string().nullable(), error: z.string().nullable() }),
  fields: z.record(z.string(), z.string()),
  sectors: z.array(z.string()),
  governor: z.object({ sec: z.enum(['shared', 'per-process']), sec_rate_per_second: z.number() }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
