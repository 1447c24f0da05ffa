import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SUBJECTS } from '@toll/contracts';
import { JsonLogger, NATS_CONNECTION, APP_CONFIG } from '@toll/platform';
import type { NatsConnection, Subscription } from 'nats';
import type { GatewayConfig } from './config';
import { RouteTable } from './route-table';

// Feeds the route table from group announcements; asks every group to announce when the gateway starts.
@Injectable()
export class CatalogListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private sub?: Subscription;
  private sweeper?: NodeJS.Timeout;
  private readonly rejected = new Map<string, string>();
  readonly startedAt = Date.now();

  constructor(
    readonly table: RouteTable,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap() {
    this.sub = this.nats.subscribe(SUBJECTS.catalogAnnounce, {
      callback: (err, msg) => {
        if (err) return;
        let manifest: unknown;
        try {
          manifest = JSON.parse(Buffer.from(msg.data).toString('utf8'));
        } catch {
          return this.logger.event('warn', 'unreadable catalog announcement', {});
        }
        const problems = this.table.accept(manifest);
        if (problems.length) this.logRejection(manifest, problems);
      },
    });
    this.nats.publish(SUBJECTS.catalogRequest);
    this.sweeper = setInterval(() => {
      for (const group of this.table.sweep()) this.logger.event('warn', 'group expired: no replica announced it', { group });
    }, Math.max(100, Math.floor(this.config.GATEWAY_ROUTE_TTL_MS / 5)));
    this.sweeper.unref();
  }

  // Log each distinct rejection once per group, not every 15 s.
  private logRejection(manifest: unknown, problems: string[]) {
    const group = String((manifest as { group?: unknown })?.group ?? '?');
    const text = problems.join('; ');
    if (this.rejected.get(group) === text) return;
    this.rejected.set(group, text);
    this.logger.event('error', 'ROUTE_CONFLICT: manifest rejected', { group, problems });
  }

  onApplicationShutdown() {
    clearInterval(this.sweeper);
    this.sub?.unsubscribe();
  }
}
