// One Solana JSON-RPC node over HTTP — https://solana.com/docs/rpc (docs/upstreams.md §6, docs/peers.md §2).
// Terms and quotas: the public endpoints (api.mainnet-beta.solana.com) allow 100 requests per 10 s per IP and
// 40 per 10 s per method and are "not for production" (429/403 beyond that); providers (Helius, Triton,
// QuickNode) sell credits per method and put the API key in the URL path or query, so URLs are secrets and
// only their origin is ever shown. Agave refuses request bodies over 50 KiB (413).
// Odd shapes: errors come back as HTTP 200 with `{error:{code,message,data}}`; -32005 (node behind, with
// data.numSlotsBehind), -32004/-32014 (block not available yet) and -32016 (minContextSlot not reached) depend
// on the node, not the request; 429 bodies may be plain text or JSON; batch answers may come in any order
// (match by id); some providers answer a batch they do not allow with one error object.

export type FailureKind = 'refused' | 'timeout' | 'http' | 'rate-limited' | 'bad-body' | 'too-large' | 'network';

// Failures where the request provably never reached the node's RPC handler: a write may go elsewhere.
const NEVER_DELIVERED: ReadonlySet<FailureKind> = new Set(['refused', 'rate-limited']);
const REFUSED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

export class NodeFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  get delivered(): boolean {
    return !NEVER_DELIVERED.has(this.kind);
  }
}

export interface NodeOptions {
  name: string;
  url: string;
  userAgent: string;
  maxResponseBytes: number;
}

const causeCode = (e: unknown): string | undefined => (e as { cause?: { code?: string } })?.cause?.code ?? (e as { code?: string })?.code;

const retryAfterMs = (header: string | null): number | undefined => {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 300) * 1000 : undefined;
};

export class SolanaRpcNode {
  readonly name: string;
  readonly origin: string; // scheme://host[:port]; path and query may hold an API key

  constructor(private readonly options: NodeOptions) {
    this.name = options.name;
    this.origin = new URL(options.url).origin;
  }

  // POSTs a JSON-RPC body and returns the answer text; every failure is a NodeFailure.
  async post(body: string, signal: AbortSignal): Promise<string> {
    let res: Response;
    try {
      res = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': this.options.userAgent },
        body,
        signal,
      });
    } catch (e) {
      throw this.fetchFailure(e, signal);
    }
    if (res.status === 429) {
      await res.body?.cancel();
      throw new NodeFailure('rate-limited', `${this.name}: HTTP 429`, retryAfterMs(res.headers.get('retry-after')));
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new NodeFailure('http', `${this.name}: HTTP ${res.status}`);
    }
    return this.readCapped(res, signal);
  }

  private async readCapped(res: Response, signal: AbortSignal): Promise<string> {
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > this.options.maxResponseBytes) {
      await res.body?.cancel();
      throw new NodeFailure('too-large', `answer of ${declared} bytes exceeds ${this.options.maxResponseBytes}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body ?? []) {
        size += chunk.length;
        if (size > this.options.maxResponseBytes) throw new NodeFailure('too-large', `answer exceeds ${this.options.maxResponseBytes} bytes`);
        chunks.push(Buffer.from(chunk));
      }
    } catch (e) {
      await res.body?.cancel().catch(() => undefined);
      throw e instanceof NodeFailure ? e : this.fetchFailure(e, signal);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private fetchFailure(e: unknown, signal: AbortSignal): NodeFailure {
    if (signal.aborted) return new NodeFailure('timeout', `${this.name}: no answer in time`);
    const code = causeCode(e);
    if (code && REFUSED_CODES.has(code)) return new NodeFailure('refused', `${this.name}: ${code}`);
    return new NodeFailure('network', `${this.name}: ${code ?? 'connection failed'}`);
  }
}
