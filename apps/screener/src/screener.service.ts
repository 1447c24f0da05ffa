import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { padCik, SecEdgar, secTicker } from '@toll/markets';
import { APP_CONFIG, Clock, GroupHealth } from '@toll/platform';
import { SharedRateGovernor } from '@toll/upstream';
import type { ScreenerConfig } from './config';
import { Prisma } from './generated/prisma/client';
import { PrismaService } from './prisma.service';
import { FIELDS, SECTORS, type Field } from './screener.schemas';
import type * as S from './screener.schemas';

const STALE_AFTER_MS = 3 * 86_400_000; // docs/upstreams.md §16: serve a snapshot up to 3 days old, then say stale
const PREVIEW_ROWS = 3;
const UNIVERSE =
  "Every stock listed on Nasdaq, NYSE and NYSE American with a last sale price in Nasdaq's screener download " +
  '(about 7,000), joined by ticker to SEC filers; ' +
  'ratios are null where SEC has no figure, and a filter on a ratio leaves such rows out.';
const SOURCES = [
  {
    id: 'nasdaq-screener',
    license:
      'Nasdaq website data (unofficial; terms do not grant redistribution of raw quotes): used for derived ' +
      'screens, prices shown as of the snapshot',
  },
  { id: 'sec-frames', license: 'Public domain (SEC EDGAR XBRL frames)' },
];
const COLUMNS = `ticker, name, cik, sector, industry, price::text, market_cap::text, pe::text, pb::text, net_margin::text, operating_margin::text,
  revenue_growth::text, dividend_yield::text, revenue::text, net_income::text`;

interface Row {
  ticker: string;
  name: string;
  cik: number | null;
  sector: string | null;
  industry: string | null;
  price: string;
  market_cap: string | null;
  pe: string | null;
  pb: string | null;
  net_margin: string | null;
  operating_margin: string | null;
  revenue_growth: string | null;
  dividend_yield: string | null;
  revenue: string | null;
  net_income: string | null;
}

// Postgres prints numerics at their column scale ("229.650000"); answer the plain decimal.
const plain = (v: string | null) => (v === null ? null : v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
const present = (r: Row): S.ScreenOutput['results'][number] => ({
  ticker: r.ticker,
  name: r.name,
  cik: r.cik === null ? null : padCik(r.cik),
  sector: r.sector,
  industry: r.industry,
  price: plain(r.price)!,
  market_cap: plain(r.market_cap),
  pe: plain(r.pe),
  pb: plain(r.pb),
  net_margin: plain(r.net_margin),
  operating_margin: plain(r.operating_margin),
  revenue_growth: plain(r.revenue_growth),
  dividend_yield: plain(r.dividend_yield),
  revenue: plain(r.revenue),
  net_income: plain(r.net_income),
});

// Screens run in Postgres over the active snapshot only, with an index per screenable column.
@Injectable()
export class ScreenerService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly sec: SecEdgar,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    @Inject(APP_CONFIG) private readonly config: ScreenerConfig,
  ) {}

  async screen(input: S.ScreenInput): Promise<S.ScreenOutput> {
    const snapshot = await this.active();
    const where = this.where(snapshot.id, input);
    const [count, rows] = await Promise.all([
      this.prisma.$queryRaw<Array<{ n: bigint }>>(Prisma.sql`SELECT count(*) AS n FROM stocks WHERE ${where}`),
      this.rows(where, input, input.limit),
    ]);
    return {
      evaluated_count: snapshot.rowCount,
      match_count: Number(count[0].n),
      count: rows.length,
      results: rows.map(present),
      snapshot: this.info(snapshot),
      universe: UNIVERSE,
      sources: SOURCES,
    };
  }

  async preview(input: S.PreviewInput): Promise<S.PreviewOutput> {
    const snapshot = await this.active();
    const where = this.where(snapshot.id, input);
    const [count, rows] = await Promise.all([
      this.prisma.$queryRaw<Array<{ n: bigint }>>(Prisma.sql`SELECT count(*) AS n FROM stocks WHERE ${where}`),
      this.rows(where, input, PREVIEW_ROWS),
    ]);
    return {
      evaluated_count: snapshot.rowCount,
      match_count: Number(count[0].n),
      first: rows.map((r) => ({ ticker: r.ticker, name: r.name })),
      snapshot: this.info(snapshot),
      note:
        'Free preview: the count and the first 3 tickers. screener.screen (0.01 USD) returns up to 100 rows with ' +
        'every figure.',
    };
  }

  async stock(input: S.TickerInput): Promise<S.StockOutput> {
    const snapshot = await this.active();
    const ticker = secTicker(input.ticker);
    const rows = await this.prisma.$queryRaw<Row[]>(
      Prisma.sql`SELECT ${Prisma.raw(COLUMNS)} FROM stocks WHERE snapshot_id = ${snapshot.id} AND ticker = ${ticker}`,
    );
    if (!rows[0]) throw new TollError('NOT_FOUND', `${ticker} is not in the screener universe`, { ticker });
    return { ...present(rows[0]), snapshot: this.info(snapshot), sources: SOURCES };
  }

  async health(): Promise<S.HealthOutput> {
    const described = this.groupHealth.describe();
    const [snapshot, state] = await Promise.all([
      this.prisma.snapshot.findFirst({ where: { active: true } }),
      this.prisma.buildState.findUnique({ where: { id: 1 } }),
    ]);
    const info = snapshot ? { id: snapshot.id, row_count: snapshot.rowCount, ...this.info(snapshot) } : null;
    return {
      ...described,
      status: !info || info.stale ? 'degraded' : 'ok',
      snapshot: info,
      last_build: {
        at: state?.lastRunAt?.toISOString() ?? null,
        outcome: state?.lastOutcome ?? null,
        error: state?.lastError ?? null,
      },
      fields: Object.fromEntries(Object.entries(FIELDS).map(([k, v]) => [k, v.about])),
      sectors: [...SECTORS],
      governor: {
        sec: this.sec.rateGovernor instanceof SharedRateGovernor ? 'shared' : 'per-process',
        sec_rate_per_second: this.config.SEC_RATE_PER_SECOND,
      },
    };
  }

  // No snapshot yet (first build not finished): our failure, never charged.
  private async active() {
    const snapshot = await this.prisma.snapshot.findFirst({ where: { active: true } });
    if (!snapshot) throw new TollError('SERVICE_UNAVAILABLE', 'The screener snapshot is not built yet', {});
    return snapshot;
  }

  private info(s: { asOf: Date; builtAt: Date; pricesSource: string; fundamentalsPeriod: string }) {
    return {
      as_of: s.asOf.toISOString(),
      built_at: s.builtAt.toISOString(),
      stale: this.clock.now() - s.builtAt.getTime() > STALE_AFTER_MS,
      prices_source: s.pricesSource,
      fundamentals_period: s.fundamentalsPeriod,
    };
  }

  // Column names come from FIELDS (a fixed list), values are bound parameters.
  private where(snapshotId: number, input: S.PreviewInput): Prisma.Sql {
    const parts = [Prisma.sql`snapshot_id = ${snapshotId}`];
    for (const [field, { column }] of Object.entries(FIELDS) as Array<[Field, { column: string }]>) {
      const min = input[`${field}_min`];
      const max = input[`${field}_max`];
      if (min !== undefined) parts.push(Prisma.sql`${Prisma.raw(column)} >= ${String(min)}::numeric`);
      if (max !== undefined) parts.push(Prisma.sql`${Prisma.raw(column)} <= ${String(max)}::numeric`);
    }
    if (input.sectors) parts.push(Prisma.sql`sector IN (${Prisma.join(input.sectors)})`);
    return Prisma.join(parts, ' AND ');
  }

  private rows(where: Prisma.Sql, input: S.PreviewInput, limit: number): Promise<Row[]> {
    // Qualified: the select list casts the same names to text, and ORDER BY would otherwise sort the text.
    const column = Prisma.raw(`stocks.${FIELDS[input.sort].column}`);
    const order = Prisma.raw(input.order === 'asc' ? 'ASC' : 'DESC');
    return this.prisma.$queryRaw<Row[]>(
      Prisma.sql`SELECT ${Prisma.raw(COLUMNS)} FROM stocks WHERE ${where} ORDER BY ${column} ${order} NULLS LAST, ticker LIMIT ${limit}`,
    );
  }
}
