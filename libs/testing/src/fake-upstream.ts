import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';

// A recorded (or documented-shape) upstream exchange, as stored in apps/<app>/test/fixtures/<upstream>/<case>.json.
export interface Fixture {
  upstream: string;
  case: string;
  source: 'recorded' | 'built-from-docs';
  recordedAt: string;
  note?: string;
  request: { method?: string; path: string; query?: Record<string, string> };
  response: { status: number; headers?: Record<string, string>; body: unknown; delayMs?: number };
}

export interface FakeUpstream {
  url: string;
  hits: Array<{ method: string; path: string; query: Record<string, string> }>;
  use(fixtures: Fixture[]): void; // replaces the active fixtures (a scenario)
  stop(): Promise<void>;
}

export const loadFixtures = (dir: string): Fixture[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture);

const matches = (f: Fixture, method: string, path: string, query: URLSearchParams) =>
  (f.request.method ?? 'GET') === method && f.request.path === path && Object.entries(f.request.query ?? {}).every(([k, v]) => query.get(k) === v);

// Replays fixtures on a loopback port: the most specific match wins (most query keys); no match → 599,
// so a test never silently reaches anything real.
export async function startFakeUpstream(initial: Fixture[] = []): Promise<FakeUpstream> {
  let fixtures = initial;
  const hits: FakeUpstream['hits'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    hits.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const candidates = fixtures.filter((f) => matches(f, req.method ?? 'GET', url.pathname, url.searchParams));
    const fixture = candidates.sort((a, b) => Object.keys(b.request.query ?? {}).length - Object.keys(a.request.query ?? {}).length)[0];
    if (!fixture) {
      res.writeHead(599, { 'content-type': 'text/plain' }).end(`no fixture for ${req.method} ${url.pathname}${url.search}`);
      return;
    }
    const { status, headers, body, delayMs } = fixture.response;
    const send = () => {
      if (res.destroyed) return;
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers }).end(text);
    };
    if (delayMs) setTimeout(send, delayMs).unref();
    else send();
  });
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    use: (next) => {
      fixtures = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
