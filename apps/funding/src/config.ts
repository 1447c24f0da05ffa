import { BaseConfig, sensitive, splitList } from '@toll/platform';
import { z } from 'zod';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

const list = z
  .string()
  .transform((s) => splitList(s).map((v) => v.toUpperCase()))
  .pipe(
    z
      .array(z.string().regex(/^[A-Z0-9]{1,20}$/))
      .min(1)
      .max(50),
  );

export const FundingConfig = BaseConfig.extend({
  DATABASE_URL: sensitive(
    z.string().startsWith('postgres').default('postgresql://postgres@127.0.0.1:5432/toll_funding'),
  ),
  FUNDING_MIGRATE_ON_START: z.enum(['true', 'false']).default('true'), // false where a release step migrates instead
  FUNDING_USER_AGENT: z.string().min(8).max(200).default(DEFAULT_USER_AGENT),
  // Public keyless market data. Binance answers 451 and Bybit 403 from US addresses: deploy outside the US or
  // turn the venue off (the answer then names it as disabled).
  FUNDING_BINANCE_ENABLED: z.stringbool().default(true),
  FUNDING_BINANCE_BASE_URL: z.url().default('https://fapi.binance.com'),
  FUNDING_BYBIT_ENABLED: z.stringbool().default(true),
  FUNDING_BYBIT_BASE_URL: z.url().default('https://api.bybit.com'),
  FUNDING_OKX_ENABLED: z.stringbool().default(true),
  FUNDING_OKX_BASE_URL: z.url().default('https://www.okx.com'),
  // Hyperliquid's predictedFundings mirrors Binance's and Bybit's rates: used when either venue fails or blocks us.
  FUNDING_HYPERLIQUID_ENABLED: z.stringbool().default(true),
  FUNDING_HYPERLIQUID_BASE_URL: z.url().default('https://api.hyperliquid.xyz'),
  FUNDING_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(3_000),
  // top-funded keeps only markets with at least this much 24 h quote volume (USDT) on their venue.
  FUNDING_TOP_MIN_VOLUME_USD: z.coerce.number().int().min(0).max(1e12).default(10_000_000),
  // Liquidation collector: the bases it records (OKX USDT swaps), how often, and how far it pages back per poll.
  FUNDING_LIQUIDATION_BASES: list.default(['BTC', 'ETH', 'SOL']),
  FUNDING_COLLECTOR_ENABLED: z.stringbool().default(true),
  FUNDING_COLLECTOR_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  FUNDING_COLLECTOR_MAX_PAGES: z.coerce.number().int().min(1).max(50).default(5),
  // A page that is not full holds every event OKX still serves; we only claim this much of it as covered.
  FUNDING_OKX_LIQUIDATION_HORIZON_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(3_600_000),
});
export type FundingConfig = z.infer<typeof FundingConfig>;
