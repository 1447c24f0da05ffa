import { Inject, Injectable } from '@nestjs/common';
import { TollError, httpStatusOf, type FieldIssue } from '@toll/contracts';
import { JsonLogger } from '@toll/platform';
import type { Request } from 'express';
import { inputOfForm, type TryItResult } from './docs';
import { priceText } from './openapi';
import type { ResolvedRoute } from './route-table';
import { TollService } from './toll.service';

// Runs a docs-page form through the same pipeline as the API (validation, pre-check, challenge, forward), without
// payment: free operations answer, paid ones show their challenge, refusals show the API's own field issues.
@Injectable()
export class TryItService {
  constructor(
    private readonly toll: TollService,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  async run(
    route: ResolvedRoute,
    form: Record<string, unknown>,
    req: Request,
    requestId: string,
    base: string,
  ): Promise<{ status: number; result: TryItResult }> {
    const { input, values } = inputOfForm(route, form);
    try {
      this.toll.validate(route, input);
      const caller = { ip: req.ip ?? '', userAgent: req.get('user-agent') };
      const outcome = await this.toll.call({
        route,
        input,
        requestId,
        caller,
        resourceUrl: () => `${base}${route.path}`,
      });
      if (outcome.kind === 'challenge')
        return {
          status: 402,
          result: { values, challenge: { price: priceText(route.price), body: outcome.challenge.body } },
        };
      return { status: 200, result: { values, data: JSON.parse(outcome.reply.json) } };
    } catch (err) {
      if (!(err instanceof TollError)) {
        this.logger.event('error', 'unhandled docs try-it error', {
          requestId,
          error: String(err),
          stack: (err as Error)?.stack,
        });
        return { status: 500, result: { values, error: { code: 'INTERNAL', message: 'Internal error' } } };
      }
      const issues = (err.details as { issues?: FieldIssue[] } | undefined)?.issues;
      if (err.code === 'INVALID_INPUT' && issues) return { status: 400, result: { values, issues } };
      return { status: httpStatusOf(err.code), result: { values, error: { code: err.code, message: err.message } } };
    }
  }
}
