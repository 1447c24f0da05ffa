import { BaseConfig, sensitive, splitList } from '@toll/platform';
import { z } from 'zod';
import { DEFAULT_UNIVERSE } from './universe';

const tickers = z.array(z.string().regex(/^[A-Z][A-Z0-9]{0,5}$/, 'ETF ticker symbols such as SCHD'));

export const EtfConfig = BaseConfig.extend({
  // Massive asks for an identifying agent; Nasdaq gets a browser's headers instead (see @toll/markets).
  ETF_USER_AGENT: z.string().min(8).max(200).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  // Nasdaq's quote API is an unofficial website back-end whose terms do not grant API use: switchable off.
  ETF_NASDAQ_ENABLED: z.stringbool().default(true),
  ETF_NASDAQ_BASE_URL: z.url().default('https://api.nasdaq.com'),
  // Short, so that a hanging Nasdaq (the reported failure mode) still leaves time for Massive.
  ETF_NASDAQ_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(4_000),
  ETF_POLYGON_BASE_URL: z.url().default('https://api.polygon.io'),
  // Massive (ex-Polygon) key; without it the fallback is off
  ETF_POLYGON_API_KEY: sensitive(z.string().max(200).optional()),
  ETF_POLYGON_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(5_000),
  // Calls per minute per replica: the free plan allows 5; paid plans far more.
  ETF_POLYGON_RATE_PER_MINUTE: z.coerce.number().min(1).max(100_000).default(5),
  // Screener universe (comma-separated) and how often it is rebuilt in the background.
  ETF_SCREENER_UNIVERSE: z
    .string()
    .default(DEFAULT_UNIVERSE.join(','))
    .transform((s) => [...new Set(splitList(s).map((t) => t.toUpperCase()))])
    .pipe(tickers.min(1).max(100)),
  ETF_SCREENER_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(7 * 86_400_000)
    .default(86_400_000),
  // Build the snapshot at start (so the first screen does not wait for it) and then every refresh period.
  ETF_SCREENER_WARM_ON_START: z.stringbool().default(true),
});
export type EtfConfig = z.infer<typeof EtfConfig>;
