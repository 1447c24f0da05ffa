import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, CatalogService, Clock, GroupHealth, JsonLogger } from '@toll/platform';
import { replayActive } from '@toll/upstream';
import type { JobsConfig } from './config';
import { IndexRefresher } from './index-refresher';
import { JobsRepository, type JobRow, type StateRow } from './jobs.repository';
import * as S from './jobs.schemas';
import { searchWords, type SalaryPeriod } from './postings';
import { EXCLUDED_SOURCES, SOURCES, type SourceId } from './sources';

const HOUR = 3_600_000;
const SNIPPET = 300;
// The operations that read the index, and how often a replica reads the sources' states to announce whether they can
// be served (a refresh or the clock can change it; the states table has a row per source).
const NEEDS_THE_INDEX = ['jobs.searchJobs', 'jobs.getJob'];
const INDEX_CHECK_MS = 10_000;

// A source's rows as the index serves them: fresh, stale (labelled), or too old to serve.
interface Served {
  id: SourceId;
  asOf: Date;
  rows: number; // as counted by its last refresh
  stale: boolean;
  reason?: string;
}

@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private indexTimer?: NodeJS.Timeout;

  constructor(
    private readonly repo: JobsRepository,
    private readonly refresher: IndexRefresher,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    private readonly catalog: CatalogService,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: JobsConfig,
  ) {
    this.refresher.onRefreshed(() => this.announceIndex());
  }

  async onApplicationBootstrap() {
    await this.announceIndex();
    this.indexTimer = setInterval(() => void this.announceIndex(), INDEX_CHECK_MS);
    this.indexTimer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.indexTimer);
  }

  // An index with no current data (nothing loaded yet, or every source too old to serve) is known before anyone pays:
  // the operations that read it are announced unavailable (503 before the 402, like an open circuit) until a source
  // has rows to serve.
  private async announceIndex() {
    try {
      const { served } = this.classify(await this.repo.states());
      for (const op of NEEDS_THE_INDEX) {
        if (served.length) this.catalog.availability.lift(op);
        else
          this.catalog.availability.hold(
            op,
            `the jobs index has no current data: no source has been refreshed successfully in the last ` +
              `${this.config.JOBS_MAX_STALE_HOURS} h`,
          );
      }
    } catch (e) {
      this.logger.event('warn', 'jobs index state unreadable; availability unchanged', { error: String(e) });
    }
  }

  async search(input: S.SearchInput): Promise<S.SearchOutput> {
    const { served, notes } = await this.served();
    const after = input.cursor ? S.decodeCursor(input.cursor) : null;
    const rows = await this.repo.search({
      words: input.q ? searchWords(input.q) : [],
      location: input.location,
      remote: input.remote,
      jobType: input.job_type,
      salaryFloor:
        input.salary_min !== undefined ? { annual: input.salary_min, currency: input.salary_currency } : undefined,
      postedSince: input.posted_since ? new Date(input.posted_since) : undefined,
      source: input.source,
      sources: served.map((s) => s.id),
      after: after ? { postedAt: new Date(after.p), id: after.i } : undefined,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const copies = servedOnly(await this.repo.copies(page), served);
    const last = page[page.length - 1];
    if (input.salary_min !== undefined)
      notes.push('salary_min leaves out jobs without a published salary (Arbeitnow publishes none)');
    return {
      count: page.length,
      jobs: page.map((r) => ({ ...present(r, copies), snippet: snippet(r.description) })),
      next_cursor:
        rows.length > input.limit && last ? S.encodeCursor({ p: last.postedAt.toISOString(), i: last.id }) : null,
      sources: served.map((s) => ({ id: s.id, as_of: s.asOf.toISOString(), stale: s.stale, rows: s.rows })),
      freshness: freshness(served),
      notes,
    };
  }

  async getJob(input: S.GetJobInput): Promise<S.GetJobOutput> {
    const { served } = await this.served();
    const row = await this.repo.byId(input.id);
    const source = row && served.find((s) => s.id === row.source);
    if (!row || !source)
      throw new TollError(
        'NOT_FOUND',
        `No job ${input.id} in the index (jobs leave it when their source stops listing them)`,
      );
    const copies = servedOnly(await this.repo.copies([row]), served);
    return { job: { ...present(row, copies), description: row.description }, freshness: freshness([source]) };
  }

  async health(): Promise<S.HealthOutput> {
    const described = this.groupHealth.describe();
    const [states, counts] = await Promise.all([this.repo.states(), this.repo.counts()]);
    const byId = new Map(states.map((s) => [s.source, s]));
    const { served } = this.classify(states);
    const indexed = this.refresher.sources.map((src) => {
      const st = byId.get(src.id);
      return {
        id: src.id,
        role: SOURCES[src.id].role,
        enabled: src.enabled,
        resold: SOURCES[src.id].resold,
        disabled_reason: src.disabledReason,
        base_url: src.baseUrl,
        license: SOURCES[src.id].license,
        terms: SOURCES[src.id].terms,
        refresh_every_hours: src.refreshMs / HOUR,
        last_success_at: st?.lastSuccessAt?.toISOString() ?? null,
        last_failure:
          st?.lastFailureAt && st.lastFailure ? { at: st.lastFailureAt.toISOString(), message: st.lastFailure } : null,
        next_refresh_at: src.enabled && st ? st.nextRefreshAt.toISOString() : null,
        rows: counts.bySource.get(src.id) ?? 0,
      };
    });
    const excluded = EXCLUDED_SOURCES.map((s) => ({
      id: s.id,
      role: s.role,
      enabled: false,
      resold: false,
      disabled_reason: 'terms forbid reselling its jobs',
      base_url: null,
      license: s.license,
      terms: s.terms,
      refresh_every_hours: null,
      last_success_at: null,
      last_failure: null,
      next_refresh_at: null,
      rows: 0,
    }));
    // Degraded: nothing servable, or an enabled source's rows are stale.
    const degraded =
      !served.length ||
      served.some((s) => s.stale) ||
      indexed.some((s) => s.enabled && !served.find((v) => v.id === s.id));
    return {
      ...described,
      status: degraded ? 'degraded' : 'ok',
      sources: [...indexed, ...excluded],
      cache: {
        kind: 'Postgres index refreshed in the background; searches never call a source',
        rows: [...counts.bySource.values()].reduce((a, b) => a + b, 0),
        distinct_jobs: counts.distinct,
        as_of: served.length ? freshness(served).as_of : null,
      },
    };
  }

  // Which sources' rows may be served now; none at all is a 503 (never charged).
  private async served(): Promise<{ served: Served[]; notes: string[] }> {
    const result = this.classify(await this.repo.states());
    if (!result.served.length) {
      throw new TollError(
        'SERVICE_UNAVAILABLE',
        'The jobs index has no current data yet: no source has been refreshed successfully in the last ' +
          `${this.config.JOBS_MAX_STALE_HOURS} h`,
        {
          sources: result.notes,
        },
      );
    }
    return result;
  }

  private classify(states: StateRow[]): { served: Served[]; notes: string[] } {
    const now = this.clock.now();
    const served: Served[] = [];
    const notes: string[] = [];
    for (const src of this.refresher.sources) {
      const st = states.find((s) => s.source === src.id);
      if (!src.enabled) {
        notes.push(`${src.id} is not indexed on this deployment: ${src.disabledReason}`);
        continue;
      }
      if (!st?.lastSuccessAt) {
        notes.push(`${src.id} has not been indexed yet${st?.lastFailure ? ` (last attempt: ${st.lastFailure})` : ''}`);
        continue;
      }
      const age = now - st.lastSuccessAt.getTime();
      const seen = { id: src.id, asOf: st.lastSuccessAt, rows: st.lastRowCount ?? 0 };
      if (replayActive()) {
        served.push({
          ...seen,
          stale: true,
          reason: 'replay mode: rows come from recorded fixtures, as old as their recording',
        });
      } else if (age > this.config.JOBS_MAX_STALE_HOURS * HOUR) {
        notes.push(
          `${src.id} rows are left out: last refreshed ${st.lastSuccessAt.toISOString()}, more than ` +
            `${this.config.JOBS_MAX_STALE_HOURS} h ago`,
        );
      } else if (age > 2 * src.refreshMs) {
        // Two missed intervals: the rows are still useful, but not as fresh as promised.
        served.push({
          ...seen,
          stale: true,
          reason:
            `${src.id} could not be refreshed since ` +
            `${st.lastSuccessAt.toISOString()}${st.lastFailure ? ` (${st.lastFailure})` : ''}`,
        });
      } else {
        served.push({ ...seen, stale: false });
      }
    }
    return { served, notes };
  }
}

function freshness(served: Served[]): S.GetJobOutput['freshness'] {
  const oldest = served.reduce((a, b) => (b.asOf < a.asOf ? b : a));
  const stale = served.filter((s) => s.stale);
  return {
    as_of: oldest.asOf.toISOString(),
    stale: stale.length > 0,
    ...(stale.length ? { reason: [...new Set(stale.map((s) => s.reason))].join('; ') } : {}),
  };
}

// A copy on a source we no longer serve (too old) is not pointed to.
const servedOnly = (rows: JobRow[], served: Served[]) => rows.filter((r) => served.some((s) => s.id === r.source));

const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1).trimEnd()}…` : text);

function present(r: JobRow, copies: JobRow[]) {
  const source = r.source as SourceId;
  return {
    id: r.id,
    title: r.title,
    company: r.company,
    location: r.location,
    remote: r.remote,
    job_types: r.jobTypes as S.SearchOutput['jobs'][number]['job_types'],
    tags: r.tags,
    salary:
      r.salaryCurrency && r.salaryPeriod
        ? { min: r.salaryMin, max: r.salaryMax, currency: r.salaryCurrency, period: r.salaryPeriod as SalaryPeriod }
        : null,
    posted_at: r.postedAt.toISOString(),
    closes_at: r.closesAt?.toISOString() ?? null,
    url: r.url,
    apply_url: r.applyUrl,
    source,
    attribution: SOURCES[source].attribution,
    also_listed_on: copies
      .filter((c) => c.dedupKey === r.dedupKey && c.id !== r.id)
      .map((c) => ({ source: c.source as SourceId, id: c.id, url: c.url })),
  };
}
