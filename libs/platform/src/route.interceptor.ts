import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TollError, type TollMessage } from '@toll/contracts';
import { defer, map, Observable } from 'rxjs';
import { JsonLogger, requestContext } from './logger';
import { TOLL_ROUTE, type TollRouteOptions } from './toll-route';
import { fieldIssues } from './zod-issues';

// Input is checked with the route's zod schema before the handler; output is checked on the way out,
// so a handler can never send what the gateway (or JSON) cannot carry.
@Injectable()
export class RouteInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<TollRouteOptions | undefined>(TOLL_ROUTE, context.getHandler());
    if (!route || context.getType() !== 'rpc') return next.handle();
    const msg = context.switchToRpc().getData<TollMessage>();
    const requestId = typeof msg?.requestId === 'string' ? msg.requestId : 'unknown';
    return requestContext.run({ requestId }, () => {
      const parsed = route.input.safeParse(msg?.input ?? {});
      if (!parsed.success) throw new TollError('INVALID_INPUT', 'Input failed validation', { issues: fieldIssues(parsed.error) });
      msg.input = parsed.data;
      return defer(() => next.handle()).pipe(
        map((value) => {
          const out = route.output.safeParse(value);
          if (!out.success) {
            this.logger.event('error', 'handler output failed its schema', { operationId: route.operationId, issues: fieldIssues(out.error) });
            throw new Error(`${route.operationId} output failed its schema`);
          }
          return { data: out.data };
        }),
      );
    });
  }
}
