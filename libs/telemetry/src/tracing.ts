import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  createContextKey,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJson } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProto } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type Span as SdkSpan,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import type { Env } from './telemetry';
import { currentTelemetry } from './telemetry';

export { SpanKind, type Span };

// Marks a span failed with our error code (the request still got an answer: an error packet or an error status).
export function markError(span: Span | undefined, code: string): void {
  span?.setStatus({ code: SpanStatusCode.ERROR, message: code });
}

export interface Tracing {
  readonly tracer: Tracer;
  close(): Promise<void>;
}

export const REQUEST_ID_ATTRIBUTE = 'toll.request_id';
const REQUEST_ID = createContextKey('toll.request_id');
const propagator = new W3CTraceContextPropagator();
let contextManager: AsyncLocalStorageContextManager | undefined;

// Traces are off unless an OTLP endpoint (or OTEL_TRACES_EXPORTER=otlp) is configured, with the standard variables:
// OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT, _PROTOCOL (http/protobuf, the default, or http/json), _HEADERS, _TIMEOUT,
// OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER[_ARG], OTEL_BSP_SCHEDULE_DELAY, OTEL_SDK_DISABLED.
// They are read from the app's env (tests pass their own), not from process.env behind its back.
export function startTracing(app: string, env: Env): Tracing | undefined {
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((s) => s.trim());
  const endpoint =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces` : undefined);
  if (env.OTEL_SDK_DISABLED === 'true' || exporters.includes('none') || (!endpoint && !exporters.includes('otlp')))
    return undefined;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json')
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL ${protocol} is not supported here: use http/protobuf or http/json`);
  const options = {
    url: endpoint ?? 'http://localhost:4318/v1/traces',
    headers: parseList(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? env.OTEL_EXPORTER_OTLP_HEADERS),
    timeoutMillis: Number(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT ?? env.OTEL_EXPORTER_OTLP_TIMEOUT ?? 10_000),
  };
  const exporter = testExporter ?? (protocol === 'http/json' ? new OtlpJson(options) : new OtlpProto(options));
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      ...parseList(env.OTEL_RESOURCE_ATTRIBUTES),
      'service.name': env.OTEL_SERVICE_NAME ?? app,
    }),
    sampler: sampler(env.OTEL_TRACES_SAMPLER, env.OTEL_TRACES_SAMPLER_ARG),
    spanProcessors: [
      new RequestIdStamp(),
      new BatchSpanProcessor({ exporter, scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY ?? 5000) }),
    ],
  });
  // One context manager per process (async-local, as requestContext): the active span follows awaits and timers.
  if (!contextManager)
    context.setGlobalContextManager((contextManager = new AsyncLocalStorageContextManager().enable()));
  return { tracer: provider.getTracer('toll'), close: () => provider.shutdown() };
}

// Tests only: spans go to this exporter instead of OTLP's (whose HTTP transport loads node:http by dynamic import,
// which jest's module sandbox refuses). Everything else, the OTEL_* configuration included, stays as in production.
let testExporter: SpanExporter | undefined;
export function exportSpansTo(exporter: SpanExporter | undefined): void {
  testExporter = exporter;
}

// Runs fn in a child span of the active one, in the current app's tracer; with traces off, just runs fn.
export function span<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: (span?: Span) => Promise<T>,
): Promise<T> {
  const tracer = currentTelemetry()?.tracing?.tracer;
  return tracer ? tracer.startActiveSpan(name, { kind, attributes }, (s) => finish(s, fn(s))) : fn();
}

// A request's first span (the gateway's HTTP request, or a NATS request taken by an app), child of the caller's
// span when its trace context came along (traceparent in the NATS headers); the request id goes on it and on
// every span under it (RequestIdStamp).
export function serverSpan<T>(
  tracer: Tracer,
  name: string,
  requestId: string,
  parent: Context,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const ctx = parent.setValue(REQUEST_ID, requestId);
  return tracer.startActiveSpan(
    name,
    { kind: SpanKind.SERVER, attributes: { ...attributes, [REQUEST_ID_ATTRIBUTE]: requestId } },
    ctx,
    (s) => finish(s, fn(s)),
  );
}

async function finish<T>(s: Span, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    s.setStatus({ code: SpanStatusCode.ERROR, message: (e as { code?: string })?.code ?? (e as Error)?.name });
    throw e;
  } finally {
    s.end();
  }
}

// The trace context of the active span, into a message's headers (W3C traceparent/tracestate). Nothing without one.
export function injectTrace(set: (name: string, value: string) => void): void {
  const active = context.active();
  if (!trace.getSpan(active)) return;
  propagator.inject(active, set, { set: (carrier, key, value) => carrier(key, value) });
}

// The caller's trace context from a message's headers; the root context when it sent none.
export function extractTrace(get: (name: string) => string | undefined): Context {
  return propagator.extract(ROOT_CONTEXT, get, {
    get: (carrier, key) => carrier(key),
    keys: () => propagator.fields(),
  });
}

export const activeTraceId = (): string | undefined => trace.getSpan(context.active())?.spanContext().traceId;

// Every span started under a request carries its id, so a span found alone still names its request.
class RequestIdStamp implements SpanProcessor {
  onStart(span: SdkSpan, parent: Context) {
    const id = parent.getValue(REQUEST_ID);
    if (typeof id === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
  }
  onEnd() {}
  forceFlush() {
    return Promise.resolve();
  }
  shutdown() {
    return Promise.resolve();
  }
}

function sampler(name = 'parentbased_always_on', arg?: string): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(arg === undefined ? 1 : Number(arg));
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

// "k1=v1,k2=v2" (OTEL_EXPORTER_OTLP_HEADERS, OTEL_RESOURCE_ATTRIBUTES), values percent-decoded.
function parseList(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) out[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return out;
}
