import * as http from 'node:http';
import * as https from 'node:https';
import { STEP_SECONDS, SpanKind, appMetrics, span } from '@toll/telemetry';
import { Histogram } from 'prom-client';

// A small Solana JSON-RPC client: per-call timeout, failover across URLs (healthiest first),
// and RPC errors surfaced as RpcError instead of thrown strings.
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export class RpcUnavailableError extends Error {}

export interface RpcClientOptions {
  urls: string[];
  timeoutMs: number;
  // Replaces the built-in transport (e.g. to add headers); the default is a keep-alive http(s).request.
  fetch?: typeof fetch;
}

type Transport = (url: URL, body: string, timeoutMs: number) => Promise<{ status: number; text: string }>;

const AGENTS = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

// Global fetch costs 0.19–0.30 ms of client CPU per call (web streams, Request and Response objects), a keep-alive
// http.request 0.05–0.07 ms: payments reads one transaction per paid call (docs/benchmarks.md, "Paid path").
const post: Transport = (url, body, timeoutMs) => {
  const attempt = () =>
    new Promise<{ status: number; text: string; reused: boolean }>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
      const req = client.request(
        url,
        { method: 'POST', agent: AGENTS[url.protocol as keyof typeof AGENTS], headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            clearTimeout(deadline);
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              reused: req.reusedSocket,
            });
          });
        },
      );
      // The whole exchange, answer included, within timeoutMs; destroying the request also fails a response in flight.
      const deadline = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => {
        clearTimeout(deadline);
        reject(Object.assign(e, { reused: req.reusedSocket }));
      });
      req.end(body);
    });
  // A kept-alive socket the node closed while idle fails at once on reuse: that one request is sent again.
  return attempt().catch((e: NodeJS.ErrnoException & { reused?: boolean }) => {
    if (e.reused && e.code === 'ECONNRESET') return attempt();
    throw e;
  });
};

const viaFetch =
  (doFetch: typeof fetch): Transport =>
  async (url, body, timeoutMs) => {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, text: await res.text() };
  };

export class SolanaRpc {
  private readonly failures: number[];
  private readonly urls: URL[];
  private readonly transport: Transport;
  private id = 0;

  constructor(private readonly options: RpcClientOptions) {
    if (!options.urls.length) throw new Error('at least one RPC URL is required');
    this.failures = options.urls.map(() => 0);
    this.urls = options.urls.map((u) => new URL(u));
    this.transport = options.fetch ? viaFetch(options.fetch) : post;
  }

  // Each read is timed (toll_chain_rpc_duration_seconds, by method and outcome) and, with traces on, a client span.
  call<T>(method: string, params: unknown[] = [], timeoutMs = this.options.timeoutMs): Promise<T> {
    const timer = chainMetrics()?.startTimer({ method });
    return span(`chain ${method}`, SpanKind.CLIENT, { 'rpc.system': 'solana', 'rpc.method': method }, () =>
      this.failover<T>(method, params, timeoutMs),
    ).then(
      (result) => (timer?.({ outcome: 'ok' }), result),
      (e: unknown) => {
        timer?.({ outcome: e instanceof RpcError ? 'rpc_error' : 'unavailable' });
        throw e;
      },
    );
  }

  private async failover<T>(method: string, params: unknown[], timeoutMs: number): Promise<T> {
    const order = this.urls.map((_, i) => i).sort((a, b) => this.failures[a] - this.failures[b]);
    let last: unknown;
    for (const i of order) {
      try {
        const res = await this.transport(
          this.urls[i],
          JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params }),
          timeoutMs,
        );
        if (res.status < 200 || res.status > 299) throw new RpcUnavailableError(`${method}: HTTP ${res.status}`);
        const body = JSON.parse(res.text) as { result?: T; error?: { code: number; message: string; data?: unknown } };
        this.failures[i] = 0;
        if (body.error) throw new RpcError(body.error.code, body.error.message, body.error.data);
        return body.result as T;
      } catch (e) {
        if (e instanceof RpcError) throw e; // the node answered: failing over would not change the answer
        this.failures[i]++;
        last = e;
      }
    }
    throw new RpcUnavailableError(`no RPC endpoint answered ${method}: ${String((last as Error)?.message ?? last)}`);
  }
}

// Per app (libs/telemetry). method: the JSON-RPC method our code calls; outcome: ok, rpc_error (the node refused), or
// unavailable (no endpoint answered: the chain is unreachable).
const chainMetrics = () =>
  appMetrics(
    'chain',
    (registry) =>
      new Histogram({
        name: 'toll_chain_rpc_duration_seconds',
        help: 'Solana JSON-RPC calls by method and outcome, failover included',
        labelNames: ['method', 'outcome'] as const,
        buckets: STEP_SECONDS,
        registers: [registry],
      }),
  );
