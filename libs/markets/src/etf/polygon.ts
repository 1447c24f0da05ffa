// Massive (formerly Polygon.io): /v3/reference/dividends and /v2/aggs/ticker/{T}/prev
// (https://polygon.io/docs/rest/stocks/corporate-actions/dividends, docs/upstreams.md §2).
// Licence trap: the free plan is for individual use and redistribution needs a commercial plan (verify
// before production); the source is off unless an API key is set.
// Quota: free tier about 5 calls/min, end-of-day data, hence the governor. The key travels in the
// Authorization header. Odd shapes: errors are {status:"ERROR", error:"..."} (401/403/429), amounts are
// JSON numbers, and dividend_type tells regular cash (CD) from specials (SC) and capital gains (LT/ST).
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import { decimalFromNumber } from '../decimal';
import type { Distribution, DistributionKind, EtfSource } from './distribution';
import { unusable, type EtfSourceOptions } from './source-options';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Dividends = z.object({
  status: z.literal('OK'),
  results: z.array(
    z.object({
      cash_amount: z.number().min(0),
      ex_dividend_date: day,
      record_date: day.nullable().optional(),
      pay_date: z.string().nullable().optional(),
      declaration_date: day.nullable().optional(),
      dividend_type: z.string().nullable().optional(),
    }),
  ),
});
const Previous = z.object({ status: z.literal('OK'), results: z.array(z.object({ c: z.number() })).optional() });

const KINDS: Record<string, DistributionKind> = {
  CD: 'income',
  SC: 'special',
  ST: 'short_term_capital_gain',
  LT: 'long_term_capital_gain',
};

export class PolygonEtfSource implements EtfSource {
  readonly name = 'polygon';
  readonly enabled: boolean;
  private readonly api: Upstream;
  private readonly maxRows: number;

  // maxRows: the newest distributions asked for (the endpoint pages at 1,000); ratePerMinute: the plan's quota.
  constructor(options: EtfSourceOptions & { apiKey?: string; maxRows?: number; ratePerMinute?: number }) {
    this.enabled = options.enabled && Boolean(options.apiKey);
    this.maxRows = options.maxRows ?? 50;
    this.api = createUpstream({
      name: this.name,
      baseUrls: [options.baseUrl],
      timeoutMs: options.timeoutMs,
      userAgent: options.userAgent,
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : undefined,
      governor: { ratePerSecond: (options.ratePerMinute ?? 5) / 60, burst: 5 },
      log: options.log,
    });
  }

  async distributions(ticker: string, deadline: number): Promise<Distribution[]> {
    const query = { ticker, limit: this.maxRows, order: 'desc', sort: 'ex_dividend_date' };
    const body = await this.api.getJson('/v3/reference/dividends', query, Dividends, { deadline });
    return body.results.map((r) => {
      const kind = KINDS[r.dividend_type ?? 'CD'] ?? 'unspecified';
      return {
        exDate: r.ex_dividend_date,
        recordDate: r.record_date ?? null,
        payDate: r.pay_date ?? null,
        declaredDate: r.declaration_date ?? null,
        amount: decimalFromNumber(r.cash_amount),
        kind,
        regular: kind === 'income',
      };
    });
  }

  async price(ticker: string, deadline: number): Promise<string> {
    const body = await this.api.getJson(
      `/v2/aggs/ticker/${encodeURIComponent(ticker)}/prev`,
      { adjusted: 'true' },
      Previous,
      { deadline },
    );
    const close = body.results?.[0]?.c;
    if (!close || close <= 0) throw unusable(this.name, 'no previous close');
    return decimalFromNumber(close);
  }
}
