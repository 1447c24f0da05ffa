import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { TollError, type RegistryListing, type RegistryListingsReply } from '@toll/contracts';
import { APP_CONFIG, GroupHealth, JsonLogger } from '@toll/platform';
import { BlockedTargetError, clientNetworkKey, resolvePublic, withDeadline } from '@toll/upstream';
import type { RegistryConfig } from './config';
import { EndpointProber } from './endpoint-prober';
import { callPrice, rank, withinCeiling } from './ranking';
import { RegistryRepository, type Limited, type ListingRow, type Marker, type RateRule } from './registry.repository';
import {
  LISTING_SCHEMA_VERSION,
  type Listing,
  type ListingsOutput,
  type ListingsQuery,
  type QuestionnaireInput,
  type HealthOutput,
  type SnapshotOutput,
  type SubmitInput,
  type SubmitOutput,
} from './registry.schemas';
import { seedListings } from './seed-listings';

const toListing = (row: ListingRow): Listing => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  endpoint_url: row.endpointUrl,
  io_format: row.ioFormat as Listing['io_format'],
  pricing: row.pricing as Listing['pricing'],
  auth_method: row.authMethod as Listing['auth_method'],
  contact: row.contact as Listing['contact'],
  capability_tags: row.capabilityTags,
  verified: row.verified,
  published_at: row.publishedAt.toISOString(),
});

const markerFields = (m: Marker) => ({ registry_updated: m.updatedAt.toISOString(), registry_version: m.version });

// How long a submission waits for DNS to judge its endpoint's host.
const SUBMIT_DNS_TIMEOUT_MS = 3_000;

const invalid = (field: string, message: string) =>
  new TollError('INVALID_INPUT', 'Input failed validation', { issues: [{ field, message }] });

@Injectable()
export class RegistryService implements OnApplicationBootstrap {
  private readonly operatorOrigin: string;

  constructor(
    private readonly repo: RegistryRepository,
    private readonly prober: EndpointProber,
    private readonly groupHealth: GroupHealth,
    @Inject(APP_CONFIG) private readonly config: RegistryConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    this.operatorOrigin = new URL(config.REGISTRY_PUBLIC_BASE_URL).origin;
  }

  // Before the NATS subjects open: every replica upserts the seed; only a change publishes.
  async onApplicationBootstrap() {
    const seeds = seedListings(this.config.REGISTRY_PUBLIC_BASE_URL).map(({ seed_key, ...l }) => ({
      seedKey: seed_key,
      name: l.name,
      description: l.description,
      category: l.category,
      endpointUrl: l.endpoint_url,
      ioFormat: l.io_format,
      pricing: l.pricing,
      authMethod: l.auth_method,
      contact: l.contact,
      capabilityTags: l.capability_tags,
    }));
    const published = await this.repo.seed(seeds);
    if (published) this.logger.event('info', 'seed listings published', { registryVersion: published.version });
  }

  async listings(q: ListingsQuery, callerIp: string): Promise<ListingsOutput> {
    return this.db(async () => {
      // Marker first: a publish landing between the two reads makes the marker older than the data, which
      // only costs a client one extra re-pull; the other order could hide a listing until the next publish.
      const marker = await this.repo.marker();
      const rows = await this.repo.find({ capability: q.capability, verifiedOnly: q.verified_only, auth: q.auth });
      const max = q.max_price;
      const kept =
        max === undefined ? rows : rows.filter((r) => withinCeiling(callPrice(r.pricing as Listing['pricing']), max));
      const lookup = {
        capability: q.capability ?? null,
        max_price: q.max_price ?? null,
        verified_only: q.verified_only,
        auth: q.auth ?? null,
        matched: kept.length,
      };
      if (!q.capability)
        return {
          schema_version: LISTING_SCHEMA_VERSION,
          listings: kept.map(toListing),
          ...markerFields(marker),
          lookup,
        };
      const ids = kept.map((r) => r.id);
      const usage = await this.repo.usage(ids);
      const ranked = rank(
        kept.map((r) => ({ listing: toListing(r), health: r.health, usage30d: usage.get(r.id) ?? 0 })),
      );
      if (ids.length) await this.repo.recordUsage(ids, clientNetworkKey(callerIp));
      return { schema_version: LISTING_SCHEMA_VERSION, listings: ranked, ...markerFields(marker), lookup };
    });
  }

  async snapshot(): Promise<SnapshotOutput> {
    return this.db(async () => {
      const marker = await this.repo.marker();
      return {
        schema_version: LISTING_SCHEMA_VERSION,
        listings: (await this.repo.verifiedSeeds()).map(toListing),
        ...markerFields(marker),
      };
    });
  }

  // registry.listings over NATS, for the discovery app's match index.
  async feed(): Promise<RegistryListingsReply> {
    return this.db(async () => {
      const marker = await this.repo.marker();
      const listings = (await this.repo.all()).map(toListing).map((l): RegistryListing => ({
        id: l.id,
        name: l.name,
        description: l.description,
        category: l.category,
        endpoint_url: l.endpoint_url,
        io_format: l.io_format,
        pricing: l.pricing,
        auth_method: l.auth_method,
        contact: l.contact,
        capability_tags: l.capability_tags,
        verified: l.verified,
      }));
      return { listings, registry_updated: marker.updatedAt.toISOString() };
    });
  }

  async submit(input: SubmitInput, callerIp: string): Promise<SubmitOutput> {
    const endpointUrl = new URL(input.endpoint_url).href; // canonical form: one listing per endpoint
    if (new URL(endpointUrl).origin === this.operatorOrigin)
      throw invalid('endpoint_url', "is on the operator's own origin, reserved for its verified listings");
    await this.refuseNonPublic(endpointUrl);
    const listing = {
      name: input.name,
      description: input.description,
      category: input.category,
      endpointUrl,
      ioFormat: input.io_format,
      pricing: input.pricing,
      authMethod: input.auth_method,
      contact: input.contact,
      // the spec's submission has no tags: the category is the one capability it names
      capabilityTags: input.capability_tags ?? [input.category],
    };
    const rule = this.rule('submit', callerIp);
    const result = await this.db(() => this.repo.publish(listing, rule));
    if (result.kind === 'rate_limited') throw this.limited('submissions', rule, result);
    if (result.kind === 'duplicate') throw invalid('endpoint_url', 'is already listed');
    this.logger.event('info', 'listing published', {
      listingId: result.row.id,
      registryVersion: result.marker.version,
    });
    return {
      schema_version: LISTING_SCHEMA_VERSION,
      outcome: 'published',
      verification: 'unverified',
      listing: toListing(result.row),
      ...markerFields(result.marker),
    };
  }

  // Every agent may call a published endpoint, so it must be a public address, judged by the prober's own rule
  // (resolvePublic): IP literals in any form (the URL parser turns 0x7f000001 or 2130706433 into 127.0.0.1) and
  // every address a name resolves to. A name that does not resolve now is accepted: the prober's guarded connection
  // checks it again at every probe, and an unreachable listing never gets verified.
  private async refuseNonPublic(endpointUrl: string) {
    const host = new URL(endpointUrl).hostname;
    try {
      await withDeadline(
        resolvePublic(host, this.config.REGISTRY_PROBE_ALLOW_PRIVATE),
        Date.now() + SUBMIT_DNS_TIMEOUT_MS,
        () => new Error('DNS timed out'),
      );
    } catch (e) {
      if (e instanceof BlockedTargetError) throw invalid('endpoint_url', `must be a public address (${e.message})`);
    }
  }

  async submitQuestionnaire(input: QuestionnaireInput, callerIp: string) {
    const rule = this.rule('questionnaire', callerIp);
    const result = await this.db(() => this.repo.storeQuestionnaire(input.answers, rule));
    if (result.kind === 'rate_limited') throw this.limited('questionnaires', rule, result);
    return { stored: true as const, received_at: result.receivedAt.toISOString() };
  }

  async health(): Promise<HealthOutput> {
    const stats = await this.repo.stats().catch((e: Error) => {
      this.logger.event('warn', 'registry database unavailable', { error: e.message });
      return null;
    });
    const prober = this.prober.status();
    const window = this.config.REGISTRY_RATE_WINDOW_SECONDS;
    return {
      ...this.groupHealth.describe(),
      status: stats ? 'ok' : 'degraded',
      ...(stats ? {} : { reason: 'registry database unavailable' }),
      registry: stats && {
        listings: stats.listings,
        verified: stats.verified,
        probed_24h: stats.probed24h,
        ...markerFields(stats.marker),
      },
      sources: [
        {
          name: 'postgres',
          role: 'listings, change marker, probes, usage, rate limits, questionnaire',
          ok: stats !== null,
        },
      ],
      prober: {
        enabled: prober.enabled,
        interval_seconds: this.config.REGISTRY_PROBE_INTERVAL_SECONDS,
        concurrency: this.config.REGISTRY_PROBE_CONCURRENCY,
        timeout_ms: this.config.REGISTRY_PROBE_TIMEOUT_MS,
        private_targets_allowed: this.config.REGISTRY_PROBE_ALLOW_PRIVATE,
        last_tick_at: prober.lastTickAt?.toISOString() ?? null,
        last_tick_probes: prober.lastTickProbes,
      },
      rate_limits: {
        submit: { limit: this.config.REGISTRY_SUBMIT_LIMIT, window_seconds: window },
        questionnaire: { limit: this.config.REGISTRY_QUESTIONNAIRE_LIMIT, window_seconds: window },
      },
    };
  }

  private rule(bucket: RateRule['bucket'], callerIp: string): RateRule {
    const limit = bucket === 'submit' ? this.config.REGISTRY_SUBMIT_LIMIT : this.config.REGISTRY_QUESTIONNAIRE_LIMIT;
    return {
      bucket,
      clientKey: clientNetworkKey(callerIp),
      limit,
      windowSeconds: this.config.REGISTRY_RATE_WINDOW_SECONDS,
    };
  }

  // The gateway turns this into a 429 with Retry-After: retry_after_seconds.
  private limited(what: string, { limit, windowSeconds }: RateRule, { retryAfterSeconds }: Limited) {
    return new TollError(
      'RATE_LIMITED',
      `Too many ${what} from your network: at most ${limit} per ${windowSeconds} s; retry in ${retryAfterSeconds} s`,
      {
        retry_after_seconds: retryAfterSeconds,
        limit,
        window_seconds: windowSeconds,
      },
    );
  }

  // The database is the registry's only dependency: when it fails, say so instead of an internal error.
  private async db<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof TollError) throw e;
      this.logger.event('error', 'registry database call failed', { error: (e as Error).message });
      throw new TollError('SERVICE_UNAVAILABLE', 'The registry database is unavailable; try again shortly');
    }
  }
}
