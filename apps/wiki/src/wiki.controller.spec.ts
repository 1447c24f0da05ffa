import 'reflect-metadata';
import { GroupManifest, manifestViolations, subjectOf } from '@toll/contracts';
import { TOLL_ROUTE, type TollRouteOptions } from '@toll/platform';
import { z } from 'zod';
import { WikiController } from './wiki.controller';

const routes = Object.getOwnPropertyNames(WikiController.prototype)
  .map(
    (name) =>
      Reflect.getMetadata(TOLL_ROUTE, (WikiController.prototype as unknown as Record<string, object>)[name]) as
        TollRouteOptions | undefined,
  )
  .filter((r): r is TollRouteOptions => r !== undefined);

const PAID = { per: 'call', usd: '0.005' };

describe('WikiController routes', () => {
  it('declares the spec §4.15 operations, priced, plus the free health', () => {
    expect(routes.map((r) => [r.operationId, r.method, r.path, r.price, r.timeoutMs])).toEqual([
      ['wiki.getAnswer', 'GET', '/toll/wiki/answer', PAID, 10_000],
      ['wiki.getRelated', 'GET', '/toll/wiki/related', PAID, 10_000],
      ['wiki.getHealth', 'GET', '/toll/wiki/health', null, 2_000],
    ]);
  });

  it('announces a valid manifest with strict, described, bounded inputs', () => {
    const manifest = GroupManifest.parse({
      contract: 1,
      group: 'wiki',
      title: 'Wiki Answers',
      version: '1.0.0',
      instanceId: 'test',
      routes: routes.map((r) => ({
        ...r,
        subject: subjectOf(r.operationId),
        inputSchema: z.toJSONSchema(r.input, { io: 'input', unrepresentable: 'any' }),
        outputSchema: z.toJSONSchema(r.output, { io: 'output', unrepresentable: 'any' }),
      })),
    });
    expect(manifestViolations(manifest)).toEqual([]);
    const related = manifest.routes.find((r) => r.operationId === 'wiki.getRelated')!;
    expect(related.inputSchema).toMatchObject({
      additionalProperties: false,
      required: ['q'],
      properties: {
        q: { type: 'string', minLength: 1, maxLength: 300, description: expect.any(String) },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: expect.any(String) },
      },
    });
    expect(manifest.routes.map((r) => r.inputSchema.additionalProperties)).toEqual([false, false, false]);
  });
});
