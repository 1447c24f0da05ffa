// OKX v5 public data — https://www.okx.com/docs-v5/en/#public-data-rest-api
// funding-rate: fundingTime is the next settlement and nextFundingTime the one after it, so their difference is the
// symbol's interval; nextFundingRate is a forecast and is "" under the newer formula. instruments gives ctVal (base
// units per contract). liquidation-orders (state=filled) returns at most 100 recent events per page, newest first,
// paged back with `after` (a ts), sz in contracts and bkPx the bankruptcy price; it keeps only recent hours, which is
// why the collector polls it. Odd shapes: errors carry code ≠ "0" (51001: no such instrument), with HTTP 200 or 400.
// Limits: funding-rate 10 requests per 2 s per IP per instrument; liquidation-orders 40 per 2 s.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, SwrCache, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { FundingConfig } from '../config';
import type { FundingVenue, VenueListing, VenueReading } from '../venues';

const NO_SUCH_INSTRUMENT = '51001';
const HOUR_MS = 3_600_000;
export const LIQUIDATION_PAGE = 100;
// Contract sizes change almost never: a day fresh, a week stale.
const INSTRUMENT_TTL = { freshMs: 86_400_000, staleMs: 7 * 86_400_000 };

const millis = z.string().regex(/^\d+$/).transform(Number);
const Envelope = <T extends z.ZodType>(row: T) => z.object({ code: z.string(), msg: z.string(), data: z.array(row) });
const FundingRate = z.object({
  instId: z.string(),
  fundingRate: z.string(),
  fundingTime: millis,
  nextFundingTime: millis,
  nextFundingRate: z.string().optional(),
});
const Instrument = z.object({ instId: z.string(), ctVal: z.string() });
const Liquidations = z.object({
  details: z.array(z.object({ posSide: z.enum(['long', 'short']), bkPx: z.string(), sz: z.string(), ts: millis })),
});

export interface LiquidationRow {
  ts: number;
  posSide: 'long' | 'short';
  price: string;
  size: string;
}

@Injectable()
export class OkxClient implements FundingVenue {
  readonly id = 'okx' as const;
  readonly enabled: boolean;
  readonly baseUrl: string;
  private readonly api: Upstream;
  private readonly cache = new SwrCache(500);

  constructor(@Inject(APP_CONFIG) config: FundingConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.enabled = config.FUNDING_OKX_ENABLED;
    this.baseUrl = config.FUNDING_OKX_BASE_URL;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.FUNDING_UPSTREAM_TIMEOUT_MS,
      userAgent: config.FUNDING_USER_AGENT,
      governor: { ratePerSecond: 5, burst: 5 },
      log: upstreamLog(logger),
    });
  }

  async reading(instId: string, deadline: number): Promise<VenueReading | null> {
    const rows = await this.data('api/v5/public/funding-rate', { instId }, FundingRate, deadline);
    const r = rows?.find((row) => row.instId === instId);
    if (!r) return null;
    const hours = Math.round((r.nextFundingTime - r.fundingTime) / HOUR_MS);
    if (hours < 1 || hours > 24)
      throw new TollError('UPSTREAM_ERROR', `okx gave funding times ${hours} h apart for ${instId}`, {
        upstream: this.id,
      });
    return {
      venue: this.id,
      venueSymbol: r.instId,
      rate: r.fundingRate,
      intervalHours: hours,
      intervalSource: 'nextFundingTime − fundingTime',
      nextFundingTime: r.fundingTime,
      predictedNext: r.nextFundingRate ? r.nextFundingRate : null,
      markPrice: null,
    };
  }

  // OKX has no keyless all-markets funding call (one request per instrument), so it is left out of top-funded.
  async listing(): Promise<VenueListing[]> {
    return [];
  }

  async contractValue(instId: string, deadline: number): Promise<string | null> {
    const cached = await this.cache.get(`ctVal:${instId}`, INSTRUMENT_TTL, async () => ({
      value:
        (await this.data('api/v5/public/instruments', { instType: 'SWAP', instId }, Instrument, deadline))?.[0]
          ?.ctVal ?? null,
      source: this.id,
    }));
    return cached.value;
  }

  // One page of filled liquidations of a USDT swap family, newest first; `before` pages back past that ts.
  async liquidations(instFamily: string, before: number | null, deadline: number): Promise<LiquidationRow[]> {
    const query = {
      instType: 'SWAP',
      instFamily,
      state: 'filled',
      limit: String(LIQUIDATION_PAGE),
      ...(before ? { after: String(before) } : {}),
    };
    const rows = (await this.data('api/v5/public/liquidation-orders', query, Liquidations, deadline)) ?? [];
    return rows.flatMap((r) => r.details.map((d) => ({ ts: d.ts, posSide: d.posSide, price: d.bkPx, size: d.sz })));
  }

  private async data<T extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    row: T,
    deadline: number,
  ): Promise<Array<z.infer<T>> | null> {
    const body = await this.api.getJson(path, query, Envelope(row), { deadline, answerStatuses: [400] });
    if (body.code === NO_SUCH_INSTRUMENT) return null;
    if (body.code !== '0')
      throw new TollError('UPSTREAM_ERROR', `okx answered code ${body.code}: ${body.msg}`, { upstream: this.id });
    return body.data;
  }
}
