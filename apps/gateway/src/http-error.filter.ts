import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import { TollError, httpStatusOf, type TollErrorBody } from '@toll/contracts';
import { JsonLogger } from '@toll/platform';
import type { Response } from 'express';

const SERVICE_UNAVAILABLE_RETRY_S = 2;

// The one place errors become HTTP: {"error":{code,message,details?,request_id}}; a 500 never carries internals.
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(@Inject(JsonLogger) private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    const requestId = res.locals.requestId as string;
    const body = this.toBody(exception, requestId);
    if (res.headersSent) return;
    // failed after payment: the hold went back (metrics.ts)
    res.locals.paymentUnused = body.details?.payment !== undefined;
    const retryAfter = body.details?.retry_after_seconds;
    if (typeof retryAfter === 'number' && retryAfter > 0) res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
    // Replicas restart, NATS reconnects, Postgres fails over in seconds: tell clients when to come back.
    else if (body.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', String(SERVICE_UNAVAILABLE_RETRY_S));
    res.status(httpStatusOf(body.code)).json({ error: { ...body, request_id: requestId } });
  }

  private toBody(exception: unknown, requestId: string): TollErrorBody {
    if (exception instanceof TollError) return exception.toJSON();
    if (exception instanceof HttpException && exception.getStatus() === 404)
      return { code: 'NOT_FOUND', message: 'Not found' };
    this.logger.event('error', 'unhandled gateway error', {
      requestId,
      error: String(exception),
      stack: (exception as Error)?.stack,
    });
    return { code: 'INTERNAL', message: 'Internal error' };
  }
}
