import { findFixture, fixtureBody, type Fixture } from '@toll/upstream';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeUpstream {
  url: string;
  hits: Array<{ method: string; path: string; query: Record<string, string>; body?: unknown }>;
  use(fixtures: Fixture[]): void; // replaces the active fixtures (a scenario)
  stop(): Promise<void>;
}

export { loadFixtures, type Fixture } from '@toll/upstream';

// The fixture a test names: `<upstream>/<case>`, or the case alone.
export function fixtureNamed(fixtures: Fixture[], id: string): Fixture {
  const found = fixtures.find((f) => `${f.upstream}/${f.case}` === id) ?? fixtures.find((f) => f.case === id);
  if (!found) throw new Error(`no fixture ${id}`);
  return found;
}

// Every provider's root answering `status`: what background probes ask (libs/upstream httpProbe), so a provider is
// up or down for them while nothing else is recorded.
export const rootFixture = (status: number, body: unknown): Fixture => ({
  upstream: 'any',
  case: `root-${status}`,
  source: 'built-from-docs',
  recordedAt: '2026-11-27T00:00:00Z',
  request: { method: 'GET', path: '/' },
  response: { status, body },
});

// Replays fixtures on a loopback port: the most specific match wins (most query keys); no match → 599 (404 at the
// root), so a test never silently reaches anything real.
export async function startFakeUpstream(initial: Fixture[] = []): Promise<FakeUpstream> {
  let fixtures = initial;
  const hits: FakeUpstream['hits'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const sent = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
    hits.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      ...(sent === undefined ? {} : { body: parseJsonOr(sent) }),
    });
    const fixture = findFixture(fixtures, req.method ?? 'GET', url, sent);
    if (!fixture) {
      // The provider's root is what background probes ask (libs/upstream httpProbe): a real API answers it (often
      // 404), so the fake does too, and a group probing it sees its provider up; anything else unrecorded is loud.
      const root = url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD');
      res
        .writeHead(root ? 404 : 599, { 'content-type': 'text/plain' })
        .end(`no fixture for ${req.method} ${url.pathname}${url.search}`);
      return;
    }
    const { status, headers, body, delayMs } = fixture.response;
    const send = () => {
      if (res.destroyed) return;
      res
        .writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers })
        .end(fixtureBody(fixture));
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

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
