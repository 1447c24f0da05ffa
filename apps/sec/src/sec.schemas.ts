import { healthOutput } from '@toll/platform';
import { cacheHealth, providerHealth } from '@toll/upstream';
import { CONCEPTS, FigureValue, type Figure } from '@toll/markets';
import { z } from 'zod';

// Inputs are strict (unknown fields are rejected). A ticker is letters and digits with an optional share
// class after a dot or dash (BRK.B, BRK-B); SEC spells classes with a dash, so a dot is read as one.
export const TickerInput = z
  .strictObject({
    ticker: z
      .string()
      .regex(/^[A-Za-z0-9]{1,7}([.-][A-Za-z0-9]{1,3})?$/, 'must be a US ticker symbol such as AAPL or BRK.B')
      .describe('US ticker symbol, e.g. AAPL or BRK.B (case-insensitive)'),
  })
  .meta({ examples: [{ ticker: 'AAPL' }] });
export type TickerInput = z.infer<typeof TickerInput>;

export const EmptyInput = z.strictObject({});

const Freshness = z.object({
  as_of: z.string().describe('When the data was fetched from SEC (ISO 8601 UTC)'),
  stale: z.boolean().describe('true when SEC could not be reached and an older cached answer is served'),
  reason: z.string().optional().describe('Why stale data is served'),
});

const Company = {
  ticker: z.string().describe('Ticker as SEC spells it (share classes with a dash: BRK-B)'),
  cik: z.string().describe('SEC Central Index Key, zero-padded to 10 digits'),
  name: z.string().describe('Company name as registered with SEC'),
};

const FIGURE_FIELDS =
  'Each figure (null where the company tags none): value (exact decimal string as reported), unit as reported ' +
  '(USD, USD/shares, ' +
  'shares, or the currency an IFRS filer reports in, such as TWD or EUR/shares), ' +
  'concept (XBRL taxonomy:name it came from), period {start (null for balance-sheet and share figures), end, ' +
  'days}, fiscal_year, ' +
  'fiscal_period (FY, Q1-Q3), form (10-K, 10-Q, 20-F or an amendment), accession_number and filed (to cite the ' +
  'filing), ' +
  'filing_index_url (SEC archive), classes_summed (share classes added up for shares_outstanding, else null).';

const Figures = z.record(z.enum(Object.keys(CONCEPTS) as [Figure, ...Figure[]]), FigureValue.nullable());

export const GetFundamentalsOutput = z.object({
  ...Company,
  annual: Figures.describe(`Latest fiscal-year values from annual reports (10-K, 20-F, 40-F). ${FIGURE_FIELDS}`),
  quarterly: Figures.describe(
    'Latest values from quarterly reports (10-Q): the three-month figure where reported, else year-to-date ' +
      '(period.days says which); fields as in annual',
  ),
  concepts: z
    .record(z.string(), z.array(z.string()))
    .describe('The XBRL concepts read for each figure, in order of preference'),
  source: z.literal('sec'),
  attribution: z.string(),
  notes: z.array(z.string()),
  freshness: Freshness,
});
export type GetFundamentalsOutput = z.infer<typeof GetFundamentalsOutput>;

export const GetFilingsOutput = z.object({
  ...Company,
  count: z.number().int(),
  filings: z.array(
    z.object({
      form: z.string().describe('Form type: 10-K, 10-Q, 8-K, 4, …'),
      filing_date: z.string().describe('Date filed (YYYY-MM-DD)'),
      report_date: z.string().nullable().describe('Period the filing reports on, when it has one'),
      accession_number: z.string(),
      primary_document: z.string(),
      description: z.string().nullable().describe('SEC description of the primary document'),
      url: z.string().describe('The primary document in the SEC archive (the index page when there is none)'),
      index_url: z.string().describe('The filing index page in the SEC archive'),
    }),
  ),
  source: z.literal('sec'),
  attribution: z.string(),
  freshness: Freshness,
});
export type GetFilingsOutput = z.infer<typeof GetFilingsOutput>;

export const HealthOutput = healthOutput({
  sources: z.array(providerHealth),
  governor: z.object({
    mode: z.enum(['shared', 'per-process']).describe('shared: one Postgres-backed schedule across replicas and groups'),
    rate_per_second: z.number().describe('Requests per second to SEC, for all replicas together when shared'),
    fallback_rate_per_second: z.number().describe('Per-process rate while the shared governor is unavailable'),
    calls: z.object({ shared: z.number().int(), fallback: z.number().int() }).nullable(),
  }),
  cache: cacheHealth,
});
export type HealthOutput = z.infer<typeof HealthOutput>;
