import { healthOutput } from '@toll/platform';
import { lastOutcome } from '@toll/upstream';
import { z } from 'zod';

// USDT-margined perpetuals only: a base (BTC, 1000PEPE), optionally joined to USDT (or USD, read as USDT) by -, / or _,
// optionally ending in PERP or SWAP; or one word ending in USDT (btcusdt). Written without regex flags so the
// gateway's JSON Schema check refuses the same strings before any payment.
const SYMBOL = /^[A-Za-z0-9]{1,20}([-/_][Uu][Ss][Dd][Tt]?)?([-/_]([Pp][Ee][Rr][Pp]|[Ss][Ww][Aa][Pp]))?$/;

export const SymbolParam = z
  .string()
  .min(1)
  .max(40)
  .regex(
    SYMBOL,
    'a base symbol (BTC), BTC-USDT, BTC/USDT, btcusdt, BTC-PERP or BTC-USDT-SWAP; only USDT-margined perpetuals ' +
      'are covered',
  )
  .describe('Perpetual in any usual form: BTC, BTC-USDT, BTC/USDT, btcusdt, BTC-PERP, BTC-USDT-SWAP (USDT-margined)');

export const FundingInput = z.strictObject({ symbol: SymbolParam }).meta({ examples: [{ symbol: 'BTC' }] });
export type FundingInput = z.infer<typeof FundingInput>;

export const MAX_LIQUIDATION_HOURS = 72;
export const LiquidationsInput = z
  .strictObject({
    symbol: SymbolParam,
    hours: z
      .number()
      .int()
      .min(1)
      .max(MAX_LIQUIDATION_HOURS)
      .default(24)
      .describe(`Window ending now, in hours: 1-${MAX_LIQUIDATION_HOURS} (default 24; the collector keeps 72 h)`),
  })
  .meta({ examples: [{ symbol: 'ETH-USDT', hours: 24 }] });
export type LiquidationsInput = z.infer<typeof LiquidationsInput>;

export const TopFundedInput = z.strictObject({
  limit: z.number().int().min(1).max(100).default(20).describe('Rows to return, 1-100 (default 20)'),
});
export type TopFundedInput = z.infer<typeof TopFundedInput>;

export const EmptyInput = z.strictObject({});

const Venue = z.enum(['binance', 'bybit', 'okx']);
const rate = (what: string) => z.string().describe(`${what}, a decimal fraction (0.0001 = 0.01 %)`);

const Freshness = z.object({
  as_of: z.string().describe('When the venue was read (ISO 8601 UTC)'),
  stale: z.boolean().describe('true when the venue failed just now and an older reading is served'),
  reason: z.string().optional(),
});

const VenueRate = z.object({
  venue: Venue,
  venue_symbol: z.string(),
  rate: rate('Rate for the current interval, settled at next_funding_time (the venue’s live estimate until then)'),
  interval_hours: z
    .number()
    .int()
    .describe('Funding interval of this market on this venue (1, 2, 4 or 8 h; per symbol)'),
  interval_source: z.string().describe('Where the interval comes from'),
  next_funding_time: z.string().describe('Next settlement (ISO 8601 UTC)'),
  hourly: rate('rate ÷ interval_hours'),
  annualized: rate('rate × 8760 ÷ interval_hours (simple, not compounded)'),
  predicted_next_rate: rate(
    'Forecast for the interval after next_funding_time, where the venue publishes one',
  ).nullable(),
  mark_price: z.string().nullable(),
  via: z
    .string()
    .nullable()
    .describe("Set when the venue failed and its rate was read from Hyperliquid's predictedFundings mirror, with why"),
  freshness: Freshness,
});

const VenueFailure = z.object({
  venue: Venue,
  status: z.enum(['geo_blocked', 'down', 'timeout', 'not_listed', 'disabled']),
  reason: z.string(),
  http_status: z.number().int().nullable(),
});

export const FundingOutput = z.object({
  symbol: z.string().describe('What was asked'),
  market: z.string().describe('The resolved market: <BASE>-USDT-PERP'),
  base: z.string(),
  venues: z.array(VenueRate).describe('Venues that answered, highest annualized rate first'),
  unavailable: z.array(VenueFailure).describe('Venues that did not answer, each with its reason'),
  spread: z
    .object({
      annualized: rate('Highest minus lowest annualized rate across the venues that answered'),
      hourly: rate('Highest minus lowest hourly rate'),
      highest: Venue,
      lowest: Venue,
    })
    .nullable()
    .describe('null when fewer than two venues answered'),
  complete: z.boolean().describe('true when all three venues answered'),
  notes: z.array(z.string()),
});
export type FundingOutput = z.infer<typeof FundingOutput>;

const Coverage = z.object({
  requested: z.object({ from: z.string(), to: z.string() }),
  covered: z
    .array(z.object({ from: z.string(), to: z.string() }))
    .describe('Stretches of the window the collector recorded in full'),
  covered_hours: z.string().describe('Sum of the covered stretches, hours (3 decimals)'),
  complete: z.boolean().describe('true when the whole requested window is covered'),
  note: z.string(),
});

const Cell = z.object({
  price_from: z.string(),
  price_to: z.string(),
  long_usd: z.string(),
  short_usd: z.string(),
  events: z.number().int(),
});

export const LiquidationsOutput = z.object({
  symbol: z.string(),
  market: z.string(),
  base: z.string(),
  hours: z.number().int(),
  venues: z.array(Venue).describe('Venues whose liquidations are recorded'),
  coverage: Coverage,
  time_bucket_hours: z.number().int(),
  price_bucket_usd: z.string().nullable().describe('Width of one price bucket (null when there were no events)'),
  buckets: z
    .array(z.object({ from: z.string(), to: z.string(), cells: z.array(Cell) }))
    .describe('Time buckets, oldest first; each lists its non-empty price buckets, lowest first'),
  totals: z.object({ long_usd: z.string(), short_usd: z.string(), total_usd: z.string(), events: z.number().int() }),
  method: z.string().describe('How the heatmap is built; recorded events only, no modelled levels'),
});
export type LiquidationsOutput = z.infer<typeof LiquidationsOutput>;

export const TopFundedOutput = z.object({
  limit: z.number().int(),
  liquidity_filter: z.string(),
  rows: z.array(
    z.object({
      rank: z.number().int(),
      venue: Venue,
      venue_symbol: z.string(),
      base: z.string(),
      rate: z.string(),
      interval_hours: z.number().int(),
      hourly: z.string(),
      annualized: z.string(),
      next_funding_time: z.string(),
      volume_24h_usd: z.string(),
    }),
  ),
  unavailable: z.array(VenueFailure),
  freshness: z.object({ as_of: z.string(), stale: z.boolean(), reason: z.string().optional() }),
  notes: z.array(z.string()),
});
export type TopFundedOutput = z.infer<typeof TopFundedOutput>;

export const HealthOutput = healthOutput({
  tracked: z.object({
    funding: z.string().describe('Which markets the funding routes cover'),
    liquidation_bases: z.array(z.string()),
  }),
  venues: z.array(
    z.object({
      venue: Venue,
      enabled: z.boolean(),
      base_url: z.string(),
      terms: z.string(),
      ...lastOutcome,
    }),
  ),
  mirror: z
    .object({ source: z.literal('hyperliquid'), enabled: z.boolean(), base_url: z.string(), role: z.string() })
    .describe(
      "Hyperliquid's predictedFundings, used for Binance and Bybit rates when those venues fail or block this server",
    ),
  collector: z.object({
    enabled: z.boolean(),
    interval_ms: z.number().int(),
    last_run_at: z.string().nullable(),
    last_error: z.string().nullable(),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
