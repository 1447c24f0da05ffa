import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { TollError, type SolUsdReply } from '@toll/contracts';
import type { EtfSource } from '@toll/markets';
import { APP_CONFIG, JsonLogger, TollResponse, unchargedReply } from '@toll/platform';
import { SwrCache, type CachePolicy } from '@toll/upstream';
import { CLOCK, type Clock } from './clock';
import type { DataConfig } from './config';
import {
  SECTIONS,
  type DataBundle,
  type DataStatus,
  type PriceItem,
  type RateItem,
  type Section,
  type SectionView,
  type StakingItem,
  type YieldItem,
} from './data.schemas';
import { etfYield } from './etf-yield';
import { allInOrder, combinedFailure, firstAvailable, labelled, withDeadline } from './fallback';
import { PRICE_NOTE } from './pricing';
import { COINS, RATE_INSTITUTION, RATE_SERIES, STAKING_ASSETS } from './reference-data';
import { CoingeckoClient } from './upstreams/coingecko.client';
import { DefillamaClient } from './upstreams/defillama.client';
import { FredClient } from './upstreams/fred.client';
import { FredgraphClient } from './upstreams/fredgraph.client';
import { JitoClient } from './upstreams/jito.client';
import { MarinadeClient } from './upstreams/marinade.client';
import { NasdaqClient } from './upstreams/nasdaq.client';
import { PolygonClient } from './upstreams/polygon.client';
import { PythClient } from './upstreams/pyth.client';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Cache times (docs/upstreams.md §16). Stale data is never served here (spec §2.2 withholds it), so a stale
// window only decides whether a failed refresh reports "stale" or "gone"; as_of is reported either way.
// Prices: refreshed in the background; one missed refresh is tolerated, so fresh for two intervals; stale 2 h.
const PRICES_STALE_MS = 2 * HOUR;
// ETF yields depend on the price, rebuilt every 15 min (§16 "ETF price for yield": 15 min, 1 d).
const YIELDS_TTL: CachePolicy = { freshMs: 15 * MINUTE, staleMs: DAY };
// Distribution history changes at most monthly (§16: 24 h), cached per ticker below the yields; never
// used stale: a failed refresh fails its ticker, and with it the yields section.
const ETF_DISTRIBUTIONS_TTL: CachePolicy = { freshMs: DAY, staleMs: 0 };
// FDIC national rates are published monthly (§16: 24 h, 45 d).
const RATES_TTL: CachePolicy = { freshMs: DAY, staleMs: 45 * DAY };
// DefiLlama updates its pools about hourly (§16: 1 h, 12 h).
const STAKING_TTL: CachePolicy = { freshMs: HOUR, staleMs: 12 * HOUR };
// Kept back from the caller's deadline to assemble and send the answer.
const ANSWER_MARGIN_MS = 25;
// Budget of one background price refresh, primary and fallback together.
const BACKGROUND_LOAD_MS = 25_000;

type Items = { prices: PriceItem[]; yields: YieldItem[]; rates: RateItem[]; staking: StakingItem[] };
type Loader<K extends Section> = { policy: CachePolicy; load: (deadline: number) => Promise<Items[K]> };

const reasonOf = (e: unknown) => (e instanceof TollError ? `${e.code}: ${e.message}` : 'refresh failed');
const sourcesOf = (items: ReadonlyArray<{ source: string }>) => [...new Set(items.map((i) => i.source))].join('+');

@Injectable()
export class DataService implements OnModuleInit, OnModuleDestroy {
  private readonly cache: SwrCache;
  private readonly lastErrors = new Map<Section, string>();
  private readonly loaders: { [K in Section]: Loader<K> };

  constructor(
    @Inject(APP_CONFIG) private readonly config: DataConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly logger: JsonLogger,
    private readonly coingecko: CoingeckoClient,
    private readonly pyth: PythClient,
    private readonly nasdaq: NasdaqClient,
    private readonly polygon: PolygonClient,
    private readonly fred: FredClient,
    private readonly fredgraph: FredgraphClient,
    private readonly defillama: DefillamaClient,
    private readonly jito: JitoClient,
    private readonly marinade: MarinadeClient,
  ) {
    this.cache = new SwrCache(500, () => this.clock.now());
    this.loaders = {
      prices: {
        policy: { freshMs: 2 * config.DATA_PRICES_REFRESH_MS, staleMs: PRICES_STALE_MS },
        load: (d) => this.loadPrices(d),
      },
      yields: { policy: YIELDS_TTL, load: (d) => this.loadYields(d) },
      rates: { policy: RATES_TTL, load: (d) => this.loadRates(d) },
      staking: { policy: STAKING_TTL, load: (d) => this.loadStaking(d) },
    };
  }

  // Prices are a feed (spec §2.2: about every 30 minutes). Requests read it from the cache and load it
  // themselves only when two refreshes in a row have failed.
  onModuleInit() {
    this.cache.keepFresh(
      'prices',
      this.config.DATA_PRICES_REFRESH_MS,
      () => this.tracked('prices', Date.now() + BACKGROUND_LOAD_MS),
      (e) => this.logger.event('warn', 'price refresh failed', { reason: reasonOf(e) }),
    );
  }

  onModuleDestroy() {
    this.cache.close();
  }

  // Sections load in parallel and fail alone; a stale or missing one is reported in its stale form inside the 200
  // (spec §2.2, §7). With no fresh section at all the answer is served uncharged: nothing in it is worth the price.
  async getBundle(include: readonly Section[], deadline: number): Promise<DataBundle | TollResponse> {
    const views = await Promise.all(include.map((name) => this.section(name, deadline)));
    const bundle: DataBundle = {
      updated: new Date(this.clock.now()).toISOString(),
      ...Object.fromEntries(include.map((name, i) => [name, views[i]])),
    };
    if (views.every((v) => 'stale' in v)) return unchargedReply(bundle, 'no requested section has fresh data');
    return bundle;
  }

  // data.solUsd for SOL quotes in payment challenges: only a price younger than two refresh intervals.
  solUsd(): SolUsdReply {
    const feed = this.cache.peek<PriceItem[]>('prices');
    const sol = feed?.value.find((p) => p.symbol === 'SOL');
    if (!feed || !sol || this.ageMs(feed.freshness.fetchedAt) > this.loaders.prices.policy.freshMs) {
      throw new TollError('SERVICE_UNAVAILABLE', 'No fresh SOL/USD price', {
        as_of: feed?.freshness.fetchedAt ?? null,
      });
    }
    return { solUsd: sol.usd, source: sol.source, asOf: sol.as_of };
  }

  health(): DataStatus {
    const sections = Object.fromEntries(
      SECTIONS.map((name) => [name, this.sectionHealth(name)]),
    ) as DataStatus['sections'];
    const degraded = Object.values(sections).some((s) => s.state === 'stale' || s.last_error !== null);
    return {
      status: degraded ? 'degraded' : 'ok',
      sections,
      price_note: PRICE_NOTE,
      prices_refresh_ms: this.config.DATA_PRICES_REFRESH_MS,
      etf_tickers: this.config.DATA_ETF_TICKERS,
      providers: {
        coingecko_key: Boolean(this.config.DATA_COINGECKO_API_KEY),
        nasdaq: this.nasdaq.enabled,
        polygon: this.polygon.enabled,
        fred_key: this.fred.enabled,
        // Rates rest on the keyless CSV alone, which is reported blocked for plain clients: not a production setup.
        fred_keyless_csv: !this.fred.enabled,
      },
      cache: { entries: this.cache.size, ...this.cache.stats },
    };
  }

  private async section(name: Section, deadline: number): Promise<SectionView> {
    try {
      const work = this.cache.get(name, this.loaders[name].policy, () => this.tracked(name, deadline));
      const { value, freshness } = await withDeadline(work, deadline - ANSWER_MARGIN_MS, name);
      if (!freshness.stale) return { items: value, as_of: freshness.fetchedAt } as SectionView;
      return { stale: true, data: null, as_of: freshness.fetchedAt, reason: freshness.reason ?? 'refresh failed' };
    } catch (e) {
      if (!(e instanceof TollError))
        this.logger.event('error', 'section failed unexpectedly', { section: name, error: String(e) });
      return {
        stale: true,
        data: null,
        as_of: this.cache.peek(name)?.freshness.fetchedAt ?? null,
        reason: reasonOf(e),
      };
    }
  }

  // Every section load goes through here, so health can tell the last failure.
  private async tracked<K extends Section>(name: K, deadline: number): Promise<{ value: Items[K]; source: string }> {
    try {
      const items = await (this.loaders[name] as Loader<K>).load(deadline);
      this.lastErrors.delete(name);
      return { value: items, source: sourcesOf(items) };
    } catch (e) {
      this.lastErrors.set(name, reasonOf(e));
      throw e;
    }
  }

  // Some section can be sold fresh from the cache now, whatever the providers do.
  hasFreshSection(): boolean {
    return SECTIONS.some((name) => this.sectionHealth(name).state === 'fresh');
  }

  private sectionHealth(name: Section): DataStatus['sections'][Section] {
    const entry = this.cache.peek(name);
    const freshMs = this.loaders[name].policy.freshMs;
    const state = !entry ? 'missing' : this.ageMs(entry.freshness.fetchedAt) <= freshMs ? 'fresh' : 'stale';
    return {
      state,
      as_of: entry?.freshness.fetchedAt ?? null,
      source: entry?.freshness.source ?? null,
      fresh_for_ms: freshMs,
      last_error: this.lastErrors.get(name) ?? null,
    };
  }

  private ageMs(iso: string) {
    return this.clock.now() - Date.parse(iso);
  }

  private loadPrices(deadline: number): Promise<PriceItem[]> {
    return firstAvailable([() => this.coingecko.prices(COINS, deadline), () => this.pyth.prices(COINS, deadline)]);
  }

  private loadYields(deadline: number): Promise<YieldItem[]> {
    const sources = [this.nasdaq, this.polygon].filter((s) => s.enabled);
    return allInOrder(
      this.config.DATA_ETF_TICKERS.map((ticker) => labelled(ticker, this.etfYield(ticker, sources, deadline))),
    );
  }

  private async etfYield(ticker: string, sources: readonly EtfSource[], deadline: number): Promise<YieldItem> {
    const history = await this.cache.get(`etf-distributions:${ticker}`, ETF_DISTRIBUTIONS_TTL, () =>
      firstAvailable(
        sources.map((s) => async () => ({ value: await s.distributions(ticker, deadline), source: s.name })),
      ),
    );
    const price = await firstAvailable(
      sources.map((s) => async () => ({ value: await s.price(ticker, deadline), source: s.name })),
    );
    return etfYield({
      ticker,
      distributions: history.value,
      distributionsSource: history.freshness.source as YieldItem['source'],
      distributionsAsOf: history.freshness.fetchedAt,
      price: price.value,
      priceSource: price.source,
      now: this.clock.now(),
    });
  }

  private loadRates(deadline: number): Promise<RateItem[]> {
    return allInOrder(
      RATE_SERIES.map(async ({ seriesId, product }): Promise<RateItem> => {
        const providers = [
          ...(this.fred.enabled ? [() => this.fred.latest(seriesId, deadline)] : []),
          () => this.fredgraph.latest(seriesId, deadline),
        ];
        const obs = await labelled(seriesId, firstAvailable(providers));
        const source_url = `https://fred.stlouisfed.org/series/${seriesId}`;
        return {
          institution: RATE_INSTITUTION,
          product,
          apy: obs.value,
          as_of: obs.date,
          source: obs.source,
          series_id: seriesId,
          source_url,
        };
      }),
    );
  }

  private loadStaking(deadline: number): Promise<StakingItem[]> {
    return firstAvailable([
      () => this.defillama.stakingYields(STAKING_ASSETS, deadline),
      () => this.lstProtocols(deadline),
    ]);
  }

  // The fallback covers only the LSTs whose protocols publish an APY (jitoSOL, mSOL); each item names its source.
  private async lstProtocols(deadline: number): Promise<StakingItem[]> {
    const results = await Promise.allSettled([this.jito.jitoSol(deadline), this.marinade.mSol(deadline)]);
    const items = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (items.length === 0) throw combinedFailure(results.map((r) => (r.status === 'rejected' ? r.reason : undefined)));
    return items;
  }
}
