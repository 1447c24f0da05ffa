// FRED graph CSV download, keyless: https://fred.stlouisfed.org/graph/fredgraph.csv?id=SNDR
// (docs/upstreams.md §3a, §15 fallback for rates). Same FDIC series and attribution as the FRED API.
// Quota: unpublished; it is a website download, so we keep to 2 rps. Odd shapes: plain CSV with a header
// "observation_date,<ID>" (older files say "DATE"), the whole history in one file, "." for missing values;
// an HTML error page is refused because its first line is not that header.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import type { DataConfig } from '../config';
import { clientOptions, unusable } from './client-options';
import { latestObservation, type Observation } from './fred.client';

@Injectable()
export class FredgraphClient {
  readonly name = 'fred-csv';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_FREDGRAPH_BASE_URL],
      timeoutMs: 8_000,
      governor: { ratePerSecond: 2, burst: 14 }, // one refresh: 7 series, each maybe retried once
      ...clientOptions(config, logger),
    });
  }

  async latest(seriesId: string, deadline: number): Promise<Observation> {
    const text = await this.api.getText('/graph/fredgraph.csv', { id: seriesId }, { deadline });
    const [header, ...lines] = text.trim().split(/\r?\n/);
    if (!/^(observation_date|DATE),/i.test(header ?? '') || !header.toUpperCase().endsWith(`,${seriesId}`)) {
      throw unusable(this.name, 'answer is not the series CSV');
    }
    const rows = lines.map((line) => line.split(',')).map(([date, value]) => ({ date: date ?? '', value: value ?? '' }));
    const latest = latestObservation(rows, 'fred-csv');
    if (!latest) throw unusable(this.name, 'no observation with a value');
    return latest;
  }
}
