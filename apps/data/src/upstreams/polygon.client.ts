// Massive (formerly Polygon.io): /v3/reference/dividends and /v2/aggs/ticker/{T}/prev
// (https://polygon.io/docs/rest/stocks/corporate-actions/dividends, docs/upstreams.md §2). ETF fallback.
// Licence trap: the free plan is for individual use and redistribution needs a commercial plan (verify
// before production); the client is off unless DATA_POLYGON_API_KEY is set. Quota: free tier about
// 5 calls/min, end-of-day data, hence the governor. The key travels in the Authorization header.
// Odd shapes: errors are {status:"ERROR", error:"..."} (401/403/429), amounts are JSON numbers, and
// dividend_type tells regular cash (CD) from specials (SC) and capital gains (LT/ST).
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { DataConfig } from '../config';
import { decimalFromNumber } from '../decimal';
import type { Distribution, EtfSource } from '../etf-yield';
import { clientOptions, unusable } from './client-options';

const Dividends = z.object({
  status: z.literal('OK'),
  results: z.array(
    z.object({
      cash_amount: z.number().min(0),
      ex_dividend_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      pay_date: z.string().nullable().optional(),
      dividend_type: z.string().nullable().optional(),
    }),
  ),
});
const Previous = z.object({ status: z.literal('OK'), results: z.array(z.object({ c: z.number() })).optional() });

@Injectable()
export class PolygonClient implements EtfSource {
  readonly name = 'polygon';
  readonly enabled: boolean;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    const key = config.DATA_POLYGON_API_KEY;
    this.enabled = Boolean(key);
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_POLYGON_BASE_URL],
      timeoutMs: 6_000,
      headers: key ? { authorization: `Bearer ${key}` } : undefined,
      governor: { ratePerSecond: 5 / 60, burst: 5 },
      ...clientOptions(config, logger),
    });
  }

  async distributions(ticker: string, deadline: number): Promise<Distribution[]> {
    const query = { ticker, limit: 50, order: 'desc', sort: 'ex_dividend_date' };
    const body = await this.api.getJson('/v3/reference/dividends', query, Dividends, { deadline });
    return body.results.map((r) => ({
      exDate: r.ex_dividend_date,
      payDate: r.pay_date ?? null,
      amount: decimalFromNumber(r.cash_amount),
      regular: (r.dividend_type ?? 'CD') === 'CD',
    }));
  }

  async price(ticker: string, deadline: number): Promise<string> {
    const body = await this.api.getJson(`/v2/aggs/ticker/${encodeURIComponent(ticker)}/prev`, { adjusted: 'true' }, Previous, { deadline });
    const close = body.results?.[0]?.c;
    if (!close || close <= 0) throw unusable(this.name, 'no previous close');
    return decimalFromNumber(close);
  }
}
