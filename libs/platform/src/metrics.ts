import { Controller, Get, Header, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_SECONDS, STEP_SECONDS, type Telemetry } from '@toll/telemetry';
import type { NatsConnection } from 'nats';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { CatalogService } from './catalog.service';
import { NATS_CONNECTION } from './nats';
import { SourceProbes } from './source-probes';
import { TELEMETRY } from './tokens';

// Prometheus text on the app's health port (HEALTH_PORT, beside /healthz): every group and payments serve the same
// families below, with no code of their own; an app adds its own through appMetrics().
@Controller()
export class MetricsController {
  constructor(@Inject(TELEMETRY) private readonly telemetry: Telemetry) {}

  @Get('metrics')
  @Header('cache-control', 'no-store')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async metrics(): Promise<string> {
    return this.telemetry.registry.metrics();
  }
}

// The state gauges, read at scrape time (nothing on the request path): each operation's availability (its circuit,
// a held state, or every provider down), each provider's probe state, and the NATS connections.
@Injectable()
export class PlatformMetrics implements OnModuleInit {
  constructor(
    @Inject(TELEMETRY) private readonly telemetry: Telemetry,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    private readonly catalog: CatalogService,
    private readonly probes: SourceProbes,
  ) {}

  onModuleInit() {
    const catalog = this.catalog;
    const probes = this.probes;
    this.telemetry.metrics('platform-state', (registry) => {
      new Gauge({
        name: 'toll_operation_available',
        help: '1 while the operation is announced available, 0 while its circuit is open or its providers are down',
        labelNames: ['operation'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const r of catalog.manifest().routes)
            this.set({ operation: r.operationId }, catalog.availability.isOpen(r.operationId) ? 0 : 1);
        },
      });
      new Gauge({
        name: 'toll_source_up',
        help: 'Latest probe verdict per provider: 1 up, 0 down (two failed probes in a row), -1 turned off here',
        labelNames: ['source'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const [source, state] of probes.states())
            this.set({ source }, state === 'up' ? 1 : state === 'down' ? 0 : -1);
        },
      });
      return true;
    });
    watchNats(this.telemetry, this.nats, 'catalog');
  }
}

// toll_nats_connected (1/0) and reconnects for one of the app's NATS connections, from nats.js status events.
export function watchNats(telemetry: Telemetry, nats: NatsConnection, connection: string): void {
  const m = telemetry.metrics('nats', (registry) => ({
    connected: new Gauge({
      name: 'toll_nats_connected',
      help: 'NATS connection state: 1 connected, 0 not',
      labelNames: ['connection'] as const,
      registers: [registry],
    }),
    reconnects: new Counter({
      name: 'toll_nats_reconnects_total',
      help: 'NATS reconnections',
      labelNames: ['connection'] as const,
      registers: [registry],
    }),
  }));
  if (!m) return;
  m.connected.set({ connection }, 1);
  m.reconnects.inc({ connection }, 0);
  void (async () => {
    for await (const s of nats.status()) {
      if (s.type === 'disconnect') m.connected.set({ connection }, 0);
      if (s.type === 'reconnect') {
        m.connected.set({ connection }, 1);
        m.reconnects.inc({ connection });
      }
    }
  })();
  void nats.closed().then(() => m.connected.set({ connection }, 0));
}

// Work taken over NATS, per operation (operationId, or the system subject): how long, and what failed.
export const handlerMetrics = (telemetry: Telemetry) =>
  telemetry.metrics('handler', (registry: Registry) => ({
    duration: new Histogram({
      name: 'toll_handler_duration_seconds',
      help: 'NATS requests handled, by operation and result code (ok, or the error code answered)',
      labelNames: ['operation', 'code'] as const,
      buckets: REQUEST_SECONDS,
      registers: [registry],
    }),
    errors: new Counter({
      name: 'toll_handler_errors_total',
      help: 'NATS requests answered with an error, by operation and error code',
      labelNames: ['operation', 'code'] as const,
      registers: [registry],
    }),
    inFlight: new Gauge({ name: 'toll_handler_in_flight', help: 'NATS requests being handled', registers: [registry] }),
  }));

// Statements on an app's Postgres pool (libs/platform postgres()): by statement name (a named statement's name, or the
// SQL verb), so the ledger's hot statements each have their own latency.
export const dbMetrics = (telemetry: Telemetry | undefined) =>
  telemetry?.metrics(
    'db',
    (registry: Registry) =>
      new Histogram({
        name: 'toll_db_statement_duration_seconds',
        help: 'Postgres statements by name (named statements) or verb, and outcome',
        labelNames: ['statement', 'outcome'] as const,
        buckets: STEP_SECONDS,
        registers: [registry],
      }),
  );

// /metrics on its own small HTTP server (the gateway's HEALTH_PORT; its public port stays free of it).
export async function serveMetrics(
  telemetry: Telemetry,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return void res.writeHead(404).end();
    telemetry.registry.metrics().then(
      (text) =>
        res.writeHead(200, { 'content-type': telemetry.registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '0.0.0.0', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
