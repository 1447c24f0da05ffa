import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { CONTRACT_VERSION, GroupManifest, RouteManifest, SUBJECTS, manifestViolations, subjectOf } from '@toll/contracts';
import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from 'nats';
import { z } from 'zod';
import { NATS_CONNECTION } from './nats';
import { TOLL_ROUTE, type TollRouteOptions } from './toll-route';
import { GROUP_INFO, type GroupInfo } from './tokens';

// Builds this replica's manifest from the @TollRoute declarations and announces it on NATS:
// at start, every ANNOUNCE_INTERVAL_MS, and whenever a gateway asks (toll.catalog.request).
@Injectable()
export class CatalogService implements OnApplicationShutdown {
  readonly instanceId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private manifestCache?: GroupManifest;
  private timer?: NodeJS.Timeout;
  private requests?: Subscription;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(GROUP_INFO) private readonly group: GroupInfo,
  ) {}

  routes(): TollRouteOptions[] {
    const found: TollRouteOptions[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance) continue;
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const route = this.reflector.get<TollRouteOptions | undefined>(TOLL_ROUTE, instance[name] as () => unknown);
        if (route) found.push(route);
      }
    }
    return found;
  }

  manifest(): GroupManifest {
    if (this.manifestCache) return this.manifestCache;
    const manifest = GroupManifest.parse({
      contract: CONTRACT_VERSION,
      group: this.group.name,
      title: this.group.title,
      version: this.group.version,
      instanceId: this.instanceId,
      routes: this.routes().map((r) =>
        RouteManifest.parse({
          operationId: r.operationId,
          subject: subjectOf(r.operationId),
          method: r.method,
          path: r.path,
          summary: r.summary,
          description: r.description,
          tags: r.tags ?? [this.group.title],
          price: r.price,
          inputSchema: z.toJSONSchema(r.input, { io: 'input', unrepresentable: 'any' }),
          outputSchema: z.toJSONSchema(r.output, { io: 'output', unrepresentable: 'any' }),
          timeoutMs: r.timeoutMs,
          arrayBodyField: r.arrayBodyField,
        }),
      ),
    });
    const problems = manifestViolations(manifest);
    if (problems.length) throw new Error(`manifest of ${this.group.name} is invalid:\n${problems.join('\n')}`);
    this.manifestCache = manifest;
    return manifest;
  }

  start(intervalMs: number) {
    this.announce();
    this.timer = setInterval(() => this.announce(), intervalMs);
    this.timer.unref();
    this.requests = this.nats.subscribe(SUBJECTS.catalogRequest, { callback: () => this.announce() });
  }

  announce() {
    if (this.nats.isClosed()) return;
    this.nats.publish(SUBJECTS.catalogAnnounce, JSON.stringify(this.manifest()));
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
    this.requests?.unsubscribe();
  }
}
