import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import type { Point, SeriesInfo } from '@toll/markets';
import { APP_CONFIG, Clock, GroupHealth } from '@toll/platform';
import { ProviderOutcomes, SharedRateGovernor, SwrCache, type Cached, type CachePolicy } from '@toll/upstream';
import type { MacroConfig } from './config';
import type * as S from './macro.schemas';
import { byId, SERIES, SERIES_NAMES, type CatalogSeries } from './series-catalog';
import { CensusClient, type Place } from './upstreams/census.client';
import { FredClient, FredgraphClient } from './upstreams/fred.client';
import { LEGISLATORS_PATH, LegislatorsClient, type Member } from './upstreams/legislators.client';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// docs/upstreams.md §16: macro series 6 h (stale 30 d), geocoder 30 d (1 y); the legislators file a day.
const CACHE = {
  observations: { freshMs: 6 * HOUR, staleMs: 30 * DAY },
  metadata: { freshMs: DAY, staleMs: 30 * DAY },
  place: { freshMs: 30 * DAY, staleMs: 365 * DAY },
  legislators: { freshMs: DAY, staleMs: 7 * DAY },
} satisfies Record<string, CachePolicy>;

const FRED_ATTRIBUTION =
  'Source: Federal Reserve Bank of St. Louis, FRED (fred.stlouisfed.org), from the publishing agency named in ' +
  'series.publisher';
const NOT_COVERED = [
  'State officials (governor, state legislators) and local officials (county, city, school board): no free ' +
    'national source exists (the Google Civic representatives API closed in April 2025)',
  'State legislative districts, even though the Census geocoder knows them: without the officials they would be ' +
    'half an answer',
  'Points outside the 50 states, DC and the US territories the geocoder covers',
];
const NON_STATES: Record<string, S.GetRepresentativesOutput['representatives'][number]['office']> = {
  DC: 'Delegate to the U.S. House',
  GU: 'Delegate to the U.S. House',
  VI: 'Delegate to the U.S. House',
  AS: 'Delegate to the U.S. House',
  MP: 'Delegate to the U.S. House',
  PR: 'Resident Commissioner',
};

const freshnessOf = (c: Cached<unknown>) => ({
  as_of: c.freshness.fetchedAt,
  stale: c.freshness.stale,
  ...(c.freshness.reason ? { reason: c.freshness.reason } : {}),
});
// FRED writes "2026-11-13 07:46:02-06"; answer ISO 8601 UTC.
const isoFromFred = (t: string) => {
  const parsed = Date.parse(t.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(parsed) ? t : new Date(parsed).toISOString();
};
const valued = (points: Point[]) => points.filter((p): p is { date: string; value: string } => p.value !== null);

interface Resolved {
  name: string | null;
  id: string;
  catalog: CatalogSeries | null;
}

@Injectable()
export class MacroService {
  private readonly cache: SwrCache;
  private readonly outcomes: ProviderOutcomes;

  constructor(
    private readonly fred: FredClient,
    private readonly fredgraph: FredgraphClient,
    private readonly census: CensusClient,
    private readonly legislators: LegislatorsClient,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    @Inject(APP_CONFIG) private readonly config: MacroConfig,
  ) {
    this.cache = new SwrCache(5_000, () => this.clock.now());
    this.outcomes = new ProviderOutcomes(() => this.clock.now());
  }

  async latest(input: S.SeriesInput, deadline: number): Promise<S.GetLatestOutput> {
    const series = this.resolve(input.series);
    const meta = await this.metadata(series, deadline);
    const points = await this.observations(
      series.id,
      `latest:${series.id}`,
      deadline,
      (api) => api.observations(series.id, undefined, 10, deadline),
      (all) => all.slice(0, 10),
    );
    const [latest, previous] = valued(points.value);
    if (!latest)
      throw new TollError('UPSTREAM_ERROR', `FRED has no observation with a value for ${series.id}`, {
        upstream: points.freshness.source,
      });
    return { series: meta, latest, previous: previous ?? null, ...this.provenance(series.id, points) };
  }

  async history(input: S.HistoryInput, deadline: number): Promise<S.GetHistoryOutput> {
    const series = this.resolve(input.series);
    const meta = await this.metadata(series, deadline);
    const key = `history:${series.id}:${input.start ?? ''}:${input.limit}`;
    const points = await this.observations(
      series.id,
      key,
      deadline,
      (api) => api.observations(series.id, input.start, input.limit, deadline),
      (all) => all.filter((p) => !input.start || p.date >= input.start).slice(0, input.limit),
    );
    return {
      series: meta,
      start: input.start ?? null,
      count: points.value.length,
      observations: points.value,
      ...this.provenance(series.id, points),
    };
  }

  listSeries(): S.ListSeriesOutput {
    return {
      count: SERIES_NAMES.length,
      series: SERIES_NAMES.map((name) => {
        const { id, title, units, frequency, seasonal_adjustment, publisher } = SERIES[name];
        return { name, id, title, units, frequency, seasonal_adjustment, publisher };
      }),
      note:
        'Any other FRED series id is accepted too (in capitals) when the FRED API key is configured, unless FRED ' +
        'marks the series as copyrighted.',
    };
  }

  async representatives(input: S.CivicInput, deadline: number): Promise<S.GetRepresentativesOutput> {
    const place = await this.place(input, deadline);
    const members = await this.tracked(this.legislators.name, () =>
      this.cache.get('legislators', CACHE.legislators, async () => ({
        value: await this.legislators.current(deadline),
        source: this.legislators.name,
      })),
    );
    const { state, district } = place.value;
    if (!state)
      throw new TollError(
        'NOT_FOUND',
        'No US state or territory at this point (the Census geocoder covers the 50 states, DC and the territories)',
        { point: place.value.point },
      );
    // Census writes "00" for an at-large seat and "98" for a non-voting delegate; the dataset writes 0 for both.
    const number = district ? (district.code === '98' ? 0 : Number.parseInt(district.code, 10)) : null;
    const senators = members.value
      .filter((m) => m.term.type === 'sen' && m.term.state === state.code)
      .sort((a, b) => (a.term.state_rank === 'senior' ? -1 : 0) - (b.term.state_rank === 'senior' ? -1 : 0));
    const house =
      number === null
        ? []
        : members.value.filter(
            (m) => m.term.type === 'rep' && m.term.state === state.code && (m.term.district ?? 0) === number,
          );
    const atLarge = number === 0;
    return {
      point: place.value.point,
      matched_address: place.value.matchedAddress,
      state,
      county: place.value.county,
      congressional_district:
        district && number !== null
          ? {
              congress: district.congress,
              code: `${state.code}-${atLarge ? 'AL' : String(number).padStart(2, '0')}`,
              number,
              at_large: atLarge,
            }
          : null,
      representatives: [...senators, ...house].map((m) => this.representative(m, state.code)),
      not_covered: NOT_COVERED,
      sources: [
        {
          id: this.census.name,
          url: `${this.config.MACRO_CENSUS_BASE_URL}/geocoder/`,
          license: 'Public domain (US Government work)',
          ...freshnessOf(place),
        },
        {
          id: this.legislators.name,
          url: `${this.config.MACRO_LEGISLATORS_BASE_URLS[0]}${LEGISLATORS_PATH}`,
          license: 'CC0 (public domain dedication)',
          ...freshnessOf(members),
        },
      ],
      freshness: [place, members]
        .map(freshnessOf)
        .sort((a, b) => Number(b.stale) - Number(a.stale) || a.as_of.localeCompare(b.as_of))[0],
    };
  }

  health(): S.HealthOutput {
    const described = this.groupHealth.describe();
    const failing = this.outcomes.failing;
    const source = this.outcomes.health.bind(this.outcomes);
    return {
      ...described,
      status: failing ? 'degraded' : 'ok',
      sources: [
        source(
          'fred',
          this.config.MACRO_FRED_BASE_URL,
          'Attribution to FRED; catalog series are US Government works (public domain)',
          'Free key; 120 requests/min per key (we keep to 100/min)',
        ),
        source(
          'fred-csv',
          this.config.MACRO_FREDGRAPH_BASE_URL,
          'As the FRED API',
          'Keyless website download; we keep to 2 requests/s',
        ),
        source(
          this.census.name,
          this.config.MACRO_CENSUS_BASE_URL,
          'Public domain (US Government work)',
          'Keyless, fair use; we keep to 5 requests/s',
        ),
        source(
          this.legislators.name,
          this.config.MACRO_LEGISLATORS_BASE_URLS[0],
          'CC0',
          'Keyless static file; fetched at most once a day',
        ),
      ],
      fred: {
        api_key: this.fred.enabled,
        governor: this.fred.governor instanceof SharedRateGovernor ? 'shared' : 'per-process',
      },
      cache: { entries: this.cache.size, ...this.cache.stats },
    };
  }

  private resolve(series: string): Resolved {
    const named = SERIES[series as keyof typeof SERIES];
    if (named) return { name: series, id: named.id, catalog: named };
    const known = byId.get(series);
    return known ? { name: known[0], id: series, catalog: known[1] } : { name: null, id: series, catalog: null };
  }

  // FRED's own metadata when the API is configured; our catalog's when only the CSV answers. A series outside
  // the catalog needs the API, which tells us whether FRED marks it as copyrighted (not resold).
  private async metadata(series: Resolved, deadline: number): Promise<S.GetLatestOutput['series']> {
    const fromCatalog = (c: CatalogSeries) => ({
      name: series.name,
      id: series.id,
      title: c.title,
      units: c.units,
      frequency: c.frequency,
      seasonal_adjustment: c.seasonal_adjustment,
      publisher: c.publisher,
      last_updated: null,
    });
    if (!this.fred.enabled) {
      if (series.catalog) return fromCatalog(series.catalog);
      throw new TollError(
        'NOT_FOUND',
        `${series.id} is not in the catalog, and other FRED series need the FRED API key, which this deployment lacks`,
        { series_id: series.id },
      );
    }
    let info: SeriesInfo;
    try {
      info = (
        await this.tracked('fred', () =>
          this.cache.get(`meta:${series.id}`, CACHE.metadata, async () => ({
            value: await this.fred.series(series.id, deadline),
            source: 'fred',
          })),
        )
      ).value;
    } catch (e) {
      if (series.catalog && !(e instanceof TollError && e.code === 'NOT_FOUND')) return fromCatalog(series.catalog);
      throw e;
    }
    if (!series.catalog && /copyright/i.test(info.notes ?? '')) {
      throw new TollError(
        'NOT_FOUND',
        `FRED marks ${series.id} as copyrighted by its publisher; it is not offered here`,
        { series_id: series.id },
      );
    }
    return {
      name: series.name,
      id: info.id,
      title: info.title,
      units: info.units,
      frequency: info.frequency,
      seasonal_adjustment: info.seasonal_adjustment,
      publisher: series.catalog?.publisher ?? null,
      last_updated: isoFromFred(info.last_updated),
    };
  }

  // The FRED API first (when keyed), the keyless CSV second; both failing is the last error with both reasons.
  private observations(
    id: string,
    key: string,
    deadline: number,
    viaApi: (api: FredClient) => Promise<Point[]>,
    fromCsv: (all: Point[]) => Point[],
  ): Promise<Cached<Point[]>> {
    return this.cache.get(key, CACHE.observations, async () => {
      const reasons: string[] = [];
      if (this.fred.enabled) {
        try {
          return { value: await this.tracked('fred', () => viaApi(this.fred)), source: 'fred' };
        } catch (e) {
          if (e instanceof TollError && e.code === 'NOT_FOUND') throw e;
          reasons.push((e as Error).message);
        }
      }
      try {
        return {
          value: fromCsv(await this.tracked('fred-csv', () => this.fredgraph.observations(id, deadline))),
          source: 'fred-csv',
        };
      } catch (e) {
        if (!(e instanceof TollError) || e.code === 'NOT_FOUND' || reasons.length === 0) throw e;
        throw new TollError(e.code, [...reasons, e.message].join('; '), e.details);
      }
    });
  }

  private provenance(id: string, points: Cached<Point[]>) {
    return {
      source: points.freshness.source as 'fred' | 'fred-csv',
      source_url: `https://fred.stlouisfed.org/series/${id}`,
      attribution: FRED_ATTRIBUTION,
      freshness: freshnessOf(points),
    };
  }

  private async place(input: S.CivicInput, deadline: number): Promise<Cached<Place>> {
    if (input.address !== undefined) {
      const address = input.address.trim().replace(/\s+/g, ' ');
      const found = await this.tracked(this.census.name, () =>
        this.cache.get(`address:${address.toLowerCase()}`, CACHE.place, async () => ({
          value: await this.census.byAddress(address, deadline),
          source: this.census.name,
        })),
      );
      if (!found.value) throw new TollError('NOT_FOUND', 'The Census geocoder matched no US address', { address });
      return found as Cached<Place>;
    }
    // Rounded to 5 decimals (about 1 m) for the cache key: districts do not change within a metre.
    const lat = Math.round(input.lat! * 1e5) / 1e5;
    const lon = Math.round(input.lon! * 1e5) / 1e5;
    return this.tracked(this.census.name, () =>
      this.cache.get(`point:${lat},${lon}`, CACHE.place, async () => ({
        value: await this.census.byPoint(lat, lon, deadline),
        source: this.census.name,
      })),
    );
  }

  private representative(m: Member, state: string): S.GetRepresentativesOutput['representatives'][number] {
    const t = m.term;
    return {
      office: t.type === 'sen' ? 'U.S. Senator' : (NON_STATES[state] ?? 'U.S. Representative'),
      name: m.name,
      party: t.party ?? null,
      state: t.state,
      district: t.type === 'rep' ? (t.district ?? 0) : null,
      senate_class: t.class ?? null,
      state_rank: t.state_rank ?? null,
      term_start: t.start,
      term_end: t.end,
      phone: t.phone ?? null,
      office_address: t.address ?? null,
      website: t.url ?? null,
      contact_form: t.contact_form ?? null,
      bioguide_id: m.bioguideId,
    };
  }

  // Last success and failure per source for health (ProviderOutcomes).
  private tracked<T>(source: string, call: () => Promise<T>): Promise<T> {
    return this.outcomes.track(source, call);
  }
}
