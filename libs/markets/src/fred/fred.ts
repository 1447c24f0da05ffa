// FRED (Federal Reserve Bank of St. Louis), docs/upstreams.md §3a and §14d, shared by apps/data (FDIC
// national rates) and apps/macro (CPI, unemployment, GDP, rates, yields, debt).
// API: https://fred.stlouisfed.org/docs/api/fred/ — needs a free key (a query parameter, redacted from logs);
// 120 requests/min per key, we keep to 100/min. Keyless fallback: the fredgraph CSV download
// (https://fred.stlouisfed.org/graph/fredgraph.csv?id=…), whole history in one file, no metadata; a website
// download with no published quota, so we keep to 2 rps.
// Licence: FRED's terms ask for attribution and say some series are third-party copyrighted (the series
// `notes` say so); public-domain series (BLS, BEA, Treasury, Federal Reserve) may be redistributed.
// Odd shapes: values are strings and "." marks a missing observation; an unknown series or a bad key is
// HTTP 400 with {error_code, error_message}; the CSV header is "observation_date,<ID>" (older files "DATE").
import { TollError } from '@toll/contracts';
import { createUpstream, RateGovernor, SharedRateGovernor, type Governor, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import { decimalFromText } from '../decimal';

// One key's budget is 120/min; keep headroom, for every replica and group together when shared.
export const FRED_RATE_PER_SECOND = 100 / 60;

// The FRED governor: one Postgres-backed bucket (key "api.stlouisfed.org") when a governor database is
// configured, else a per-process bucket that allows the data app's refresh burst (7 series, each maybe retried).
export function fredGovernor(options: {
  databaseUrl?: string;
  log?: (event: string, fields: Record<string, unknown>) => void;
}): Governor {
  const fallback = { ratePerSecond: FRED_RATE_PER_SECOND, burst: 14 };
  if (!options.databaseUrl) return new RateGovernor(fallback);
  return new SharedRateGovernor({
    databaseUrl: options.databaseUrl,
    key: 'api.stlouisfed.org',
    ratePerSecond: FRED_RATE_PER_SECOND,
    fallback,
    log: options.log,
  });
}

export interface Observation {
  date: string; // YYYY-MM-DD
  value: string; // decimal string
  source: 'fred' | 'fred-csv';
}

// A history row; value is null where FRED has no observation (".").
export interface Point {
  date: string;
  value: string | null;
}

export interface SeriesInfo {
  id: string;
  title: string;
  units: string;
  frequency: string;
  seasonal_adjustment: string;
  last_updated: string; // FRED's "2026-11-13 07:46:02-06"
  observation_start: string;
  observation_end: string;
  notes: string | null;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

// The newest observation that has a non-negative value (FRED writes "." for a missing one): the data app's
// rates, which are never negative.
export const latestObservation = (
  rows: ReadonlyArray<{ date: string; value: string }>,
  source: Observation['source'],
): Observation | undefined => {
  const row = [...rows].sort((a, b) => b.date.localeCompare(a.date)).find((r) => /^\d+(\.\d+)?$/.test(r.value.trim()));
  return row && { date: row.date, value: decimalFromText(row.value), source };
};

// Rows newest first, values as exact decimal strings (negative growth rates included), null for ".".
export const toPoints = (rows: ReadonlyArray<{ date: string; value: string }>): Point[] =>
  [...rows]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((r) => ({ date: r.date, value: NUMBER.test(r.value.trim()) ? decimalFromText(r.value.trim()) : null }));

const unusable = (upstream: string, message: string) =>
  new TollError('UPSTREAM_ERROR', `${upstream}: ${message}`, { upstream });

const Observations = z.object({ observations: z.array(z.object({ date: z.string(), value: z.string() })) });
const Series = z.object({
  seriess: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      units: z.string(),
      frequency: z.string(),
      seasonal_adjustment: z.string(),
      last_updated: z.string(),
      observation_start: z.string(),
      observation_end: z.string(),
      notes: z.string().optional(),
    }),
  ),
});

export interface FredOptions {
  baseUrl: string; // https://api.stlouisfed.org
  apiKey?: string; // without it the API is off and callers use FredGraph
  timeoutMs: number;
  userAgent: string;
  governor: Governor;
  log?: (event: string, fields: Record<string, unknown>) => void;
}

// FRED answers 400 both for an unknown series and for a bad key; the caller tells them apart by context.
const notFoundOn400 = (seriesId: string) => (e: unknown) => {
  if (e instanceof TollError && e.details?.status === 400)
    throw new TollError('NOT_FOUND', `FRED has no series ${seriesId}`, { series_id: seriesId });
  throw e;
};

export class FredApi {
  readonly name = 'fred';
  readonly enabled: boolean;
  private readonly api: Upstream;
  private readonly key: string;

  constructor(options: FredOptions) {
    this.key = options.apiKey ?? '';
    this.enabled = this.key !== '';
    this.api = createUpstream({
      name: this.name,
      baseUrls: [options.baseUrl],
      timeoutMs: options.timeoutMs,
      userAgent: options.userAgent,
      governor: options.governor,
      log: options.log,
    });
  }

  async latest(seriesId: string, deadline: number): Promise<Observation> {
    const query = { series_id: seriesId, api_key: this.key, file_type: 'json', sort_order: 'desc', limit: 5 };
    const body = await this.api.getJson('/fred/series/observations', query, Observations, { deadline });
    const latest = latestObservation(body.observations, 'fred');
    if (!latest) throw unusable(this.name, 'no recent observation');
    return latest;
  }

  // Series metadata: title, units, frequency, seasonal adjustment, last update.
  async series(seriesId: string, deadline: number): Promise<SeriesInfo> {
    const body = await this.api
      .getJson('/fred/series', { series_id: seriesId, api_key: this.key, file_type: 'json' }, Series, { deadline })
      .catch(notFoundOn400(seriesId));
    const s = body.seriess[0];
    if (!s) throw new TollError('NOT_FOUND', `FRED has no series ${seriesId}`, { series_id: seriesId });
    return { ...s, notes: s.notes ?? null };
  }

  // Observations from `start` (inclusive), newest first, at most `limit`.
  async observations(seriesId: string, start: string | undefined, limit: number, deadline: number): Promise<Point[]> {
    const query = {
      series_id: seriesId,
      api_key: this.key,
      file_type: 'json',
      sort_order: 'desc',
      limit,
      observation_start: start,
    };
    const body = await this.api
      .getJson('/fred/series/observations', query, Observations, { deadline })
      .catch(notFoundOn400(seriesId));
    return toPoints(body.observations);
  }
}

export class FredGraph {
  readonly name = 'fred-csv';
  private readonly api: Upstream;

  constructor(options: Omit<FredOptions, 'apiKey' | 'governor'> & { governor?: Governor }) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [options.baseUrl],
      timeoutMs: options.timeoutMs,
      userAgent: options.userAgent,
      governor: options.governor ?? { ratePerSecond: 2, burst: 14 },
      log: options.log,
    });
  }

  async latest(seriesId: string, deadline: number): Promise<Observation> {
    const latest = latestObservation(await this.rows(seriesId, deadline), 'fred-csv');
    if (!latest) throw unusable(this.name, 'no observation with a value');
    return latest;
  }

  // The whole history, newest first; an unknown series is NOT_FOUND (the site answers 404).
  async observations(seriesId: string, deadline: number): Promise<Point[]> {
    const rows = await this.rows(seriesId, deadline).catch((e: unknown) => {
      if (e instanceof TollError && e.details?.status === 404)
        throw new TollError('NOT_FOUND', `FRED has no series ${seriesId}`, { series_id: seriesId });
      throw e;
    });
    return toPoints(rows);
  }

  private async rows(seriesId: string, deadline: number): Promise<Array<{ date: string; value: string }>> {
    const text = await this.api.getText('/graph/fredgraph.csv', { id: seriesId }, { deadline });
    const [header, ...lines] = text.trim().split(/\r?\n/);
    if (
      !/^(observation_date|DATE),/i.test(header ?? '') ||
      !header.toUpperCase().endsWith(`,${seriesId.toUpperCase()}`)
    ) {
      throw unusable(this.name, 'answer is not the series CSV');
    }
    return lines.map((line) => line.split(',')).map(([date, value]) => ({ date: date ?? '', value: value ?? '' }));
  }
}
