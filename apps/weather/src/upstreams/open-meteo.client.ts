// Open-Meteo Forecast API — https://open-meteo.com/en/docs (docs/upstreams.md §10, primary).
// Licence trap: the keyless api.open-meteo.com is for NON-COMMERCIAL use only (600/min, 5,000/h,
// 10,000/day). A pay-per-call API is commercial, so production sets WEATHER_OPENMETEO_API_KEY (paid plan,
// host customer-api.open-meteo.com, `&apikey=`), points WEATHER_OPENMETEO_BASE_URL at a self-hosted
// Open-Meteo (code AGPLv3), or sets WEATHER_OPENMETEO_ENABLED=false. Data is CC BY 4.0: credit Open-Meteo.
// Odd shapes: errors come as HTTP 400 `{"error": true, "reason": "..."}`; values are column arrays
// (daily.time[i] ↔ daily.x[i]) and any value may be null; times are local wall-clock times without an
// offset (timezone=auto), the zone given by `timezone`.
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { FixedOffsetZone, IANAZone, type Zone, DateTime } from 'luxon';
import { z } from 'zod';
import { wmoCondition } from '../conditions';
import type { WeatherConfig } from '../config';
import type { CurrentObservation, Forecast, Point, WeatherProvider } from '../weather.model';

const FREE_BASE_URL = 'https://api.open-meteo.com';
const COMMERCIAL_BASE_URL = 'https://customer-api.open-meteo.com';

const CURRENT_VARS = [
  'temperature_2m',
  'apparent_temperature',
  'relative_humidity_2m',
  'precipitation',
  'weather_code',
  'cloud_cover',
  'pressure_msl',
  'wind_speed_10m',
  'wind_direction_10m',
  'wind_gusts_10m',
  'is_day',
].join(',');
const DAILY_VARS = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'precipitation_probability_max',
  'wind_speed_10m_max',
  'sunrise',
  'sunset',
  'uv_index_max',
].join(',');
// Asked for explicitly (they are also the defaults), since imperial values are derived from these.
const METRIC_UNITS = { temperature_unit: 'celsius', wind_speed_unit: 'kmh', precipitation_unit: 'mm' };

const value = z
  .number()
  .nullish()
  .transform((v) => v ?? null);
const wallClock = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'a local time like 2026-11-22T15:00');
const column = z.array(z.number().nullable());
const Located = z.object({
  elevation: value,
  timezone: z.string(),
  utc_offset_seconds: z.number(),
});
const CurrentBody = Located.extend({
  current: z.object({
    time: wallClock,
    interval: z.number().int().positive(),
    temperature_2m: value,
    apparent_temperature: value,
    relative_humidity_2m: value,
    precipitation: value,
    weather_code: value,
    cloud_cover: value,
    pressure_msl: value,
    wind_speed_10m: value,
    wind_direction_10m: value,
    wind_gusts_10m: value,
    is_day: value,
  }),
});
const DailyBody = Located.extend({
  daily: z.object({
    time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
    weather_code: column,
    temperature_2m_max: column,
    temperature_2m_min: column,
    precipitation_sum: column,
    precipitation_probability_max: column,
    wind_speed_10m_max: column,
    sunrise: z.array(wallClock.nullable()),
    sunset: z.array(wallClock.nullable()),
    uv_index_max: column,
  }),
});

@Injectable()
export class OpenMeteoClient implements WeatherProvider, OnModuleInit {
  readonly id = 'open-meteo';
  readonly enabled: boolean;
  readonly baseUrl: string;
  private readonly api: Upstream;

  constructor(
    @Inject(APP_CONFIG) private readonly config: WeatherConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    this.enabled = config.WEATHER_OPENMETEO_ENABLED;
    this.baseUrl =
      config.WEATHER_OPENMETEO_BASE_URL ?? (config.WEATHER_OPENMETEO_API_KEY ? COMMERCIAL_BASE_URL : FREE_BASE_URL);
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.WEATHER_OPENMETEO_TIMEOUT_MS,
      userAgent: config.WEATHER_USER_AGENT,
      maxAttempts: 1, // MET Norway is the fallback: fail over at once instead of retrying here
      governor: {
        ratePerSecond: config.WEATHER_OPENMETEO_RATE_PER_SECOND,
        burst: Math.max(1, Math.ceil(config.WEATHER_OPENMETEO_RATE_PER_SECOND)),
      },
      log: upstreamLog(logger),
    });
  }

  onModuleInit() {
    if (this.enabled && !this.config.WEATHER_OPENMETEO_API_KEY && this.baseUrl === FREE_BASE_URL) {
      this.logger.event('warn', 'Open-Meteo free tier in use: its terms allow non-commercial use only', {
        upstream: this.id,
      });
    }
  }

  async current(p: Point, deadline: number): Promise<CurrentObservation> {
    const body = await this.api.getJson('v1/forecast', this.query(p, { current: CURRENT_VARS }), CurrentBody, {
      deadline,
    });
    const c = body.current;
    return {
      time: localIso(c.time, zoneOf(body)),
      timezone: body.timezone,
      elevationM: body.elevation,
      condition: wmoCondition(c.weather_code),
      isDay: c.is_day === null ? null : c.is_day === 1,
      humidityPct: c.relative_humidity_2m,
      cloudCoverPct: c.cloud_cover,
      windDirectionDeg: c.wind_direction_10m,
      temperatureC: c.temperature_2m,
      apparentTemperatureC: c.apparent_temperature,
      precipitationMm: c.precipitation,
      windSpeedKmh: c.wind_speed_10m,
      windGustsKmh: c.wind_gusts_10m,
      pressureHpa: c.pressure_msl,
      notes: [`precipitation is the amount over the preceding ${c.interval / 60} minutes`],
    };
  }

  async forecast(p: Point, days: number, deadline: number): Promise<Forecast> {
    const body = await this.api.getJson(
      'v1/forecast',
      this.query(p, { daily: DAILY_VARS, forecast_days: days }),
      DailyBody,
      { deadline },
    );
    const d = body.daily;
    const zone = zoneOf(body);
    return {
      timezone: body.timezone,
      elevationM: body.elevation,
      days: d.time.map((date, i) => ({
        date,
        condition: wmoCondition(d.weather_code[i] ?? null),
        precipitationProbabilityPct: d.precipitation_probability_max[i] ?? null,
        uvIndexMax: d.uv_index_max[i] ?? null,
        sunrise: d.sunrise[i] ? localIso(d.sunrise[i]!, zone) : null,
        sunset: d.sunset[i] ? localIso(d.sunset[i]!, zone) : null,
        temperatureMaxC: d.temperature_2m_max[i] ?? null,
        temperatureMinC: d.temperature_2m_min[i] ?? null,
        precipitationMm: d.precipitation_sum[i] ?? null,
        windSpeedMaxKmh: d.wind_speed_10m_max[i] ?? null,
      })),
      notes: [],
    };
  }

  private query(p: Point, extra: Record<string, string | number>) {
    return {
      latitude: p.latitude,
      longitude: p.longitude,
      ...extra,
      timezone: 'auto',
      ...METRIC_UNITS,
      apikey: this.config.WEATHER_OPENMETEO_API_KEY,
    };
  }
}

// The named zone gives the right offset on every date (DST); the fixed offset is for zones luxon lacks.
const zoneOf = (body: z.infer<typeof Located>): Zone =>
  IANAZone.isValidZone(body.timezone)
    ? IANAZone.create(body.timezone)
    : FixedOffsetZone.instance(body.utc_offset_seconds / 60);

const localIso = (time: string, zone: Zone) => DateTime.fromISO(time, { zone }).toISO({ suppressMilliseconds: true })!;
