import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { RpcPoolError, SolanaRpcPool } from './rpc-pool';

// A JSON-RPC node the test scripts: each answer is a JSON-RPC body after a delay.
interface Script {
  delayMs?: number;
  body: unknown;
  hits: number;
}
const node = async (script: Script): Promise<{ url: string; server: Server }> => {
  const server = createServer((req, res) => {
    script.hits++;
    req.resume();
    setTimeout(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(script.body)),
      script.delayMs ?? 0,
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};
const result = (value: unknown) => ({ jsonrpc: '2.0', id: 1, result: value });
const error = (code: number, message: string) => ({ jsonrpc: '2.0', id: 1, error: { code, message } });

describe(SolanaRpcPool.name, () => {
  const primary: Script = { body: null, hits: 0 };
  const fallback: Script = { body: null, hits: 0 };
  const servers: Server[] = [];
  let pool: SolanaRpcPool;

  beforeAll(async () => {
    const nodes = await Promise.all([node(primary), node(fallback)]);
    servers.push(...nodes.map((n) => n.server));
    pool = new SolanaRpcPool({
      endpoints: nodes.map((n, i) => ({ name: `rpc-${i + 1}`, url: n.url })),
      timeoutMs: 1_000,
      userAgent: 'test',
    });
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));
  beforeEach(() => {
    Object.assign(primary, { hits: 0, delayMs: 0 });
    Object.assign(fallback, { hits: 0, delayMs: 0, body: result(7) });
  });

  it('asks the next endpoint after a JSON-RPC error about the node (-32005 node behind) and names the failure', async () => {
    primary.body = error(-32005, 'Node is behind by 42 slots');
    expect(await pool.call('getSlot', [], z.number(), Date.now() + 2_000)).toEqual({
      value: 7,
      source: 'rpc-2',
      failures: [
        { source: 'rpc-1', code: 'UPSTREAM_ERROR', message: 'JSON-RPC error -32005: Node is behind by 42 slots' },
      ],
    });
  });

  it('stops at a JSON-RPC error about the request (-32602): every node would answer it, the caller gets it as final', async () => {
    primary.body = error(-32602, 'Invalid param: WrongSize');
    const failure = await pool.call('getSlot', [], z.number(), Date.now() + 2_000).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RpcPoolError);
    expect((failure as RpcPoolError).final).toMatchObject({ code: -32602, message: 'Invalid param: WrongSize' });
    expect(fallback.hits).toBe(0);
  });

  it('asks the next endpoint when the result fails its schema', async () => {
    primary.body = result({ not: 'a slot' });
    const answer = await pool.call('getSlot', [], z.number(), Date.now() + 2_000);
    expect(answer.source).toBe('rpc-2');
    expect(answer.failures[0].message).toBe(
      'unexpected getSlot result shape (result: Invalid input: expected number, received object)',
    );
  });

  it('gives each attempt only what is left of the deadline: a slow primary is a timeout and the fallback is not tried', async () => {
    Object.assign(primary, { body: result(1), delayMs: 1_500 });
    const started = Date.now();
    const failure = (await pool
      .call('getSlot', [], z.number(), Date.now() + 400)
      .catch((e: unknown) => e)) as RpcPoolError;
    expect(Date.now() - started).toBeLessThan(600);
    expect(failure.code).toBe('UPSTREAM_TIMEOUT');
    expect(failure.failures.map((f) => f.source)).toEqual(['rpc-1', 'rpc-2']);
    expect(failure.failures[1]).toEqual({
      source: 'rpc-2',
      code: 'UPSTREAM_TIMEOUT',
      message: 'not tried: no time left before the deadline',
    });
    expect(fallback.hits).toBe(0);
  });
});
