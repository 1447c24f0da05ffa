// Solana JSON-RPC (https://solana.com/docs/rpc/http): getMultipleAccounts (base64) for mints, Metaplex metadata
// and holder token accounts; getTokenLargestAccounts (top 20 token accounts of a mint). upstreams.md §6, §15.
// Terms: on-chain data, no licence limits. The public mainnet endpoint allows 100 requests per 10 s per IP
// (40 per method) and is "not for production": configure a free-key provider (Helius etc.) first, keep the public
// one as a fallback. Keys travel in the URL, so URLs are never logged; endpoints are named by host only.
// Odd shapes: HTTP 429/403 when throttled; errors arrive as HTTP 200 {error:{code,message}}; which are worth
// another endpoint, and the timeouts, are the one policy of @toll/solana's SolanaRpcPool (-32005 "node is
// unhealthy/behind" is, -32602 invalid params is not); a missing account is `null` in `value`, not an error;
// getTokenLargestAccounts on a non-mint is -32602.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { RpcPoolError, SolanaRpcPool } from '@toll/solana';
import { RateGovernor } from '@toll/upstream';
import { z } from 'zod';
import type { TokensConfig } from '../config';

// Token accounts getTokenLargestAccounts returns at most, and getMultipleAccounts accepts at most.
const MAX_ACCOUNTS = 100;

// Only what is read: providers add or drop the other keys (space, rentEpoch, executable) freely.
const Base64Account = z.object({ data: z.tuple([z.string(), z.literal('base64')]), owner: z.string() }).nullable();
const MultipleAccounts = z.object({ value: z.array(Base64Account) });
const LargestAccounts = z.object({
  value: z.array(z.object({ address: z.string(), amount: z.string().regex(/^\d+$/) })).max(MAX_ACCOUNTS),
});

export interface RawAccount {
  owner: string;
  data: Buffer;
}

export interface Sourced<T> {
  value: T;
  source: string; // the endpoint that answered
}

// Endpoints are named by host (the path and query may hold an API key); a repeated host gets its position.
function endpointNames(urls: string[]): string[] {
  const hosts = urls.map((u) => new URL(u).host);
  return hosts.map((host, i) =>
    hosts.indexOf(host) !== hosts.lastIndexOf(host) ? `solana-rpc/${host}#${i + 1}` : `solana-rpc/${host}`,
  );
}

@Injectable()
export class SolanaRpcClient {
  private readonly pool: SolanaRpcPool;

  constructor(@Inject(APP_CONFIG) config: TokensConfig, @Inject(JsonLogger) logger: JsonLogger) {
    const names = endpointNames(config.TOKENS_RPC_URLS);
    const rate = config.TOKENS_RPC_RATE_PER_SEC;
    const governors = new Map(
      names.map((name) => [name, new RateGovernor({ ratePerSecond: rate, burst: Math.max(1, Math.ceil(rate)) })]),
    );
    // Endpoints that keep failing are tried last; each has its own rate governor.
    this.pool = new SolanaRpcPool({
      endpoints: config.TOKENS_RPC_URLS.map((url, i) => ({ name: names[i], url })),
      timeoutMs: config.TOKENS_RPC_TIMEOUT_MS,
      userAgent: config.TOKENS_USER_AGENT,
      preferHealthy: true,
      governor: (name) => governors.get(name),
      log: upstreamLog(logger),
    });
  }

  // Accounts in the order asked, null where none exists.
  async accounts(addresses: string[], deadline: number): Promise<Sourced<Array<RawAccount | null>>> {
    const { value, source } = await this.call(
      'getMultipleAccounts',
      [addresses, { encoding: 'base64', commitment: 'confirmed' }],
      MultipleAccounts,
      deadline,
    );
    if (value.value.length !== addresses.length)
      throw this.shapeError(
        'getMultipleAccounts',
        source,
        `${value.value.length} accounts for ${addresses.length} addresses`,
      );
    return { value: value.value.map((a) => a && { owner: a.owner, data: Buffer.from(a.data[0], 'base64') }), source };
  }

  // The mint's largest token accounts (at most 20), largest first.
  async largestAccounts(mint: string, deadline: number): Promise<Sourced<Array<{ address: string; amount: bigint }>>> {
    const { value, source } = await this.call(
      'getTokenLargestAccounts',
      [mint, { commitment: 'confirmed' }],
      LargestAccounts,
      deadline,
    );
    return { value: value.value.map((a) => ({ address: a.address, amount: BigInt(a.amount) })), source };
  }

  report() {
    return this.pool.endpoints.map((e) => ({
      name: e.name,
      role: e.role,
      state: e.consecutiveFailures ? ('failing' as const) : e.lastSuccessAt ? ('ok' as const) : ('unused' as const),
      last_ok_at: e.lastSuccessAt,
      last_error: e.consecutiveFailures ? e.lastFailure : null,
    }));
  }

  // Degraded while the primary's latest call failed (a fallback may still be answering).
  get degraded(): boolean {
    return this.pool.endpoints[0].consecutiveFailures > 0;
  }

  private shapeError(method: string, source: string, message: string) {
    return new TollError('UPSTREAM_ERROR', `Solana RPC answered ${method} with an unexpected shape: ${message}`, {
      method,
      upstreams: [{ source, code: 'UPSTREAM_ERROR', message }],
    });
  }

  private async call<S extends z.ZodType>(
    method: string,
    params: unknown[],
    schema: S,
    deadline: number,
  ): Promise<Sourced<z.infer<S>>> {
    try {
      const { value, source } = await this.pool.call(method, params, schema, deadline);
      return { value, source };
    } catch (e) {
      if (!(e instanceof RpcPoolError)) throw e;
      throw new TollError(e.code, e.message, { method, upstreams: e.failures });
    }
  }
}
