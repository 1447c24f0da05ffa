// Nasdaq quote API (unofficial website back-end): /api/quote/{SYM}/dividends and /info (docs/upstreams.md §2).
// Licence trap: the terms do not grant API use and the service can change without notice, so every user
// can switch it off, with Massive (keyed) as the fallback.
// Headers (issue 11): the endpoints are reported to hang, not refuse, for clients that do not look like a
// browser (user agent, accept-language, origin, referer), so this source sends a browser's header set, and
// callers give it a short timeout (4 s) so a hang that happens anyway still leaves time for the fallback.
// Quota: unpublished; we keep to 2 rps.
// Odd shapes: failures come back as HTTP 200 with {data:null, status:{rCode:400, bCodeMessage:[...]}};
// an ETF queried with the wrong asset class is such a 400, so we retry once with assetclass=stocks.
// Dates are MM/DD/YYYY, amounts "$1.7935", and "N/A" marks a missing value.
import { TollError } from '@toll/contracts';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import { decimalFromText } from '../decimal';
import type { Distribution, EtfSource } from './distribution';
import { unusable, type EtfSourceOptions } from './source-options';

// What a current desktop browser sends when nasdaq.com's own pages call the API.
export const NASDAQ_BROWSER_HEADERS = {
  accept: 'application/json, text/plain, */*',
  'accept-language': 'en-US,en;q=0.9',
  origin: 'https://www.nasdaq.com',
  referer: 'https://www.nasdaq.com/',
} as const;
export const NASDAQ_BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const Status = z.object({
  rCode: z.number(),
  bCodeMessage: z
    .array(z.object({ errorMessage: z.string() }))
    .nullable()
    .optional(),
});
const optionalText = z.string().nullable().optional();
const Row = z.object({
  exOrEffDate: z.string(),
  type: optionalText,
  amount: z.string(),
  recordDate: optionalText,
  paymentDate: optionalText,
  declarationDate: optionalText,
});
const Dividends = z.object({
  data: z.object({ dividends: z.object({ rows: z.array(Row).nullable() }).nullable() }).nullable(),
  status: Status,
});
const Info = z.object({
  data: z.object({ primaryData: z.object({ lastSalePrice: z.string() }) }).nullable(),
  status: Status,
});

// "06/20/2026" → "2026-06-20"; "N/A" and anything else → null.
const usDate = (text: string | null | undefined): string | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text?.trim() ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
};

export class NasdaqEtfSource implements EtfSource {
  readonly name = 'nasdaq';
  readonly enabled: boolean;
  private readonly api: Upstream;
  private readonly maxRows?: number;

  // maxRows: how many distributions to ask for (Nasdaq's own default is a short recent list).
  constructor(options: EtfSourceOptions & { maxRows?: number }) {
    this.enabled = options.enabled;
    this.maxRows = options.maxRows;
    this.api = createUpstream({
      name: this.name,
      baseUrls: [options.baseUrl],
      timeoutMs: options.timeoutMs,
      userAgent: options.userAgent,
      headers: NASDAQ_BROWSER_HEADERS,
      governor: { ratePerSecond: 2, burst: 10 },
      log: options.log,
    });
  }

  async distributions(ticker: string, deadline: number): Promise<Distribution[]> {
    const body = await this.quote(ticker, 'dividends', Dividends, deadline, this.maxRows);
    return (body.data?.dividends?.rows ?? []).flatMap((row): Distribution[] => {
      const exDate = usDate(row.exOrEffDate);
      if (!exDate || row.amount.trim() === 'N/A' || (row.type && !/cash/i.test(row.type))) return [];
      // Nasdaq does not tell specials or capital gains from regular payments: every cash row counts as regular.
      return [
        {
          exDate,
          recordDate: usDate(row.recordDate),
          payDate: usDate(row.paymentDate),
          declaredDate: usDate(row.declarationDate),
          amount: decimalFromText(row.amount),
          kind: 'unspecified',
          regular: true,
        },
      ];
    });
  }

  async price(ticker: string, deadline: number): Promise<string> {
    const body = await this.quote(ticker, 'info', Info, deadline);
    const raw = body.data?.primaryData.lastSalePrice ?? '';
    const price = /^\s*\$?[\d,]+(\.\d+)?\s*$/.test(raw) ? decimalFromText(raw) : '0';
    if (!/[1-9]/.test(price)) throw unusable(this.name, `no last sale price (${raw || 'empty'})`);
    return price;
  }

  private async quote<S extends typeof Dividends | typeof Info>(
    ticker: string,
    kind: 'dividends' | 'info',
    schema: S,
    deadline: number,
    limit?: number,
  ) {
    const path = `/api/quote/${encodeURIComponent(ticker)}/${kind}`;
    let body = (await this.api.getJson(path, { assetclass: 'etf', limit }, schema, { deadline })) as z.infer<S>;
    if (body.status.rCode === 400)
      body = (await this.api.getJson(path, { assetclass: 'stocks', limit }, schema, { deadline })) as z.infer<S>;
    if (body.status.rCode !== 200 || body.data === null) {
      const messages = body.status.bCodeMessage?.map((m) => m.errorMessage) ?? [];
      // "Symbol not exists." under both asset classes: the ticker is unknown, not the provider broken.
      const unknown = messages.some((m) => /symbol not exist/i.test(m));
      throw new TollError('UPSTREAM_ERROR', `${this.name}: ${messages.join('; ') || `rCode ${body.status.rCode}`}`, {
        upstream: this.name,
        ...(unknown ? { symbol_unknown: true } : {}),
      });
    }
    return body;
  }
}
