// FRED API series observations: https://fred.stlouisfed.org/docs/api/fred/series_observations.html
// (docs/upstreams.md §3a), carrying the FDIC national rates (SNDR, MMNDR, NDR*MCD). Primary for rates.
// Licence: FDIC data is US public domain; FRED's terms ask for attribution ("Source: FDIC via FRED").
// Quota: 120 requests/min per key (we keep to 100/min); needs a free key. The keyed API is the production path:
// the keyless fredgraph CSV is reported blocked for plain (non-browser) clients, so without DATA_FRED_API_KEY
// rates rest on a source that may refuse us; the client warns at start and health shows `fred_keyless_csv`.
// The key is a query parameter (redacted from logs).
// Odd shapes: values are strings and "." marks a missing observation; errors are HTTP 400 with
// {error_code, error_message}.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { DataConfig } from '../config';
import { decimalFromText } from '@toll/markets';
import { clientOptions, unusable } from './client-options';

const Observations = z.object({ observations: z.array(z.object({ date: z.string(), value: z.string() })) });

export interface Observation {
  date: string; // YYYY-MM-DD
  value: string; // decimal string, percent
  source: 'fred' | 'fred-csv';
}

// The newest observation that has a value (FRED writes "." for a missing one).
export const latestObservation = (rows: ReadonlyArray<{ date: string; value: string }>, source: Observation['source']): Observation | undefined => {
  const row = [...rows].sort((a, b) => b.date.localeCompare(a.date)).find((r) => /^\d+(\.\d+)?$/.test(r.value.trim()));
  return row && { date: row.date, value: decimalFromText(row.value), source };
};

@Injectable()
export class FredClient {
  readonly name = 'fred';
  readonly enabled: boolean;
  private readonly api: Upstream;
  private readonly key: string;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    this.key = config.DATA_FRED_API_KEY ?? '';
    this.enabled = this.key !== '';
    if (!this.enabled) {
      logger.event('warn', 'FRED runs keyless', {
        upstream: this.name,
        detail: 'DATA_FRED_API_KEY is not set: rates come only from the keyless fredgraph CSV, which is reported blocked for plain clients; set the key in production',
      });
    }
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_FRED_BASE_URL],
      timeoutMs: 6_000,
      governor: { ratePerSecond: 100 / 60, burst: 14 }, // one refresh: 7 series, each maybe retried once
      ...clientOptions(config, logger),
    });
  }

  async latest(seriesId: string, deadline: number): Promise<Observation> {
    const query = { series_id: seriesId, api_key: this.key, file_type: 'json', sort_order: 'desc', limit: 5 };
    const body = await this.api.getJson('/fred/series/observations', query, Observations, { deadline });
    const latest = latestObservation(body.observations, 'fred');
    if (!latest) throw unusable(this.name, 'no recent observation');
    return latest;
  }
}
