import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import {
  CONTRACT_VERSION,
  GroupManifest,
  RouteManifest,
  SUBJECTS,
  inputCheckSubjectOf,
  manifestViolations,
  subjectOf,
} from '@toll/contracts';
import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from 'nats';
import { z } from 'zod';
import { hasOpaqueRules, invalidInput, parseInput } from './input-rules';
import { NATS_CONNECTION } from './nats';
import { RouteAvailability } from './route-availability';
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
  private checks: Subscription[] = [];
  // Announced again whenever a circuit opens or closes, so gateways stop (or resume) asking for payment at once.
  readonly availability = new RouteAvailability(() => this.announce());

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
          asks: r.asks,
          tags: r.tags ?? [this.group.title],
          price: r.price,
          inputSchema: inputSchemaOf(r),
          outputSchema: z.toJSONSchema(r.output, { io: 'output', unrepresentable: 'any' }),
          timeoutMs: r.timeoutMs,
          arrayBodyField: r.arrayBodyField,
          inputCheck: hasOpaqueRules(r.input) || undefined,
          errors: r.errors,
          paidAs: r.paidAs,
          payerProof: r.payerProof,
        }),
      ),
    });
    const problems = manifestViolations(manifest);
    if (problems.length) throw new Error(`manifest of ${this.group.name} is invalid:\n${problems.join('\n')}`);
    this.manifestCache = manifest;
    return manifest;
  }

  // Input checks are subscribed on this connection before the first announcement, so a gateway that learns of a
  // checked route can always reach its check.
  start(intervalMs: number) {
    for (const route of this.routes()) if (hasOpaqueRules(route.input)) this.checks.push(this.answerInputChecks(route));
    this.announce();
    this.timer = setInterval(() => this.announce(), intervalMs);
    this.timer.unref();
    this.requests = this.nats.subscribe(SUBJECTS.catalogRequest, { callback: () => this.announce() });
  }

  announce() {
    if (this.nats.isClosed()) return;
    const unavailable = this.availability.unavailable();
    const manifest = Object.keys(unavailable).length
      ? {
          ...this.manifest(),
          unavailable: Object.fromEntries(
            Object.entries(unavailable).map(([op, u]) => [op, { ...u, reason: u.reason.slice(0, 300) }]),
          ),
        }
      : this.manifest();
    this.nats.publish(SUBJECTS.catalogAnnounce, JSON.stringify(manifest));
  }

  // Same packet format as Nest's NATS transport, so the gateway's NatsBus reads a refusal as a TollError.
  private answerInputChecks(route: TollRouteOptions): Subscription {
    return this.nats.subscribe(inputCheckSubjectOf(route.operationId), {
      queue: this.group.name,
      callback: (err, msg) => {
        if (err) return;
        let reply: unknown;
        try {
          const packet = JSON.parse(Buffer.from(msg.data).toString('utf8')) as {
            id?: string;
            data?: { input?: unknown };
          };
          const parsed = parseInput(route.input, packet.data?.input);
          reply = parsed.ok
            ? { id: packet.id, response: { ok: true } }
            : { id: packet.id, err: invalidInput(parsed.issues).toJSON(), isDisposed: true };
        } catch {
          reply = {
            err: invalidInput([{ field: '(root)', message: 'input could not be read' }]).toJSON(),
            isDisposed: true,
          };
        }
        msg.respond(JSON.stringify(reply));
      },
    });
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
    this.requests?.unsubscribe();
    for (const check of this.checks) check.unsubscribe();
  }
}

// The route's input as JSON Schema, with its `examples` (zod .meta): what discovery lists show a caller. An example
// the route's own rules refuse stops the app at start; an input without fields has one example, the empty one.
export function inputSchemaOf(route: TollRouteOptions): Record<string, unknown> {
  const schema = z.toJSONSchema(route.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  // Read from the zod schema: z.toJSONSchema leaves them out of an input holding a transform.
  const examples = (route.input.meta()?.examples as unknown[] | undefined) ?? [];
  for (const example of examples) {
    const parsed = parseInput(route.input, example);
    if (!parsed.ok)
      throw new Error(
        `${route.operationId}: its input example ${JSON.stringify(example)} fails its own rules: ` +
          `${JSON.stringify(parsed.issues)}`,
      );
  }
  const fieldless =
    !Object.keys((schema.properties as object | undefined) ?? {}).length &&
    !schema.anyOf &&
    !schema.oneOf &&
    parseInput(route.input, {}).ok;
  if (examples.length) return { ...schema, examples };
  return fieldless ? { ...schema, examples: [{}] } : schema;
}
