import { z } from 'zod';

// One NATS server, or every node of a cluster separated by commas: the client starts from any node that answers and
// moves to another when its node dies (libs/platform/src/nats.ts); one name in front of a cluster also works, but a
// client starting while that node is down would not connect.
const NATS_SERVER = /^(nats|tls):\/\/[^\s,/]+$/;
export const NatsServers = z
  .string()
  .min(1)
  .refine(
    (v) => v.split(',').every((s) => NATS_SERVER.test(s.trim())),
    'one nats:// (or tls://) URL, or several separated by commas (every node of a cluster)',
  );

// Every app's schema extends this one; parsed once at start, all problems reported at once.
export const BaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  NATS_URL: NatsServers.default('nats://127.0.0.1:4222'),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  SERVICE_VERSION: z.string().default('1.0.0'),
  ANNOUNCE_INTERVAL_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  // On SIGTERM a replica stops taking requests, then waits up to this long for in-flight ones before closing NATS.
  NATS_GRACE_PERIOD_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  // After SIGTERM, exit by then even if a shutdown hook hangs (under Kubernetes' terminationGracePeriodSeconds, 45 s).
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(25_000),
  // Background probes of the providers routes declare (`sources`): how often, and how long one may take. 0 turns them
  // off. Cheap calls (an API root), so a replica adds one request per provider per interval.
  SOURCE_PROBE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  SOURCE_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  // Prometheus metrics on /metrics (HEALTH_PORT); false turns every family off (the bench's A/B switch). Traces are
  // configured by the standard OTEL_* variables and are off without an OTLP endpoint (libs/telemetry).
  METRICS_ENABLED: z.enum(['true', 'false']).default('true'),
  // Demo mode without internet: answer upstream calls from these fixture folders (comma-separated).
  UPSTREAM_REPLAY_DIRS: z.string().optional(),
});
export type BaseConfig = z.infer<typeof BaseConfig>;

// The items of a comma-separated setting (URL lists, symbol lists), trimmed, empty ones dropped.
export const splitList = (s: string): string[] =>
  s
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export const sensitive = <T extends z.ZodType>(schema: T): T => schema.meta({ sensitive: true });

export class ConfigError extends Error {}

export function loadConfig<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

// The parsed config with every value marked sensitive replaced, safe for the start-up log.
export function maskConfig(schema: z.ZodObject, config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    const field = schema.shape[key] as z.ZodType | undefined;
    out[key] = field?.meta()?.sensitive && value !== undefined ? '***' : value;
  }
  return out;
}
