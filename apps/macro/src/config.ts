import { BaseConfig, sensitive, splitList } from '@toll/platform';
import { z } from 'zod';

export const MacroConfig = BaseConfig.extend({
  // FRED, the Census geocoder and GitHub Pages all ask automated clients to identify themselves.
  MACRO_USER_AGENT: z.string().min(8).max(200).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  MACRO_FRED_BASE_URL: z.url().default('https://api.stlouisfed.org'),
  // Free key; without it the keyless fredgraph CSV serves (no series metadata beyond our catalog).
  MACRO_FRED_API_KEY: sensitive(z.string().min(1).max(100).optional()),
  MACRO_FREDGRAPH_BASE_URL: z.url().default('https://fred.stlouisfed.org'),
  MACRO_FRED_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(6_000),
  // Postgres holding the shared FRED governor (one key's 120/min across every replica and group), the same
  // database as SEC_GOVERNOR_DATABASE_URL; without it each process keeps to 100/min on its own.
  FRED_GOVERNOR_DATABASE_URL: sensitive(z.string().min(1).max(500).optional()),
  MACRO_CENSUS_BASE_URL: z.url().default('https://geocoding.geo.census.gov'),
  MACRO_CENSUS_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(6_000),
  // The congress-legislators dataset: its own site first, the GitHub Pages mirror second.
  MACRO_LEGISLATORS_BASE_URLS: z
    .string()
    .default('https://theunitedstates.io,https://unitedstates.github.io')
    .transform(splitList)
    .pipe(z.array(z.url()).min(1).max(3)),
  MACRO_LEGISLATORS_TIMEOUT_MS: z.coerce.number().int().min(100).max(15_000).default(8_000),
});
export type MacroConfig = z.infer<typeof MacroConfig>;
