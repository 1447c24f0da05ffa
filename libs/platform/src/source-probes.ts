import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { httpProbe, replayActive, type SourceProbe } from '@toll/upstream';
import { CatalogService } from './catalog.service';
import type { BaseConfig } from './config';
import { JsonLogger } from './logger';
import { APP_CONFIG } from './tokens';

// Probes every provider the group registered, on SOURCE_PROBE_INTERVAL_MS, and announces an operation unavailable
// while every provider its route declares (`sources`) is down and no cache can answer for it, so the first caller
// after an outage is told 503 + Retry-After instead of paying for a call that would fail. A successful probe makes
// it available again at once. One failed probe is a suspicion, not an outage: the provider is down after two in a row,
// the second run one probe timeout after the first, so a blip does not refuse callers for a whole interval. The circuit
// in RouteAvailability still covers what probes cannot see.
@Injectable()
export class SourceProbes implements OnApplicationShutdown {
  private readonly probes = new Map<string, SourceProbe | null>();
  private readonly caches = new Map<string, () => boolean>();
  private readonly down = new Map<string, string>(); // source → why its latest probe failed
  private readonly failures = new Map<string, number>(); // source → failed probes in a row
  private timer?: NodeJS.Timeout;
  private confirm?: NodeJS.Timeout;
  private round?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    private readonly catalog: CatalogService,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  // A provider routes may name in `sources`; null when this deployment turned it off (it never counts as up).
  register(source: string, probe: SourceProbe | null) {
    this.probes.set(source, probe);
  }

  // Every registered provider's latest verdict, for the toll_source_up gauge.
  *states(): Iterable<[string, 'up' | 'down' | 'off']> {
    for (const [source, probe] of this.probes)
      yield [source, probe === null ? 'off' : this.down.has(source) ? 'down' : 'up'];
  }

  // The usual case: each provider probed with one GET at its API root (httpProbe); `enabled: false` registers it as
  // turned off on this deployment.
  registerHttp(
    userAgent: string,
    providers: Array<{
      name: string;
      url: string | readonly string[];
      enabled?: boolean;
      headers?: Record<string, string>;
    }>,
  ) {
    for (const { enabled, ...p } of providers)
      this.register(p.name, enabled === false ? null : httpProbe({ ...p, userAgent }));
  }

  // An operation whose cache can answer every caller while its providers are down (a snapshot, not per-input
  // entries): it stays available as long as `answers()` says so.
  servesFromCache(operationId: string, answers: () => boolean) {
    this.caches.set(operationId, answers);
  }

  // After the catalog started: unregistered names are a bug, routes whose every provider is off are unavailable
  // from the start, and the first probe runs one interval later (a rolling restart does not burst the providers).
  start() {
    for (const route of this.catalog.routes()) {
      const unknown = (route.sources ?? []).filter((s) => !this.probes.has(s));
      if (unknown.length)
        throw new Error(`${route.operationId} names sources no probe is registered for: ${unknown.join(', ')}`);
    }
    this.judge();
    if (!this.config.SOURCE_PROBE_INTERVAL_MS || replayActive() || ![...this.probes.values()].some(Boolean)) return;
    this.timer = setInterval(() => void this.probeAll(), this.config.SOURCE_PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  // One round: every enabled provider at once, each within SOURCE_PROBE_TIMEOUT_MS; rounds never overlap.
  probeAll(): Promise<void> {
    this.round ??= (async () => {
      const deadline = Date.now() + this.config.SOURCE_PROBE_TIMEOUT_MS;
      let suspect = false;
      await Promise.all(
        [...this.probes].map(async ([source, probe]) => {
          if (!probe) return;
          try {
            await probe(deadline);
            this.failures.delete(source);
            if (this.down.delete(source))
              this.logger.event('info', 'source probe succeeded: provider is back', { source });
          } catch (e) {
            const failed = (this.failures.get(source) ?? 0) + 1;
            this.failures.set(source, failed);
            if (failed < 2) return void (suspect = true);
            const why = e instanceof TollError ? `${e.code}: ${e.message}` : String(e);
            if (!this.down.has(source))
              this.logger.event('warn', 'source probe failed twice: provider is down', { source, error: why });
            this.down.set(source, why);
          }
        }),
      );
      this.judge();
      if (suspect && this.timer) {
        clearTimeout(this.confirm);
        this.confirm = setTimeout(() => void this.probeAll(), this.config.SOURCE_PROBE_TIMEOUT_MS).unref();
      }
    })().finally(() => (this.round = undefined));
    return this.round;
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
    clearTimeout(this.confirm);
  }

  private judge() {
    const retryAfterSeconds = Math.max(1, Math.ceil((this.config.SOURCE_PROBE_INTERVAL_MS || 60_000) / 1000));
    for (const route of this.catalog.routes()) {
      if (!route.sources?.length) continue;
      const out =
        route.sources.every((s) => this.probes.get(s) === null || this.down.has(s)) &&
        !this.caches.get(route.operationId)?.();
      if (!out) {
        this.catalog.availability.sourcesUp(route.operationId);
        continue;
      }
      const why = route.sources.map((s) => `${s}: ${this.down.get(s) ?? 'turned off on this deployment'}`).join('; ');
      this.catalog.availability.sourcesDown(route.operationId, {
        retryAfterSeconds,
        reason: `every provider it needs is down (${why})`,
      });
    }
  }
}
