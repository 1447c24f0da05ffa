import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SUBJECTS, type RegistryListing, type RegistryListingsReply } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, NATS_CONNECTION, NatsBus } from '@toll/platform';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DiscoveryConfig } from './config';
import type { SourceFreshness } from './discovery.schemas';

// Each listing is checked on its own: one malformed listing is skipped, not the whole registry.
const Listing = z.object({
  id: z.string().min(1).max(200),
  name: z.string().max(300),
  description: z.string().max(5000),
  category: z.string().max(200),
  endpoint_url: z.string().max(2048),
  io_format: z.unknown(),
  pricing: z.unknown(),
  auth_method: z.enum(['none', 'api-key', 'x402', 'signature']),
  contact: z.unknown(),
  capability_tags: z.array(z.string().max(100)).max(100),
  verified: z.boolean(),
});
const Reply = z.object({ listings: z.array(z.unknown()).max(100_000), registry_updated: z.string() });

// The registry's published listings (registry.listings over NATS), re-pulled every refresh interval and kept
// when registry_updated has not changed. A registry that stops answering leaves its last listings in use,
// labelled stale, for DISCOVERY_REGISTRY_MAX_STALE_MS; then they are dropped. No registry: none are used.
@Injectable()
export class RegistryFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly bus: NatsBus;
  private listings: RegistryListing[] = [];
  private marker: string | null = null;
  private fetchedAt: number | null = null;
  private lastError: string | null = null;
  private timer?: NodeJS.Timeout;
  private revision = 0;

  constructor(
    @Inject(NATS_CONNECTION) nats: NatsConnection,
    @Inject(APP_CONFIG) private readonly config: DiscoveryConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    this.bus = new NatsBus(nats);
  }

  onApplicationBootstrap() {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.config.DISCOVERY_REGISTRY_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    const requestId = `discovery-registry-${randomUUID().slice(0, 8)}`;
    try {
      const reply = Reply.parse(
        await this.bus.request<RegistryListingsReply>(
          SUBJECTS.registryListings,
          {},
          { timeoutMs: this.config.DISCOVERY_REGISTRY_TIMEOUT_MS, requestId },
        ),
      );
      if (reply.registry_updated !== this.marker || !this.fetchedAt) {
        const valid = reply.listings.map((l) => Listing.safeParse(l)).filter((r) => r.success);
        if (valid.length < reply.listings.length)
          this.logger.event('warn', 'registry listings skipped: malformed', {
            skipped: reply.listings.length - valid.length,
          });
        this.listings = valid.map((r) => r.data as RegistryListing);
        this.marker = reply.registry_updated;
        this.revision++;
      }
      if (this.lastError) this.logger.event('info', 'registry answering again', {});
      this.fetchedAt = Date.now();
      this.lastError = null;
    } catch (e) {
      const reason = e instanceof z.ZodError ? 'registry reply has an unexpected shape' : (e as Error).message;
      if (reason !== this.lastError) this.logger.event('warn', 'registry listings unavailable', { reason });
      this.lastError = reason;
    }
  }

  // The listings to use now (none once they are older than the stale limit) and how fresh they are.
  current(now = Date.now()): { listings: RegistryListing[]; revision: string; freshness: SourceFreshness } {
    const asOf = this.fetchedAt === null ? null : new Date(this.fetchedAt).toISOString();
    const expired =
      this.fetchedAt === null ||
      (this.lastError !== null && now - this.fetchedAt > this.config.DISCOVERY_REGISTRY_MAX_STALE_MS);
    if (expired) {
      const reason =
        this.fetchedAt === null
          ? `registry has not answered yet${this.lastError ? `: ${this.lastError}` : ''}`
          : `registry not answering since ${asOf}: ${this.lastError}`;
      return {
        listings: [],
        revision: `none`,
        freshness: { available: false, items: 0, as_of: asOf, stale: false, reason },
      };
    }
    const stale = this.lastError !== null;
    return {
      listings: this.listings,
      revision: String(this.revision),
      freshness: {
        available: !stale,
        items: this.listings.length,
        as_of: asOf,
        stale,
        ...(stale ? { reason: `registry not answering: ${this.lastError}; last listings kept` } : {}),
      },
    };
  }
}
