import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, CatalogService, Clock, GroupHealth } from '@toll/platform';
import { replayActive, SwrCache, type CachePolicy } from '@toll/upstream';
import type { TrademarksConfig } from './config';
import { MarksRepository, MAX_CANDIDATES, type MarkRow } from './marks.repository';
import { judge, MATCH_TYPES, normalise, phoneticKey, type MatchType, type Verdict } from './similarity';
import { SOURCES, tsdrUrl, type SourceId } from './sources';
import type * as S from './trademarks.schemas';
import { TsdrClient, type CaseStatus } from './upstreams/tsdr.client';
import { OdpClient } from './upstreams/odp.client';

const HOUR = 3_600_000;
// Status moves slowly (cache table: 24 h fresh, 7 d stale when the office cannot be reached).
const STATUS_TTL: CachePolicy = { freshMs: 24 * HOUR, staleMs: 6 * 24 * HOUR };
// A status is a few KB; 20,000 of them stay under ~100 MB.
const CACHE_MAX_ENTRIES = 20_000;
const SCOPE_NOTE =
  'The index holds the applications in the office daily files loaded so far (see index.latest_file_date and health), ' +
  'not the whole register: a clear result is not a clearance opinion. Confirm a match with trademarks.getStatus.';

const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

@Injectable()
export class TrademarksService implements OnApplicationBootstrap {
  private readonly cache: SwrCache;

  constructor(
    private readonly tsdr: TsdrClient,
    private readonly odp: OdpClient,
    private readonly repo: MarksRepository,
    private readonly clock: Clock,
    private readonly groupHealth: GroupHealth,
    private readonly catalog: CatalogService,
    @Inject(APP_CONFIG) private readonly config: TrademarksConfig,
  ) {
    this.cache = new SwrCache(CACHE_MAX_ENTRIES, () => this.clock.now());
  }

  // Without the keys production needs, the routes that need them are announced unavailable from the start, so the
  // gateway answers 503 before anyone pays (the handlers still refuse, in case a call races the announcement).
  async onApplicationBootstrap() {
    if (!this.tsdr.configured) this.catalog.availability.hold('trademarks.getStatus', reasonOf('trademarks.getStatus'));
    if (!this.odp.configured && !(await this.repo.state().catch(() => null))?.markCount)
      this.catalog.availability.hold('trademarks.searchMarks', reasonOf('trademarks.searchMarks'));
  }

  async status(input: S.StatusInput, deadline: number): Promise<S.StatusOutput> {
    if (!this.tsdr.configured) throw unavailable('trademarks.getStatus');
    const caseId = input.serial !== undefined ? `sn${input.serial}` : `rn${input.registration}`;
    const cached = await this.cache.get<CaseStatus>(caseId, STATUS_TTL, async () => ({
      value: await this.tsdr.status(caseId, deadline),
      source: 'tsdr',
    }));
    const { freshness } = cached;
    return {
      ...cached.value,
      tsdr_url: tsdrUrl(cached.value.serial),
      source: 'tsdr',
      attribution: SOURCES.tsdr.attribution,
      freshness: {
        as_of: freshness.fetchedAt,
        stale: freshness.stale,
        ...(freshness.reason ? { reason: freshness.reason } : {}),
      },
    };
  }

  async search(input: S.SearchInput): Promise<S.SearchOutput> {
    const state = await this.repo.state();
    if (!state?.markCount) {
      if (!this.odp.configured) throw unavailable('trademarks.searchMarks');
      const why = state?.lastFailure
        ? `the last ingest failed: ${state.lastFailure}`
        : 'the first ingest has not finished';
      throw new TollError('SERVICE_UNAVAILABLE', `The trademark index is not built yet (${why}); try again later`);
    }
    const query = { norm: normalise(input.mark), key: phoneticKey(input.mark) };
    const classes = input.classes ? [...new Set(input.classes.split(',').map(Number))].sort((a, b) => a - b) : [];
    const wanted = MATCH_TYPES.filter((t) => input.match.split(',').includes(t));
    const rows = await this.repo.candidates(query.norm, query.key, classes);
    const matches = rows
      .flatMap((row) => {
        const verdict = judge(query, { norm: row.mark_norm, key: row.phonetic_key }, input.min_similarity);
        const kinds = verdict?.kinds.filter((k) => wanted.includes(k.type)) ?? [];
        return verdict && kinds.length ? [present(row, kinds, verdict.similarity, classes)] : [];
      })
      .sort(
        (a, b) =>
          rank(a.match) - rank(b.match) ||
          b.similarity - a.similarity ||
          (b.filed ?? '').localeCompare(a.filed ?? '') ||
          a.serial.localeCompare(b.serial),
      )
      .slice(0, input.limit);
    const notes = [SCOPE_NOTE];
    if (rows.length >= MAX_CANDIDATES)
      notes.push(
        `More than ${MAX_CANDIDATES} marks resemble the query; only the ${MAX_CANDIDATES} closest were scored. ` +
          `Narrow it with classes.`,
      );
    return {
      query: { mark: input.mark, normalised: query.norm, sound_key: query.key, classes, match: wanted },
      count: matches.length,
      matches,
      candidates_considered: rows.length,
      index: { marks: state.markCount, files_loaded: state.filesLoaded, latest_file_date: iso(state.latestFileDate) },
      source: 'odp-bulk',
      attribution: SOURCES['odp-bulk'].attribution,
      freshness: this.indexFreshness(state),
      notes,
    };
  }

  async health(): Promise<S.HealthOutput> {
    const described = this.groupHealth.describe();
    const [rejected, state] = await Promise.all([this.repo.rejectedFiles(), this.repo.state()]);
    const marks = state?.markCount ?? 0;
    const clients: Record<SourceId, { configured: boolean; baseUrl: string }> = {
      tsdr: this.tsdr,
      'odp-bulk': this.odp,
    };
    const sources = (Object.keys(SOURCES) as SourceId[]).map((id) => ({
      id,
      role: SOURCES[id].role,
      configured: clients[id].configured,
      key: SOURCES[id].key,
      base_url: clients[id].baseUrl,
      license: SOURCES[id].license,
      terms: SOURCES[id].terms,
    }));
    const unavailableOps = [
      ...(this.tsdr.configured
        ? []
        : [{ operation_id: 'trademarks.getStatus', reason: reasonOf('trademarks.getStatus') }]),
      ...(marks
        ? []
        : [
            {
              operation_id: 'trademarks.searchMarks',
              reason: this.odp.configured ? 'the index is not built yet' : reasonOf('trademarks.searchMarks'),
            },
          ]),
    ];
    const ingestEnabled = this.config.TRADEMARKS_INGEST_ENABLED && this.odp.configured;
    const stale = marks > 0 && this.indexFreshness(state).stale;
    return {
      ...described,
      status: unavailableOps.length || stale ? 'degraded' : 'ok',
      sources,
      unavailable: unavailableOps,
      ingest: {
        enabled: ingestEnabled,
        every_hours: this.config.TRADEMARKS_INGEST_EVERY_HOURS,
        last_success_at: state?.lastSuccessAt?.toISOString() ?? null,
        last_failure:
          state?.lastFailureAt && state.lastFailure
            ? { at: state.lastFailureAt.toISOString(), message: state.lastFailure }
            : null,
        next_run_at: ingestEnabled && state ? state.nextRunAt.toISOString() : null,
        rejected_files: rejected.map((f) => ({ file: f.fileName, date: iso(f.fileDate)!, error: f.error })),
      },
      cache: {
        status_entries: this.cache.size,
        ...this.cache.stats,
        index_marks: marks,
        index_files_loaded: state?.filesLoaded ?? 0,
        index_latest_file_date: iso(state?.latestFileDate ?? null),
      },
    };
  }

  // The index is as of its last successful ingest run; past the stale window it says so and why.
  private indexFreshness(state: Awaited<ReturnType<MarksRepository['state']>>): S.SearchOutput['freshness'] {
    const asOf = state?.lastSuccessAt ?? null;
    if (!asOf)
      return { as_of: new Date(0).toISOString(), stale: true, reason: 'no ingest run has succeeded on this database' };
    if (replayActive())
      return {
        as_of: asOf.toISOString(),
        stale: true,
        reason: 'replay mode: the index was built from recorded fixtures, as old as their recording',
      };
    const age = this.clock.now() - asOf.getTime();
    if (age <= this.config.TRADEMARKS_INDEX_STALE_HOURS * HOUR) return { as_of: asOf.toISOString(), stale: false };
    const why = !this.odp.configured
      ? 'TRADEMARKS_ODP_API_KEY is not set, so the index is no longer updated'
      : state?.lastFailure
        ? `the ingest keeps failing: ${state.lastFailure}`
        : 'the ingest has not run';
    return {
      as_of: asOf.toISOString(),
      stale: true,
      reason: `index not updated for more than ${this.config.TRADEMARKS_INDEX_STALE_HOURS} h: ${why}`,
    };
  }
}

const rank = (t: MatchType) => MATCH_TYPES.indexOf(t);

const REASONS: Record<string, string> = {
  'trademarks.getStatus': `the USPTO TSDR API key is not configured on this deployment (${SOURCES.tsdr.key}); status look-ups are off`,
  'trademarks.searchMarks':
    `the USPTO Open Data Portal API key is not configured on this deployment (${SOURCES['odp-bulk'].key}), so no ` +
    `index has been built`,
};
const reasonOf = (op: string) => REASONS[op];
// A key only arrives with a redeploy, so the answer says to come back much later; where the platform keeps a circuit
// per operation, retry_after_seconds opens it at once and callers get the 503 before any payment step.
const KEY_RETRY_AFTER_SECONDS = 3_600;
const unavailable = (op: string) =>
  new TollError('SERVICE_UNAVAILABLE', `${op} is unavailable: ${reasonOf(op)}`, {
    operation_id: op,
    retry_after_seconds: KEY_RETRY_AFTER_SECONDS,
  });

function present(
  row: MarkRow,
  kinds: Verdict['kinds'],
  similarity: number,
  classes: number[],
): S.SearchOutput['matches'][number] {
  const rowClasses = row.classes ?? [];
  return {
    serial: row.serial,
    registration_number: row.registration_number,
    mark: row.mark_text,
    match: kinds[0].type,
    match_types: kinds.map((k) => k.type),
    similarity,
    reasons: kinds.map((k) => k.reason),
    classes: rowClasses,
    shared_classes: classes.length ? rowClasses.filter((c) => classes.includes(c)) : rowClasses,
    owner: row.owner,
    filed: iso(row.filing_date),
    registered: iso(row.registration_date),
    status: { code: row.status_code, date: iso(row.status_date) },
    goods_and_services: row.goods ?? [],
    tsdr_url: tsdrUrl(row.serial),
  };
}
