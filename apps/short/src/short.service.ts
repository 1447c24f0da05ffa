import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, Clock, GroupHealth } from '@toll/platform';
import { addDays, nextSettlementAfter, publicationDate } from './calendar';
import type { ShortConfig } from './config';
import { PrismaService } from './prisma.service';
import type * as S from './short.schemas';
import { FinraClient } from './upstreams/finra.client';

// Spec §8: the most-shorted list is the top 20.
export const MOST_SHORTED = 20;
// OTC securities are in the same file; the list is about exchange-listed stocks.
export const EXCLUDED_MARKETS = ['OTC', 'U'];
const ATTRIBUTION = 'Source: FINRA consolidated short interest (derived figures; the raw file is not redistributed)';
const TERMS =
  'Keyless public files; finra.org terms restrict reproducing or redistributing FINRA content: we answer per ' +
  'ticker and a derived top 20';
const day = (d: Date) => d.toISOString().slice(0, 10);
const text = (v: { toString(): string } | null) => (v === null ? null : v.toString());

@Injectable()
export class ShortService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly finra: FinraClient,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    @Inject(APP_CONFIG) private readonly config: ShortConfig,
  ) {}

  async short(input: S.TickerInput): Promise<S.GetShortOutput> {
    const latest = await this.latestFile();
    const ticker = input.ticker.toUpperCase();
    // FINRA writes share classes with a dot (BRK.B); accept a dash too.
    const row = await this.prisma.shortPosition.findFirst({
      where: { symbol: { in: [ticker, ticker.replace('-', '.')] } },
      orderBy: { settlementDate: 'desc' },
    });
    if (!row) throw new TollError('NOT_FOUND', `${ticker} is not in FINRA's short interest data`, { ticker });
    const file = (await this.prisma.shortFile.findUnique({ where: { settlementDate: row.settlementDate } }))!;
    return {
      ticker: row.symbol,
      issue_name: row.issueName,
      market: row.marketClass,
      settlement_date: day(row.settlementDate),
      publication_date: day(file.publicationDate),
      first_seen_at: file.firstSeenAt.toISOString(),
      shares_short: row.currentShort.toString(),
      previous_shares_short: text(row.previousShort),
      change: text(row.changeShares),
      change_pct: text(row.changePercent),
      average_daily_volume: text(row.averageDailyVolume),
      days_to_cover: text(row.daysToCover),
      revised: row.revised,
      stock_split: row.stockSplit,
      latest_loaded_settlement_date: day(latest.settlementDate),
      source: 'finra',
      attribution: ATTRIBUTION,
      source_url: file.sourceUrl,
    };
  }

  async mostShorted(): Promise<S.GetMostShortedOutput> {
    const latest = await this.latestFile();
    const where = {
      settlementDate: latest.settlementDate,
      marketClass: { notIn: EXCLUDED_MARKETS },
      averageDailyVolume: { gte: BigInt(this.config.SHORT_MOST_SHORTED_MIN_ADV) },
      daysToCover: { not: null },
    };
    const [eligible, rows] = await Promise.all([
      this.prisma.shortPosition.count({ where }),
      this.prisma.shortPosition.findMany({
        where,
        orderBy: [{ daysToCover: 'desc' }, { symbol: 'asc' }],
        take: MOST_SHORTED,
      }),
    ]);
    return {
      settlement_date: day(latest.settlementDate),
      publication_date: day(latest.publicationDate),
      filters: { min_average_daily_volume: this.config.SHORT_MOST_SHORTED_MIN_ADV, excluded_markets: EXCLUDED_MARKETS },
      eligible_count: eligible,
      count: rows.length,
      items: rows.map((r, i) => ({
        rank: i + 1,
        ticker: r.symbol,
        issue_name: r.issueName,
        market: r.marketClass,
        days_to_cover: r.daysToCover!.toString(),
        shares_short: r.currentShort.toString(),
        average_daily_volume: r.averageDailyVolume!.toString(),
        change_pct: text(r.changePercent),
      })),
      source: 'finra',
      attribution: ATTRIBUTION,
    };
  }

  async health(): Promise<S.HealthOutput> {
    const described = this.groupHealth.describe();
    const [latest, files, state] = await Promise.all([
      this.prisma.shortFile.findFirst({ orderBy: { settlementDate: 'desc' } }),
      this.prisma.shortFile.count(),
      this.prisma.syncState.findUnique({ where: { id: 1 } }),
    ]);
    const today = day(new Date(this.clock.now()));
    const next = nextSettlementAfter(latest ? day(latest.settlementDate) : addDays(today, -20));
    const expected = publicationDate(next);
    const overdue = addDays(expected, 2) < today;
    return {
      ...described,
      status: !latest || overdue || state?.lastError ? 'degraded' : 'ok',
      sync: {
        last_settlement_date: latest ? day(latest.settlementDate) : null,
        last_publication_date: latest ? day(latest.publicationDate) : null,
        loaded_at: latest?.loadedAt.toISOString() ?? null,
        rows: latest?.rowCount ?? null,
        files_loaded: files,
        next_settlement_date: next,
        next_expected_publication: expected,
        overdue,
        last_run_at: state?.lastRunAt?.toISOString() ?? null,
        last_outcome: state?.lastOutcome ?? null,
        last_error: state?.lastError ?? null,
        interval_hours: this.config.SHORT_SYNC_INTERVAL_MS / 3_600_000,
      },
      source: { id: 'finra', base_url: this.finra.baseUrl, terms: TERMS },
    };
  }

  // Nothing loaded yet is our state, not an unknown ticker: SERVICE_UNAVAILABLE, never charged.
  private async latestFile() {
    const latest = await this.prisma.shortFile.findFirst({ orderBy: { settlementDate: 'desc' } });
    if (!latest)
      throw new TollError(
        'SERVICE_UNAVAILABLE',
        'No short interest file is loaded yet; the first sync runs at start and every few hours',
      );
    return latest;
  }
}
