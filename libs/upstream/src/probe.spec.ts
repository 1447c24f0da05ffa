import { createServer, type Server } from 'node:http';
import { httpProbe } from './probe';

describe(httpProbe.name, () => {
  let server: Server;
  let url: string;
  let answer = { status: 200, delayMs: 0 };
  const seen: Array<{ path?: string; agent?: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url, agent: req.headers['user-agent'] });
      setTimeout(() => res.writeHead(answer.status).end('x'), answer.delayMs).unref();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const outcome = (status: number, delayMs = 0, timeoutMs = 1_000) => {
    answer = { status, delayMs };
    return httpProbe({ name: 'p', url, userAgent: 'Toll-test/1.0' })(Date.now() + timeoutMs).then(
      () => 'up',
      (e: { code: string; message: string }) => `${e.code}: ${e.message}`,
    );
  };

  it('counts any answer but 429 and 5xx as up, with one GET at the root and our User-Agent', async () => {
    seen.length = 0;
    expect([await outcome(200), await outcome(404), await outcome(401)]).toEqual(['up', 'up', 'up']);
    expect(seen).toEqual(Array(3).fill({ path: '/api/', agent: 'Toll-test/1.0' }));
  });

  it('counts 5xx, 429, silence past the deadline and an unreachable host as down, after one attempt', async () => {
    seen.length = 0;
    expect([await outcome(503), await outcome(429)]).toEqual([
      'UPSTREAM_ERROR: p answered HTTP 503',
      'UPSTREAM_ERROR: p answered HTTP 429',
    ]);
    expect(seen).toHaveLength(2);
    expect(await outcome(200, 500, 200)).toMatch(/^UPSTREAM_TIMEOUT: p did not answer in \d+ ms$/);
    const closed = await httpProbe({ name: 'gone', url: 'http://127.0.0.1:1', userAgent: 'x' })(
      Date.now() + 1_000,
    ).catch((e: { code: string }) => e.code);
    expect(closed).toBe('UPSTREAM_ERROR');
  });

  it('with several URLs (failover endpoints), is up when any of them answers', async () => {
    answer = { status: 200, delayMs: 0 };
    await expect(
      httpProbe({ name: 'p', url: ['http://127.0.0.1:1', url], userAgent: 'x' })(Date.now() + 1_000),
    ).resolves.toBeUndefined();
    answer = { status: 502, delayMs: 0 };
    await expect(
      httpProbe({ name: 'p', url: ['http://127.0.0.1:1', url], userAgent: 'x' })(Date.now() + 1_000),
    ).rejects.toMatchObject({ code: 'UPSTREAM_ERROR', message: 'p answered HTTP 502' });
  });
});
