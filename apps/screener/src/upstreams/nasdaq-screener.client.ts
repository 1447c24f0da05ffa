// Nasdaq's stock screener download (docs/upstreams.md §14f): GET https://api.nasdaq.com/api/screener/stocks
// ?tableonly=true&download=true — every Nasdaq, NYSE and NYSE American listed stock (about 7,000 rows) in one
// call: symbol, name, last sale, market cap, country, IPO year, sector, industry. An unofficial website back-end
// (its terms do not grant API use, it can change without notice), so it sends a browser's headers (shared with
// the ETF sources in @toll/markets) and the snapshot it feeds says where prices came from.
// Odd shapes: money as text ("$229.65", "3,450,000,000,000"), "" or "NA" for a missing value; share classes
// written with a slash ("BRK/B"); failures come back as HTTP 200 with data null and status.rCode != 200.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { NASDAQ_BROWSER_HEADERS, NASDAQ_BROWSER_USER_AGENT } from '@toll/markets';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { ScreenerConfig } from '../config';

const Row = z.object({
  symbol: z.string(),
  name: z.string(),
  lastsale: z.string(),
  marketCap: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  sector: z.string().nullable().optional(),
  industry: z.string().nullable().optional(),
});
// The download form answers data.rows; the paged form (without download=true) data.table.rows: read either.
const Screener = z.object({
  data: z
    .object({
      rows: z.array(Row).nullable().optional(),
      table: z
        .object({ rows: z.array(Row).nullable() })
        .nullable()
        .optional(),
    })
    .nullable(),
  status: z.object({ rCode: z.number() }),
});

export interface Listing {
  ticker: string; // SEC spelling: share classes with a dash
  name: string;
  price: string; // decimal string, USD
  marketCap: string | null;
  country: string | null;
  sector: string | null;
  industry: string | null;
}

// "$1,234.50" → "1234.5"; anything that is not a plain positive amount → null.
export const amount = (text: string | null | undefined): string | null => {
  const clean = (text ?? '').replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(clean) || /^0+(\.0+)?$/.test(clean)) return null;
  return clean
    .replace(/^0+(?=\d)/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
};
const text = (t: string | null | undefined) => (t && t.trim() && t.trim() !== 'NA' ? t.trim() : null);

@Injectable()
export class NasdaqScreenerClient {
  readonly name = 'nasdaq-screener';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: ScreenerConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.SCREENER_NASDAQ_BASE_URL],
      timeoutMs: config.SCREENER_NASDAQ_TIMEOUT_MS,
      userAgent: NASDAQ_BROWSER_USER_AGENT,
      headers: NASDAQ_BROWSER_HEADERS,
      governor: { ratePerSecond: 1, burst: 2 },
      log: upstreamLog(logger),
    });
  }

  // Every listed stock with a price; rows without one (halted, just listed) are left out.
  async listings(deadline: number): Promise<Listing[]> {
    const body = await this.api.getJson('/api/screener/stocks', { tableonly: 'true', download: 'true' }, Screener, {
      deadline,
    });
    const rows = body.data?.rows ?? body.data?.table?.rows;
    if (body.status.rCode !== 200 || !rows)
      throw new TollError('UPSTREAM_ERROR', `${this.name}: answered without rows (rCode ${body.status.rCode})`, {
        upstream: this.name,
      });
    return rows.flatMap((r) => {
      const price = amount(r.lastsale);
      if (!price) return [];
      return [
        {
          ticker: r.symbol.trim().toUpperCase().replace(/[/.^]/g, '-'),
          name: r.name.trim(),
          price,
          marketCap: amount(r.marketCap),
          country: text(r.country),
          sector: text(r.sector),
          industry: text(r.industry),
        },
      ];
    });
  }
}
