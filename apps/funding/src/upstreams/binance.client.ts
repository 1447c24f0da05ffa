// Binance USDⓈ-M futures public market data — https://developers.binance.com/docs/derivatives/usds-margined-futures
// premiumIndex: lastFundingRate is the live rate for the interval ending at nextFundingTime. fundingInfo lists only
// symbols whose interval is not the default 8 h (e.g. 4 h), so a symbol missing there is 8 h. ticker/24hr gives
// quoteVolume (USDT) for the liquidity filter. Odd shapes: an unknown symbol is HTTP 400 {"code":-1121,"msg":"Invalid
// symbol."}; restricted locations (the US) get HTTP 451 with a terms message. Weight: premiumIndex 1 (10 without a
// symbol), fundingInfo 1, ticker/24hr 40 without a symbol, out of 2,400/min per IP.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, SwrCache, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { FundingConfig } from '../config';
import type { FundingVenue, VenueListing, VenueReading } from '../venues';

const DEFAULT_INTERVAL_HOURS = 8;
// Intervals change rarely (Binance announces them): an hour fresh, a day stale.
const INTERVALS_TTL = { freshMs: 3_600_000, staleMs: 86_400_000 };
const INVALID_SYMBOL = -1121;

const PremiumIndex = z.object({
  symbol: z.string(),
  markPrice: z.string(),
  lastFundingRate: z.string(),
  nextFundingTime: z.number().int(),
});
const ApiError = z.object({ code: z.number().int(), msg: z.string() });
const FundingInfo = z.array(z.object({ symbol: z.string(), fundingIntervalHours: z.number().int().min(1).max(24) }));
const Tickers = z.array(z.object({ symbol: z.string(), quoteVolume: z.string() }));

@Injectable()
export class BinanceClient implements FundingVenue {
  readonly id = 'binance' as const;
  readonly enabled: boolean;
  readonly baseUrl: string;
  private readonly api: Upstream;
  private readonly cache = new SwrCache(1);

  constructor(@Inject(APP_CONFIG) config: FundingConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.enabled = config.FUNDING_BINANCE_ENABLED;
    this.baseUrl = config.FUNDING_BINANCE_BASE_URL;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.FUNDING_UPSTREAM_TIMEOUT_MS,
      userAgent: config.FUNDING_USER_AGENT,
      governor: { ratePerSecond: 10, burst: 10 }, // far under 2,400 weight/min even for the weight-40 listing
      log: upstreamLog(logger),
    });
  }

  async reading(symbol: string, deadline: number): Promise<VenueReading | null> {
    const [body, intervals] = await Promise.all([
      this.api.getJson('fapi/v1/premiumIndex', { symbol }, z.union([PremiumIndex, ApiError]), {
        deadline,
        answerStatuses: [400],
      }),
      this.intervals(deadline),
    ]);
    if ('code' in body) {
      if (body.code === INVALID_SYMBOL) return null;
      throw new TollError('UPSTREAM_ERROR', `binance answered error ${body.code}: ${body.msg}`, { upstream: this.id });
    }
    const hours = intervals.get(symbol);
    return {
      venue: this.id,
      venueSymbol: body.symbol,
      rate: body.lastFundingRate,
      intervalHours: hours ?? DEFAULT_INTERVAL_HOURS,
      intervalSource: hours ? 'fundingInfo' : 'default 8 h (not listed in fundingInfo)',
      nextFundingTime: body.nextFundingTime,
      predictedNext: null,
      markPrice: body.markPrice,
    };
  }

  async listing(deadline: number): Promise<VenueListing[]> {
    const [index, intervals, tickers] = await Promise.all([
      this.api.getJson('fapi/v1/premiumIndex', {}, z.array(PremiumIndex), { deadline }),
      this.intervals(deadline),
      this.api.getJson('fapi/v1/ticker/24hr', {}, Tickers, { deadline }),
    ]);
    const volume = new Map(tickers.map((t) => [t.symbol, t.quoteVolume]));
    return index
      .filter((p) => p.symbol.endsWith('USDT') && volume.has(p.symbol))
      .map((p) => ({
        venue: this.id,
        venueSymbol: p.symbol,
        base: p.symbol.slice(0, -4),
        rate: p.lastFundingRate,
        intervalHours: intervals.get(p.symbol) ?? DEFAULT_INTERVAL_HOURS,
        nextFundingTime: p.nextFundingTime,
        volume24hUsd: volume.get(p.symbol)!,
      }));
  }

  private async intervals(deadline: number): Promise<Map<string, number>> {
    const cached = await this.cache.get('fundingInfo', INTERVALS_TTL, async () => ({
      value: await this.api.getJson('fapi/v1/fundingInfo', {}, FundingInfo, { deadline }),
      source: this.id,
    }));
    return new Map(cached.value.map((r) => [r.symbol, r.fundingIntervalHours]));
  }
}
