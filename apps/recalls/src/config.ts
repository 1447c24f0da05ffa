import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

const ms = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const rate = (fallback: number) => z.coerce.number().min(0.1).max(100).default(fallback);

export const RecallsConfig = BaseConfig.extend({
  // All three agencies ask clients to identify themselves; one configurable UA (upstreams.md cross-cutting 6).
  RECALLS_USER_AGENT: z.string().min(1).max(200).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  RECALLS_OPENFDA_URL: z.url().default('https://api.fda.gov'),
  // Optional free key: raises openFDA's keyless 1,000 requests/day per IP to 120,000 per key.
  RECALLS_OPENFDA_API_KEY: sensitive(z.string().min(1).optional()),
  RECALLS_OPENFDA_TIMEOUT_MS: ms(100, 30_000, 4_000),
  // openFDA allows 240/min; a search makes three requests (food, drug, device).
  RECALLS_OPENFDA_RATE_PER_SECOND: rate(3),
  RECALLS_CPSC_ENABLED: z.stringbool().default(true),
  RECALLS_CPSC_URL: z.url().default('https://www.saferproducts.gov/RestWebServices'),
  RECALLS_CPSC_TIMEOUT_MS: ms(100, 30_000, 5_000),
  // CPSC publishes no limit ("fair use"): one request per second per replica.
  RECALLS_CPSC_RATE_PER_SECOND: rate(1),
  RECALLS_NHTSA_URL: z.url().default('https://api.nhtsa.gov'),
  RECALLS_VPIC_URL: z.url().default('https://vpic.nhtsa.dot.gov/api'),
  RECALLS_NHTSA_TIMEOUT_MS: ms(100, 30_000, 4_000),
  // NHTSA publishes no limit ("fair use"): two requests per second per replica, shared by recalls and VIN decoding.
  RECALLS_NHTSA_RATE_PER_SECOND: rate(2),
});
export type RecallsConfig = z.infer<typeof RecallsConfig>;
