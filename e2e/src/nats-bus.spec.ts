import { TollError } from '@toll/contracts';
import { NatsBus } from '@toll/platform';
import { natsClient, respond, startNats, type NatsServer } from '@toll/testing';
import type { NatsConnection } from 'nats';

// NatsBus matches replies to requests on its own inbox: each caller gets its own answer, in any order, and a
// deadline or a missing responder becomes the error every caller maps.
describe('NatsBus', () => {
  let server: NatsServer;
  let nc: NatsConnection;
  let bus: NatsBus;

  beforeAll(async () => {
    server = await startNats();
    nc = await natsClient(server.url);
    bus = new NatsBus(nc);
  });

  afterAll(async () => {
    await nc.close();
    await server.stop();
  });

  it('gives each of many concurrent requests its own reply, whatever order the replies come in', async () => {
    const sub = nc.subscribe('test.echo', {
      callback: (_e, msg) => {
        const packet = JSON.parse(Buffer.from(msg.data).toString('utf8')) as { id: string; data: { n: number } };
        // Later requests answer first.
        setTimeout(
          () =>
            msg.respond(
              Buffer.from(JSON.stringify({ id: packet.id, isDisposed: true, response: { n: packet.data.n * 2 } })),
            ),
          50 - packet.data.n,
        );
      },
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        bus.request<{ n: number }>('test.echo', { n }, { timeoutMs: 2000, requestId: `r-${n}` }),
      ),
    );
    expect(answers.map((a) => a.n)).toEqual(Array.from({ length: 40 }, (_, n) => n * 2));
    sub.unsubscribe();
  });

  it('sends the request id and contract headers, and the packet Nest handlers read', async () => {
    let seen: { headers: Record<string, string>; packet: unknown } | undefined;
    const sub = nc.subscribe('test.headers', {
      callback: (_e, msg) => {
        const packet = JSON.parse(Buffer.from(msg.data).toString('utf8')) as { id: string };
        seen = { headers: Object.fromEntries([...msg.headers!.keys()].map((k) => [k, msg.headers!.get(k)])), packet };
        msg.respond(Buffer.from(JSON.stringify({ id: packet.id, isDisposed: true, response: { ok: true } })));
      },
    });
    await bus.request('test.headers', { a: 1 }, { timeoutMs: 2000, requestId: 'req-headers-1', rawBody: true });
    expect(seen?.headers).toEqual({ 'x-request-id': 'req-headers-1', 'toll-contract': '2', 'toll-raw-body': '1' });
    expect(seen?.packet).toEqual({ pattern: 'test.headers', data: { a: 1 }, id: expect.stringMatching(/^[0-9a-z]+$/) });
    sub.unsubscribe();
  });

  it('maps an error reply to a TollError, a deadline to SERVICE_TIMEOUT and no responder to SERVICE_UNAVAILABLE', async () => {
    const refusing = respond(nc, 'test.refuse', () => ({
      err: { code: 'NOT_FOUND', message: 'no such thing', details: { id: 'x' } },
    }));
    await expect(bus.request('test.refuse', {}, { timeoutMs: 2000, requestId: 'r-1' })).rejects.toEqual(
      new TollError('NOT_FOUND', 'no such thing', { id: 'x' }),
    );
    refusing.stop();

    const silent = nc.subscribe('test.silent', { callback: () => undefined });
    await nc.flush();
    const timedOut = await bus
      .request('test.silent', {}, { timeoutMs: 100, requestId: 'r-2' })
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(TollError);
    expect((timedOut as TollError).code).toBe('SERVICE_TIMEOUT');
    expect((timedOut as TollError).message).toBe('test.silent did not answer within 100 ms');
    silent.unsubscribe();

    const nobody = await bus.request('test.nobody', {}, { timeoutMs: 2000, requestId: 'r-3' }).catch((e: unknown) => e);
    expect((nobody as TollError).code).toBe('SERVICE_UNAVAILABLE');
    expect((nobody as TollError).message).toBe('no service is answering test.nobody');
  });

  it('ignores a reply that arrives after its deadline, and the next request still gets its own', async () => {
    const sub = nc.subscribe('test.slow', {
      callback: (_e, msg) => {
        const packet = JSON.parse(Buffer.from(msg.data).toString('utf8')) as { id: string; data: { wait: number } };
        setTimeout(
          () =>
            msg.respond(
              Buffer.from(JSON.stringify({ id: packet.id, isDisposed: true, response: { waited: packet.data.wait } })),
            ),
          packet.data.wait,
        );
      },
    });
    await expect(bus.request('test.slow', { wait: 300 }, { timeoutMs: 50, requestId: 'r-late' })).rejects.toMatchObject(
      { code: 'SERVICE_TIMEOUT' },
    );
    await new Promise((r) => setTimeout(r, 350)); // the late reply arrives now, with no request waiting for it
    await expect(bus.request('test.slow', { wait: 0 }, { timeoutMs: 2000, requestId: 'r-next' })).resolves.toEqual({
      waited: 0,
    });
    sub.unsubscribe();
  });

  it('answers SERVICE_UNAVAILABLE once its connection is closed', async () => {
    const own = await natsClient(server.url);
    const closedBus = new NatsBus(own);
    await own.close();
    await expect(closedBus.request('test.echo', {}, { timeoutMs: 500, requestId: 'r-closed' })).rejects.toEqual(
      new TollError('SERVICE_UNAVAILABLE', 'message bus unavailable'),
    );
  });
});
