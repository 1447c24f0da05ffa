// MET Norway Locationforecast 2.0 (compact) — https://api.met.no/weatherapi/locationforecast/2.0/documentation
// (docs/upstreams.md §10, fallback). Keyless, commercial use allowed; data CC BY 4.0 / NLOD: credit "MET Norway".
// Terms traps: an identifying User-Agent is REQUIRED (blank or generic gets 403/429); at most 20 req/s
// for the whole application; lat/lon with more than 4 decimals get 403 (we send 2). 203 means the
// product is deprecated but still answers.
// Shape: GeoJSON, `properties.timeseries[]` in UTC, hourly for about 2.5 days then 6-hourly to about
// 9–10 days; metric only, wind in m/s. The compact product has no apparent temperature, gusts, UV,
// precipitation probability or sunrise/sunset.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, Clock, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { metCondition, metIsDay } from '../conditions';
import type { WeatherConfig } from '../config';
import { timezoneOf } from '../location';
import { msToKmh } from '../readings';
import type { CurrentObservation, DailyForecast, Forecast, Point, WeatherProvider } from '../weather.model';

// Half MET's 20 req/s application-wide ceiling, leaving room for a second replica.
const RATE_PER_SECOND = 10;
const HOUR_MS = 3_600_000;
// A last local day whose series stops before this hour is incomplete and left out.
const LAST_DAY_MIN_HOUR = 18;

const value = z
  .number()
  .nullish()
  .transform((v) => v ?? null);
const Period = z.object({
  summary: z.object({ symbol_code: z.string() }).optional(),
  details: z.object({ precipitation_amount: value }).optional(),
});
const Step = z.object({
  time: z.iso.datetime(),
  data: z.object({
    instant: z.object({
      details: z.object({
        air_temperature: value,
        air_pressure_at_sea_level: value,
        cloud_area_fraction: value,
        relative_humidity: value,
        wind_from_direction: value,
        wind_speed: value,
      }),
    }),
    next_1_hours: Period.optional(),
    next_6_hours: Period.optional(),
    next_12_hours: Period.optional(),
  }),
});
type Step = z.infer<typeof Step>;
const CompactBody = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ coordinates: z.array(z.number()).min(2) }),
  properties: z.object({ timeseries: z.array(Step) }),
});

@Injectable()
export class MetNorwayClient implements WeatherProvider {
  readonly id = 'met-norway';
  readonly enabled: boolean;
  readonly baseUrl: string;
  private readonly api: Upstream;

  constructor(
    @Inject(APP_CONFIG) config: WeatherConfig,
    @Inject(JsonLogger) logger: JsonLogger,
    private readonly clock: Clock,
  ) {
    this.enabled = config.WEATHER_METNO_ENABLED;
    this.baseUrl = config.WEATHER_METNO_BASE_URL;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.WEATHER_METNO_TIMEOUT_MS,
      userAgent: config.WEATHER_USER_AGENT,
      governor: { ratePerSecond: RATE_PER_SECOND, burst: RATE_PER_SECOND },
      log: upstreamLog(logger),
    });
  }

  async current(p: Point, deadline: number): Promise<CurrentObservation> {
    const { series, elevationM, zone } = await this.load(p, deadline);
    // The step in progress now: the last one that has started, else the first.
    const now = this.clock.now();
    const step = series.filter((s) => Date.parse(s.time) <= now).at(-1) ?? series[0];
    const d = step.data.instant.details;
    const symbol = step.data.next_1_hours?.summary?.symbol_code ?? step.data.next_6_hours?.summary?.symbol_code ?? null;
    return {
      time: DateTime.fromISO(step.time, { zone }).toISO({ suppressMilliseconds: true })!,
      timezone: zone,
      elevationM,
      condition: metCondition(symbol),
      isDay: metIsDay(symbol),
      humidityPct: d.relative_humidity,
      cloudCoverPct: d.cloud_area_fraction,
      windDirectionDeg: d.wind_from_direction,
      temperatureC: d.air_temperature,
      apparentTemperatureC: null,
      precipitationMm: step.data.next_1_hours?.details?.precipitation_amount ?? null,
      windSpeedKmh: d.wind_speed === null ? null : msToKmh(d.wind_speed),
      windGustsKmh: null,
      pressureHpa: d.air_pressure_at_sea_level,
      notes: [
        'MET Norway values are the model forecast for the current hour; precipitation is the forecast for the ' +
          'next hour; apparent temperature and gusts are not available',
      ],
    };
  }

  async forecast(p: Point, days: number, deadline: number): Promise<Forecast> {
    const { series, elevationM, zone } = await this.load(p, deadline);
    const all = dailyFromSteps(series, zone);
    const notes = [
      'MET Norway days are aggregated from hourly and 6-hourly steps: the first day covers only the hours left, ' +
        'and max/min come from those steps',
    ];
    if (all.length < days) notes.push(`MET Norway covers ${all.length} days here; ${days} were asked for`);
    return { timezone: zone, elevationM, days: all.slice(0, days), notes };
  }

  private async load(p: Point, deadline: number) {
    const body = await this.api.getJson(
      'locationforecast/2.0/compact',
      { lat: p.latitude, lon: p.longitude },
      CompactBody,
      { deadline },
    );
    const series = body.properties.timeseries;
    if (!series.length)
      throw new TollError('UPSTREAM_ERROR', `${this.id} answered with an empty timeseries`, { upstream: this.id });
    return { series, elevationM: body.geometry.coordinates[2] ?? null, zone: timezoneOf(p) };
  }
}

interface DayBucket {
  temps: number[];
  winds: number[];
  precipitation: number | null;
  symbols: Array<{ hour: number; symbol: string }>;
  lastHour: number;
}

// Groups the UTC steps into local days. Each step's precipitation covers the gap to the next step
// (next_1_hours when hourly, next_6_hours when 6-hourly) and counts on the day the gap starts.
export function dailyFromSteps(series: Step[], zone: string): DailyForecast[] {
  const buckets = new Map<string, DayBucket>();
  series.forEach((step, i) => {
    const local = DateTime.fromISO(step.time, { zone });
    const date = local.toISODate()!;
    const bucket = buckets.get(date) ?? { temps: [], winds: [], precipitation: null, symbols: [], lastHour: 0 };
    buckets.set(date, bucket);
    const d = step.data.instant.details;
    if (d.air_temperature !== null) bucket.temps.push(d.air_temperature);
    if (d.wind_speed !== null) bucket.winds.push(d.wind_speed);
    const gapHours = i + 1 < series.length ? (Date.parse(series[i + 1].time) - Date.parse(step.time)) / HOUR_MS : 6;
    const period = gapHours <= 1 ? step.data.next_1_hours : step.data.next_6_hours;
    const amount = period?.details?.precipitation_amount ?? null;
    if (amount !== null) bucket.precipitation = (bucket.precipitation ?? 0) + amount;
    const symbol = step.data.next_6_hours?.summary?.symbol_code;
    if (symbol) bucket.symbols.push({ hour: local.hour, symbol });
    bucket.lastHour = local.hour;
  });
  const days = [...buckets.entries()];
  if (days.length && days[days.length - 1][1].lastHour < LAST_DAY_MIN_HOUR) days.pop();
  return days.map(([date, b]) => {
    // The day's symbol is the 6-hour outlook starting nearest midday.
    const midday = b.symbols.reduce<{ hour: number; symbol: string } | null>(
      (best, s) => (!best || Math.abs(s.hour - 12) < Math.abs(best.hour - 12) ? s : best),
      null,
    );
    return {
      date,
      condition: metCondition(midday?.symbol ?? null),
      precipitationProbabilityPct: null,
      uvIndexMax: null,
      sunrise: null,
      sunset: null,
      temperatureMaxC: b.temps.length ? Math.max(...b.temps) : null,
      temperatureMinC: b.temps.length ? Math.min(...b.temps) : null,
      precipitationMm: b.precipitation,
      windSpeedMaxKmh: b.winds.length ? msToKmh(Math.max(...b.winds)) : null,
    };
  });
}
