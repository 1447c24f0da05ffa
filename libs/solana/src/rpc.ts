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
  fetch?: typeof fetch;
}

export class SolanaRpc {
  private readonly failures: number[];
  private id = 0;

  constructor(private readonly options: RpcClientOptions) {
    if (!options.urls.length) throw new Error('at least one RPC URL is required');
    this.failures = options.urls.map(() => 0);
  }

  async call<T>(method: string, params: unknown[] = [], timeoutMs = this.options.timeoutMs): Promise<T> {
    const order = this.options.urls.map((_, i) => i).sort((a, b) => this.failures[a] - this.failures[b]);
    const doFetch = this.options.fetch ?? fetch;
    let last: unknown;
    for (const i of order) {
      try {
        const res = await doFetch(this.options.urls[i], {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new RpcUnavailableError(`${method}: HTTP ${res.status}`);
        const body = (await res.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
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
