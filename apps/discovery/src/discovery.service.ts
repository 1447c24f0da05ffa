import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, CatalogWatcher, GroupHealth, JsonLogger, NATS_CONNECTION, parsePathGrants } from '@toll/platform';
import { clientNetworkKey } from '@toll/upstream';
import type { NatsConnection } from 'nats';
import type { DiscoveryConfig } from './config';
import type * as S from './discovery.schemas';
import { IndexRepository } from './index.repository';
import { MatchIndex, METHOD, semanticStats, usdText, type AvailabilityOf } from './match-index';
import { RegistryFeed } from './registry-feed';
import { entryDocument, listingDocument, routeDocument } from './tool-documents';

// Another replica's registrations become visible within this long: the index table is re-checked (one cheap
// count/max query) at most this often, and at once after a registration on this replica.
const ENTRIES_RECHECK_MS = 1_000;

const usdString = (n: number) => n.toFixed(6).replace(/\.?0+$/, '');
const normalizeTags = (tags: string[]) => [...new Set(tags.map((t) => t.toLowerCase().replace(/\s+/g, ' ').trim()))];

@Injectable()
export class DiscoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly catalog: CatalogWatcher;
  private entries = {
    rows: [] as S.IndexEntry[],
    fingerprint: null as string | null,
    checkedAt: 0,
    okAt: null as number | null,
    error: null as string | null,
  };
  private loading?: Promise<void>;
  private built?: { key: string; index: MatchIndex };

  constructor(
    private readonly repo: IndexRepository,
    private readonly registry: RegistryFeed,
    private readonly groupHealth: GroupHealth,
    @Inject(NATS_CONNECTION) nats: NatsConnection,
    @Inject(APP_CONFIG) private readonly config: DiscoveryConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    const grants =
      config.DISCOVERY_PATH_GRANTS === undefined ? undefined : parsePathGrants(config.DISCOVERY_PATH_GRANTS);
    this.catalog = new CatalogWatcher(nats, { ttlMs: config.DISCOVERY_CATALOG_TTL_MS, grants, logger });
  }

  onApplicationBootstrap() {
    this.catalog.start();
    // Load the semantic data now (about 80 ms), not on the first paid match.
    this.logger.event('info', 'semantic data loaded', { detail: semanticStats() });
  }

  onApplicationShutdown() {
    this.catalog.stop();
  }

  async register(input: S.RegisterInput, callerIp: string): Promise<S.RegisterOutput> {
    const entry = {
      name: input.name,
      endpoint: new URL(input.endpoint).toString(), // one spelling per URL, so idempotency holds across spellings
      description: input.description,
      pricePerCall: usdString(input.price_per_call),
      tags: normalizeTags(input.tags),
      schemaUrl: input.schema_url ?? null,
    };
    const max = this.config.DISCOVERY_INDEX_MAX_ENTRIES;
    const limit = {
      registrant: clientNetworkKey(callerIp),
      perWindow: this.config.DISCOVERY_REGISTER_LIMIT,
      windowSeconds: this.config.DISCOVERY_REGISTER_WINDOW_SECONDS,
    };
    const result = await this.repo
      .register(entry, max, limit)
      .catch((e: Error) => {
        this.logger.event('error', 'index database error', { error: e.message });
        throw new TollError('SERVICE_UNAVAILABLE', 'The discovery index database is unavailable');
      })
      .finally(() => (this.entries.checkedAt = 0)); // re-read at the next query: the entry changed, or the database did
    if (!result)
      throw new TollError(
        'SERVICE_UNAVAILABLE',
        `The discovery index is full (${max} entries); existing entries can still be updated`,
      );
    if ('retryAfterSeconds' in result) {
      // The gateway turns this into a 429 with Retry-After.
      const { perWindow, windowSeconds } = limit;
      throw new TollError(
        'RATE_LIMITED',
        `Too many new entries from your network: at most ${perWindow} per ${windowSeconds} s; retry in ` +
          `${result.retryAfterSeconds} s`,
        {
          retryAfterSeconds: result.retryAfterSeconds,
          limit: perWindow,
          windowSeconds,
        },
      );
    }
    return {
      created: result.created,
      entry: {
        ...result.entry,
        price_per_call: Number(result.entry.price_per_call),
        price_per_call_usd: result.entry.price_per_call,
      },
    };
  }

  async search({ q, limit }: S.SearchInput): Promise<S.SearchOutput> {
    const { index } = await this.current();
    const { results, noGoodMatch } = index.teaser(q, limit, this.availability);
    return {
      q,
      results,
      no_good_match: noGoodMatch,
      note:
        'Teaser: the same ranking as POST /toll/discovery/match, with names, one-line summaries and where to call ' +
        'each. Match adds scores, reasons, prices and input schemas.',
    };
  }

  async match({ task, max_price, limit }: S.MatchInput): Promise<S.MatchOutput> {
    const { index, sources } = await this.current();
    const outcome = index.match(task, { maxPrice: max_price, limit, availability: this.availability });
    return {
      task,
      max_price: max_price === undefined ? null : usdText(BigInt(Math.floor(max_price * 1e6 + 1e-6))),
      results: outcome.results,
      no_good_match: outcome.noGoodMatch,
      considered: outcome.considered,
      excluded_by_price: outcome.excludedByPrice,
      left_out: outcome.leftOut,
      sources,
      method: METHOD,
    };
  }

  async health(): Promise<S.HealthOutput> {
    const described = this.groupHealth.describe();
    const { index, sources } = await this.current();
    const counts = index.countBySource();
    return {
      ...described,
      status: sources.index.available && sources.registry.available ? 'ok' : 'degraded',
      sources,
      index: {
        documents: index.size,
        toll_routes: counts['toll-catalog'],
        index_entries: counts.index,
        registry_listings: counts.registry,
        groups: this.catalog.groups(),
      },
      catalog: this.catalog.routes().map(({ operationId, method, path, summary, price }) => ({
        operation_id: operationId,
        method,
        path,
        summary,
        price,
      })),
    };
  }

  // What each Toll route's group announced about it now: the same signal the gateway answers 503 on before any payment.
  private readonly availability: AvailabilityOf = (doc) => {
    if (doc.source !== 'toll-catalog' || !doc.group)
      return { state: 'unknown', retry_after_seconds: null, reason: null };
    const down = this.catalog.unavailable(doc.group, doc.name);
    return down
      ? { state: 'unavailable', retry_after_seconds: down.retryAfterSeconds, reason: down.reason }
      : { state: 'available', retry_after_seconds: null, reason: null };
  };

  // The index over all three sources, rebuilt only when one of them changed.
  private async current() {
    await this.refreshEntries();
    const registry = this.registry.current();
    const routes = this.catalog.routes();
    const key = `${this.catalog.version}|${this.entries.fingerprint}|${registry.revision}`;
    if (this.built?.key !== key) {
      const documents = [
        ...routes.map(routeDocument),
        ...this.entries.rows.map(entryDocument),
        ...registry.listings.map(listingDocument),
      ];
      this.built = { key, index: new MatchIndex(documents) };
    }
    const e = this.entries;
    const sources: S.MatchOutput['sources'] = {
      toll_catalog: {
        available: routes.length > 0,
        items: routes.length,
        as_of: new Date().toISOString(),
        stale: false,
        ...(routes.length ? {} : { reason: 'no group has announced its routes yet' }),
      },
      index: {
        available: e.error === null,
        items: e.rows.length,
        as_of: e.okAt === null ? null : new Date(e.okAt).toISOString(),
        stale: e.error !== null && e.okAt !== null,
        ...(e.error
          ? {
              reason: `index database unavailable (${e.error}); ${e.okAt ? 'entries as last read' : 'no entries used'}`,
            }
          : {}),
      },
      registry: registry.freshness,
    };
    return { index: this.built.index, sources };
  }

  private refreshEntries(): Promise<void> {
    if (Date.now() - this.entries.checkedAt < ENTRIES_RECHECK_MS) return Promise.resolve();
    this.loading ??= this.loadEntries().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async loadEntries() {
    const e = this.entries;
    try {
      const fingerprint = await this.repo.fingerprint();
      if (fingerprint !== e.fingerprint) {
        e.rows = await this.repo.all();
        e.fingerprint = fingerprint;
      }
      e.okAt = Date.now();
      e.error = null;
    } catch (err) {
      const message = (err as Error).message.split('\n')[0].slice(0, 200);
      if (e.error === null) this.logger.event('error', 'index database unavailable', { error: message });
      e.error = 'query failed';
    } finally {
      e.checkedAt = Date.now();
    }
  }
}
