import { TollError } from '@toll/contracts';
import { createServer } from 'node:http';
import { z } from 'zod';
import { SwrCache } from './cache';
import { redactUrl } from './redact';
import { createUpstream } from './upstream';

interface Canned {
  status: number;
  body: unknown;
  delayMs?: number;
}
const fixture = (_path: string, status: number, body: unknown, delayMs?: number): Canned => ({ status, body, delayMs });

// A minimal canned server (libs/testing depends on this lib, so its fake upstream cannot be used here).
async function startCanned() {
  let canned: Canned = { status: 599, body: 'nothing canned' };
  const hits: string[] = [];
  const posts: Array<{ type: string | undefined; body: string }> = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => posts.push({ type: req.headers['content-type'], body }));
    }
    const send = () =>
      res
        .writeHead(canned.status, { 'content-type': 'application/json' })
        .end(
          typeof canned.body === 'string' || Buffer.isBuffer(canned.body) ? canned.body : JSON.stringify(canned.body),
        );
    if (canned.delayMs) setTimeout(send, canned.delayMs).unref();
    else send();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    hits,
    posts,
    use: ([next]: Canned[]) => (canned = next),
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
type FakeUpstream = Awaited<ReturnType<typeof startCanned>>;
const Temp = z.object({ temp: z.number() });

describe('createUpstream', () => {
  let a: FakeUpstream;
  let b: FakeUpstream;
  beforeAll(async () => {
    a = await startCanned();
    b = await startCanned();
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
  });
  beforeEach(() => {
    a.hits.length = 0;
    b.hits.length = 0;
  });

  const api = (baseUrls = [a.url, b.url], timeoutMs = 1_000) =>
    createUpstream({ name: 'test', baseUrls, timeoutMs, userAgent: 'toll-test' });

  it('fails over to the next base URL on a retryable status', async () => {
    a.use([fixture('/t', 503, 'down')]);
    b.use([fixture('/t', 200, { temp: 21.5 })]);
    expect(await api().getJson('/t', {}, Temp)).toEqual({ temp: 21.5 });
    expect([a.hits.length, b.hits.length]).toEqual([1, 1]);
  });

  it('does not retry a non-retryable status', async () => {
    a.use([fixture('/t', 404, { error: 'nope' })]);
    b.use([fixture('/t', 200, { temp: 1 })]);
    await expect(api().getJson('/t', {}, Temp)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { upstream: 'test', status: 404 },
    });
    expect(b.hits.length).toBe(0);
  });

  it('treats a 200 with an error page or an unexpected shape as an upstream error', async () => {
    a.use([fixture('/t', 200, 'Rate limit exceeded. Try again later.')]);
    await expect(api([a.url]).getJson('/t', {}, Temp)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'test answered with a body that is not JSON',
    });
    a.use([fixture('/t', 200, { error: true, reason: 'bad latitude' })]);
    await expect(api([a.url]).getJson('/t', {}, Temp)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { issues: [{ field: 'temp' }] },
    });
  });

  it('returns a binary body byte for byte, and text without its byte-order mark', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x80]);
    a.use([fixture('/f.zip', 200, zip)]);
    expect(await api([a.url]).getBytes('/f.zip', {})).toEqual(zip);
    a.use([fixture('/t.csv', 200, Buffer.from('\ufeffdate,value\n', 'utf8'))]);
    expect(await api([a.url]).getText('/t.csv', {})).toBe('date,value\n');
  });

  it('answers UPSTREAM_TIMEOUT within the caller deadline instead of hanging', async () => {
    a.use([fixture('/t', 200, { temp: 1 }, 5_000)]);
    const started = Date.now();
    await expect(api([a.url], 10_000).getJson('/t', {}, Temp, { deadline: Date.now() + 300 })).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
    });
    expect(Date.now() - started).toBeLessThan(600);
  });

  it('reads the body of a listed non-2xx status as an answer (a venue’s 400 "unknown symbol")', async () => {
    a.use([fixture('/t', 400, { code: -1121, msg: 'Invalid symbol.' })]);
    const Answer = z.union([Temp, z.object({ code: z.number(), msg: z.string() })]);
    expect(await api([a.url]).getJson('/t', {}, Answer, { answerStatuses: [400] })).toEqual({
      code: -1121,
      msg: 'Invalid symbol.',
    });
    await expect(api([a.url]).getJson('/t', {}, Answer)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { status: 400 },
    });
  });

  it('posts a JSON body and parses the answer like a GET', async () => {
    a.posts.length = 0;
    a.use([fixture('/rpc', 200, { temp: 3 })]);
    expect(await api([a.url]).postJson('/rpc', { address: 'T1', visible: true }, Temp)).toEqual({ temp: 3 });
    await new Promise((r) => setTimeout(r, 20));
    expect(a.posts).toEqual([{ type: 'application/json', body: '{"address":"T1","visible":true}' }]);
  });

  it('redacts credentials from URLs it logs', () => {
    expect(redactUrl(new URL('https://x.test/a?q=1&apikey=s3cret&token=t'))).toBe(
      'https://x.test/a?q=1&apikey=***&token=***',
    );
  });
});

describe(SwrCache.name, () => {
  it('serves fresh, then labels a stale value with its age and reason when a refresh fails', async () => {
    let now = 0;
    const cache = new SwrCache(10, () => now);
    const policy = { freshMs: 100, staleMs: 1_000 };
    expect((await cache.get('k', policy, async () => ({ value: 1, source: 'p' }))).freshness).toEqual({
      source: 'p',
      fetchedAt: new Date(0).toISOString(),
      stale: false,
    });
    now = 500;
    const stale = await cache.get('k', policy, () =>
      Promise.reject(new TollError('UPSTREAM_ERROR', 'p answered HTTP 503')),
    );
    expect(stale).toEqual({
      value: 1,
      freshness: {
        source: 'p',
        fetchedAt: new Date(0).toISOString(),
        stale: true,
        reason: 'UPSTREAM_ERROR: p answered HTTP 503',
      },
    });
    now = 5_000;
    await expect(
      cache.get('k', policy, () => Promise.reject(new TollError('UPSTREAM_ERROR', 'down'))),
    ).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
  });

  it('loads once for concurrent callers of the same key', async () => {
    const cache = new SwrCache();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return { value: 'v', source: 's' };
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => cache.get('k', { freshMs: 1_000, staleMs: 0 }, load)),
    );
    expect(loads).toBe(1);
    expect(results.every((r) => r.value === 'v')).toBe(true);
  });
});
