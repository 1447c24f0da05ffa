import { Controller, Inject, Injectable, Module, type OnModuleDestroy } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CONTRACT_HEADER, FREE, TollError, type TollMessage } from '@toll/contracts';
import { natsClient, startNats, type NatsServer } from '@toll/testing';
import { headers as natsHeaders, type NatsConnection } from 'nats';
import { z } from 'zod';
import {
  BaseConfig,
  CatalogService,
  ContractRefusals,
  NatsBus,
  RAW_BODY_HEADER,
  TollRoute,
  bootstrapGroup,
  jsonTextReply,
  unchargedReply,
  type RunningGroup,
} from '../src';

const Echo = z.strictObject({ q: z.string().min(1) });
const route = (operationId: string, input: z.ZodObject, output: z.ZodType, timeoutMs = 2_000) => ({
  operationId,
  method: 'GET' as const,
  path: `/toll/wire/${operationId.split('.')[1].toLowerCase()}`,
  summary: operationId,
  price: FREE,
  input,
  output,
  timeoutMs,
});

let release: () => void = () => undefined;
let heldDone = false;
let providerDown = true;

@Controller()
class WireController {
  constructor(@Inject(CatalogService) private readonly catalog: CatalogService) {}

  @TollRoute(route('wire.getEcho', Echo, z.object({ echo: z.string() })))
  echo(msg: TollMessage<z.infer<typeof Echo>>) {
    return { echo: msg.input.q };
  }

  @TollRoute(route('wire.getBadOutput', z.strictObject({}), z.object({ n: z.number() })))
  badOutput() {
    return { n: 'not a number' };
  }

  @TollRoute(route('wire.getExact', z.strictObject({}), z.object({ big: z.number() })))
  exact() {
    return jsonTextReply('{"big":18446744073709551615}', { 'x-toll-source': 'wire' });
  }

  @TollRoute(route('wire.getStale', z.strictObject({}), z.object({ stale: z.boolean() })))
  stale() {
    return unchargedReply({ stale: true }, 'nothing fresh to sell');
  }

  // Answers once the test lets it, so a shutdown can begin while it is in flight.
  @TollRoute(route('wire.getHeld', z.strictObject({}), z.object({ done: z.boolean() })))
  async held() {
    await new Promise<void>((resolve) => (release = resolve));
    heldDone = true;
    return { done: true };
  }

  @TollRoute(route('wire.getFlaky', z.strictObject({}), z.object({ ok: z.boolean() })))
  flaky() {
    if (providerDown) throw new TollError('UPSTREAM_ERROR', 'every provider failed', { retry_after_seconds: 30 });
    return { ok: true };
  }

  @TollRoute(route('wire.getWho', z.strictObject({}), z.object({ instance: z.string() })))
  who() {
    return { instance: this.catalog.instanceId };
  }

  @MessagePattern('wire.system.boom')
  boom(): never {
    throw new Error('secret internals');
  }

  @MessagePattern('wire.system.refused')
  refused(): never {
    throw new TollError('NOT_FOUND', 'no such thing', { id: 'x' });
  }

  @MessagePattern('wire.system.dbDown')
  dbDown(): never {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }

  @MessagePattern('wire.system.sum')
  async sum(req: { a: number; b: number }) {
    return { sum: req.a + req.b };
  }
}

// What an app's own shutdown hook (a database pool ending) would see: whether the request in flight was done.
const doneAtAppShutdown: boolean[] = [];
@Injectable()
class AppShutdown implements OnModuleDestroy {
  onModuleDestroy() {
    doneAtAppShutdown.push(heldDone);
  }
}

@Module({ controllers: [WireController], providers: [AppShutdown] })
class WireModule {}

const start = (natsUrl: string, grace = 2_000) =>
  bootstrapGroup(WireModule, {
    name: 'wire',
    title: 'Wire',
    config: BaseConfig,
    env: { NATS_URL: natsUrl, LOG_LEVEL: 'error', NATS_GRACE_PERIOD_MS: String(grace), SOURCE_PROBE_INTERVAL_MS: '0' },
  });

const message = (input: unknown) => ({ input, requestId: 'req-1', deadline: Date.now() + 5_000 });

describe('MessageServer (groups answering NATS without Nest’s microservice transport)', () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  let group: RunningGroup;

  // The raw reply bytes, as any caller of Nest's NATS transport reads them.
  async function ask(
    subject: string,
    data: unknown,
    headers: Record<string, string> = {},
    body?: string,
    timeout = 3_000,
  ): Promise<string> {
    const h = natsHeaders();
    for (const [name, value] of Object.entries(headers)) h.set(name, value);
    const reply = await nc.request(
      subject,
      Buffer.from(body ?? JSON.stringify({ pattern: subject, data, id: 'id-1' })),
      { timeout, headers: h },
    );
    return Buffer.from(reply.data).toString('utf8');
  }

  beforeAll(async () => {
    nats = await startNats();
    nc = await natsClient(nats.url);
    group = await start(nats.url);
  });

  afterAll(async () => {
    await group.close();
    await nc.close();
    await nats.stop();
  });

  it('answers in Nest’s packet format, byte for byte, and stamps the contract for a versioned caller', async () => {
    expect(await ask('toll.wire.getEcho', message({ q: 'hi' }))).toBe(
      '{"response":{"data":{"echo":"hi"}},"isDisposed":true,"id":"id-1"}',
    );
    expect(await ask('toll.wire.getEcho', message({ q: 'hi' }), { [CONTRACT_HEADER]: '2' })).toBe(
      '{"response":{"data":{"echo":"hi"},"contract":2},"isDisposed":true,"id":"id-1"}',
    );
    expect(await ask('wire.system.sum', { a: 2, b: 3 })).toBe('{"response":{"sum":5},"isDisposed":true,"id":"id-1"}');
  });

  it('refuses a caller speaking a contract this build does not serve, and records it', async () => {
    expect(await ask('toll.wire.getEcho', message({ q: 'hi' }), { [CONTRACT_HEADER]: '9' })).toBe(
      '{"err":{"code":"SERVICE_UNAVAILABLE","message":"the caller speaks contract \\"9\\"; this build serves ' +
        'contracts 2 and 1"},"isDisposed":true,"id":"id-1"}',
    );
    expect(group.app.get(ContractRefusals).list()).toEqual([
      expect.objectContaining({ from: 'toll.wire.getEcho', contract: '9', count: 1 }),
    ]);
  });

  it('refuses input that fails the route’s schema with INVALID_INPUT and the field issues', async () => {
    expect(JSON.parse(await ask('toll.wire.getEcho', message({ q: '', extra: 1 })))).toEqual({
      err: {
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: {
          issues: [
            { field: 'q', message: 'Too small: expected string to have >=1 characters' },
            { field: 'extra', message: 'is not an accepted field' },
          ],
        },
      },
      isDisposed: true,
      id: 'id-1',
    });
  });

  it('answers INTERNAL when a handler’s output fails its schema', async () => {
    expect(JSON.parse(await ask('toll.wire.getBadOutput', message({})))).toEqual({
      err: { code: 'INTERNAL', message: 'Internal error' },
      isDisposed: true,
      id: 'id-1',
    });
  });

  it('feeds each route’s outcome to its availability: a provider outage opens it, a success closes it', async () => {
    const availability = group.app.get(CatalogService).availability;
    expect(JSON.parse(await ask('toll.wire.getFlaky', message({}))).err.code).toBe('UPSTREAM_ERROR');
    expect(Object.keys(availability.unavailable())).toEqual(['wire.getFlaky']);
    providerDown = false;
    expect(await ask('toll.wire.getFlaky', message({}))).toBe(
      '{"response":{"data":{"ok":true}},"isDisposed":true,"id":"id-1"}',
    );
    expect(availability.unavailable()).toEqual({});
  });

  it('sends the body as raw JSON text after the envelope when asked, which NatsBus reads', async () => {
    expect(await ask('toll.wire.getExact', message({}), { [RAW_BODY_HEADER]: '1', [CONTRACT_HEADER]: '2' })).toBe(
      '{"response":{"data":null,"headers":{"x-toll-source":"wire"},"contract":2},"isDisposed":true,"id":"id-' +
        '1"}\n{"big":18446744073709551615}',
    );
    const bus = new NatsBus(nc);
    expect(
      await bus.request('toll.wire.getEcho', message({ q: 'hi' }), {
        timeoutMs: 3_000,
        requestId: 'req-2',
        rawBody: true,
      }),
    ).toEqual({ data: null, json: '{"echo":"hi"}', headers: {}, contract: 2 });
    expect(await bus.request('toll.wire.getExact', message({}), { timeoutMs: 3_000, requestId: 'req-3' })).toEqual({
      data: null,
      json: '{"big":18446744073709551615}',
      headers: { 'x-toll-source': 'wire' },
      contract: 2,
    });
  });

  it('passes an uncharged answer on with its reason', async () => {
    expect(JSON.parse(await ask('toll.wire.getStale', message({})))).toEqual({
      response: { data: { stale: true }, headers: {}, uncharged: 'nothing fresh to sell' },
      isDisposed: true,
      id: 'id-1',
    });
    expect(
      JSON.parse(
        await ask('toll.wire.getStale', message({}), { [RAW_BODY_HEADER]: '1' }).then((r) => r.split('\n')[0]),
      ),
    ).toEqual({
      response: { data: null, headers: {}, uncharged: 'nothing fresh to sell' },
      isDisposed: true,
      id: 'id-1',
    });
  });

  it('maps a handler’s errors as the HTTP filter does: TollError as is, backing service down, anything else INTERNAL', async () => {
    expect(await ask('wire.system.boom', {})).toBe(
      '{"err":{"code":"INTERNAL","message":"Internal error"},"isDisposed":true,"id":"id-1"}',
    );
    expect(await ask('wire.system.refused', {})).toBe(
      '{"err":{"code":"NOT_FOUND","message":"no such thing","details":{"id":"x"}},"isDisposed":true,"id":"id-1"}',
    );
    expect(JSON.parse(await ask('wire.system.dbDown', {})).err.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('drops a message that is not JSON and keeps answering', async () => {
    await expect(ask('wire.system.sum', null, {}, 'not json', 300)).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(await ask('wire.system.sum', { a: 1, b: 1 })).toBe('{"response":{"sum":2},"isDisposed":true,"id":"id-1"}');
  });

  it('shares a subject’s requests between two replicas (queue group = app name)', async () => {
    const second = await start(nats.url);
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++)
        seen.add(JSON.parse(await ask('toll.wire.getWho', message({}))).response.data.instance);
      expect(seen).toEqual(
        new Set([group.app.get(CatalogService).instanceId, second.app.get(CatalogService).instanceId]),
      );
    } finally {
      await second.close();
    }
  });

  it('on close, stops taking requests and answers the one in flight before the app’s own shutdown hooks run', async () => {
    const replica = await start(nats.url, 5_000);
    await group.close(); // the held request must reach the replica that is about to close
    const answer = ask('toll.wire.getHeld', message({}));
    await new Promise((r) => setTimeout(r, 100));
    const closing = replica.close();
    await new Promise((r) => setTimeout(r, 200));
    await expect(ask('toll.wire.getEcho', message({ q: 'late' }))).rejects.toMatchObject({ code: '503' });
    release();
    expect(await answer).toBe('{"response":{"data":{"done":true}},"isDisposed":true,"id":"id-1"}');
    await closing;
    expect(doneAtAppShutdown.at(-1)).toBe(true); // the app's own shutdown began only after the request was answered
    group = await start(nats.url);
  });
});
