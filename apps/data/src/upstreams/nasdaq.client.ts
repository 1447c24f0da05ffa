// Nasdaq quote API (unofficial website back-end): /api/quote/{SYM}/dividends and /info (docs/upstreams.md §2).
// Licence trap: the terms do not grant API use and the service can change without notice, so it sits behind
// DATA_NASDAQ_ENABLED with Massive/Polygon as the fallback. Quota: unpublished; we keep to 2 rps.
// Odd shapes: failures come back as HTTP 200 with {data:null, status:{rCode:400, bCodeMessage:[...]}};
// an ETF queried with the wrong asset class is such a 400, so we retry once with assetclass=stocks.
// Dates are MM/DD/YYYY, amounts "$1.7935", and "N/A" marks a missing value. It wants browser-like
// Origin and Referer headers.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { DataConfig } from '../config';
import { decimalFromText } from '../decimal';
import type { Distribution, EtfSource } from '../etf-yield';
import { clientOptions, unusable } from './client-options';

const Status = z.object({
  rCode: z.number(),
  bCodeMessage: z.array(z.object({ errorMessage: z.string() })).nullable().optional(),
});
const Row = z.object({ exOrEffDate: z.string(), type: z.string().nullable().optional(), amount: z.string(), paymentDate: z.string().nullable().optional() });
const Dividends = z.object({ data: z.object({ dividends: z.object({ rows: z.array(Row).nullable() }).nullable() }).nullable(), status: Status });
const Info = z.object({ data: z.object({ primaryData: z.object({ lastSalePrice: z.string() }) }).nullable(), status: Status });

// "06/20/2026" → "2026-06-20"; "N/A" and anything else → null.
const usDate = (text: string | null | undefined): string | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text?.trim() ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
};

@Injectable()
export class NasdaqClient implements EtfSource {
  readonly name = 'nasdaq';
  readonly enabled: boolean;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: DataConfig, logger: JsonLogger) {
    this.enabled = config.DATA_NASDAQ_ENABLED;
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.DATA_NASDAQ_BASE_URL],
      timeoutMs: 6_000,
      headers: { origin: 'https://www.nasdaq.com', referer: 'https://www.nasdaq.com/' },
      governor: { ratePerSecond: 2, burst: 10 }, // a yields refresh of 5 tickers is 10 calls
      ...clientOptions(config, logger),
    });
  }

  async distributions(ticker: string, deadline: number): Promise<Distribution[]> {
    const body = await this.quote(ticker, 'dividends', Dividends, deadline);
    return (body.data?.dividends?.rows ?? []).flatMap((row): Distribution[] => {
      const exDate = usDate(row.exOrEffDate);
      if (!exDate || row.amount.trim() === 'N/A' || (row.type && !/cash/i.test(row.type))) return [];
      // Nasdaq does not tell specials from regular payments; every cash row counts as regular.
      return [{ exDate, payDate: usDate(row.paymentDate), amount: decimalFromText(row.amount), regular: true }];
    });
  }

  async price(ticker: string, deadline: number): Promise<string> {
    const body = await this.quote(ticker, 'info', Info, deadline);
    const raw = body.data?.primaryData.lastSalePrice ?? '';
    const price = /^\s*\$?[\d,]+(\.\d+)?\s*$/.test(raw) ? decimalFromText(raw) : '0';
    if (!/[1-9]/.test(price)) throw unusable(this.name, `no last sale price (${raw || 'empty'})`);
    return price;
  }

  private async quote<S extends typeof Dividends | typeof Info>(ticker: string, kind: 'dividends' | 'info', schema: S, deadline: number) {
    const path = `/api/quote/${encodeURIComponent(ticker)}/${kind}`;
    let body = (await this.api.getJson(path, { assetclass: 'etf' }, schema, { deadline })) as z.infer<S>;
    if (body.status.rCode === 400) body = (await this.api.getJson(path, { assetclass: 'stocks' }, schema, { deadline })) as z.infer<S>;
    if (body.status.rCode !== 200 || body.data === null) {
      const message = body.status.bCodeMessage?.map((m) => m.errorMessage).join('; ') || `rCode ${body.status.rCode}`;
      throw unusable(this.name, message);
    }
    return body;
  }
}
