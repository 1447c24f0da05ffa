import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import { activeTraceId } from '@toll/telemetry';

// Request ids follow the work across async hops (and across NATS, where they travel in the message).
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

export class JsonLogger implements LoggerService {
  constructor(
    private readonly service: string,
    private readonly level: Level = 'info',
  ) {}

  private write(level: Level, message: unknown, context?: string, extra?: Record<string, unknown>) {
    if (LEVELS[level] < LEVELS[this.level]) return;
    const requestId = requestContext.getStore()?.requestId;
    const traceId = activeTraceId(); // with traces on: the line finds its trace
    const line = {
      time: new Date().toISOString(),
      level,
      service: this.service,
      ...(context ? { context } : {}),
      ...(requestId ? { requestId } : {}),
      ...(traceId ? { traceId } : {}),
      msg: typeof message === 'string' ? message : message instanceof Error ? message.message : JSON.stringify(message),
      ...extra,
    };
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(
      JSON.stringify(line, bigintAsText) + '\n',
    );
  }

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, stackOrContext?: string, context?: string) {
    const stack = context ? stackOrContext : undefined;
    this.write('error', message, context ?? stackOrContext, stack ? { stack } : undefined);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  event(level: Level, msg: string, fields: Record<string, unknown>) {
    this.write(level, msg, undefined, fields);
  }
}

// The log hook every upstream client takes (createUpstream, the @toll/markets clients): routine calls at debug,
// failures at warn, so an outage shows at the default level while the calls themselves stay quiet.
export const upstreamLog =
  (logger: Pick<JsonLogger, 'event'>) =>
  (event: string, fields: Record<string, unknown>): void =>
    logger.event(event === 'upstream failure' ? 'warn' : 'debug', event, fields);

// Money is bigint (config amounts, ledger rows): logged as its decimal text instead of throwing.
function bigintAsText(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}
