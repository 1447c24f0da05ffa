import { createServer, type Server } from 'node:http';
import { RpcError, RpcUnavailableError, SolanaRpc } from './rpc';

const listen = (handler: (body: any) => { status?: number; json?: unknown; hang?: boolean }) =>
  new Promise<{ url: string; server: Server; calls: number[] }>((resolve) => {
    const calls: number[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        calls.push(Date.now());
        const out = handler(JSON.parse(raw));
        if (out.hang) return;
        res.writeHead(out.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(out.json));
      });
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, calls }),
    );
  });

describe(SolanaRpc.name, () => {
  it('fails over to the next URL when one is down or hangs, and prefers the healthy one afterwards', async () => {
    const down = await listen(() => ({ hang: true }));
    const up = await listen((b) => ({ json: { jsonrpc: '2.0', id: b.id, result: 42 } }));
    const rpc = new SolanaRpc({ urls: [down.url, up.url], timeoutMs: 200 });
    expect(await rpc.call('getSlot')).toBe(42);
    expect(await rpc.call('getSlot')).toBe(42);
    expect([down.calls.length, up.calls.length]).toEqual([1, 2]);
    down.server.closeAllConnections();
    down.server.close();
    up.server.close();
  });

  it('reuses one kept-alive connection, sends again once when the node closed it while idle, and times out a slow answer', async () => {
    const sockets = new Set<unknown>();
    const node = await listen((b) =>
      b.method === 'slow' ? { hang: true } : { json: { jsonrpc: '2.0', id: b.id, result: b.method } },
    );
    node.server.on('connection', (s) => sockets.add(s));
    node.server.keepAliveTimeout = 60_000;
    const rpc = new SolanaRpc({ urls: [node.url], timeoutMs: 300 });
    expect([await rpc.call('a'), await rpc.call('b'), await rpc.call('c')]).toEqual(['a', 'b', 'c']);
    expect(sockets.size).toBe(1);
    // The server drops its idle connection without the client noticing first: the next call still answers.
    node.server.closeIdleConnections();
    expect(await rpc.call('d')).toBe('d');
    const started = Date.now();
    await expect(rpc.call('slow')).rejects.toThrow(/no RPC endpoint answered slow: timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(1_000);
    node.server.closeAllConnections();
    node.server.close();
  });

  it('surfaces a node’s JSON-RPC error without failing over, and reports when no node answers', async () => {
    const node = await listen((b) => ({
      json: { jsonrpc: '2.0', id: b.id, error: { code: -32602, message: 'Invalid param' } },
    }));
    await expect(new SolanaRpc({ urls: [node.url], timeoutMs: 500 }).call('getTransaction', ['x'])).rejects.toEqual(
      new RpcError(-32602, 'Invalid param'),
    );
    node.server.close();
    await expect(
      new SolanaRpc({ urls: ['http://127.0.0.1:9'], timeoutMs: 200 }).call('getSlot'),
    ).rejects.toBeInstanceOf(RpcUnavailableError);
  });
});
