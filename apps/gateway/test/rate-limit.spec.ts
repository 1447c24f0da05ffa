import { SUBJECTS } from '@toll/contracts';
import { encodeHeaderJson } from '@toll/x402';
import {
  freePort,
  http,
  natsClient,
  respond,
  startNats,
  startRedis,
  waitFor,
  type FakeResponder,
  type NatsServer,
  type RedisServer,
} from '@toll/testing';
import type { NatsConnection } from 'nats';
import { createServer, type Socket } from 'node:net';
import { startGateway, type RunningGateway } from '../src/bootstrap';
import { startDemoGroup } from './demo-group';

// Per-client rate limits through the wire: two gateway replicas sharing one Redis, clients told apart by the
// X-Forwarded-For hop the loopback proxy vouches for. A rate of 0.01/s refills one token per 100 s, so within a test
// a bucket holds exactly its burst, and Retry-After is 100 s less the whole seconds since the bucket was first used.
const LIMITS = {
  GATEWAY_RATE_LIMIT_FREE_OP: 'rate=0.01,burst=5',
  GATEWAY_RATE_LIMIT_CHALLENGE: 'rate=0.01,burst=3',
  GATEWAY_RATE_LIMIT_CATALOG: 'rate=0.01,burst=2',
  GATEWAY_RATE_LIMIT_DISCOVERY: 'rate=0.01,burst=2',
  GATEWAY_RATE_LIMIT_MCP: 'rate=0.01,burst=2',
  GATEWAY_RATE_LIMIT_PAID: 'rate=0.01,burst=4',
  GATEWAY_RATE_LIMIT_REPLICAS: '2',
  // Exact counts need every decision from Redis: on a loaded test machine a round trip can pass the 25 ms default.
  GATEWAY_RATE_LIMIT_REDIS_TIMEOUT_MS: '1000',
};
const REQUIRED = {
  x402Version: 2,
  error: 'payment_required',
  resource: { url: 'u', description: 'd', mimeType: 'application/json' },
  accepts: [{ scheme: 'exact', amount: '10000', extra: { memo: 'm' } }],
  extensions: { bazaar: {} },
};
const from = (client: string, headers: Record<string, string> = {}) => ({
  headers: { 'x-forwarded-for': client, ...headers },
});
const MCP_HEADERS = { accept: 'application/json, text/event-stream' };
const rpc = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

// Retry-After of a bucket first used at `since`: the next token is 100 s after that (less what the test took).
const expectRetryAfter = (value: string | null, since: number) => {
  const elapsed = Math.ceil((Date.now() - since) / 1000);
  expect(Number(value)).toBeGreaterThanOrEqual(100 - elapsed);
  expect(Number(value)).toBeLessThanOrEqual(100);
  return Number(value);
};

const metricOf = async (gateway: RunningGateway, line: string) => {
  const text = await (await fetch(gateway.metricsUrl)).text();
  return text
    .split('\n')
    .find((l) => l.startsWith(`${line} `))
    ?.split(' ')[1];
};

describe('per-client rate limits, two gateway replicas sharing one Redis', () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  let redis: RedisServer;
  let demo: Awaited<ReturnType<typeof startDemoGroup>>;
  let payments: FakeResponder;
  let paid: FakeResponder;
  let gws: RunningGateway[];

  beforeAll(async () => {
    nats = await startNats();
    nc = await natsClient(nats.url);
    redis = await startRedis();
    payments = respond(nc, SUBJECTS.paymentsChallenge, () => ({
      response: { headerValue: encodeHeaderJson(REQUIRED), body: { x402Version: 1, toll: { memo: 'm' } } },
    }));
    paid = respond(nc, SUBJECTS.paymentsCall, () => ({
      response: {
        kind: 'answer',
        json: '{"ok":true}',
        headers: {},
        settled: { paymentResponse: 'e30=', receipt: 'r.s' },
      },
    }));
    demo = await startDemoGroup(nats.url);
    const env = { NATS_URL: nats.url, PORT: '0', LOG_LEVEL: 'error', REDIS_URL: redis.url, ...LIMITS };
    gws = [await startGateway(env), await startGateway(env)];
    for (const g of gws)
      await waitFor(async () => ((await http(`${g.url}/readyz`)).body.routes > 0 ? true : undefined));
  }, 90_000);

  afterAll(async () => {
    for (const g of gws) await g.close();
    await demo.close();
    payments.stop();
    paid.stop();
    await nc.close();
    await nats.stop();
    await redis.stop();
  });

  it('lets exactly the burst of quick calls through across both replicas, then answers 429 with Retry-After', async () => {
    const since = Date.now();
    const calls = await Promise.all(
      Array.from({ length: 8 }, (_, i) => http(`${gws[i % 2].url}/toll/demo/echo?q=a`, from('203.0.113.1'))),
    );
    // Past the limiter or refused by it (on a loaded machine a call let through may still time out in the group).
    const limited = (statuses: number[]) => statuses.map((s) => (s === 429 ? 429 : 'passed')).sort();
    expect(limited(calls.map((c) => c.status))).toEqual(
      ['passed', 'passed', 'passed', 'passed', 'passed', 429, 429, 429].sort(),
    );
    for (const g of gws) {
      const res = await http(`${g.url}/toll/demo/echo?q=a`, from('203.0.113.1'));
      const s = expectRetryAfter(res.headers.get('retry-after'), since);
      expect([res.status, res.headers.get('ratelimit-policy'), res.headers.get('ratelimit')]).toEqual([
        429,
        '"free-op";q=5;w=500',
        `"free-op";r=0;t=${s}`,
      ]);
      expect(res.body).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: `Too many free-op requests from this client: retry after ${s} s`,
          details: { class: 'free-op', retry_after_seconds: s, limit: { per_second: 0.01, burst: 5 } },
          request_id: res.headers.get('x-request-id'),
        },
      });
    }
    expect(await metricOf(gws[0], 'toll_gateway_rate_limit_shared')).toBe('1');
  });

  it('keys IPv6 clients by their /64, and another client keeps its own bucket', async () => {
    const statuses = [];
    for (const client of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::1',
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff::9',
      '2001:db8:1:2:ffff::9',
      '2001:db8:1:2::abcd',
    ]) {
      statuses.push((await http(`${gws[statuses.length % 2].url}/toll/demo/echo?q=a`, from(client))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await http(`${gws[0].url}/toll/demo/echo?q=a`, from('2001:db8:1:3::1'))).status).toBe(200);
    expect((await http(`${gws[1].url}/toll/demo/echo?q=a`, from('203.0.113.2'))).status).toBe(200);
  });

  it('takes the right-most X-Forwarded-For hop the trusted proxy did not add, so a client cannot spoof its way out', async () => {
    for (let i = 0; i < 5; i++)
      expect((await http(`${gws[i % 2].url}/toll/demo/echo?q=a`, from('203.0.113.20'))).status).toBe(200);
    expect((await http(`${gws[0].url}/toll/demo/echo?q=a`, from('198.51.100.7, 203.0.113.20'))).status).toBe(429);
    expect((await http(`${gws[1].url}/toll/demo/echo?q=a`, from('203.0.113.20, 127.0.0.1'))).status).toBe(429);
    expect((await http(`${gws[1].url}/toll/demo/echo?q=a`, from('203.0.113.20, 198.51.100.7'))).status).toBe(200);
  });

  it('limits each route class apart, never paid calls for free traffic, never the health probes', async () => {
    const client = '203.0.113.30';
    const statuses = async (n: number, path: string, init: RequestInit & { json?: unknown } = {}) => {
      const out = [];
      for (let i = 0; i < n; i++)
        out.push(
          (await http(`${gws[i % 2].url}${path}`, { ...init, ...from(client, init.headers as Record<string, string>) }))
            .status,
        );
      return out;
    };
    expect(await statuses(6, '/toll/demo/echo?q=a')).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statuses(4, '/toll/demo/paid')).toEqual([402, 402, 402, 429]);
    expect(await statuses(3, '/openapi.json')).toEqual([200, 200, 429]);
    expect(await statuses(3, '/docs')).toEqual([429, 429, 429]); // the same class as /openapi.json
    expect(await statuses(3, '/discovery/resources')).toEqual([200, 200, 429]);
    expect(await statuses(3, '/healthz')).toEqual([200, 200, 200]);
    paid.calls.splice(0);
    // The same client, every free class empty: its paid calls are served (they have their own, larger bucket).
    expect(await statuses(2, '/toll/demo/paid?toll_memo=m', { headers: { 'x-payment-tx': 'sig' } })).toEqual([
      200, 200,
    ]);
    expect(paid.calls).toHaveLength(2);
    const mcpPaid = await http(`${gws[0].url}/mcp`, {
      method: 'POST',
      ...from(client, MCP_HEADERS),
      json: rpc(7, 'tools/call', {
        name: 'demo_getPaid',
        arguments: {},
        _meta: { 'x402/payment': { x402Version: 2 } },
      }),
    });
    expect([mcpPaid.status, mcpPaid.body.result.isError, mcpPaid.body.result.content[0].text]).toEqual([
      200,
      undefined,
      '{"ok":true}',
    ]);
    expect(paid.calls).toHaveLength(3);
  });

  it('answers MCP over HTTP with the same 429, as a JSON-RPC error carrying the envelope', async () => {
    const client = '203.0.113.40';
    const list = () =>
      http(`${gws[1].url}/mcp`, { method: 'POST', ...from(client, MCP_HEADERS), json: rpc(3, 'tools/list') });
    const since = Date.now();
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    const refused = await list();
    expect(refused.status).toBe(429);
    const s = expectRetryAfter(refused.headers.get('retry-after'), since);
    const message = `Too many mcp requests from this client: retry after ${s} s`;
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: {
        code: -32000,
        message,
        data: {
          code: 'RATE_LIMITED',
          message,
          details: { class: 'mcp', retry_after_seconds: s, limit: { per_second: 0.01, burst: 2 } },
          request_id: refused.headers.get('x-request-id'),
        },
      },
    });
  });

  it('keeps serving when Redis goes away, each replica limiting alone with 1/replicas of the bucket, and shares again when it is back', async () => {
    await redis.stop();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await http(`${gws[0].url}/toll/demo/echo?q=a`, from('203.0.113.50'))).status);
    expect(statuses).toEqual([200, 200, 429, 429]); // burst 5 over 2 replicas: 2 each
    expect((await http(`${gws[1].url}/toll/demo/echo?q=a`, from('203.0.113.50'))).status).toBe(200);
    expect(await metricOf(gws[0], 'toll_gateway_rate_limit_shared')).toBe('0');
    expect(await metricOf(gws[0], 'toll_gateway_rate_limited_total{class="free-op",decided_by="local"}')).toBe('2');

    redis = await startRedis(redis.port);
    for (const g of gws)
      await waitFor(
        async () =>
          (await http(`${g.url}/toll/demo/echo?q=a`, from('203.0.113.51'))) &&
          (await metricOf(g, 'toll_gateway_rate_limit_shared')) === '1'
            ? true
            : undefined,
        10_000,
        200,
      );
    const shared = await Promise.all(
      Array.from({ length: 7 }, (_, i) => http(`${gws[i % 2].url}/toll/demo/echo?q=a`, from('203.0.113.52'))),
    );
    expect(shared.filter((c) => c.status === 429)).toHaveLength(2);
  });

  it('starts and serves with Redis unreachable, and ignores X-Forwarded-For from a peer it does not trust', async () => {
    const closed = await freePort();
    const alone = await startGateway({
      NATS_URL: nats.url,
      PORT: '0',
      LOG_LEVEL: 'error',
      REDIS_URL: `redis://127.0.0.1:${closed}`,
      GATEWAY_TRUST_PROXY: '10.0.0.0/8',
      ...LIMITS,
      GATEWAY_RATE_LIMIT_REPLICAS: '1',
    });
    try {
      await waitFor(async () => ((await http(`${alone.url}/readyz`)).body.routes > 0 ? true : undefined));
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await http(`${alone.url}/toll/demo/echo?q=a`, from(`198.51.100.${i}`))).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]); // every call is 127.0.0.1's
      expect(await metricOf(alone, 'toll_gateway_rate_limit_shared')).toBe('0');
    } finally {
      await alone.close();
    }
  });

  it("keeps serving when Redis accepts connections but answers nothing: decisions time out to the replica's own buckets", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    const { port } = silent.address() as { port: number };
    const alone = await startGateway({
      NATS_URL: nats.url,
      PORT: '0',
      LOG_LEVEL: 'error',
      REDIS_URL: `redis://127.0.0.1:${port}`,
      ...LIMITS,
      GATEWAY_RATE_LIMIT_REDIS_TIMEOUT_MS: '50',
      GATEWAY_RATE_LIMIT_REPLICAS: '1',
    });
    try {
      await waitFor(async () => ((await http(`${alone.url}/readyz`)).body.routes > 0 ? true : undefined));
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await http(`${alone.url}/toll/demo/echo?q=a`, from('203.0.113.60'))).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(
        Number(await metricOf(alone, 'toll_gateway_rate_limit_redis_failures_total{reason="timeout"}')),
      ).toBeGreaterThanOrEqual(1);
      expect(await metricOf(alone, 'toll_gateway_rate_limit_shared')).toBe('0');
    } finally {
      await alone.close();
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
