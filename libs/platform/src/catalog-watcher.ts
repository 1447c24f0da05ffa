import { GroupManifest, manifestViolations, SUBJECTS, type RouteManifest } from '@toll/contracts';
import type { NatsConnection, Subscription } from 'nats';
import type { JsonLogger } from './logger';

export interface CatalogWatcherOptions {
  ttlMs: number; // an instance not heard from for this long is forgotten
  // Root paths granted per group (the gateway's GATEWAY_PATH_GRANTS). Without grants only the /toll/<group>/
  // prefix is enforced, which is what a reader that serves no traffic needs.
  grants?: ReadonlyMap<string, readonly string[]>;
  logger?: JsonLogger;
  onChange?: () => void; // called after the set of live routes changed
}

export interface WatchedRoute extends RouteManifest {
  group: string;
  groupTitle: string;
}

export interface AnnouncedInstance {
  manifest: GroupManifest;
  lastSeen: number;
  // operationId → when its circuit closes, why, and the input that is served meanwhile (the manifest's `unavailable`)
  unavailableUntil: Map<string, { until: number; reason: string; unlessInput?: string }>;
}

// Every group replica's latest announcement (per group and instance), validated as the gateway validates them and
// forgotten after the TTL: what the gateway's route table and CatalogWatcher build their routes from. Without
// grants only the /toll/<group>/ prefix is enforced.
export class AnnouncedInstances {
  private readonly byKey = new Map<string, AnnouncedInstance>();

  constructor(
    private readonly ttlMs: number,
    private readonly grants?: ReadonlyMap<string, readonly string[]>,
  ) {}

  // The problems that made a manifest unacceptable (none when accepted), and whether it changed the instance's routes.
  accept(candidate: unknown, now: number): { problems: string[]; routesChanged: boolean } {
    const parsed = GroupManifest.safeParse(candidate);
    if (!parsed.success)
      return { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), routesChanged: false };
    const manifest = parsed.data;
    const problems = manifestViolations(manifest, this.grants && (this.grants.get(manifest.group) ?? []));
    if (problems.length) return { problems, routesChanged: false };
    const key = `${manifest.group}/${manifest.instanceId}`;
    const previous = this.byKey.get(key);
    const unavailableUntil = new Map(
      Object.entries(manifest.unavailable ?? {}).map(([op, u]) => [
        op,
        { until: now + u.retryAfterSeconds * 1000, reason: u.reason, unlessInput: u.unlessInput },
      ]),
    );
    this.byKey.set(key, { manifest, lastSeen: now, unavailableUntil });
    const routesChanged = !previous || JSON.stringify(previous.manifest.routes) !== JSON.stringify(manifest.routes);
    return { problems: [], routesChanged };
  }

  // Forgets the instances not heard from within the TTL; whether there were any.
  expire(now: number): boolean {
    let changed = false;
    for (const [key, inst] of this.byKey) {
      if (now - inst.lastSeen > this.ttlMs) {
        this.byKey.delete(key);
        changed = true;
      }
    }
    return changed;
  }

  values(): IterableIterator<AnnouncedInstance> {
    return this.byKey.values();
  }
}

// `registry:/registry.json,registry:/api/listings` → registry → [/registry.json, /api/listings] (GATEWAY_PATH_GRANTS
// format)
export function parsePathGrants(text: string): Map<string, string[]> {
  const grants = new Map<string, string[]>();
  for (const pair of text.split(',').filter(Boolean)) {
    const [group, path] = pair.split(':');
    grants.set(group, [...(grants.get(group) ?? []), path]);
  }
  return grants;
}

// Subscribes to `toll.catalog.announce` and hands each announcement's JSON to `onAnnouncement` (a body that is not
// JSON is logged and dropped), then asks every group to announce now.
export function listenToAnnouncements(
  nats: NatsConnection,
  logger: JsonLogger | undefined,
  onAnnouncement: (manifest: unknown) => void,
): Subscription {
  const sub = nats.subscribe(SUBJECTS.catalogAnnounce, {
    callback: (err, msg) => {
      if (err) return;
      let manifest: unknown;
      try {
        manifest = JSON.parse(Buffer.from(msg.data).toString('utf8'));
      } catch {
        return logger?.event('warn', 'unreadable catalog announcement', {});
      }
      onAnnouncement(manifest);
    },
  });
  nats.publish(SUBJECTS.catalogRequest);
  return sub;
}

// Collects every group's route manifest from `toll.catalog.announce` (per group and replica, forgotten after
// the TTL), validated exactly as the gateway validates them; asks every group to announce when started.
export class CatalogWatcher {
  private readonly instances: AnnouncedInstances;
  private readonly rejected = new Map<string, string>();
  private sub?: Subscription;
  private sweeper?: NodeJS.Timeout;
  private live: WatchedRoute[] = [];
  private revision = 0;

  constructor(
    private readonly nats: NatsConnection,
    private readonly options: CatalogWatcherOptions,
  ) {
    this.instances = new AnnouncedInstances(options.ttlMs, options.grants);
  }

  start() {
    this.sub = listenToAnnouncements(this.nats, this.options.logger, (manifest) => {
      const problems = this.accept(manifest);
      if (problems.length) this.logRejection(manifest, problems);
    });
    this.sweeper = setInterval(
      () => {
        for (const group of this.sweep())
          this.options.logger?.event('warn', 'group expired: no replica announced it', { group });
      },
      Math.max(100, Math.floor(this.options.ttlMs / 5)),
    );
    this.sweeper.unref();
  }

  stop() {
    clearInterval(this.sweeper);
    this.sub?.unsubscribe();
  }

  // Returns the problems that made a manifest unacceptable (empty when accepted).
  accept(candidate: unknown, now = Date.now()): string[] {
    const { problems, routesChanged } = this.instances.accept(candidate, now);
    if (routesChanged) this.rebuild();
    return problems;
  }

  // Drops instances not heard from within the TTL; returns the groups that lost their last replica.
  sweep(now = Date.now()): string[] {
    const before = new Set(this.live.map((r) => r.group));
    if (!this.instances.expire(now)) return [];
    this.rebuild();
    const after = new Set(this.live.map((r) => r.group));
    return [...before].filter((g) => !after.has(g));
  }

  // One route per method and path; during a rolling deploy the newest announcement's definition wins.
  routes(): readonly WatchedRoute[] {
    return this.live;
  }

  // When some replica of the group said it cannot serve the operation now (the manifest's `unavailable`, as the
  // gateway reads it): the latest time any of them gave.
  unavailable(
    group: string,
    operationId: string,
    now = Date.now(),
  ): { retryAfterSeconds: number; reason: string } | undefined {
    let worst: { until: number; reason: string } | undefined;
    for (const inst of this.instances.values()) {
      if (inst.manifest.group !== group) continue;
      const u = inst.unavailableUntil.get(operationId);
      if (u && u.until > now && (!worst || u.until > worst.until)) worst = u;
    }
    return worst && { retryAfterSeconds: Math.ceil((worst.until - now) / 1000), reason: worst.reason };
  }

  groups(): string[] {
    return [...new Set(this.live.map((r) => r.group))].sort();
  }

  // Changes whenever the live routes change, so readers can rebuild derived indexes lazily.
  get version() {
    return this.revision;
  }

  private rebuild() {
    const newestFirst = [...this.instances.values()].sort((a, b) => b.lastSeen - a.lastSeen);
    const seen = new Set<string>();
    const live: WatchedRoute[] = [];
    for (const { manifest } of newestFirst) {
      for (const route of manifest.routes) {
        const key = `${route.method} ${route.path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        live.push({ ...route, group: manifest.group, groupTitle: manifest.title });
      }
    }
    this.live = live;
    this.revision++;
    this.options.onChange?.();
  }

  // Log each distinct rejection once per group, not at every re-announcement.
  private logRejection(manifest: unknown, problems: string[]) {
    const group = String((manifest as { group?: unknown })?.group ?? '?');
    const text = problems.join('; ');
    if (this.rejected.get(group) === text) return;
    this.rejected.set(group, text);
    this.options.logger?.event('error', 'ROUTE_CONFLICT: manifest rejected', { group, problems });
  }
}
