import { Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { Clock, GroupHealth } from '@toll/platform';
import { ProviderOutcomes, SwrCache, type Cached, type CachePolicy } from '@toll/upstream';
import { isUsPoint, PRECISION_DEG, pointKey, roundPoint, timezoneOf } from './location';
import { presentCurrent, presentDay } from './readings';
import { SOURCES } from './sources';
import { MetNorwayClient } from './upstreams/met-norway.client';
import { NwsClient, type AlertList } from './upstreams/nws.client';
import { OpenMeteoClient } from './upstreams/open-meteo.client';
import type * as S from './weather.schemas';
import type { Point, SourceId, WeatherProvider } from './weather.model';

const MINUTE = 60_000;
// Current conditions: models update every 15 min to hourly; an hour-old reading is still useful when all providers
// fail.
const CURRENT_TTL: CachePolicy = { freshMs: 10 * MINUTE, staleMs: 60 * MINUTE };
// Daily forecast: hourly model runs; six hours stale still beats nothing.
const FORECAST_TTL: CachePolicy = { freshMs: 60 * MINUTE, staleMs: 6 * 60 * MINUTE };
// Alerts are safety-critical: refetch after 2 min, and never serve one more than 10 min past that.
const ALERTS_TTL: CachePolicy = { freshMs: 2 * MINUTE, staleMs: 10 * MINUTE };
// About 1-4 KB per entry (a 16-day forecast is the largest), so a full cache stays under ~80 MB.
const CACHE_MAX_ENTRIES = 20_000;

// The calendar date at `now` in an IANA zone, YYYY-MM-DD (the form forecast days are dated in).
const localDate = (now: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

@Injectable()
export class WeatherService {
  private readonly cache: SwrCache;
  private readonly providers: WeatherProvider[];
  // Every TollError counts against the provider, NOT_FOUND included.
  private readonly sourceHealth = new ProviderOutcomes<SourceId>(
    () => this.clock.now(),
    () => true,
  );

  constructor(
    private readonly openMeteo: OpenMeteoClient,
    private readonly metNorway: MetNorwayClient,
    private readonly nws: NwsClient,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
  ) {
    this.providers = [openMeteo, metNorway]; // primary first, then the fallback
    this.cache = new SwrCache(CACHE_MAX_ENTRIES, () => this.clock.now());
  }

  async current(input: S.PointInput, deadline: number): Promise<S.GetCurrentOutput> {
    const point = roundPoint(input);
    const cached = await this.cache.get(`current:${pointKey(point)}`, CURRENT_TTL, () =>
      this.firstAnswer((p) => p.current(point, deadline)),
    );
    const o = cached.value;
    return {
      location: location(input, point, o.timezone, o.elevationM),
      current: presentCurrent(o),
      ...provenance(cached),
      notes: o.notes,
    };
  }

  async forecast(input: S.ForecastInput, deadline: number): Promise<S.GetForecastOutput> {
    const point = roundPoint(input);
    const key = `forecast:${pointKey(point)}:${input.days}`;
    const cached = await this.cache.get(key, FORECAST_TTL, () =>
      this.firstAnswer((p) => p.forecast(point, input.days, deadline)),
    );
    const f = cached.value;
    // A forecast fetched days ago starts in the past: those days are history, never the forecast. A replayed recording
    // (the offline demo) keeps its days as recorded: the answer says it is one (replayed, recorded_at, stale), so
    // nothing in it reads as today's forecast, and the demo's example stays answerable as the recording ages.
    const today = localDate(this.clock.now(), f.timezone);
    const days = cached.freshness.replayed ? f.days : f.days.filter((d) => d.date >= today);
    if (!days.length && f.days.length)
      throw new TollError(
        'UPSTREAM_ERROR',
        `The forecast for ${pointKey(point)} fetched ${cached.freshness.fetchedAt} has no day from today ` +
          `(${today}, ${f.timezone}) on`,
        { as_of: cached.freshness.fetchedAt, today },
      );
    const dropped = f.days.length - days.length;
    return {
      location: location(input, point, f.timezone, f.elevationM),
      days_requested: input.days,
      days: days.map(presentDay),
      ...provenance(cached),
      notes: dropped
        ? [
            ...f.notes,
            `${dropped} day(s) before today (${today}, ${f.timezone}) left out: the forecast was fetched ` +
              `${cached.freshness.fetchedAt}.`,
          ]
        : cached.freshness.replayed && f.days.some((d) => d.date < today)
          ? [
              ...f.notes,
              `A recording from ${cached.freshness.fetchedAt} replayed: its days are the recording's, not a ` +
                `forecast from today (${today}, ${f.timezone}).`,
            ]
          : f.notes,
    };
  }

  // NWS covers US points only; elsewhere nothing is asked and the answer says why.
  async alerts(input: S.PointInput, deadline: number): Promise<S.GetAlertsOutput> {
    const point = roundPoint(input);
    const zone = timezoneOf(point);
    const where = location(input, point, zone, null);
    if (!isUsPoint(point, zone)) {
      const note =
        `Alerts come from the US National Weather Service and cover US points only; ` +
        `${point.latitude},${point.longitude} (${zone}) is outside the US.`;
      return {
        location: where,
        coverage: 'US only',
        in_coverage: false,
        note,
        count: 0,
        alerts: [],
        updated: null,
        source: null,
        attribution: null,
        freshness: null,
      };
    }
    const cached: Cached<AlertList> = await this.cache.get(`alerts:${pointKey(point)}`, ALERTS_TTL, async () => ({
      value: await this.tracked('nws', () => this.nws.activeAlerts(point, deadline)),
      source: 'nws',
    }));
    const { alerts, updated } = cached.value;
    return {
      location: where,
      coverage: 'US only',
      in_coverage: true,
      note: null,
      count: alerts.length,
      alerts,
      updated,
      ...provenance(cached),
    };
  }

  health(): S.HealthOutput {
    const described = this.groupHealth.describe();
    const clients: Record<SourceId, { enabled: boolean; baseUrl: string }> = {
      'open-meteo': this.openMeteo,
      'met-norway': this.metNorway,
      nws: { enabled: true, baseUrl: this.nws.baseUrl },
    };
    const sources = (Object.keys(SOURCES) as SourceId[]).map((id) => ({
      id,
      role: SOURCES[id].role,
      enabled: clients[id].enabled,
      base_url: clients[id].baseUrl,
      license: SOURCES[id].attribution.license,
      terms: SOURCES[id].terms,
      ...this.sourceHealth.outcome(id),
    }));
    // Degraded: no forecast provider enabled, or an enabled provider's latest call failed.
    const degraded =
      !this.providers.some((p) => p.enabled) || sources.some((s) => s.enabled && this.sourceHealth.isFailing(s.id));
    return {
      ...described,
      status: degraded ? 'degraded' : 'ok',
      sources,
      cache: {
        entries: this.cache.size,
        ...this.cache.stats,
        rounding: `coordinates rounded to ${PRECISION_DEG}° (2 decimals) for cache keys and upstream calls`,
      },
    };
  }

  // Asks the enabled providers in order; the first answer wins and says which providers failed before it.
  private async firstAnswer<T extends { notes: string[] }>(
    ask: (p: WeatherProvider) => Promise<T>,
  ): Promise<{ value: T; source: SourceId }> {
    const enabled = this.providers.filter((p) => p.enabled);
    if (!enabled.length)
      throw new TollError('SERVICE_UNAVAILABLE', 'No weather provider is enabled on this deployment');
    const failures: Array<{ source: SourceId; error: TollError }> = [];
    for (const provider of enabled) {
      try {
        const value = await this.tracked(provider.id, () => ask(provider));
        const fellBack = failures.map(
          ({ source, error }) =>
            `${source} failed (${error.code}: ${error.message}); answered by the fallback ${provider.id}`,
        );
        return { value: { ...value, notes: [...fellBack, ...value.notes] }, source: provider.id };
      } catch (e) {
        if (!(e instanceof TollError)) throw e;
        failures.push({ source: provider.id, error: e });
      }
    }
    // The last failure decides the code: a timeout there means the caller's time ran out.
    const last = failures[failures.length - 1].error;
    throw new TollError(
      last.code === 'UPSTREAM_TIMEOUT' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR',
      `No weather provider answered: ${failures.map(({ source, error }) => `${source}: ${error.message}`).join('; ')}`,
      { attempts: failures.map(({ source, error }) => ({ source, code: error.code, message: error.message })) },
    );
  }

  private tracked<T>(id: SourceId, call: () => Promise<T>): Promise<T> {
    return this.sourceHealth.track(id, call);
  }
}

function location(input: S.PointInput, point: Point, timezone: string | null, elevationM: number | null) {
  return {
    ...point,
    precision_deg: PRECISION_DEG,
    requested: { latitude: input.lat, longitude: input.lon },
    timezone,
    elevation_m: elevationM,
  };
}

// Who produced the data and how fresh it is; a stale answer carries its age (as_of) and the reason.
function provenance(cached: Cached<unknown>) {
  const source = cached.freshness.source as SourceId;
  const { fetchedAt, stale, reason } = cached.freshness;
  return {
    source,
    attribution: SOURCES[source].attribution,
    freshness: { as_of: fetchedAt, stale, ...(reason ? { reason } : {}) },
  };
}
