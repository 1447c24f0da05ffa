import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { CONTRACT_HEADER, REQUEST_ID_HEADER, canonicalJson, type TollMessage } from '@toll/contracts';
import { extractTrace, markError, serverSpan, type Span, type Telemetry } from '@toll/telemetry';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { hash } from 'node:crypto';
import { replayedAnswer } from '@toll/upstream';
import { CatalogService } from './catalog.service';
import type { BaseConfig } from './config';
import { ContractRefusals, checkContract, stampContract } from './contract';
import { errorBody } from './error.filter';
import { invalidInput, parseInput } from './input-rules';
import { JsonLogger, requestContext } from './logger';
import { connectNats } from './nats';
import { TollResponse } from './reply';
import { RAW_BODY_HEADER, encodeError, encodeResponse, rawBodyReply } from './reply-framing';
import { TOLL_ROUTE, type TollRouteOptions } from './toll-route';
import { handlerMetrics, watchNats } from './metrics';
import { APP_CONFIG, GROUP_INFO, TELEMETRY, type GroupInfo } from './tokens';
import { fieldIssues } from './zod-issues';

interface Handler {
  subject: string;
  route?: TollRouteOptions;
  call(data: unknown): unknown;
}

type Packet = { id?: unknown; data?: unknown };

// A request as Nest's NATS transport reads it: `{pattern, data, id}`; a message without `pattern` and `data` is taken
// whole as the data, and one without `id` is an event (handled, never answered).
function readPacket(raw: Uint8Array): Packet {
  const value = JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8')) as Packet & {
    pattern?: unknown;
  };
  return value && (value.pattern !== undefined || value.data !== undefined) ? value : { data: value };
}

// Answers the app's NATS subjects (@TollRoute methods, and @MessagePattern methods for system subjects) on its own
// connection, with queue group = app name so replicas share the load, in the packet format of Nest's NATS transport,
// which every caller speaks. It replaces that transport: per message, Nest parsed the pattern, built an execution
// context and ran an rxjs interceptor chain, which was most of a group's CPU per call (docs/benchmarks.md). The steps
// here are the ones that mattered, in order: the caller's contract version, the input, the handler, the output, the
// error mapping. Replay mode's label on every answer built from recordings: body fields beside the group's own, and a
// header.
export const REPLAYED_HEADER = 'x-toll-replayed';
const labelReplayed = (body: unknown, recordedAt: string) =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? { ...(body as Record<string, unknown>), replayed: true, recorded_at: recordedAt }
    : body;

@Injectable()
export class MessageServer implements OnModuleDestroy {
  private nats?: NatsConnection;
  private subscriptions: Subscription[] = [];
  private inFlight = 0;
  private onIdle?: () => void;
  private readonly metrics: ReturnType<typeof handlerMetrics>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly refusals: ContractRefusals,
    private readonly catalog: CatalogService,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    @Inject(GROUP_INFO) private readonly group: GroupInfo,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    @Inject(TELEMETRY) private readonly telemetry: Telemetry,
  ) {
    this.metrics = handlerMetrics(telemetry);
  }

  private handlers(): Handler[] {
    const found = new Map<string, Handler>();
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, (data: unknown) => unknown> | undefined;
      if (!instance) continue;
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const method = instance[name];
        // Declared the Nest way (@MessagePattern, which @TollRoute applies): one string pattern, the NATS subject.
        const [subject, ...more] = this.reflector.get<unknown[] | undefined>(PATTERN_METADATA, method) ?? [];
        if (subject === undefined) continue;
        const where = `${wrapper.name}.${name}`;
        if (typeof subject !== 'string' || more.length)
          throw new Error(`${where}: a handler answers one NATS subject, given as a string`);
        if (method.length > 1)
          throw new Error(
            `${where} answers ${subject} but takes ${method.length} arguments; a handler gets the message only`,
          );
        if (found.has(subject)) throw new Error(`${where} answers ${subject}, which another handler already answers`);
        found.set(subject, {
          subject,
          route: this.reflector.get<TollRouteOptions | undefined>(TOLL_ROUTE, method),
          call: (data) => method.call(instance, data),
        });
      }
    }
    return [...found.values()];
  }

  // Resolves once every subject is subscribed on the NATS server (a flush round trip), so nothing that reacts to
  // the catalog announcement can reach a subject not yet answered.
  async listen(): Promise<void> {
    const handlers = this.handlers();
    this.nats = await connectNats(this.config.NATS_URL, `${this.group.name}-server`);
    watchNats(this.telemetry, this.nats, 'server');
    for (const handler of handlers) {
      this.subscriptions.push(
        this.nats.subscribe(handler.subject, {
          queue: this.group.name,
          callback: (err, msg) => !err && this.receive(handler, msg),
        }),
      );
    }
    await this.nats.flush();
  }

  private receive(handler: Handler, msg: Msg) {
    let packet: Packet;
    try {
      packet = readPacket(msg.data);
    } catch {
      // Nest's transport let this rejection escape and the process die; a caller that sends no JSON gets no answer.
      this.logger.event('warn', 'NATS message is not JSON; dropped', { subject: msg.subject, bytes: msg.data.length });
      return;
    }
    this.inFlight++;
    this.answer(handler, packet, msg)
      .then((reply) => packet.id !== undefined && msg.respond(reply))
      .catch((err: unknown) =>
        this.logger.event('error', 'NATS reply not sent', { subject: msg.subject, error: String(err) }),
      )
      .finally(() => {
        if (--this.inFlight === 0) this.onIdle?.();
      });
  }

  // Every failure becomes the error packet, mapped as the HTTP port's errors are (errorBody).
  // Timed per operation (toll_handler_*); with traces on, a span that continues the caller's trace (its traceparent
  // came in the NATS headers) and parents every span the handler starts (SQL, chain reads, upstream calls, and
  // requests it sends on: NatsBus puts the context in their headers).
  private answer(handler: Handler, packet: Packet, msg: Msg): Promise<Buffer> {
    const route = handler.route;
    const data = packet.data as TollMessage | undefined;
    const requestId = route
      ? typeof data?.requestId === 'string'
        ? data.requestId
        : 'unknown'
      : msg.headers?.get(REQUEST_ID_HEADER);
    const operation = route?.operationId ?? handler.subject;
    const run = async (span?: Span) => {
      const started = performance.now();
      this.metrics?.inFlight.inc();
      let code = 'ok';
      try {
        const spoken = checkContract(msg.headers?.get(CONTRACT_HEADER) || null, msg.subject, this.refusals);
        const value = route
          ? await this.callRoute(route, handler, data, msg.headers?.get(RAW_BODY_HEADER) === '1')
          : await handler.call(packet.data);
        return encodeResponse(packet.id, stampContract(value, spoken));
      } catch (err) {
        const body = errorBody(err, this.logger, 'nats');
        code = body.code;
        this.metrics?.errors.inc({ operation, code });
        markError(span, code);
        return encodeError(packet.id, body);
      } finally {
        this.metrics?.inFlight.dec();
        this.metrics?.duration.observe({ operation, code }, (performance.now() - started) / 1000);
      }
    };
    const tracer = this.telemetry.tracing?.tracer;
    const traced =
      tracer && requestId
        ? () =>
            serverSpan(
              tracer,
              `nats ${operation}`,
              requestId,
              extractTrace((k) => msg.headers?.get(k) || undefined),
              { 'messaging.system': 'nats', 'messaging.destination.name': msg.subject, 'toll.operation': operation },
              run,
            )
        : run;
    return requestId ? requestContext.run({ requestId }, traced) : traced();
  }

  // Input is checked with the route's zod schema before the handler; output is checked on the way out, so a
  // handler can never send what the gateway (or JSON) cannot carry.
  private async callRoute(
    route: TollRouteOptions,
    handler: Handler,
    msg: TollMessage | undefined,
    rawBody: boolean,
  ): Promise<unknown> {
    const parsed = parseInput(route.input, msg?.input);
    if (!parsed.ok) throw invalidInput(parsed.issues);
    (msg as TollMessage).input = parsed.data as Record<string, unknown>;
    try {
      const { value, recordedAt } = await replayedAnswer(async () => handler.call(msg));
      const reply = value instanceof TollResponse ? value : undefined;
      // A JSON-text body is checked in its parsed form, then sent as written.
      const out = route.output.safeParse(
        reply ? (reply.json !== undefined ? JSON.parse(reply.json) : reply.data) : value,
      );
      if (!out.success) {
        this.logger.event('error', 'handler output failed its schema', {
          operationId: route.operationId,
          issues: fieldIssues(out.error),
        });
        throw new Error(`${route.operationId} output failed its schema`);
      }
      // An uncharged answer (nothing fresh to sell) says nothing about whether the next call will work.
      if (reply?.uncharged === undefined) this.catalog.availability.succeeded(route.operationId);
      const uncharged = reply?.uncharged === undefined ? {} : { uncharged: reply.uncharged };
      // Replay mode: an answer built from recordings says so, in the body and a header, with the recording time.
      const replayed = recordedAt === undefined ? undefined : new Date(recordedAt).toISOString();
      const data = replayed ? labelReplayed(out.data, replayed) : out.data;
      const json =
        replayed && reply?.json !== undefined
          ? JSON.stringify(labelReplayed(JSON.parse(reply.json), replayed))
          : reply?.json;
      const headers = replayed ? { ...reply?.headers, [REPLAYED_HEADER]: replayed } : reply?.headers;
      // The body as JSON text after the envelope (reply-framing.ts), for a caller that reads it.
      if (rawBody)
        return rawBodyReply({ data: null, json: json ?? JSON.stringify(data), headers: headers ?? {}, ...uncharged });
      if (!reply) return headers ? { data, headers } : { data };
      return json !== undefined ? { data: null, json, headers, ...uncharged } : { data, headers, ...uncharged };
    } catch (err) {
      this.catalog.availability.failed(route.operationId, err, hash('sha256', canonicalJson(parsed.data), 'hex'));
      throw err;
    }
  }

  // On app close: stop taking messages (drain: what the NATS server already routed here is still answered, the rest
  // goes to other replicas), finish those in flight within the grace period, then flush the replies and close.
  // Provided by bootstrapGroup's root module, whose destroy hook Nest runs first: before any app's own shutdown
  // (payments ends its database pool in onModuleDestroy), so no message is taken that could no longer be served.
  async onModuleDestroy() {
    const nats = this.nats;
    if (!nats || nats.isClosed()) return;
    await Promise.all(this.subscriptions.map((s) => s.drain()));
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.config.NATS_GRACE_PERIOD_MS);
        this.onIdle = () => (clearTimeout(timer), resolve());
      });
    }
    if (this.inFlight > 0)
      this.logger.event('warn', 'closing NATS with requests still in flight', {
        inFlight: this.inFlight,
        gracePeriodMs: this.config.NATS_GRACE_PERIOD_MS,
      });
    await nats.drain();
  }
}
