import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, Clock, GroupHealth } from '@toll/platform';
import { failedLast, ProviderOutcomes, SwrCache, type CachePolicy, type Cached } from '@toll/upstream';
import type { FundingConfig } from './config';
import { coveredMs, coveredStretches } from './coverage';
import type * as S from './funding.schemas';
import { assemble, priceStep, timeBucketHours, trimDecimal } from './heatmap';
import { LiquidationCollector } from './liquidation-collector';
import { LiquidationsRepository } from './liquidations.repository';
import { compareRates, normalise, subtractRates } from './rates';
import { resolveMarket, type Market } from './symbols';
import { BinanceClient } from './upstreams/binance.client';
import { BybitClient } from './upstreams/bybit.client';
import { HyperliquidClient } from './upstreams/hyperliquid.client';
import { OkxClient } from './upstreams/okx.client';
import {
  describeFailure,
  msToIso,
  VENUE_TERMS,
  type FundingVenue,
  type VenueId,
  type VenueListing,
  type VenueReading,
} from './venues';

const MINUTE = 60_000;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const HOUR_MS = 60 * MINUTE;
// Funding moves continuously and settles hourly to 8-hourly: a minute fresh, ten minutes stale (upstreams.md §16).
const RATE_TTL: CachePolicy = { freshMs: MINUTE, staleMs: 10 * MINUTE };
// The merged all-markets list is derived: five minutes fresh, thirty stale.
const TOP_TTL: CachePolicy = { freshMs: 5 * MINUTE, staleMs: 30 * MINUTE };
// About 300 bytes per (venue, market) reading.
const CACHE_MAX_ENTRIES = 10_000;
const HEATMAP_METHOD =
  'Recorded events only: OKX filled liquidations (USDT swap) polled by this group and stored; notional = ' +
  'contracts × contract value × bankruptcy price, ' +
  'summed per time bucket × price bucket and split by the side of the liquidated position. No estimated (open ' +
  'interest × leverage) levels are mixed in.';

type Failure = ReturnType<typeof describeFailure>;

// A reading whose next funding time has already passed predates that settlement: stale, whatever its cache says
// (a replayed recording, or a venue that has not rolled its clock over yet).
function readingFreshness(f: Cached<unknown>['freshness'], nextFundingTime: number, now: number) {
  const reason =
    f.reason ??
    (nextFundingTime <= now
      ? `its next funding time ${msToIso(nextFundingTime)} has passed: the reading predates that settlement`
      : undefined);
  return { as_of: f.fetchedAt, stale: f.stale || reason !== undefined, ...(reason ? { reason } : {}) };
}

@Injectable()
export class FundingService {
  private readonly venues: FundingVenue[];
  private readonly cache: SwrCache;
  // Every TollError counts against the venue, an unknown symbol included.
  private readonly venueHealth = new ProviderOutcomes<VenueId>(
    () => this.clock.now(),
    () => true,
  );

  constructor(
    @Inject(APP_CONFIG) private readonly config: FundingConfig,
    binance: BinanceClient,
    bybit: BybitClient,
    private readonly okx: OkxClient,
    private readonly hyperliquid: HyperliquidClient,
    private readonly repo: LiquidationsRepository,
    private readonly collector: LiquidationCollector,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
  ) {
    this.venues = [binance, bybit, okx];
    this.cache = new SwrCache(CACHE_MAX_ENTRIES, () => this.clock.now());
  }

  // Every venue is asked at once; one that fails is named with its reason and the others are still served. The call
  // is charged when at least one venue gave a rate; with none it fails (never charged), or is a 404 when every venue
  // that answered lists no such market.
  async funding(input: S.FundingInput, deadline: number): Promise<S.FundingOutput> {
    const market = resolveMarket(input.symbol);
    const answers = await Promise.all(this.venues.map((v) => this.read(v, market, deadline)));
    const readings = answers.filter((a): a is Cached<VenueReading> => 'value' in a);
    const unavailable = answers.filter((a): a is Failure => 'status' in a);
    if (!readings.length) throw this.noRate(market, unavailable);

    const now = this.clock.now();
    const rows = readings
      .map(({ value: r, freshness }) => ({
        venue: r.venue,
        venue_symbol: r.venueSymbol,
        ...normalise(r.rate, r.intervalHours),
        interval_source: r.intervalSource,
        next_funding_time: msToIso(r.nextFundingTime),
        predicted_next_rate: r.predictedNext === null ? null : normalise(r.predictedNext, r.intervalHours).rate,
        mark_price: r.markPrice,
        via: r.via ?? null,
        freshness: readingFreshness(freshness, r.nextFundingTime, now),
      }))
      .sort((a, b) => compareRates(b.annualized, a.annualized));
    const [high, low] = [rows[0], rows[rows.length - 1]];
    const notes = [
      'rate is per funding interval; hourly and annualized (× 8760 ÷ interval, not compounded) put 1 h, 4 h and ' +
        '8 h venues on one basis',
      ...rows
        .filter((r) => r.freshness.stale)
        .map(
          (r) => `${r.venue}: its reading from ${r.freshness.as_of} is served and marked stale (${r.freshness.reason})`,
        ),
      ...rows.filter((r) => r.via).map((r) => `${r.venue}: ${r.via}`),
      ...(rows.length < 2 ? ['only one venue answered: no cross-venue spread'] : []),
    ];
    return {
      symbol: input.symbol,
      market: market.market,
      base: market.base,
      venues: rows,
      unavailable,
      spread:
        rows.length < 2
          ? null
          : {
              annualized: subtractRates(high.annualized, low.annualized),
              hourly: subtractRates(high.hourly, low.hourly),
              highest: high.venue,
              lowest: low.venue,
            },
      complete: rows.length === this.venues.length,
      notes,
    };
  }

  async liquidations(input: S.LiquidationsInput): Promise<S.LiquidationsOutput> {
    const market = resolveMarket(input.symbol);
    const tracked = this.config.FUNDING_LIQUIDATION_BASES;
    if (!tracked.includes(market.base)) {
      throw new TollError('NOT_FOUND', `Liquidations are recorded for ${tracked.join(', ')} only, not ${market.base}`, {
        tracked,
      });
    }
    const now = this.clock.now();
    const window = { from: now - input.hours * HOUR_MS, to: now };
    const stretches = coveredStretches(await this.repo.polls(market.base, window), window);
    const covered = coveredMs(stretches);
    const bucketHours = timeBucketHours(input.hours);
    const range = await this.repo.priceRange(market.base, window);
    const step = range ? priceStep(range.min, range.max) : null;
    const cells = step ? await this.repo.heat(market.base, window, bucketHours * HOUR_MS, step) : [];
    const sum = (side: 'long' | 'short') => sumCents(cells.filter((c) => c.posSide === side).map((c) => c.usd));
    const [long, short] = [sum('long'), sum('short')];
    return {
      symbol: input.symbol,
      market: market.market,
      base: market.base,
      hours: input.hours,
      venues: ['okx'],
      coverage: {
        requested: { from: msToIso(window.from), to: msToIso(window.to) },
        covered: stretches.map((s) => ({ from: msToIso(s.from), to: msToIso(s.to) })),
        covered_hours: (covered / HOUR_MS).toFixed(3),
        complete: covered === window.to - window.from,
        note: coverageNote(covered, window.to - window.from),
      },
      time_bucket_hours: bucketHours,
      price_bucket_usd: step,
      buckets: assemble(cells, window.from, input.hours, bucketHours),
      totals: {
        long_usd: long,
        short_usd: short,
        total_usd: sumCents([long, short]),
        events: cells.reduce((n, c) => n + c.events, 0),
      },
      method: HEATMAP_METHOD,
    };
  }

  async topFunded(input: S.TopFundedInput, deadline: number): Promise<S.TopFundedOutput> {
    const cached = await this.cache.get('top-funded', TOP_TTL, async () => ({
      value: await this.loadTop(deadline),
      source: 'venues',
    }));
    const { rows, unavailable } = cached.value;
    const { fetchedAt, stale, reason } = cached.freshness;
    return {
      limit: input.limit,
      liquidity_filter: `24 h quote volume of at least ${this.config.FUNDING_TOP_MIN_VOLUME_USD} USDT on the listing venue`,
      rows: rows.slice(0, input.limit).map((r, i) => ({ ...r, rank: i + 1 })),
      unavailable,
      freshness: { as_of: fetchedAt, stale, ...(reason ? { reason } : {}) },
      notes: [
        'One row per venue and market (Binance and Bybit USDT perpetuals), highest annualized rate first; OKX ' +
          'has no keyless all-markets funding call and is left out',
      ],
    };
  }

  health(): S.HealthOutput {
    const described = this.groupHealth.describe();
    const venues = this.venues.map((v) => ({
      venue: v.id,
      enabled: v.enabled,
      base_url: v.baseUrl,
      terms: VENUE_TERMS[v.id],
      ...this.venueHealth.outcome(v.id),
    }));
    const failing = venues.some((v) => v.enabled && failedLast(v));
    return {
      ...described,
      status: failing || this.collector.lastError ? 'degraded' : 'ok',
      tracked: {
        funding: 'USDT-margined perpetuals listed on Binance, Bybit or OKX',
        liquidation_bases: this.config.FUNDING_LIQUIDATION_BASES,
      },
      venues,
      mirror: {
        source: 'hyperliquid',
        enabled: this.hyperliquid.enabled,
        base_url: this.hyperliquid.baseUrl,
        role:
          "predictedFundings: Binance's and Bybit's rates when those venues fail or block this server (keyless, " +
          'reachable from the US)',
      },
      collector: {
        enabled: this.config.FUNDING_COLLECTOR_ENABLED && this.okx.enabled,
        interval_ms: this.config.FUNDING_COLLECTOR_INTERVAL_MS,
        last_run_at: this.collector.lastRunAt,
        last_error: this.collector.lastError,
      },
    };
  }

  // A venue's reading of the market (possibly stale, or mirrored by Hyperliquid when the venue fails), or why there
  // is none. A live mirrored rate is preferred to a stale reading of the venue itself.
  private async read(venue: FundingVenue, market: Market, deadline: number): Promise<Cached<VenueReading> | Failure> {
    if (!venue.enabled)
      return {
        venue: venue.id,
        status: 'disabled',
        reason: `${venue.id} is turned off on this deployment`,
        http_status: null,
      };
    const symbol = market[venue.id];
    let cached: Cached<VenueReading | null>;
    try {
      cached = await this.cache.get(`${venue.id}:${symbol}`, RATE_TTL, async () => ({
        value: await this.tracked(venue.id, () => venue.reading(symbol, deadline)),
        source: venue.id,
      }));
    } catch (e) {
      const failure = describeFailure(venue.id, e);
      const mirrored = await this.mirrored(venue.id, market, failure.reason, deadline);
      if (mirrored === null || 'value' in mirrored) return mirrored ?? failure;
      return { ...failure, reason: `${failure.reason}; ${mirrored.failed}` };
    }
    if (cached.value === null)
      return { venue: venue.id, status: 'not_listed', reason: `${venue.id} lists no ${symbol}`, http_status: null };
    if (cached.freshness.stale) {
      const mirrored = await this.mirrored(venue.id, market, cached.freshness.reason ?? 'refresh failed', deadline);
      if (mirrored && 'value' in mirrored) return mirrored;
    }
    return cached as Cached<VenueReading>;
  }

  // Binance's or Bybit's rate as Hyperliquid's predictedFundings mirrors it; null where no mirror applies, or why
  // the mirror did not help.
  private async mirrored(
    venue: VenueId,
    market: Market,
    why: string,
    deadline: number,
  ): Promise<Cached<VenueReading> | { failed: string } | null> {
    if (venue === 'okx' || !this.hyperliquid.enabled) return null;
    try {
      const found = await this.hyperliquid.mirror(venue, market.base, deadline);
      if (!found) return { failed: `Hyperliquid mirrors no usable ${venue} rate for ${market.base}` };
      const { rate, freshness } = found;
      return {
        value: {
          venue,
          venueSymbol: market[venue],
          rate: rate.rate,
          intervalHours: rate.intervalHours,
          intervalSource: 'hyperliquid predictedFundings',
          nextFundingTime: rate.nextFundingTime,
          predictedNext: null,
          markPrice: null,
          via: `read from Hyperliquid's predictedFundings mirror because ${venue} failed (${why})`,
        },
        // Judged like the venue's own reading: a replayed or old mirror is stale, never presented as live.
        freshness: { ...freshness, source: 'hyperliquid' },
      };
    } catch (e) {
      if (!(e instanceof TollError)) throw e;
      return { failed: `the Hyperliquid mirror failed too (${e.message})` };
    }
  }

  private noRate(market: Market, failures: Failure[]): TollError {
    const details = { market: market.market, unavailable: failures };
    if (
      failures.some((f) => f.status === 'not_listed') &&
      failures.every((f) => f.status === 'not_listed' || f.status === 'disabled')
    ) {
      return new TollError('NOT_FOUND', `No venue lists a ${market.market} perpetual`, details);
    }
    if (failures.every((f) => f.status === 'disabled'))
      return new TollError('SERVICE_UNAVAILABLE', 'Every funding venue is turned off on this deployment', details);
    const summary = failures.map((f) => `${f.venue}: ${f.reason}`).join('; ');
    const timedOut = failures.every(
      (f) => f.status === 'timeout' || f.status === 'not_listed' || f.status === 'disabled',
    );
    return new TollError(
      timedOut ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR',
      `No venue gave a funding rate for ${market.market}: ${summary}`,
      details,
    );
  }

  private async loadTop(
    deadline: number,
  ): Promise<{ rows: Array<Omit<S.TopFundedOutput['rows'][number], 'rank'>>; unavailable: Failure[] }> {
    const listed = this.venues.filter((v) => v.enabled && v.id !== 'okx');
    const results = await Promise.allSettled(listed.map((v) => this.tracked(v.id, () => v.listing(deadline))));
    const unavailable = results.flatMap((r, i) =>
      r.status === 'rejected' ? [describeFailure(listed[i].id, r.reason)] : [],
    );
    if (unavailable.length === listed.length) {
      throw new TollError(
        'UPSTREAM_ERROR',
        `No venue listed its markets: ${unavailable.map((f) => `${f.venue}: ${f.reason}`).join('; ')}`,
        { unavailable },
      );
    }
    const min = String(this.config.FUNDING_TOP_MIN_VOLUME_USD);
    const rows = results
      .flatMap((r) => (r.status === 'fulfilled' ? r.value : []))
      // Dated futures in the same listings carry an empty rate; an unusual interval cannot be normalised.
      .filter(
        (l) =>
          DECIMAL.test(l.rate) &&
          DECIMAL.test(l.volume24hUsd) &&
          Number.isInteger(l.intervalHours) &&
          l.intervalHours >= 1 &&
          l.intervalHours <= 24,
      )
      .filter((l) => compareRates(l.volume24hUsd, min) >= 0)
      .map((l: VenueListing) => {
        const n = normalise(l.rate, l.intervalHours);
        return {
          venue: l.venue,
          venue_symbol: l.venueSymbol,
          base: l.base,
          rate: n.rate,
          interval_hours: n.interval_hours,
          hourly: n.hourly,
          annualized: n.annualized,
          next_funding_time: msToIso(l.nextFundingTime),
          volume_24h_usd: l.volume24hUsd,
        };
      })
      .sort((a, b) => compareRates(b.annualized, a.annualized) || a.venue_symbol.localeCompare(b.venue_symbol));
    return { rows, unavailable };
  }

  private tracked<T>(id: VenueId, call: () => Promise<T>): Promise<T> {
    return this.venueHealth.track(id, call);
  }
}

// Sums USD amounts given to the cent (Postgres rounded them), exactly, in integer cents.
function sumCents(values: readonly string[]): string {
  const cents = values.reduce((sum, v) => {
    const [int, frac = ''] = v.split('.');
    return sum + BigInt(int) * 100n + BigInt(frac.padEnd(2, '0'));
  }, 0n);
  return trimDecimal(`${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`);
}

function coverageNote(coveredMs: number, windowMs: number): string {
  if (coveredMs === windowMs) return 'The collector recorded the whole window.';
  if (coveredMs === 0)
    return (
      'The collector has recorded none of this window yet: totals are zero because nothing was recorded, not ' +
      'because nothing was liquidated.'
    );
  return (
    'Only the covered stretches were recorded; liquidations in the gaps (collector not yet running, or down) are ' +
    'missing from the totals.'
  );
}
