import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalChain } from './chain';
import { accountMethods } from './methods-accounts';
import { cheatMethods } from './methods-cheats';
import { clusterMethods } from './methods-cluster';
import { transactionMethods } from './methods-transactions';
import { createPubsub } from './pubsub';
import { handleBody } from './rpc-dispatch';
import type { RpcMethods } from './rpc-types';

export interface LocalRpcOptions {
  port?: number;
  host?: string;
  // An existing chain to serve; otherwise a new one with `slotMs`.
  chain?: LocalChain;
  slotMs?: number;
  // The localnet_* seeding methods (default on). Turn off to serve only what a real node answers.
  cheats?: boolean;
  // agave's default request body limit is 50 KiB.
  maxBodyBytes?: number;
}

export interface LocalRpc {
  url: string;
  wsUrl: string;
  chain: LocalChain;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 50 * 1024;

function rpcMethods(chain: LocalChain, cheats = true): RpcMethods {
  return {
    ...clusterMethods(chain),
    ...accountMethods(chain),
    ...transactionMethods(chain),
    ...(cheats ? cheatMethods(chain) : {}),
  };
}

// JSON-RPC over HTTP and PubSub over WebSocket on the same port. PubSub is also offered on port + 1 when that
// port is free, which is where solana-test-validator puts it and where web3.js Connection looks by default.
export async function startLocalRpc(options: LocalRpcOptions = {}): Promise<LocalRpc> {
  const chain = options.chain ?? new LocalChain({ slotMs: options.slotMs });
  const host = options.host ?? '127.0.0.1';
  const methods = rpcMethods(chain, options.cheats ?? true);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const pubsub = createPubsub(chain);

  const server = createServer((req, res) => serveHttp(req, res, methods, maxBodyBytes));
  // Node closes idle keep-alive sockets after 5 s, racing clients that reuse them later (ECONNRESET);
  // agave's server keeps them, so idle connections are kept for a minute here.
  server.keepAliveTimeout = 60_000;
  pubsub.attach(server);
  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;

  const nextPort = createServer((_req, res) => res.writeHead(426, { connection: 'close' }).end('websocket only'));
  pubsub.attach(nextPort);
  const nextPortOpen = await listen(nextPort, port + 1, host).then(
    () => true,
    () => false,
  );

  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    wsUrl: `ws://${urlHost}:${port}`,
    chain,
    close: async () => {
      pubsub.close();
      await Promise.all([close(server), nextPortOpen ? close(nextPort) : Promise.resolve()]);
    },
  };
}

function serveHttp(req: IncomingMessage, res: ServerResponse, methods: RpcMethods, maxBodyBytes: number): void {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBodyBytes) {
      res.writeHead(413, { connection: 'close' }).end('Payload Too Large');
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (res.headersSent) return;
    const reply = handleBody(methods, Buffer.concat(chunks).toString('utf8'));
    if (reply === undefined) res.writeHead(204).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
