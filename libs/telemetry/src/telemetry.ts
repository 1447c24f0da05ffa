import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { Registry } from 'prom-client';
import { startTracing, type Tracing } from './tracing';

export type Env = Record<string, string | undefined>;

// One app's metrics registry and tracer. In production a process runs one app; tests run several in one process,
// so each app keeps its own, and shared code (libs/upstream, libs/solana, the Postgres pool) finds the app it works
// for through the scope its bootstrap opened (withTelemetry): every timer, socket and request started inside
// inherits it.
export interface Telemetry {
  readonly app: string;
  readonly registry: Registry;
  readonly tracing?: Tracing; // absent: traces are off (the default), and span() costs one scope read
  // A lib's metric set for this app, built on first use. Undefined when metrics are off (METRICS_ENABLED=false).
  metrics<T>(key: string, build: (registry: Registry) => T): T | undefined;
  close(): Promise<void>;
}

const scope = new AsyncLocalStorage<Telemetry>();

export const currentTelemetry = (): Telemetry | undefined => scope.getStore();
export const withTelemetry = <T>(telemetry: Telemetry, fn: () => T): T => scope.run(telemetry, fn);

// The app's own metric set from wherever code runs; undefined outside an app (unit tests) or with metrics off.
export function appMetrics<T>(key: string, build: (registry: Registry) => T): T | undefined {
  return scope.getStore()?.metrics(key, build);
}

export function createTelemetry(app: string, env: Env): Telemetry {
  const registry = new Registry();
  const enabled = env.METRICS_ENABLED !== 'false';
  if (enabled) collectRuntimeMetrics(registry);
  const families = new Map<string, unknown>();
  const tracing = startTracing(app, env);
  return {
    app,
    registry,
    tracing,
    metrics<T>(key: string, build: (registry: Registry) => T): T | undefined {
      if (!enabled) return undefined;
      let family = families.get(key) as T | undefined;
      if (family === undefined) families.set(key, (family = build(registry)));
      return family;
    },
    close: async () => {
      await tracing?.close();
    },
  };
}

// prom-client's default collectors, read at scrape time: process_* (CPU, memory, open fds, start time) and nodejs_*
// (event-loop delay percentiles, heap by space, active handles and requests, version). All but its GC histogram, whose
// PerformanceObserver runs on every garbage collection: with it the free route lost several percent more in the bench
// A/B (docs/benchmarks.md). Loaded by path, as collectDefaultMetrics has no way to leave one out (prom-client 15.1.3,
// pinned; its lib/metrics/<name> modules each take (registry, config)).
const RUNTIME_COLLECTORS = [
  'processCpuTotal',
  'processStartTime',
  'osMemoryHeap',
  'processOpenFileDescriptors',
  'processMaxFileDescriptors',
  'eventLoopLag',
  'processResources',
  'processHandles',
  'processRequests',
  'heapSizeAndUsed',
  'heapSpacesSizeAndUsed',
  'version',
];
const load = createRequire(__filename);

function collectRuntimeMetrics(registry: Registry) {
  for (const name of RUNTIME_COLLECTORS) {
    const collector = load(`prom-client/lib/metrics/${name}`) as (
      registry: Registry,
      config: { eventLoopMonitoringPrecision: number },
    ) => void;
    collector(registry, { eventLoopMonitoringPrecision: 20 });
  }
}
