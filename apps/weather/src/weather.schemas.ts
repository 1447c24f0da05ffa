import { healthOutput } from '@toll/platform';
import { cacheHealth, lastOutcome } from '@toll/upstream';
import { z } from 'zod';

// Inputs are strict (unknown fields are rejected). GET query values arrive as numbers: the gateway
// coerces them from the announced JSON Schema.
const lat = z
  .number()
  .min(-90)
  .max(90)
  .describe('Latitude in decimal degrees, -90 to 90 (rounded to 2 decimals, about 1.1 km)');
const lon = z
  .number()
  .min(-180)
  .max(180)
  .describe('Longitude in decimal degrees, -180 to 180 (rounded to 2 decimals, about 1.1 km)');

export const PointInput = z.strictObject({ lat, lon });
export type PointInput = z.infer<typeof PointInput>;
// One example per operation, each a point the committed recordings answer (npm start -- --replay serves it): current
// weather in Berlin (Open-Meteo), active alerts in Kansas (NWS covers the US only).
export const CurrentInput = PointInput.meta({ examples: [{ lat: 52.52, lon: 13.41 }] });
export const AlertsInput = PointInput.meta({ examples: [{ lat: 39.75, lon: -97.09 }] });

export const ForecastInput = z
  .strictObject({
    lat,
    lon,
    days: z
      .number()
      .int()
      .min(1)
      .max(16)
      .default(7)
      .describe('Number of days, 1-16 (default 7), starting today in local time'),
  })
  .meta({ examples: [{ lat: 52.52, lon: 13.41, days: 3 }] });
export type ForecastInput = z.infer<typeof ForecastInput>;

export const EmptyInput = z.strictObject({});

const num = z.number().nullable();
const Source = z.enum(['open-meteo', 'met-norway', 'nws']);

const Location = z.object({
  latitude: z.number().describe('The point used: the requested latitude rounded to 2 decimals (also the cache key)'),
  longitude: z.number().describe('The point used: the requested longitude rounded to 2 decimals (also the cache key)'),
  precision_deg: z.number().describe('Grid the coordinates are rounded to (0.01)'),
  requested: z.object({ latitude: z.number(), longitude: z.number() }),
  timezone: z.string().nullable().describe('IANA time zone of the point; local times carry its offset'),
  elevation_m: num.describe('Elevation the provider used for the point'),
});

const Attribution = z.object({
  text: z.string(),
  url: z.string(),
  license: z.string(),
});

const Freshness = z.object({
  as_of: z.string().describe('When the data was fetched from the provider (ISO 8601 UTC)'),
  stale: z.boolean().describe('true when every provider failed and an older cached answer is served'),
  reason: z.string().optional().describe('Why stale data is served'),
});

const Provenance = {
  source: Source.describe('Provider that produced the data (the fallback when the primary failed)'),
  attribution: Attribution.describe('Credit the provider wherever the data is shown'),
  notes: z.array(z.string()).describe('Caveats: fallback used, provider limits, what a value means'),
  freshness: Freshness,
};

const ConditionFields = {
  condition: z.string().describe('Plain-text weather condition'),
  weather_code: num.describe('WMO 4677 weather code (Open-Meteo only)'),
  symbol_code: z.string().nullable().describe('MET Norway symbol code (MET Norway only)'),
};

export const GetCurrentOutput = z.object({
  location: Location,
  current: z.object({
    time: z.string().describe('Time the values are for, ISO 8601 with the local offset'),
    ...ConditionFields,
    is_day: z.boolean().nullable(),
    relative_humidity_pct: num,
    cloud_cover_pct: num,
    wind_direction_deg: num.describe('Direction the wind comes from, degrees'),
    metric: z.object({
      temperature_c: num,
      apparent_temperature_c: num,
      precipitation_mm: num,
      wind_speed_kmh: num,
      wind_gusts_kmh: num,
      pressure_hpa: num.describe('Mean sea-level pressure'),
    }),
    imperial: z
      .object({
        temperature_f: num,
        apparent_temperature_f: num,
        precipitation_in: num,
        wind_speed_mph: num,
        wind_gusts_mph: num,
        pressure_inhg: num,
      })
      .describe('Converted from the same upstream values as metric with exact factors, then rounded'),
  }),
  ...Provenance,
});
export type GetCurrentOutput = z.infer<typeof GetCurrentOutput>;

export const GetForecastOutput = z.object({
  location: Location,
  days_requested: z.number().int(),
  days: z.array(
    z.object({
      date: z.string().describe('Local date, YYYY-MM-DD'),
      ...ConditionFields,
      precipitation_probability_pct: num,
      uv_index_max: num,
      sunrise: z.string().nullable(),
      sunset: z.string().nullable(),
      metric: z.object({
        temperature_max_c: num,
        temperature_min_c: num,
        precipitation_mm: num,
        wind_speed_max_kmh: num,
      }),
      imperial: z.object({
        temperature_max_f: num,
        temperature_min_f: num,
        precipitation_in: num,
        wind_speed_max_mph: num,
      }),
    }),
  ),
  ...Provenance,
});
export type GetForecastOutput = z.infer<typeof GetForecastOutput>;

const Alert = z.object({
  id: z.string(),
  event: z.string(),
  headline: z.string().nullable(),
  severity: z.string().describe('Extreme, Severe, Moderate, Minor or Unknown'),
  urgency: z.string(),
  certainty: z.string(),
  status: z.string(),
  message_type: z.string(),
  category: z.string(),
  area: z.string(),
  sent: z.string(),
  effective: z.string(),
  onset: z.string().nullable(),
  expires: z.string().nullable(),
  ends: z.string().nullable(),
  sender: z.string().nullable(),
  description: z.string().nullable(),
  instruction: z.string().nullable(),
  response: z.string().nullable(),
});

export const GetAlertsOutput = z.object({
  location: Location,
  coverage: z.literal('US only'),
  in_coverage: z.boolean().describe('false for points outside the US: no provider is asked and alerts is empty'),
  note: z.string().nullable(),
  count: z.number().int(),
  alerts: z.array(Alert),
  updated: z.string().nullable().describe('When NWS last updated its alert collection'),
  source: Source.nullable().describe('nws, or null when no provider was asked (non-US point)'),
  attribution: Attribution.nullable(),
  freshness: Freshness.nullable(),
});
export type GetAlertsOutput = z.infer<typeof GetAlertsOutput>;

const SourceStatus = z.object({
  id: Source,
  role: z.string(),
  enabled: z.boolean(),
  base_url: z.string(),
  license: z.string(),
  terms: z.string(),
  ...lastOutcome,
});

export const HealthOutput = healthOutput({
  sources: z.array(SourceStatus),
  cache: cacheHealth.extend({
    rounding: z.string(),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
