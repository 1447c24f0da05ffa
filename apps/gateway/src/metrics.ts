import { BODY_BYTES, REQUEST_SECONDS, extractTrace, serverSpan, type Span, type Telemetry } from '@toll/telemetry';
import { BALANCE_HEADERS, HEADERS, MEMO_QUERY_PARAM } from '@toll/x402';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

// How a request ended for payment, read from what the response says (its status and payment headers), so the paid
// path itself carries no metrics code:
//   free                        a free operation
//   challenge                   402 to a request without proof
//   proof_refused               402 to a request with a proof payments refused (reason in payments' metrics)
//   paid, redelivered, balance, block   200 on a settled call: a fresh payment, a redelivery, a balance debit, a block credit
//   uncharged                   200 the group served without charging (the hold was released)
//   refused_before_payment      4xx before any payment step (bad input, unknown route...)
//   unavailable_before_payment  503 before any payment step (circuit open, no responder)
//   released                    an error after the payment was verified: the hold went back, the proof is unused
//   none                        not an operation (docs, OpenAPI, MCP's own endpoint...)
export type PaymentOutcome = ReturnType<typeof paymentOutcome>;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

export const gatewayMetrics = (telemetry: Telemetry) =>
  telemetry.metrics('gateway', (registry: Registry) => ({
    requests: new Counter({
      name: 'toll_gateway_requests_total',
      help:
        'HTTP requests by operation (operationId, a fixed page path, or unmatched), method, status class and ' +
        'payment outcome',
      labelNames: ['operation', 'method', 'status_class', 'payment'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'toll_gateway_request_duration_seconds',
      help: 'HTTP request duration by operation, status class and payment outcome',
      labelNames: ['operation', 'status_class', 'payment'] as const,
      buckets: REQUEST_SECONDS,
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: 'toll_gateway_requests_in_flight',
      help: 'HTTP requests being served',
      registers: [registry],
    }),
    requestBytes: new Histogram({
      name: 'toll_gateway_request_body_bytes',
      help: 'Request body sizes (Content-Length) by operation',
      labelNames: ['operation'] as const,
      buckets: BODY_BYTES,
      registers: [registry],
    }),
    responseBytes: new Histogram({
      name: 'toll_gateway_response_body_bytes',
      help: 'Response body sizes by operation',
      labelNames: ['operation'] as const,
      buckets: BODY_BYTES,
      registers: [registry],
    }),
    mcpCalls: new Counter({
      name: 'toll_gateway_mcp_tool_calls_total',
      help: 'MCP tool calls by operation and outcome (ok, payment_required, or the error code)',
      labelNames: ['operation', 'outcome'] as const,
      registers: [registry],
    }),
  }));

// Express middleware (after requestId): counts and times every request, and with traces on opens the request's
// span, which the NATS requests it makes continue (NatsBus sends the trace context along).
export function httpTelemetry(telemetry: Telemetry): RequestHandler {
  const metrics = gatewayMetrics(telemetry);
  const tracer = telemetry.tracing?.tracer;
  if (!metrics && !tracer) return (_req, _res, next) => next();
  // The labelled children, looked up once per label set: prom-client hashes the label object on every labelled call,
  // which was most of the middleware's cost on a free route (docs/benchmarks.md). Label values are bounded, so is this.
  const children = new Map<
    string,
    {
      requests: Counter.Internal;
      duration: Histogram.Internal<string>;
      requestBytes: Histogram.Internal<string>;
      responseBytes: Histogram.Internal<string>;
    }
  >();
  const childrenOf = (
    m: NonNullable<typeof metrics>,
    operation: string,
    method: string,
    statusClass: string,
    payment: string,
  ) => {
    const key = `${operation} ${method} ${statusClass} ${payment}`;
    let found = children.get(key);
    if (!found) {
      found = {
        requests: m.requests.labels({ operation, method, status_class: statusClass, payment }),
        duration: m.duration.labels({ operation, status_class: statusClass, payment }),
        requestBytes: m.requestBytes.labels({ operation }),
        responseBytes: m.responseBytes.labels({ operation }),
      };
      children.set(key, found);
    }
    return found;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    metrics?.inFlight.inc();
    const record = (span?: Span) => {
      const operation = operationOf(req, res);
      const statusClass = STATUS_CLASSES[Math.floor(res.statusCode / 100)] ?? 'other';
      const payment = paymentOutcome(req, res);
      if (metrics) {
        metrics.inFlight.dec();
        const child = childrenOf(
          metrics,
          operation,
          METHODS.has(req.method) ? req.method : 'other',
          statusClass,
          payment,
        );
        child.requests.inc();
        child.duration.observe((performance.now() - started) / 1000);
        child.requestBytes.observe(Number(req.get('content-length') ?? 0) || 0);
        child.responseBytes.observe(Number(res.getHeader('content-length') ?? 0) || 0);
      }
      if (span) {
        span.updateName(`${req.method} ${operation}`);
        span.setAttributes({
          'http.response.status_code': res.statusCode,
          'toll.operation': operation,
          'toll.payment': payment,
        });
      }
    };
    if (!tracer) {
      res.once('close', () => record());
      return next();
    }
    const ended = (span: Span) => new Promise<void>((resolve) => res.once('close', () => (record(span), resolve())));
    const parent = extractTrace((name) => req.get(name));
    void serverSpan(
      tracer,
      req.method,
      res.locals.requestId as string,
      parent,
      { 'http.request.method': req.method, 'url.path': req.path },
      (span) => {
        const done = ended(span);
        next();
        return done;
      },
    );
  };
}

// The operation label: the operationId TollService matched (res.locals.operation), else the fixed path of the page
// that answered, else `unmatched`; never the raw path, which the caller chooses.
function operationOf(req: Request, res: Response): string {
  const operation = res.locals.operation as string | undefined;
  if (operation) return operation;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' && !path.includes('*') ? path : 'unmatched';
}

export function paymentOutcome(req: Request, res: Response) {
  if (!res.locals.operation) return 'none' as const;
  if (res.locals.free) return 'free' as const;
  const status = res.statusCode;
  if (status === 402) return hasProof(req) ? ('proof_refused' as const) : ('challenge' as const);
  if (status < 400) {
    if (res.getHeader(HEADERS.redelivery) !== undefined) return 'redelivered' as const;
    if (res.getHeader('x-toll-uncharged') !== undefined) return 'uncharged' as const;
    if (res.getHeader('x-toll-balance-atomic') !== undefined) return 'balance' as const;
    if (res.getHeader('x-toll-credits-remaining') !== undefined) return 'block' as const;
    return 'paid' as const;
  }
  if (res.locals.paymentUnused) return 'released' as const;
  return status === 503 ? ('unavailable_before_payment' as const) : ('refused_before_payment' as const);
}

// Whether the request carries a payment (x402, memo flow or balance), paid or not; also what makes it `paid` for the
// rate limits.
export const hasProof = (req: Request) =>
  req.get(HEADERS.paymentSignature) !== undefined ||
  req.get(HEADERS.paymentTx) !== undefined ||
  req.get(BALANCE_HEADERS.signature) !== undefined ||
  req.query[MEMO_QUERY_PARAM] !== undefined;
