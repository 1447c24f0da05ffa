import { healthOutput } from '@toll/platform';
import { z } from 'zod';

// Inputs are strict (unknown fields are rejected). Share classes may be written with a dot or a dash.
export const TickerInput = z
  .strictObject({
    ticker: z
      .string()
      .regex(/^[A-Za-z0-9]{1,7}([.-][A-Za-z0-9]{1,3})?$/, 'must be a US ticker symbol such as GME or BRK.B')
      .describe('US ticker symbol, e.g. GME or BRK.B (case-insensitive)'),
  })
  .meta({ examples: [{ ticker: 'GME' }] });
export type TickerInput = z.infer<typeof TickerInput>;

export const EmptyInput = z.strictObject({});

const PointInTime = {
  settlement_date: z.string().describe('Date the short positions were measured (YYYY-MM-DD)'),
  publication_date: z
    .string()
    .describe("Date FINRA disseminates that settlement's data (its schedule: 7th business day after settlement)"),
};

export const GetShortOutput = z.object({
  ticker: z.string(),
  issue_name: z.string(),
  market: z.string().describe('FINRA market class of the listing (NYSE, NNM, ARCA, BZX, …)'),
  ...PointInTime,
  first_seen_at: z.string().describe('When this service first loaded that settlement date'),
  shares_short: z.string().describe('Short position at settlement, shares (exact integer string)'),
  previous_shares_short: z.string().nullable().describe('At the previous settlement date'),
  change: z.string().nullable().describe('shares_short minus previous_shares_short'),
  change_pct: z.string().nullable(),
  average_daily_volume: z.string().nullable().describe('Shares, over the settlement period'),
  days_to_cover: z.string().nullable().describe('shares_short ÷ average_daily_volume, as FINRA computes it'),
  revised: z.boolean().describe('FINRA flagged the row as a revision'),
  stock_split: z.boolean().describe('A stock split happened in the period'),
  latest_loaded_settlement_date: z
    .string()
    .describe('The newest settlement date loaded; differs when the ticker is absent from it'),
  source: z.literal('finra'),
  attribution: z.string(),
  source_url: z.string(),
});
export type GetShortOutput = z.infer<typeof GetShortOutput>;

export const GetMostShortedOutput = z.object({
  ...PointInTime,
  filters: z.object({
    min_average_daily_volume: z.number().int().describe('Liquidity floor in shares'),
    excluded_markets: z.array(z.string()).describe('OTC market classes left out'),
  }),
  eligible_count: z.number().int().describe('Rows of that settlement date that pass the filters'),
  count: z.number().int(),
  items: z.array(
    z.object({
      rank: z.number().int(),
      ticker: z.string(),
      issue_name: z.string(),
      market: z.string(),
      days_to_cover: z.string(),
      shares_short: z.string(),
      average_daily_volume: z.string(),
      change_pct: z.string().nullable(),
    }),
  ),
  source: z.literal('finra'),
  attribution: z.string(),
});
export type GetMostShortedOutput = z.infer<typeof GetMostShortedOutput>;

export const HealthOutput = healthOutput({
  sync: z.object({
    last_settlement_date: z.string().nullable().describe('Newest settlement date loaded'),
    last_publication_date: z.string().nullable(),
    loaded_at: z.string().nullable().describe('When its current file was loaded'),
    rows: z.number().int().nullable(),
    files_loaded: z.number().int(),
    next_settlement_date: z.string().describe('Next settlement date after the newest loaded one'),
    next_expected_publication: z
      .string()
      .describe('When FINRA should publish it; the sync looks every interval after that'),
    overdue: z.boolean().describe('The next file is more than 2 days past its expected publication'),
    last_run_at: z.string().nullable(),
    last_outcome: z.string().nullable(),
    last_error: z.string().nullable(),
    interval_hours: z.number(),
  }),
  source: z.object({ id: z.literal('finra'), base_url: z.string(), terms: z.string() }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
