import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import { TollError, httpStatusOf, type TollErrorBody } from '@toll/contracts';
import type { Response } from 'express';
import { throwError } from 'rxjs';
import { JsonLogger, requestContext } from './logger';

// One filter for NATS handlers and the health HTTP port. Over NATS, errors leave as plain TollErrorBody
// objects; anything that is not a TollError is logged here and leaves as INTERNAL without internals.
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(@Inject(JsonLogger) private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const body = this.toBody(exception, host);
    if (host.getType() === 'rpc') return throwError(() => body);
    const res = host.switchToHttp().getResponse<Response>();
    const status = exception instanceof HttpException ? exception.getStatus() : httpStatusOf(body.code);
    res.status(status).json({ error: body });
  }

  private toBody(exception: unknown, host: ArgumentsHost): TollErrorBody {
    if (exception instanceof TollError) return exception.toJSON();
    if (exception instanceof HttpException && host.getType() === 'http') {
      return { code: exception.getStatus() === 404 ? 'NOT_FOUND' : 'INVALID_INPUT', message: exception.message };
    }
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.event('error', 'unhandled error', {
      requestId: requestContext.getStore()?.requestId,
      error: err.message,
      stack: err.stack,
    });
    return { code: 'INTERNAL', message: 'Internal error' };
  }
}
