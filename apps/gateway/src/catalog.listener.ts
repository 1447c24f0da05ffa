import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { contractProblem } from '@toll/contracts';
import { JsonLogger, NATS_CONNECTION, APP_CONFIG, listenToAnnouncements } from '@toll/platform';
import type { NatsConnection, Subscription } from 'nats';
import type { GatewayConfig } from './config';
import { RouteTable } from './route-table';

export interface RefusedGroup {
  group: string;
  contract: unknown;
  problem: string;
  since: string;
  lastAnnouncedAt: number;
}

// Feeds the route table from group announcements; asks every group to announce when the gateway starts.
// Keeps which contract version each group speaks, and the groups refused for theirs (shown on /healthz).
@Injectable()
export class CatalogListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private sub?: Subscription;
  private sweeper?: NodeJS.Timeout;
  private readonly rejected = new Map<string, string>();
  private readonly contracts = new Map<string, number>();
  private readonly refused = new Map<string, RefusedGroup>();
  readonly startedAt = Date.now();

  constructor(
    readonly table: RouteTable,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap() {
    this.sub = listenToAnnouncements(this.nats, this.logger, (manifest) => {
      const problems = this.table.accept(manifest);
      if (problems.length) return this.logRejection(manifest, problems);
      const { group, contract } = manifest as { group: string; contract: number };
      this.contracts.set(group, contract);
      this.refused.delete(group);
    });
    this.sweeper = setInterval(
      () => {
        for (const [group, r] of this.refused)
          if (Date.now() - r.lastAnnouncedAt > this.config.GATEWAY_ROUTE_TTL_MS) this.refused.delete(group);
        for (const group of this.table.sweep()) {
          this.contracts.delete(group);
          this.logger.event('warn', 'group expired: no replica announced it', { group });
        }
      },
      Math.max(100, Math.floor(this.config.GATEWAY_ROUTE_TTL_MS / 5)),
    );
    this.sweeper.unref();
  }

  // Contract version per live group (mixed versions are normal while groups release independently).
  groupContracts(): Record<string, number> {
    return Object.fromEntries([...this.contracts].sort(([a], [b]) => a.localeCompare(b)));
  }

  // Groups whose last announcement spoke a contract version this gateway cannot serve; none of their routes is served.
  refusedGroups(): RefusedGroup[] {
    return [...this.refused.values()];
  }

  // Log each distinct rejection once per group, not every 15 s.
  private logRejection(manifest: unknown, problems: string[]) {
    const group = String((manifest as { group?: unknown })?.group ?? '?');
    const contract = (manifest as { contract?: unknown })?.contract;
    const problem = contractProblem(contract);
    if (problem)
      this.refused.set(group, {
        group,
        contract,
        problem,
        since: this.refused.get(group)?.since ?? new Date().toISOString(),
        lastAnnouncedAt: Date.now(),
      });
    const text = problems.join('; ');
    if (this.rejected.get(group) === text) return;
    this.rejected.set(group, text);
    if (problem)
      this.logger.event('error', 'CONTRACT_UNSUPPORTED: group refused, none of its routes is served', {
        group,
        contract,
        problem,
      });
    else this.logger.event('error', 'ROUTE_CONFLICT: manifest rejected', { group, problems });
  }

  onApplicationShutdown() {
    clearInterval(this.sweeper);
    this.sub?.unsubscribe();
  }
}
