import { UsdAmount } from '@toll/contracts';
import { BaseConfig, sensitive, splitList } from '@toll/platform';
import { z } from 'zod';
import { DEFAULT_ETF_TICKERS } from './reference-data';

const baseUrl = (url: string) => z.url().default(url);
// An empty value (e.g. `KEY=` in compose) means "not configured", the same as leaving it out.
const apiKey = () => sensitive(z.string().max(200).optional());

export const DataConfig = BaseConfig.extend({
  // Several providers (FRED, Nasdaq) rate-limit or block anonymous or library-default agents.
  DATA_USER_AGENT: z.string().min(1).max(200).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  // GET /api/data toll. Spec §4.1 says 0.05 in the interface description and "no auth" on the page;
  // we charge 0.05 unless this says otherwise ("0" or "free" makes it free). pricing.ts reads it at import.
  DATA_BUNDLE_PRICE_USD: z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (v) => v === 'free' || UsdAmount.safeParse(v).success,
      'a USD decimal string with at most 6 decimals, "0" or "free"',
    )
    .default('0.05'),
  // How often the background job pulls prices (spec §2.2: about every 30 minutes).
  DATA_PRICES_REFRESH_MS: z.coerce.number().int().min(60_000).max(21_600_000).default(1_800_000),
  // ETFs in the yields section; each costs a price call every 15 min and a distribution call a day.
  DATA_ETF_TICKERS: z
    .string()
    .default(DEFAULT_ETF_TICKERS.join(','))
    .transform((s) => [...new Set(splitList(s).map((t) => t.toUpperCase()))])
    .pipe(
      z
        .array(z.string().regex(/^[A-Z][A-Z.]{0,9}$/, 'ticker symbols such as SPY'))
        .min(1)
        .max(20),
    ),
  DATA_COINGECKO_BASE_URL: baseUrl('https://api.coingecko.com'),
  DATA_COINGECKO_API_KEY: apiKey(), // Demo key; keyless works but throttles quickly
  DATA_PYTH_BASE_URL: baseUrl('https://hermes.pyth.network'),
  // Nasdaq's quote API is an unofficial website back-end whose terms do not grant API use: switchable off.
  DATA_NASDAQ_ENABLED: z.stringbool().default(true),
  DATA_NASDAQ_BASE_URL: baseUrl('https://api.nasdaq.com'),
  DATA_POLYGON_BASE_URL: baseUrl('https://api.polygon.io'),
  DATA_POLYGON_API_KEY: apiKey(), // Massive (ex-Polygon) free key; without it the ETF fallback is off
  DATA_FRED_BASE_URL: baseUrl('https://api.stlouisfed.org'),
  DATA_FRED_API_KEY: apiKey(), // without it the keyless fredgraph CSV is used directly
  DATA_FREDGRAPH_BASE_URL: baseUrl('https://fred.stlouisfed.org'),
  DATA_DEFILLAMA_BASE_URL: baseUrl('https://yields.llama.fi'),
  DATA_JITO_BASE_URL: baseUrl('https://kobe.mainnet.jito.network'),
  DATA_MARINADE_BASE_URL: baseUrl('https://api.marinade.finance'),
});
export type DataConfig = z.infer<typeof DataConfig>;
