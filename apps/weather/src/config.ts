import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

export const WeatherConfig = BaseConfig.extend({
  // NWS and MET Norway refuse anonymous or generic clients: name the service and a contact.
  WEATHER_USER_AGENT: z.string().min(8).max(200).default(DEFAULT_USER_AGENT),

  // Open-Meteo's keyless API is for non-commercial use only; a paid deployment sets an API key
  // (or points the base URL at a self-hosted Open-Meteo), or turns the provider off.
  WEATHER_OPENMETEO_ENABLED: z.stringbool().default(true),
  // Without it: https://customer-api.open-meteo.com with an API key, else the free https://api.open-meteo.com.
  WEATHER_OPENMETEO_BASE_URL: z.url().optional(),
  WEATHER_OPENMETEO_API_KEY: sensitive(z.string().min(1).max(200).optional()),
  WEATHER_OPENMETEO_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(4_000),
  // Requests/s per replica. The default is half the free tier's 600/min; paid plans allow more.
  WEATHER_OPENMETEO_RATE_PER_SECOND: z.coerce.number().min(0.1).max(1_000).default(5),

  // MET Norway: keyless, commercial use allowed with credit; the fallback for current and forecast.
  WEATHER_METNO_ENABLED: z.stringbool().default(true),
  WEATHER_METNO_BASE_URL: z.url().default('https://api.met.no/weatherapi'),
  WEATHER_METNO_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(4_000),

  // NWS: US alerts; public domain, keyless, User-Agent required.
  WEATHER_NWS_BASE_URL: z.url().default('https://api.weather.gov'),
  WEATHER_NWS_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(4_000),
});
export type WeatherConfig = z.infer<typeof WeatherConfig>;
