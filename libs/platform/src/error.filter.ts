import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import { TollError, httpStatusOf, type TollErrorBody } from '@toll/contracts';
import type { Response } from 'express';
import { JsonLogger, requestContext } from './logger';

// A backing service (Postgres) unreachable or restarting: our failure and worth retrying, not an internal error.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const PG_UNAVAILABLE = /^(08|57P0[123])/; // SQLSTATE: connection exception; admin, crash shutdown; cannot connect now
// pg's and Prisma's wordings for a connection the server ended or never gave: a pooled client used after its server
// went away ("not queryable"; the chaos failover, 2026-11-28) and Prisma's P1017 inside a raw query's P2010.
const UNAVAILABLE_MESSAGE = new RegExp(
  [
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Query read timeout',
    'the database system is (starting up|not yet accepting|shutting down)',
    'connection error and is not queryable',
    'Server has closed the connection',
  ].join('|'),
  'i',
);
// Prisma: the interactive transaction outlived its timeout (a slow or failing-over database: rolled back, so nothing
// was written and the same request can be retried); the server unreachable (P1001), timed out (P1002) or gone (P1017).
const PRISMA_UNAVAILABLE = new Set(['P2028', 'P1001', 'P1002', 'P1017']);

// Duck-typed: socket errors are built by Node's own realm, which `instanceof Error` misses under a test VM.
export function isUnavailable(e: unknown, depth = 0): boolean {
  if (typeof e !== 'object' || e === null || depth > 3) return false;
  const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || PRISMA_UNAVAILABLE.has(code) || PG_UNAVAILABLE.test(code))
  )
    return true;
  return (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) || isUnavailable(cause, depth + 1);
}

// A database connection lost under a library's own timer (Prisma rolls back an expired interactive transaction on a
// connection the server already ended, and nobody awaits that rollback): the transaction is gone either way, and
// ending the replica would drop every call in flight with it. Any other unhandled rejection still ends the process.
export const unhandledRejectionGuard = (logger: JsonLogger) => (reason: unknown) => {
  if (!isUnavailable(reason)) throw reason;
  logger.event('warn', 'backing service connection lost outside a request', {
    error: reason instanceof Error ? reason.message : String(reason),
  });
};

// The one mapping of a thrown value to the error body a caller receives, for NATS replies (MessageServer) and the
// health HTTP port (ErrorFilter): a TollError as it is; anything else is logged here and leaves as INTERNAL without
// internals (or as SERVICE_UNAVAILABLE when a backing service is down). An HttpException is Nest's own routing on
// the HTTP port (an unknown path); over NATS it is a bug like any other.
export function errorBody(exception: unknown, logger: JsonLogger, transport: 'http' | 'nats'): TollErrorBody {
  if (exception instanceof TollError) return exception.toJSON();
  if (exception instanceof HttpException && transport === 'http') {
    return { code: exception.getStatus() === 404 ? 'NOT_FOUND' : 'INVALID_INPUT', message: exception.message };
  }
  const err = exception instanceof Error ? exception : new Error(String(exception));
  if (isUnavailable(err)) {
    logger.event('warn', 'backing service unavailable', {
      requestId: requestContext.getStore()?.requestId,
      error: err.message,
    });
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: 'Temporarily unavailable; retry the same request (a paid proof stays valid)',
    };
  }
  logger.event('error', 'unhandled error', {
    requestId: requestContext.getStore()?.requestId,
    error: err.message,
    stack: err.stack,
  });
  return { code: 'INTERNAL', message: 'Internal error' };
}

// The health HTTP port's filter (NATS requests never pass through Nest: MessageServer maps their errors).
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(@Inject(JsonLogger) private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const body = errorBody(exception, this.logger, 'http');
    const status = exception instanceof HttpException ? exception.getStatus() : httpStatusOf(body.code);
    host.switchToHttp().getResponse<Response>().status(status).json({ error: body });
  }
}
