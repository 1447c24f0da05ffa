// Hyperliquid info API — https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/info-endpoint
// POST /info {"type":"predictedFundings"} returns, per coin, the predicted funding of Hyperliquid and of the Binance
// and Bybit perpetuals: [[coin, [[venue, {fundingRate, nextFundingTime, fundingIntervalHours} | null], …]], …] with
// venues "HlPerp", "BinPerp", "BybitPerp". Keyless and reachable where Binance (451) and Bybit (403) are not, so it is
// the geo-safe mirror of those two venues' rates. A venue entry can be null, and older answers omit
// fundingIntervalHours (such a rate is not used: it could not be normalised). Weight 20 of 1,200 per minute per IP.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, SwrCache, type Cached, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { FundingConfig } from '../config';
import type { VenueId } from '../venues';

// One answer covers every coin: read it at most once a minute (the venues' own readings are cached as long).
const MIRROR_TTL = { freshMs: 60_000, staleMs: 0 };
const VENUES: Record<string, VenueId> = { BinPerp: 'binance', BybitPerp: 'bybit' };

const Entry = z
  .object({
    fundingRate: z.string(),
    nextFundingTime: z.number().int(),
    fundingIntervalHours: z.number().int().min(1).max(24).optional(),
  })
  .nullable();
const PredictedFundings = z.array(z.tuple([z.string(), z.array(z.tuple([z.string(), Entry]).nullable())]));

export interface MirroredRate {
  rate: string;
  nextFundingTime: number;
  intervalHours: number;
}

@Injectable()
export class HyperliquidClient {
  readonly id = 'hyperliquid';
  readonly enabled: boolean;
  readonly baseUrl: string;
  private readonly api: Upstream;
  private readonly cache: SwrCache;

  constructor(@Inject(APP_CONFIG) config: FundingConfig, @Inject(JsonLogger) logger: JsonLogger, clock: Clock) {
    this.cache = new SwrCache(1, () => clock.now());
    this.enabled = config.FUNDING_HYPERLIQUID_ENABLED;
    this.baseUrl = config.FUNDING_HYPERLIQUID_BASE_URL;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.FUNDING_UPSTREAM_TIMEOUT_MS,
      userAgent: config.FUNDING_USER_AGENT,
      governor: { ratePerSecond: 1, burst: 2 },
      log: upstreamLog(logger),
    });
  }

  // The venue's rate for `coin` as Hyperliquid mirrors it, with when it was read (and whether that is stale); null when
  // it has none usable.
  async mirror(
    venue: VenueId,
    coin: string,
    deadline: number,
  ): Promise<{ rate: MirroredRate; freshness: Cached<unknown>['freshness'] } | null> {
    const cached: Cached<z.infer<typeof PredictedFundings>> = await this.cache.get(
      'predictedFundings',
      MIRROR_TTL,
      async () => ({
        value: await this.api.postJson('info', { type: 'predictedFundings' }, PredictedFundings, { deadline }),
        source: this.id,
      }),
    );
    const venues = cached.value.find(([c]) => c === coin)?.[1] ?? [];
    const entry = venues.find((v) => v !== null && VENUES[v[0]] === venue)?.[1];
    if (!entry?.fundingIntervalHours) return null;
    return {
      rate: {
        rate: entry.fundingRate,
        nextFundingTime: entry.nextFundingTime,
        intervalHours: entry.fundingIntervalHours,
      },
      freshness: cached.freshness,
    };
  }
}
