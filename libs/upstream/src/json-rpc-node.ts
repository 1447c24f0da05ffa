// One JSON-RPC node over HTTP POST: the transport of the Solana RPC clients (the rpc group's proxy pool and
// @toll/solana's SolanaRpcPool). Every failure is a NodeFailure whose kind says what happened and whether the
// request may have reached the node (`delivered`: a write must not be sent elsewhere then); 429 carries the
// node's Retry-After; answers are read up to a byte cap. URLs may hold API keys: only the origin is exposed.

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

const causeCode = (e: unknown): string | undefined =>
  (e as { cause?: { code?: string } })?.cause?.code ?? (e as { code?: string })?.code;

const retryAfterMs = (header: string | null): number | undefined => {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 300) * 1000 : undefined;
};

export class JsonRpcNode {
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
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': this.options.userAgent,
        },
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
        if (size > this.options.maxResponseBytes)
          throw new NodeFailure('too-large', `answer exceeds ${this.options.maxResponseBytes} bytes`);
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
