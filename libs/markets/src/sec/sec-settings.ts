// The SEC settings every SEC-calling group reads, under the same names in each (apps/sec, apps/company,
// apps/screener), so one deployment value reaches them all. SEC_GOVERNOR_DATABASE_URL must be the SAME
// Postgres for every group and replica: the governor row "sec.gov" in it is SEC's one 10 requests/s budget.
import { z } from 'zod';
import { SEC_RATE_PER_SECOND, SecEdgar, secGovernor } from './sec-edgar';

export const SEC_SETTINGS = {
  // SEC blocks undeclared tools: the agent must name the company and a contact email.
  SEC_USER_AGENT: z
    .string()
    .min(8)
    .max(200)
    .regex(/\S+@\S+\.\S+/, 'must carry a contact email, e.g. "Toll ops@toll.example"')
    .default('Toll ops@toll.example'),
  SEC_WWW_BASE_URL: z.url().default('https://www.sec.gov'),
  SEC_DATA_BASE_URL: z.url().default('https://data.sec.gov'),
  SEC_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(5_000),
  // Postgres holding the governor every replica and every SEC-calling group shares (the same URL everywhere).
  // Without it each process keeps to SEC_FALLBACK_RATE_PER_SECOND on its own. Sensitive: masked in logs.
  SEC_GOVERNOR_DATABASE_URL: z.string().min(1).max(500).optional().meta({ sensitive: true }),
  // All replicas and groups together; SEC's fair-access ceiling is 10.
  SEC_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10).default(SEC_RATE_PER_SECOND),
  // Per process while the shared governor is not configured or unreachable: 2/s keeps up to four replicas
  // under SEC's ceiling.
  SEC_FALLBACK_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10).default(2),
};
export type SecSettings = z.infer<z.ZodObject<typeof SEC_SETTINGS>>;

// Structural stand-ins for @toll/platform's JsonLogger and Clock (this lib stays free of Nest).
interface EventLogger {
  event(level: 'debug' | 'warn', event: string, fields: Record<string, unknown>): void;
}

// The one SEC client of a group, built from those settings behind the governor they name (the group closes it on
// shutdown: SecEdgar.close). Its arguments are
// what a Nest factory injects: `{ provide: SecEdgar, inject: [APP_CONFIG, JsonLogger, Clock], useFactory:
// secEdgarFromSettings }`. Call logs go out at debug level; the governor's fallbacks (its database unreachable) at
// warn.
export function secEdgarFromSettings(settings: SecSettings, logger?: EventLogger, clock?: { now(): number }): SecEdgar {
  const governor = secGovernor({
    databaseUrl: settings.SEC_GOVERNOR_DATABASE_URL,
    ratePerSecond: settings.SEC_RATE_PER_SECOND,
    fallbackRatePerSecond: settings.SEC_FALLBACK_RATE_PER_SECOND,
    log: logger && ((event, fields) => logger.event('warn', event, fields)),
  });
  return new SecEdgar({
    userAgent: settings.SEC_USER_AGENT,
    wwwBaseUrl: settings.SEC_WWW_BASE_URL,
    dataBaseUrl: settings.SEC_DATA_BASE_URL,
    timeoutMs: settings.SEC_TIMEOUT_MS,
    governor,
    now: clock && (() => clock.now()),
    log: logger && ((event, fields) => logger.event('debug', event, fields)),
  });
}
