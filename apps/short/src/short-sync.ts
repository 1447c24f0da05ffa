import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, BackgroundRun, CatalogService, Clock, JsonLogger } from '@toll/platform';
import { replayActive } from '@toll/upstream';
import { addDays, publicationDate, settlementDates } from './calendar';
import type { ShortConfig } from './config';
import { PrismaService } from './prisma.service';
import { MalformedFile, parseShortFile } from './short-file';
import { FinraClient } from './upstreams/finra.client';

// One loader at a time across replicas: the load transaction takes this advisory lock first.
const LOAD_LOCK = 7_301_460;
const CHUNK = 5_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
// The operations that read the loaded files: announced unavailable until one is loaded (known before anyone pays).
const NEEDS_A_FILE = ['short.getShort', 'short.getMostShorted'];

export type LoadOutcome = 'loaded' | 'replaced' | 'unchanged';
export interface SyncResult {
  settlement_date: string;
  outcome: LoadOutcome | 'not_published' | 'rejected' | 'failed';
  detail?: string;
}

// Loads FINRA's semi-monthly files into Postgres on a schedule. A load is idempotent (a file with the same
// checksum changes nothing) and all-or-nothing: a malformed or cut file is rejected before anything is
// written, and a good file replaces a settlement date's rows in one transaction.
@Injectable()
export class ShortSync implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly syncs = new BackgroundRun(() => this.run());

  constructor(
    private readonly prisma: PrismaService,
    private readonly finra: FinraClient,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: ShortConfig,
  ) {}

  // After every onModuleInit, so the database exists and is migrated before the first sync.
  async onApplicationBootstrap() {
    await this.announceLoaded();
    if (!this.config.SHORT_SYNC_ON_START) return;
    const tick = () =>
      void this.sync()
        .catch((e) => this.logger.event('error', 'short interest sync failed', { error: (e as Error).message }))
        .finally(() => this.announceLoaded());
    this.syncs.every(this.config.SHORT_SYNC_INTERVAL_MS, { now: true, tick });
  }

  async onModuleDestroy() {
    await this.syncs.stop();
  }

  // Fetches and loads every settlement date of the look-back window that FINRA should have published and
  // that is not loaded yet. One run at a time per replica; replicas serialize on the load lock.
  sync(): Promise<SyncResult[]> {
    return this.syncs.run();
  }

  // No file loaded yet is a state we know before anyone pays: the operations that need one are announced unavailable
  // (503 before the 402, like an open circuit) until the first load.
  async announceLoaded() {
    const loaded = await this.prisma.shortFile.count().catch(() => null);
    if (loaded === null) return; // the database is down: the handlers say so
    for (const op of NEEDS_A_FILE) {
      if (loaded > 0) this.catalog.availability.lift(op);
      else
        this.catalog.availability.hold(
          op,
          'no short interest file is loaded yet; the first sync runs at start and every few hours',
        );
    }
  }

  async loadFile(settlementDate: string, text: string, sourceUrl: string): Promise<LoadOutcome> {
    const outcome = await this.load(settlementDate, text, sourceUrl);
    await this.announceLoaded();
    return outcome;
  }

  private load(settlementDate: string, text: string, sourceUrl: string): Promise<LoadOutcome> {
    const content = parseShortFile(text, settlementDate);
    if (content.duplicates)
      this.logger.event('warn', 'short interest file repeats symbols; first rows kept', {
        settlementDate,
        duplicates: content.duplicates,
      });
    const date = new Date(settlementDate);
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`);
        const current = await tx.shortFile.findUnique({ where: { settlementDate: date } });
        if (current?.sha256 === content.sha256) return 'unchanged';
        // A file cut at a line boundary parses: its row count gives it away.
        const previous =
          current ??
          (await tx.shortFile.findFirst({
            where: { settlementDate: { lt: date } },
            orderBy: { settlementDate: 'desc' },
          }));
        // Replay mode serves the committed fixtures, which are trimmed files.
        const minRows = replayActive() ? 1 : this.config.SHORT_MIN_FILE_ROWS;
        const floor = Math.max(minRows, Math.ceil((previous?.rowCount ?? 0) / 2));
        if (content.rows.length < floor)
          throw new MalformedFile(`${content.rows.length} rows, fewer than ${floor}: an incomplete file`);
        await tx.shortPosition.deleteMany({ where: { settlementDate: date } });
        for (let i = 0; i < content.rows.length; i += CHUNK) {
          await tx.shortPosition.createMany({
            data: content.rows.slice(i, i + CHUNK).map((r) => ({ settlementDate: date, ...r })),
          });
        }
        const now = new Date(this.clock.now());
        const file = { sha256: content.sha256, rowCount: content.rows.length, sourceUrl, loadedAt: now };
        await tx.shortFile.upsert({
          where: { settlementDate: date },
          create: {
            settlementDate: date,
            publicationDate: new Date(publicationDate(settlementDate)),
            firstSeenAt: now,
            ...file,
          },
          update: file,
        });
        return current ? 'replaced' : 'loaded';
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
  }

  private async run(): Promise<SyncResult[]> {
    const today = day(new Date(this.clock.now()));
    const loaded = new Set(
      (await this.prisma.shortFile.findMany({ select: { settlementDate: true } })).map((f) => day(f.settlementDate)),
    );
    const due = settlementDates(addDays(today, -this.config.SHORT_SYNC_LOOKBACK_DAYS), today).filter(
      (d) => publicationDate(d) <= today && !loaded.has(d),
    );
    const results: SyncResult[] = [];
    for (const settlementDate of due) {
      try {
        const text = await this.finra.file(settlementDate, Date.now() + this.config.SHORT_FINRA_TIMEOUT_MS);
        if (text === null)
          results.push({
            settlement_date: settlementDate,
            outcome: 'not_published',
            detail: 'FINRA has no file for this date yet',
          });
        else
          results.push({
            settlement_date: settlementDate,
            outcome: await this.loadFile(settlementDate, text, this.finra.fileUrl(settlementDate)),
          });
      } catch (e) {
        const outcome = e instanceof MalformedFile ? 'rejected' : 'failed';
        const detail = e instanceof TollError ? `${e.code}: ${e.message}` : (e as Error).message;
        this.logger.event('warn', 'short interest file not loaded', { settlementDate, outcome, detail });
        results.push({ settlement_date: settlementDate, outcome, detail });
      }
    }
    const problem = results.find((r) => r.outcome === 'rejected' || r.outcome === 'failed');
    const state = {
      lastRunAt: new Date(this.clock.now()),
      lastOutcome: summary(results),
      lastError: problem ? `${problem.settlement_date}: ${problem.detail}` : null,
    };
    await this.prisma.syncState.upsert({ where: { id: 1 }, create: { id: 1, ...state }, update: state });
    return results;
  }
}

const summary = (results: SyncResult[]) =>
  results.length
    ? results.map((r) => `${r.settlement_date} ${r.outcome}`).join(', ')
    : 'nothing due: every published settlement date is loaded';
