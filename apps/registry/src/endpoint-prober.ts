import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, BackgroundRun, JsonLogger } from '@toll/platform';
import { replayActive } from '@toll/upstream';
import type { RegistryConfig } from './config';
import { RegistryRepository } from './registry.repository';
import { probeEndpoint } from './upstreams/listing-endpoint.client';

export interface ProberStatus {
  enabled: boolean;
  lastTickAt: Date | null;
  lastTickProbes: number;
}

// Measures uptime and latency of every listing's endpoint in the background. Bounded in rate (each listing
// at most once per interval across replicas, at most BATCH per tick per replica, CONCURRENCY at a time) and
// in time (each probe, HEAD plus any GET, within TIMEOUT_MS; a tick never overlaps the previous one).
@Injectable()
export class EndpointProber implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly rounds = new BackgroundRun(() =>
    this.round().catch((e: Error) => {
      this.logger.event('warn', 'probe round failed', { error: e.message });
      return 0;
    }),
  );
  private lastTickAt: Date | null = null;
  private lastTickProbes = 0;

  constructor(
    private readonly repo: RegistryRepository,
    @Inject(APP_CONFIG) private readonly config: RegistryConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  // Replay mode is for machines without internet: there is nothing real to measure.
  get enabled(): boolean {
    return this.config.REGISTRY_PROBE_ENABLED && !replayActive();
  }

  // The timer also runs when probing is off: housekeeping (old probes, usage, rate events) must go on.
  onApplicationBootstrap() {
    this.rounds.every(this.config.REGISTRY_PROBE_TICK_MS);
  }

  // Before the database disconnects (PrismaService waits for onApplicationShutdown).
  async onModuleDestroy() {
    await this.rounds.stop();
  }

  status(): ProberStatus {
    return { enabled: this.enabled, lastTickAt: this.lastTickAt, lastTickProbes: this.lastTickProbes };
  }

  // One round: claim the due listings, probe them, store the results, delete expired rows. Returns how many were
  // probed.
  tick(): Promise<number> {
    return this.rounds.run();
  }

  private async round(): Promise<number> {
    const c = this.config;
    const due = this.enabled ? await this.repo.claimDue(c.REGISTRY_PROBE_BATCH, c.REGISTRY_PROBE_INTERVAL_SECONDS) : [];
    const options = {
      timeoutMs: c.REGISTRY_PROBE_TIMEOUT_MS,
      userAgent: c.REGISTRY_USER_AGENT,
      allowPrivate: c.REGISTRY_PROBE_ALLOW_PRIVATE,
    };
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const listing = due[next++];
        const result = await probeEndpoint(listing.endpoint_url, options);
        await this.repo.recordProbe(listing.id, result);
        if (!result.ok) this.logger.event('debug', 'probe failed', { listingId: listing.id, error: result.error });
      }
    };
    await Promise.all(Array.from({ length: Math.min(c.REGISTRY_PROBE_CONCURRENCY, due.length) }, worker));
    await this.repo.housekeeping(c.REGISTRY_RATE_WINDOW_SECONDS);
    this.lastTickAt = new Date();
    this.lastTickProbes = due.length;
    return due.length;
  }
}
