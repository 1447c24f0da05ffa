import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, BackgroundRun, Clock, JsonLogger } from '@toll/platform';
import { withRecordingTime } from '@toll/upstream';
import { randomUUID } from 'node:crypto';
import type { JobsConfig } from './config';
import { JobsRepository } from './jobs.repository';
import { SOURCE_IDS } from './sources';
import { ArbeitnowClient } from './upstreams/arbeitnow.client';
import type { JobSource } from './upstreams/job-source';
import { UsajobsClient } from './upstreams/usajobs.client';

// Keeps the index fresh in the background. Every replica ticks; the lease in Postgres lets exactly one of them
// refresh a due source, so each source sees one fetch per interval however many replicas run.
@Injectable()
export class IndexRefresher implements OnApplicationBootstrap, OnModuleDestroy {
  readonly sources: JobSource[];
  private readonly owner = randomUUID();
  private readonly refreshes = new BackgroundRun(() => this.tick());
  private readonly refreshed: Array<() => Promise<void>> = [];

  constructor(
    arbeitnow: ArbeitnowClient,
    usajobs: UsajobsClient,
    private readonly repo: JobsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: JobsConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    this.sources = [arbeitnow, usajobs];
  }

  async onApplicationBootstrap() {
    await this.repo.ensureSources(SOURCE_IDS);
    if (!this.config.JOBS_REFRESH_ENABLED) return;
    this.refreshes.every(this.config.JOBS_REFRESH_TICK_MS, { now: true });
  }

  async onModuleDestroy() {
    await this.refreshes.stop();
  }

  // Called after each refresh this replica runs (the index may have become servable, or stopped being).
  onRefreshed(listener: () => Promise<void>) {
    this.refreshed.push(listener);
  }

  // Refreshes every enabled source that is due and not leased by another replica.
  async tick(): Promise<void> {
    for (const source of this.sources.filter((s) => s.enabled)) {
      const now = new Date(this.clock.now());
      if (!(await this.repo.claim(source.id, this.owner, now, this.config.JOBS_REFRESH_LEASE_MS).catch(() => false)))
        continue;
      await this.refresh(source, now);
      for (const listener of this.refreshed) await listener();
    }
  }

  private async refresh(source: JobSource, started: Date) {
    // Upstream deadlines run on the real clock; the lease ends a second later.
    const deadline = Date.now() + this.config.JOBS_REFRESH_LEASE_MS - 1_000;
    try {
      // In replay mode the rows are as old as their recording, and the index says so.
      const { value: postings, recordedAt } = await withRecordingTime(() => source.fetchAll(deadline));
      // An empty answer from a board that had jobs is a broken upstream, not an empty market: keep the old rows.
      if (!postings.length) throw new TollError('UPSTREAM_ERROR', `${source.id} returned no jobs`);
      await this.repo.replace(
        source.id,
        this.owner,
        postings,
        new Date(recordedAt ?? this.clock.now()),
        new Date(started.getTime() + source.refreshMs),
      );
      this.logger.event('info', 'jobs index refreshed', { source: source.id, rows: postings.length });
    } catch (e) {
      const message = e instanceof TollError ? `${e.code}: ${e.message}` : String(e);
      this.logger.event('warn', 'jobs index refresh failed; the previous rows stay', {
        source: source.id,
        error: message,
      });
      const retryAt = new Date(this.clock.now() + Math.min(source.refreshMs, this.config.JOBS_RETRY_AFTER_FAILURE_MS));
      await this.repo.fail(source.id, this.owner, new Date(this.clock.now()), message, retryAt).catch(() => undefined);
    }
  }
}
