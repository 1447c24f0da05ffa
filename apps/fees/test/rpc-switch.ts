import type { Fixture } from '@toll/testing';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface RpcSwitch {
  url: string;
  methods: string[]; // JSON-RPC methods received, in order
  pass(): void; // forward to the local chain
  serve(fixture: Fixture): void; // answer every request from a fixture (status, body, delayMs)
  down(): void; // drop every connection, like a dead host
  stop(): Promise<void>;
}

// One RPC URL of the group under test: a pass-through to the real local chain that a test can switch to a
// fixture or to "down", so primary and fallback fail independently.
export async function startRpcSwitch(target: string): Promise<RpcSwitch> {
  let mode: { kind: 'pass' } | { kind: 'fixture'; fixture: Fixture } | { kind: 'down' } = { kind: 'pass' };
  const methods: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      methods.push((JSON.parse(body) as { method: string }).method);
      if (mode.kind === 'down') return void req.socket.destroy();
      if (mode.kind === 'fixture') {
        const { status, body: out, delayMs } = mode.fixture.response;
        const send = () =>
          !res.destroyed &&
          res
            .writeHead(status, { 'content-type': typeof out === 'string' ? 'text/plain' : 'application/json' })
            .end(typeof out === 'string' ? out : JSON.stringify(out));
        return void (delayMs ? setTimeout(send, delayMs).unref() : send());
      }
      const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    methods,
    pass: () => {
      mode = { kind: 'pass' };
    },
    serve: (fixture) => {
      mode = { kind: 'fixture', fixture };
    },
    down: () => {
      mode = { kind: 'down' };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
