import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NatsContext } from '@nestjs/microservices';
import { type TollMessage } from '@toll/contracts';
import { catchError, defer, map, Observable, throwError } from 'rxjs';
import { CatalogService } from './catalog.service';
import { JsonLogger, requestContext } from './logger';
import { TollResponse } from './reply';
import { RAW_BODY_HEADER, rawBodyReply } from './reply-framing';
import { TOLL_ROUTE, type TollRouteOptions } from './toll-route';
import { invalidInput, parseInput } from './input-rules';
import { fieldIssues } from './zod-issues';

// Input is checked with the route's zod schema before the handler; output is checked on the way out,
// so a handler can never send what the gateway (or JSON) cannot carry.
@Injectable()
export class RouteInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    private readonly catalog: CatalogService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<TollRouteOptions | undefined>(TOLL_ROUTE, context.getHandler());
    if (!route || context.getType() !== 'rpc') return next.handle();
    const msg = context.switchToRpc().getData<TollMessage>();
    const rawBody = context.switchToRpc().getContext<NatsContext>().getHeaders?.()?.get(RAW_BODY_HEADER) === '1';
    const requestId = typeof msg?.requestId === 'string' ? msg.requestId : 'unknown';
    return requestContext.run({ requestId }, () => {
      const parsed = parseInput(route.input, msg?.input);
      if (!parsed.ok) throw invalidInput(parsed.issues);
      msg.input = parsed.data as Record<string, unknown>;
      return defer(() => next.handle()).pipe(
        map((value) => {
          const reply = value instanceof TollResponse ? value : undefined;
          // A JSON-text body is checked in its parsed form, then sent as written.
          const out = route.output.safeParse(reply ? (reply.json !== undefined ? JSON.parse(reply.json) : reply.data) : value);
          if (!out.success) {
            this.logger.event('error', 'handler output failed its schema', { operationId: route.operationId, issues: fieldIssues(out.error) });
            throw new Error(`${route.operationId} output failed its schema`);
          }
          // An uncharged answer (nothing fresh to sell) says nothing about whether the next call will work.
          if (reply?.uncharged === undefined) this.catalog.availability.succeeded(route.operationId);
          const uncharged = reply?.uncharged === undefined ? {} : { uncharged: reply.uncharged };
          // The body as JSON text after the envelope (reply-framing.ts), for a caller that reads it.
          if (rawBody) return rawBodyReply({ data: null, json: reply?.json ?? JSON.stringify(out.data), headers: reply?.headers ?? {}, ...uncharged });
          if (!reply) return { data: out.data };
          return reply.json !== undefined ? { data: null, json: reply.json, headers: reply.headers, ...uncharged } : { data: out.data, headers: reply.headers, ...uncharged };
        }),
        catchError((err: unknown) => {
          this.catalog.availability.failed(route.operationId, err);
          return throwError(() => err);
        }),
      );
    });
  }
}
