// Bybit v5 public market data — https://bybit-exchange.github.io/docs/v5/market/tickers
// tickers (category=linear) carries the live fundingRate, nextFundingTime (ms, as a string), fundingIntervalHour
// (per symbol: 1, 2, 4 or 8) and turnover24h (USDT) in one call. Odd shapes: errors are HTTP 200 with a non-zero
// retCode (10001 for an unknown symbol); restricted locations (the US) get HTTP 403 from the CDN with an HTML page.
// About 600 requests per 5 s per IP.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { FundingConfig } from '../config';
import type { FundingVenue, VenueListing, VenueReading } from '../venues';

const PARAMS_ERROR = 10001;

const Ticker = z.object({
  symbol: z.string(),
  markPrice: z.string(),
  fundingRate: z.string().regex(/^-?\d+(\.\d+)?$/),
  nextFundingTime: z.string().regex(/^\d+$/),
  fundingIntervalHour: z.string().regex(/^([1-9]|1\d|2[0-4])$/), // 1-24 h
  turnover24h: z.string(),
});
const Tickers = z.object({
  retCode: z.number().int(),
  retMsg: z.string(),
  result: z.object({ list: z.array(z.unknown()).optional() }).passthrough(),
});

@Injectable()
export class BybitClient implements FundingVenue {
  readonly id = 'bybit' as const;
  readonly enabled: boolean;
  readonly baseUrl: string;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: FundingConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.enabled = config.FUNDING_BYBIT_ENABLED;
    this.baseUrl = config.FUNDING_BYBIT_BASE_URL;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.FUNDING_UPSTREAM_TIMEOUT_MS,
      userAgent: config.FUNDING_USER_AGENT,
      governor: { ratePerSecond: 20, burst: 20 },
      log: upstreamLog(logger),
    });
  }

  async reading(symbol: string, deadline: number): Promise<VenueReading | null> {
    const answer = await this.tickers({ category: 'linear', symbol }, deadline);
    if (!answer) return null;
    if (answer.dropped.includes(symbol))
      throw new TollError('UPSTREAM_ERROR', `bybit answered ${symbol} with an unexpected shape`, { upstream: this.id });
    const t = answer.rows.find((r) => r.symbol === symbol);
    if (!t) return null;
    return {
      venue: this.id,
      venueSymbol: t.symbol,
      rate: t.fundingRate,
      intervalHours: Number(t.fundingIntervalHour),
      intervalSource: 'tickers.fundingIntervalHour',
      nextFundingTime: Number(t.nextFundingTime),
      predictedNext: null,
      markPrice: t.markPrice,
    };
  }

  async listing(deadline: number): Promise<VenueListing[]> {
    const rows = (await this.tickers({ category: 'linear' }, deadline))?.rows ?? [];
    return rows
      .filter((t) => t.symbol.endsWith('USDT'))
      .map((t) => ({
        venue: this.id,
        venueSymbol: t.symbol,
        base: t.symbol.slice(0, -4),
        rate: t.fundingRate,
        intervalHours: Number(t.fundingIntervalHour),
        nextFundingTime: Number(t.nextFundingTime),
        volume24hUsd: t.turnover24h,
      }));
  }

  // null: Bybit says the symbol is not one of its linear markets. Rows that are not funded perpetuals (dated futures
  // carry an empty fundingRate and interval) are dropped rather than failing the whole listing.
  private async tickers(
    query: Record<string, string>,
    deadline: number,
  ): Promise<{ rows: Array<z.infer<typeof Ticker>>; dropped: string[] } | null> {
    const body = await this.api.getJson('v5/market/tickers', query, Tickers, { deadline });
    if (body.retCode === PARAMS_ERROR) return null;
    if (body.retCode !== 0)
      throw new TollError('UPSTREAM_ERROR', `bybit answered retCode ${body.retCode}: ${body.retMsg}`, {
        upstream: this.id,
      });
    const parsed = (body.result.list ?? []).map((row) => ({ row, parsed: Ticker.safeParse(row) }));
    return {
      rows: parsed.flatMap((p) => (p.parsed.success ? [p.parsed.data] : [])),
      dropped: parsed.filter((p) => !p.parsed.success).map((p) => String((p.row as { symbol?: unknown })?.symbol)),
    };
  }
}
