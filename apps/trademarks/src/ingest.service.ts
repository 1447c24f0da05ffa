import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, BackgroundRun, Clock, JsonLogger } from '@toll/platform';
import { withRecordingTime } from '@toll/upstream';
import { createHash, randomUUID } from 'node:crypto';
import type { TrademarksConfig } from './config';
import { BadFile, caseFiles } from './daily-file';
import { MarksRepository } from './marks.repository';
import { OdpClient } from './upstreams/odp.client';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// After a failed run (listing or download), try again sooner than the schedule, but not in a loop.
const RETRY_MS = 30 * 60_000;

export interface RunReport {
  listed: number;
  loaded: Array<{ file: string; rows: number }>;
  rejected: Array<{ file: string; error: string }>;
}

// The scheduled ingest of the office's daily application files. Every replica ticks; one claims the run. Each file
// of the look-back window not loaded yet is downloaded and loaded in one transaction; a file that is not a valid
// daily file is recorded as rejected and changes nothing, so a bad file never replaces a good index.
@Injectable()
export class IngestService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly owner = randomUUID();
  private readonly ingests = new BackgroundRun(() => this.tick());

  constructor(
    private readonly odp: OdpClient,
    private readonly repo: MarksRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: TrademarksConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  async onApplicationBootstrap() {
    await this.repo.ensureState();
    if (!this.config.TRADEMARKS_INGEST_ENABLED || !this.odp.configured) return;
    this.ingests.every(this.config.TRADEMARKS_INGEST_TICK_MS, { now: true });
  }

  async onModuleDestroy() {
    await this.ingests.stop();
  }

  // Runs the ingest if it is due and no other replica holds it; null when there was nothing to do.
  async tick(): Promise<RunReport | null> {
    if (!this.odp.configured) return null;
    const now = new Date(this.clock.now());
    if (!(await this.repo.claim(this.owner, now, this.config.TRADEMARKS_INGEST_LEASE_MS).catch(() => false)))
      return null;
    try {
      // In replay mode the index is as old as the recorded files, and says so.
      const { value: report, recordedAt } = await withRecordingTime(() => this.run(now));
      await this.repo.finish(
        this.owner,
        new Date(recordedAt ?? this.clock.now()),
        new Date(now.getTime() + this.config.TRADEMARKS_INGEST_EVERY_HOURS * HOUR),
      );
      this.logger.event('info', 'trademark ingest done', {
        listed: report.listed,
        loaded: report.loaded,
        rejected: report.rejected,
      });
      return report;
    } catch (e) {
      const message = e instanceof TollError ? `${e.code}: ${e.message}` : String(e);
      this.logger.event('warn', 'trademark ingest failed; the index is unchanged', { error: message });
      await this.repo
        .finish(this.owner, new Date(this.clock.now()), new Date(this.clock.now() + RETRY_MS), message)
        .catch(() => undefined);
      return { listed: 0, loaded: [], rejected: [] };
    }
  }

  private async run(now: Date): Promise<RunReport> {
    // Upstream deadlines run on the real clock; the lease ends a little later.
    const deadline = Date.now() + this.config.TRADEMARKS_INGEST_LEASE_MS - 5_000;
    const to = now.toISOString().slice(0, 10);
    const from = new Date(now.getTime() - this.config.TRADEMARKS_INGEST_LOOKBACK_DAYS * DAY).toISOString().slice(0, 10);
    const files = await this.odp.dailyFiles(from, to, deadline);
    const done = await this.repo.loadedFiles(files.map((f) => f.name));
    const report: RunReport = { listed: files.length, loaded: [], rejected: [] };
    for (const file of files.filter((f) => !done.has(f.name))) {
      const bytes = await this.odp.download(file, deadline); // a failed download fails the run: retried soon
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      try {
        const rows = await this.repo.loadFile(
          { ...file, sha256 },
          caseFiles(bytes),
          new Date(this.clock.now()),
          Math.max(1_000, deadline - Date.now()),
        );
        report.loaded.push({ file: file.name, rows });
      } catch (e) {
        if (!(e instanceof BadFile)) throw e; // our failure (the database), not the file's: the run is retried
        const error = e.message;
        await this.repo.rejectFile({ ...file, sha256 }, new Date(this.clock.now()), error);
        report.rejected.push({ file: file.name, error });
      }
    }
    return report;
  }
}
