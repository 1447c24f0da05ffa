import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import {
  compareDecimals,
  decimalFromNumber,
  payoutYields,
  summarizePayouts,
  type Distribution,
  type EtfSource,
  type PayoutSummary,
} from '@toll/markets';
import { APP_CONFIG, Clock, GroupHealth, JsonLogger } from '@toll/platform';
import { failedLast, ProviderOutcomes, SwrCache, withDeadline, type Cached, type CachePolicy } from '@toll/upstream';
import type { EtfConfig } from './config';
import type * as S from './etf.schemas';
import { DEFAULT_UNIVERSE } from './universe';
import { NasdaqClient, PolygonClient } from './upstreams/etf-sources';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// docs/upstreams.md §16: histories change at most monthly; prices for yield math every 15 min.
const HISTORY_TTL: CachePolicy = { freshMs: DAY, staleMs: 7 * DAY };
const PRICE_TTL: CachePolicy = { freshMs: 15 * MINUTE, staleMs: DAY };
const SCREENER_STALE_MS = 3 * DAY;
// The background snapshot has no caller waiting: give every ETF time for both sources.
const SNAPSHOT_CALL_MS = 20_000;

const TERMS: Record<EtfSource['name'], { role: string; terms: string }> = {
  nasdaq: {
    role: 'primary: distribution history and last sale price',
    terms:
      'Unofficial website back-end (api.nasdaq.com); its terms do not grant API use, so it can be switched off ' +
      '(ETF_NASDAQ_ENABLED)',
  },
  polygon: {
    role: 'fallback: distribution history (typed: income, special, capital gains) and previous close',
    terms:
      'Massive (formerly Polygon.io) with an API key; the free plan is for individual use, redistribution needs ' +
      'a commercial plan',
  },
};

interface SnapshotRow {
  ticker: string;
  summary: PayoutSummary;
  price: string | null;
  yields: ReturnType<typeof payoutYields> | null;
  source: EtfSource['name'];
}
interface Snapshot {
  rows: SnapshotRow[];
  failed: Array<{ ticker: string; reason: string }>;
}

const freshnessOf = (c: Cached<unknown>) => ({
  as_of: c.freshness.fetchedAt,
  stale: c.freshness.stale,
  ...(c.freshness.reason ? { reason: c.freshness.reason } : {}),
});
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

@Injectable()
export class EtfService implements OnModuleInit, OnModuleDestroy {
  private readonly cache: SwrCache;
  private readonly sources: EtfSource[];
  // A symbol the provider does not know is an answer about the symbol, not a failure of the provider.
  private readonly seen = new ProviderOutcomes<EtfSource['name']>(
    () => this.clock.now(),
    (e) => !e.details?.symbol_unknown,
  );

  constructor(
    nasdaq: NasdaqClient,
    polygon: PolygonClient,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: EtfConfig,
  ) {
    this.sources = [nasdaq, polygon]; // primary first, then the fallback
    this.cache = new SwrCache(5_000, () => this.clock.now());
  }

  onModuleInit() {
    if (!this.config.ETF_SCREENER_WARM_ON_START) return;
    this.cache.keepFresh(
      'screener',
      this.config.ETF_SCREENER_REFRESH_MS,
      () => this.buildSnapshot(),
      (e) => this.logger.event('warn', 'screener snapshot failed', { error: message(e) }),
    );
  }

  onModuleDestroy() {
    this.cache.close();
  }

  async distributions(input: S.DistributionsInput, deadline: number): Promise<S.GetDistributionsOutput> {
    const ticker = input.ticker.toUpperCase();
    const history = await this.history(ticker, deadline);
    const summary = summarizePayouts(history.value, this.clock.now());
    const notes: string[] = [];
    let priced: S.GetDistributionsOutput['yield'] = null;
    if (input.price) {
      priced = { price: input.price, price_source: 'caller', price_as_of: null, ...payoutYields(summary, input.price) };
    } else {
      try {
        const p = await this.price(ticker, deadline);
        priced = {
          price: p.value,
          price_source: p.freshness.source as EtfSource['name'],
          price_as_of: p.freshness.fetchedAt,
          ...payoutYields(summary, p.value),
        };
      } catch (e) {
        notes.push(`No yield: no price was given and none could be fetched (${message(e)}); pass price to compute it.`);
      }
    }
    if (history.freshness.source === 'nasdaq')
      notes.push(
        'Nasdaq does not say which payments are specials or capital gains: every cash row is typed unspecified ' +
          'and counted as regular.',
      );
    return {
      ticker,
      count: history.value.length,
      distributions: history.value.map((d) => ({
        ex_date: d.exDate,
        record_date: d.recordDate,
        pay_date: d.payDate,
        declared_date: d.declaredDate,
        amount: d.amount,
        type: d.kind,
      })),
      frequency: summary.frequency,
      distributions_per_year: summary.perYear,
      trailing_12m: summary.ttm,
      annualized_distribution: summary.annualized,
      yield: priced,
      source: history.freshness.source as EtfSource['name'],
      notes,
      freshness: freshnessOf(history),
    };
  }

  async screener(input: S.ScreenerInput, deadline: number): Promise<S.GetScreenerOutput> {
    const snapshot = await withDeadline(
      this.cache.get('screener', { freshMs: this.config.ETF_SCREENER_REFRESH_MS, staleMs: SCREENER_STALE_MS }, () =>
        this.buildSnapshot(),
      ),
      deadline - 50,
      () => new TollError('SERVICE_UNAVAILABLE', 'The screener snapshot is still being built; retry in a minute'),
    );
    const minYield = input.min_yield === undefined ? null : decimalFromNumber(input.min_yield);
    const yieldOf = (r: SnapshotRow) => r.yields?.forward_yield_pct ?? r.yields?.ttm_yield_pct ?? null;
    const matches = snapshot.value.rows.filter((r) => {
      if (input.frequency && r.summary.frequency !== input.frequency) return false;
      if (minYield === null) return true;
      const y = yieldOf(r);
      return y !== null && compareDecimals(y, minYield) >= 0;
    });
    const key = (r: SnapshotRow) =>
      input.sort === 'yield' ? yieldOf(r) : (r.summary.annualized ?? r.summary.ttm.total);
    // Highest first; unknown values last; ties by ticker so the order is stable.
    matches.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x === null || y === null) return x === y ? a.ticker.localeCompare(b.ticker) : x === null ? 1 : -1;
      return compareDecimals(y, x) || a.ticker.localeCompare(b.ticker);
    });
    return {
      universe: {
        description: this.universeDescription(),
        size: this.config.ETF_SCREENER_UNIVERSE.length,
        refreshed_at: snapshot.freshness.fetchedAt,
        refresh_every_hours: this.config.ETF_SCREENER_REFRESH_MS / HOUR,
      },
      evaluated_count: snapshot.value.rows.length,
      failed: snapshot.value.failed,
      match_count: matches.length,
      filters: {
        min_yield: input.min_yield ?? null,
        frequency: input.frequency ?? null,
        sort: input.sort,
        limit: input.limit,
      },
      results: matches.slice(0, input.limit).map((r) => ({
        ticker: r.ticker,
        frequency: r.summary.frequency,
        annualized_distribution: r.summary.annualized,
        ttm_distributions: r.summary.ttm.total,
        last_ex_date: r.summary.latestRegular?.exDate ?? null,
        price: r.price,
        forward_yield_pct: r.yields?.forward_yield_pct ?? null,
        ttm_yield_pct: r.yields?.ttm_yield_pct ?? null,
        source: r.source,
      })),
      freshness: freshnessOf(snapshot),
    };
  }

  private universeDescription() {
    const list = this.config.ETF_SCREENER_UNIVERSE;
    const isDefault = list.length === DEFAULT_UNIVERSE.length && list.every((t, i) => t === DEFAULT_UNIVERSE[i]);
    return isDefault
      ? `${list.length} widely held US-listed ETFs (equity income, covered-call, broad index, bond, cash-like, ` +
          `REIT), listed in the health answer`
      : `${list.length} ETFs chosen by this deployment (ETF_SCREENER_UNIVERSE), listed in the health answer`;
  }

  health(): S.HealthOutput {
    const described = this.groupHealth.describe();
    const sources = this.sources.map((s) => ({
      id: s.name,
      ...TERMS[s.name],
      enabled: s.enabled,
      base_url: s.name === 'nasdaq' ? this.config.ETF_NASDAQ_BASE_URL : this.config.ETF_POLYGON_BASE_URL,
      ...this.seen.outcome(s.name),
    }));
    const snapshot = this.cache.peek<Snapshot>('screener');
    const failing = sources.some((s) => s.enabled && failedLast(s));
    return {
      ...described,
      status: !this.sources.some((s) => s.enabled) || failing ? 'degraded' : 'ok',
      sources,
      screener: {
        universe: this.config.ETF_SCREENER_UNIVERSE,
        refreshed_at: snapshot?.freshness.fetchedAt ?? null,
        evaluated_count: snapshot?.value.rows.length ?? null,
      },
      cache: { entries: this.cache.size, ...this.cache.stats },
    };
  }

  // The history from the first source that has one. A ticker every answering source calls unknown, or
  // for which they hold no distribution at all, is NOT_FOUND (never charged); any other failure is ours.
  private history(ticker: string, deadline: number): Promise<Cached<Distribution[]>> {
    return this.cache.get(`history:${ticker}`, HISTORY_TTL, async () => {
      const enabled = this.sources.filter((s) => s.enabled);
      if (!enabled.length)
        throw new TollError('SERVICE_UNAVAILABLE', 'No ETF distribution source is enabled on this deployment');
      const failures: TollError[] = [];
      let empty = 0;
      for (const source of enabled) {
        try {
          const rows = await this.tracked(source.name, () => source.distributions(ticker, deadline));
          if (rows.length) return { value: rows.sort((a, b) => b.exDate.localeCompare(a.exDate)), source: source.name };
          empty++;
        } catch (e) {
          if (!(e instanceof TollError)) throw e;
          if (e.details?.symbol_unknown) empty++;
          else failures.push(e);
        }
      }
      if (!failures.length)
        throw new TollError(
          'NOT_FOUND',
          `No distributions on record for ${ticker}: not a known ticker, or a fund that has never paid`,
          { ticker },
        );
      const code =
        failures.every((f) => f.code === 'UPSTREAM_TIMEOUT') && !empty ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR';
      throw new TollError(code, failures.map((f) => f.message).join('; '), {
        upstreams: failures.map((f) => f.details?.upstream ?? null),
      });
    });
  }

  private price(ticker: string, deadline: number): Promise<Cached<string>> {
    return this.cache.get(`price:${ticker}`, PRICE_TTL, async () => {
      const errors: string[] = [];
      for (const source of this.sources.filter((s) => s.enabled)) {
        try {
          return { value: await this.tracked(source.name, () => source.price(ticker, deadline)), source: source.name };
        } catch (e) {
          errors.push(message(e));
        }
      }
      throw new TollError('UPSTREAM_ERROR', errors.join('; ') || 'no price source is enabled');
    });
  }

  // Every ETF of the universe, one after the other (the sources' governors pace them); one failing ETF is
  // listed in `failed`, not fatal.
  private async buildSnapshot(): Promise<{ value: Snapshot; source: string }> {
    const rows: SnapshotRow[] = [];
    const failed: Snapshot['failed'] = [];
    for (const ticker of this.config.ETF_SCREENER_UNIVERSE) {
      const deadline = Date.now() + SNAPSHOT_CALL_MS; // real time: deadlines bound real waits
      try {
        const history = await this.history(ticker, deadline);
        const summary = summarizePayouts(history.value, this.clock.now());
        const price = await this.price(ticker, deadline).then(
          (p) => p.value,
          () => null,
        );
        rows.push({
          ticker,
          summary,
          price,
          yields: price ? payoutYields(summary, price) : null,
          source: history.freshness.source as EtfSource['name'],
        });
      } catch (e) {
        failed.push({ ticker, reason: e instanceof TollError ? `${e.code}: ${e.message}` : message(e) });
      }
    }
    if (!rows.length)
      throw new TollError(
        'UPSTREAM_ERROR',
        `No ETF of the screener universe could be evaluated: ` +
          `${failed.map((f) => `${f.ticker} ${f.reason}`).join('; ')}`,
      );
    return { value: { rows, failed }, source: 'snapshot' };
  }

  private tracked<T>(name: EtfSource['name'], call: () => Promise<T>): Promise<T> {
    return this.seen.track(name, call);
  }
}
