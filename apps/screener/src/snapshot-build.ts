import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import {
  compareDecimals,
  decimalFromNumber,
  percentOf,
  roundDecimal,
  SecEdgar,
  shiftDecimal,
  sumDecimals,
  type FrameRow,
} from '@toll/markets';
import { APP_CONFIG, BackgroundRun, CatalogService, Clock, JsonLogger } from '@toll/platform';
import { replayActive, withRecordingTime } from '@toll/upstream';
import type { ScreenerConfig } from './config';
import { PrismaService } from './prisma.service';
import { NasdaqScreenerClient, type Listing } from './upstreams/nasdaq-screener.client';

// One activation at a time across replicas: the activating transaction takes this advisory lock first.
const ACTIVATE_LOCK = 7_301_461;
const CHUNK = 2_000;
const DAY = 86_400_000;
// Each figure reads these concepts in order; the first a filer reports wins (as in libs/markets' fundamentals).
const REVENUE = ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'SalesRevenueNet'];
// The operations that read the active snapshot: announced unavailable until one is built (known before anyone pays).
const NEEDS_A_SNAPSHOT = ['screener.screen', 'screener.preview', 'screener.getStock'];

export type BuildOutcome = 'built' | 'skipped' | 'rejected' | 'failed' | 'superseded';
export interface BuildResult {
  outcome: BuildOutcome;
  detail: string;
  snapshot_id?: number;
  rows?: number;
}

class Rejected extends Error {}

// The periods a build reads: the last calendar year whose annual reports are in (10-Ks land within about
// 100 days of year end), the year before it for growth, and the last quarter end at least 75 days ago for equity.
export function periods(now: number): { year: number; instant: string } {
  const year = new Date(now - 100 * DAY).getUTCFullYear() - 1;
  const d = new Date(now - 75 * DAY);
  const quarter = Math.floor(d.getUTCMonth() / 3); // the quarter in progress 75 days ago…
  // …so the one before it has ended
  const [qYear, q] = quarter === 0 ? [d.getUTCFullYear() - 1, 4] : [d.getUTCFullYear(), quarter];
  return { year, instant: `CY${qYear}Q${q}I` };
}

// a ÷ b as an exact decimal rounded to 4 places; null unless b is positive (and a, when `positiveA`).
const ratio = (a: string | null, b: string | null, times100 = false, positiveA = false): string | null => {
  if (a === null || b === null || compareDecimals(b, '0') <= 0 || (positiveA && compareDecimals(a, '0') <= 0))
    return null;
  const pct = percentOf(a, b, 6);
  return roundDecimal(times100 ? pct : shiftDecimal(pct, -2), 4);
};

// Builds the screener snapshot on a schedule: Nasdaq listings joined to SEC frames through the SEC ticker
// map, ratios derived exactly, written and activated in one transaction. A build that fails, or that looks
// partial (too few rows, too few with fundamentals), changes nothing: the active snapshot stays.
@Injectable()
export class SnapshotBuild implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly builds = new BackgroundRun(
    (force: boolean) => this.run(force),
    () => this.announceBuilt(),
  );

  constructor(
    private readonly prisma: PrismaService,
    private readonly sec: SecEdgar,
    private readonly nasdaq: NasdaqScreenerClient,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: ScreenerConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.announceBuilt();
    if (!this.config.SCREENER_BUILD_ON_START) return;
    const tick = () =>
      void this.build().catch((e) =>
        this.logger.event('error', 'screener build failed', { error: (e as Error).message }),
      );
    // Checked hourly; a build runs when the active snapshot is older than the interval.
    this.builds.every(Math.min(this.config.SCREENER_BUILD_INTERVAL_MS, 3_600_000), { now: true, tick });
  }

  async onModuleDestroy() {
    await this.builds.stop();
    await this.sec.close();
  }

  // One run at a time per replica. `force` builds even when the active snapshot is recent.
  build(force = false): Promise<BuildResult> {
    return this.builds.run(force);
  }

  // No snapshot yet (the first build has not finished) is a state we know before anyone pays: the operations that read
  // it are announced unavailable (503 before the 402, like an open circuit) until one is active.
  private async announceBuilt() {
    const active = await this.prisma.snapshot.count({ where: { active: true } }).catch(() => null);
    if (active === null) return; // the database is down: the handlers say so
    for (const op of NEEDS_A_SNAPSHOT) {
      if (active > 0) this.catalog.availability.lift(op);
      else this.catalog.availability.hold(op, 'the screener snapshot is not built yet; the first build runs at start');
    }
  }

  private async run(force: boolean): Promise<BuildResult> {
    const started = this.clock.now();
    let result: BuildResult;
    try {
      const active = await this.prisma.snapshot.findFirst({ where: { active: true } });
      if (!force && active && started - active.builtAt.getTime() < this.config.SCREENER_BUILD_INTERVAL_MS) {
        return {
          outcome: 'skipped',
          detail: `snapshot ${active.id} built at ${active.builtAt.toISOString()} is recent`,
          snapshot_id: active.id,
        };
      }
      result = await this.assemble(started, active?.rowCount ?? 0);
    } catch (e) {
      const outcome = e instanceof Rejected ? 'rejected' : 'failed';
      const detail = e instanceof TollError ? `${e.code}: ${e.message}` : (e as Error).message;
      this.logger.event('warn', 'screener snapshot not replaced', { outcome, detail });
      result = { outcome, detail };
    }
    const state = {
      lastRunAt: new Date(this.clock.now()),
      lastOutcome: result.outcome,
      lastError: result.outcome === 'built' ? null : result.detail,
    };
    await this.prisma.buildState.upsert({ where: { id: 1 }, create: { id: 1, ...state }, update: state });
    return result;
  }

  private async assemble(started: number, previousRows: number): Promise<BuildResult> {
    const { year, instant } = periods(started);
    // In replay mode the snapshot's as_of is the recording time, never presented as current.
    const { value: inputs, recordedAt } = await withRecordingTime(() => this.inputs(year, instant));
    const { listings, cikOf, ...figures } = inputs;
    const seen = new Set<string>();
    const rows = listings
      .filter((l) => !seen.has(l.ticker) && seen.add(l.ticker))
      .map((l) => this.row(l, cikOf.get(l.ticker) ?? null, figures));
    // Replay mode serves the committed fixtures, which are trimmed: no size floors there.
    const replay = replayActive();
    const floor = replay ? 1 : Math.max(this.config.SCREENER_MIN_ROWS, Math.ceil(previousRows / 2));
    if (rows.length < floor)
      throw new Rejected(`${rows.length} priced listings, fewer than ${floor}: a partial download`);
    const withFundamentals = rows.filter((r) => r.netIncome !== null).length;
    if (!replay && withFundamentals < rows.length * this.config.SCREENER_MIN_FUNDAMENTALS_SHARE) {
      throw new Rejected(`only ${withFundamentals} of ${rows.length} rows have SEC fundamentals: a partial build`);
    }
    const snapshot = {
      asOf: new Date(recordedAt ?? started),
      builtAt: new Date(this.clock.now()),
      rowCount: rows.length,
      pricesSource: this.nasdaq.name,
      fundamentalsPeriod: `CY${year} (revenue growth vs CY${year - 1}; equity ${instant})`,
    };
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${ACTIVATE_LOCK})`);
        const newer = await tx.snapshot.findFirst({ where: { active: true, asOf: { gt: snapshot.asOf } } });
        if (newer)
          return {
            outcome: 'superseded' as const,
            detail: `snapshot ${newer.id}, from newer inputs, is already active`,
            snapshot_id: newer.id,
          };
        const created = await tx.snapshot.create({ data: { ...snapshot, active: false } });
        for (let i = 0; i < rows.length; i += CHUNK)
          await tx.stock.createMany({ data: rows.slice(i, i + CHUNK).map((r) => ({ snapshotId: created.id, ...r })) });
        await tx.snapshot.updateMany({ where: { active: true }, data: { active: false } });
        await tx.snapshot.update({ where: { id: created.id }, data: { active: true } });
        await tx.snapshot.deleteMany({ where: { active: false } });
        return {
          outcome: 'built' as const,
          detail: `${rows.length} stocks, ${withFundamentals} with SEC fundamentals`,
          snapshot_id: created.id,
          rows: rows.length,
        };
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
  }

  // Nasdaq listings, the SEC ticker map and the frames a build reads.
  private async inputs(year: number, instant: string) {
    const deadline = Date.now() + 120_000;
    const [listings, companies] = await Promise.all([this.nasdaq.listings(deadline), this.sec.companies(deadline)]);
    const cikOf = new Map(companies.value.map((c) => [c.ticker, c.cik]));
    const frame = async (concept: string, unit: string, period: string) =>
      byCik(await this.sec.frame('us-gaap', concept, unit, period, deadline));
    const firstOf = async (concepts: string[], period: string) => {
      const frames: Array<Map<number, string>> = [];
      for (const c of concepts) frames.push(await frame(c, 'USD', period).catch(missingAsEmpty));
      return (cik: number) => frames.map((f) => f.get(cik)).find((v) => v !== undefined) ?? null;
    };
    return {
      listings,
      cikOf,
      revenue: await firstOf(REVENUE, `CY${year}`),
      revenuePrior: await firstOf(REVENUE, `CY${year - 1}`),
      netIncome: await frame('NetIncomeLoss', 'USD', `CY${year}`).catch(replayOnly),
      operating: await frame('OperatingIncomeLoss', 'USD', `CY${year}`).catch(replayOnly),
      equity: await frame('StockholdersEquity', 'USD', instant).catch(replayOnly),
      dividends: await frame('CommonStockDividendsPerShareDeclared', 'USD-per-shares', `CY${year}`).catch(
        missingAsEmpty,
      ),
    };
  }

  private row(
    l: Listing,
    cik: number | null,
    f: { revenue: (cik: number) => string | null; revenuePrior: (cik: number) => string | null } & Record<
      'netIncome' | 'operating' | 'equity' | 'dividends',
      Map<number, string>
    >,
  ) {
    const get = (m: Map<number, string>) => (cik === null ? null : (m.get(cik) ?? null));
    const revenue = cik === null ? null : f.revenue(cik);
    const prior = cik === null ? null : f.revenuePrior(cik);
    const netIncome = get(f.netIncome);
    const growth =
      revenue !== null && prior !== null && compareDecimals(prior, '0') > 0
        ? roundDecimal(percentOf(revenue, prior, 6), 4)
        : null;
    return {
      ticker: l.ticker,
      name: l.name,
      cik,
      sector: l.sector,
      industry: l.industry,
      country: l.country,
      price: l.price,
      marketCap: l.marketCap,
      pe: ratio(l.marketCap, netIncome),
      pb: ratio(l.marketCap, get(f.equity)),
      netMargin: ratio(netIncome, revenue, true),
      operatingMargin: ratio(get(f.operating), revenue, true),
      revenueGrowth: growth === null ? null : sumDecimals([growth, '-100']), // this year as a percent of last, less 100
      dividendYield: ratio(get(f.dividends), l.price, true, true),
      revenue,
      netIncome,
    };
  }
}

// The latest fact per filer in a frame (SEC lists one per filer; keep the first if a filer repeats).
const byCik = (rows: FrameRow[]) => {
  const m = new Map<number, string>();
  for (const r of rows) if (!m.has(r.cik)) m.set(r.cik, decimalFromNumber(r.val));
  return m;
};
// A concept nobody reported for the period is an empty frame, not a failed build; so is, in replay mode, a
// frame the recordings lack (replay serves only successful recordings, for the periods they were made for).
const missingAsEmpty = (e: unknown) => {
  if (e instanceof TollError && (e.code === 'NOT_FOUND' || replayActive())) return new Map<number, string>();
  throw e;
};
// Outside replay mode these frames are required: any failure fails the build.
const replayOnly = (e: unknown) => {
  if (replayActive()) return new Map<number, string>();
  throw e;
};
