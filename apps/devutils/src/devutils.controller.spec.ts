import 'reflect-metadata';
import { GroupManifest, manifestViolations, subjectOf, type TollMessage } from '@toll/contracts';
import { JsonLogger, TOLL_ROUTE, type GroupHealth, type TollRouteOptions } from '@toll/platform';
import { z } from 'zod';
import { DevutilsConfig } from './config';
import { DevutilsController } from './devutils.controller';
import { DevutilsService } from './devutils.service';
import { GeoService } from './geo.service';

const routes = Object.getOwnPropertyNames(DevutilsController.prototype)
  .map(
    (name) =>
      Reflect.getMetadata(TOLL_ROUTE, (DevutilsController.prototype as unknown as Record<string, object>)[name]) as
        TollRouteOptions | undefined,
  )
  .filter((r): r is TollRouteOptions => r !== undefined);

const PAID = { per: 'call', usd: '0.005' };

describe('DevutilsController routes', () => {
  it('declares every spec §4.16 operation, priced, plus the free health', () => {
    expect(routes.map((r) => [r.operationId, r.method, r.path, r.price, r.timeoutMs])).toEqual([
      ['devutils.getIp', 'GET', '/toll/devutils/ip', PAID, 5000],
      ['devutils.genUuid', 'GET', '/toll/devutils/gen/uuid', PAID, 2000],
      ['devutils.genPassword', 'GET', '/toll/devutils/gen/password', PAID, 2000],
      ['devutils.genToken', 'GET', '/toll/devutils/gen/token', PAID, 2000],
      ['devutils.encodeBase64', 'POST', '/toll/devutils/encode/base64', PAID, 2000],
      ['devutils.decodeBase64', 'POST', '/toll/devutils/decode/base64', PAID, 2000],
      ['devutils.hashSha256', 'POST', '/toll/devutils/hash/sha256', PAID, 2000],
      ['devutils.hashMd5', 'POST', '/toll/devutils/hash/md5', PAID, 2000],
      ['devutils.decodeJwt', 'POST', '/toll/devutils/jwt/decode', PAID, 2000],
      ['devutils.getTimeNow', 'GET', '/toll/devutils/time/now', PAID, 2000],
      ['devutils.convertTime', 'POST', '/toll/devutils/time/convert', PAID, 2000],
      ['devutils.convertUnits', 'GET', '/toll/devutils/units/convert', PAID, 2000],
      ['devutils.convertColor', 'GET', '/toll/devutils/color/convert', PAID, 2000],
      ['devutils.parseCron', 'GET', '/toll/devutils/cron/parse', PAID, 2000],
      ['devutils.formatJson', 'POST', '/toll/devutils/json/format', PAID, 2000],
      ['devutils.validateJson', 'POST', '/toll/devutils/json/validate', PAID, 2000],
      ['devutils.getHealth', 'GET', '/toll/devutils/health', null, 2000],
    ]);
  });

  it('builds a valid manifest with strict, described inputs', () => {
    const manifest = GroupManifest.parse({
      contract: 1,
      group: 'devutils',
      title: 'Dev Utilities',
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
    for (const route of manifest.routes) {
      expect(route.inputSchema.additionalProperties).toBe(false);
      for (const [name, field] of Object.entries(
        route.inputSchema.properties as Record<
          string,
          { description?: string; maxLength?: number; type?: string; enum?: string[] }
        >,
      )) {
        expect([name, field.description]).toEqual([name, expect.any(String)]);
        if (field.type === 'string' && !field.enum) expect([name, field.maxLength]).toEqual([name, expect.any(Number)]);
      }
    }
  });
});

describe('DevutilsController handlers', () => {
  const health = { describe: () => ({ service: 'devutils' }) } as unknown as GroupHealth;
  const geo = new GeoService(DevutilsConfig.parse({}), new JsonLogger('devutils', 'error'));
  const controller = new DevutilsController(new DevutilsService(() => new Date('2026-01-02T16:50:00Z')), geo, health);
  const msg = <I>(input: I): TollMessage<I> => ({
    input,
    requestId: 'r1',
    deadline: Date.now() + 2000,
    caller: { ip: '::ffff:127.0.0.1' },
  });

  it('geolocates the caller unless an ip is given', () => {
    expect(controller.getIp(msg({}))).toMatchObject({
      ip: '127.0.0.1',
      source: 'caller',
      found: false,
      reason: 'loopback address',
    });
    expect(controller.getIp(msg({ ip: '8.8.8.8' }))).toMatchObject({ ip: '8.8.8.8', source: 'query', found: true });
  });

  it('delegates to the service', () => {
    expect(controller.hashSha256(msg({ text: 'abc' })).digest).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(controller.getTimeNow(msg({ tz: 'UTC' })).utc).toBe('2026-01-02T16:50:00.000Z');
    expect(controller.getHealth()).toEqual({ service: 'devutils' });
  });
});
