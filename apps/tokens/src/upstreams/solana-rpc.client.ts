// Solana JSON-RPC (https://solana.com/docs/rpc/http): getMultipleAccounts (base64) for mints, Metaplex metadata
// and holder token accounts; getTokenLargestAccounts (top 20 token accounts of a mint). upstreams.md §6, §15.
// Terms: on-chain data, no licence limits. The public mainnet endpoint allows 100 requests per 10 s per IP
// (40 per method) and is "not for production": configure a free-key provider (Helius etc.) first, keep the public
// one as a fallback. Keys travel in the URL, so URLs are never logged; endpoints are named by host only.
// Odd shapes: HTTP 429/403 when throttled; errors arrive as HTTP 200 {error:{code,message}} (-32005 "node is
// unhealthy/behind" is worth another endpoint, -32602 invalid params is not); a missing account is `null` in
// `value`, not an error; getTokenLargestAccounts on a non-mint is -32602.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { RpcError, RpcUnavailableError, SolanaRpc } from '@toll/solana';
import { RateGovernor } from '@toll/upstream';
import { z } from 'zod';
import type { TokensConfig } from '../config';

// Time kept back from the caller's deadline to answer it.
const DEADLINE_MARGIN_MS = 50;
// Slack for timer rounding when telling a timeout from another failure.
const TIMER_SLACK_MS = 5;
// JSON-RPC errors that are about the node, not the request: another endpoint may answer.
const RETRYABLE_RPC_CODES = new Set([
  -32005, // node is unhealthy / behind
  -32016, // minimum context slot not reached
]);
// Token accounts getTokenLargestAccounts returns at most, and getMultipleAccounts accepts at most.
const MAX_ACCOUNTS = 100;

// Only what is read: providers add or drop the other keys (space, rentEpoch, executable) freely.
const Base64Account = z.object({ data: z.tuple([z.string(), z.literal('base64')]), owner: z.string() }).nullable();
const MultipleAccounts = z.object({ value: z.array(Base64Account) });
const LargestAccounts = z.object({ value: z.array(z.object({ address: z.string(), amount: z.string().regex(/^\d+$/) })).max(MAX_ACCOUNTS) });

export interface RawAccount {
  owner: string;
  data: Buffer;
}

export interface Sourced<T> {
  value: T;
  source: string; // the endpoint that answered
}

export interface Failure {
  source: string;
  code: 'UPSTREAM_ERROR' | 'UPSTREAM_TIMEOUT';
  message: string;
}

class AttemptFailure extends Error {
  constructor(
    readonly code: Failure['code'],
    message: string,
    readonly retryable = true,
  ) {
    super(message);
  }
}

interface Endpoint {
  name: string;
  role: 'primary' | 'fallback';
  rpc: SolanaRpc;
  governor: RateGovernor;
  failures: number; // consecutive; endpoints that keep failing are tried last
  lastOk: string | null;
  lastError: { at: string; code: string; message: string } | null;
}

// Endpoints are named by host (the path and query may hold an API key); a repeated host gets its position.
function endpointNames(urls: string[]): string[] {
  const hosts = urls.map((u) => new URL(u).host);
  return hosts.map((host, i) => (hosts.indexOf(host) !== hosts.lastIndexOf(host) ? `solana-rpc/${host}#${i + 1}` : `solana-rpc/${host}`));
}

@Injectable()
export class SolanaRpcClient {
  private readonly endpoints: Endpoint[];
  private readonly timeoutMs: number;

  constructor(
    @Inject(APP_CONFIG) config: TokensConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {
    this.timeoutMs = config.TOKENS_RPC_TIMEOUT_MS;
    const userAgent = config.TOKENS_USER_AGENT;
    const withUserAgent: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'user-agent': userAgent } });
    const names = endpointNames(config.TOKENS_RPC_URLS);
    this.endpoints = config.TOKENS_RPC_URLS.map((url, i) => ({
      name: names[i],
      role: i === 0 ? 'primary' : 'fallback',
      rpc: new SolanaRpc({ urls: [url], timeoutMs: config.TOKENS_RPC_TIMEOUT_MS, fetch: withUserAgent }),
      governor: new RateGovernor({ ratePerSecond: config.TOKENS_RPC_RATE_PER_SEC, burst: Math.max(1, Math.ceil(config.TOKENS_RPC_RATE_PER_SEC)) }),
      failures: 0,
      lastOk: null,
      lastError: null,
    }));
  }

  // Accounts in the order asked, null where none exists.
  async accounts(addresses: string[], deadline: number): Promise<Sourced<Array<RawAccount | null>>> {
    const { value, source } = await this.call('getMultipleAccounts', [addresses, { encoding: 'base64', commitment: 'confirmed' }], MultipleAccounts, deadline);
    if (value.value.length !== addresses.length) throw this.shapeError('getMultipleAccounts', source, `${value.value.length} accounts for ${addresses.length} addresses`);
    return { value: value.value.map((a) => a && { owner: a.owner, data: Buffer.from(a.data[0], 'base64') }), source };
  }

  // The mint's largest token accounts (at most 20), largest first.
  async largestAccounts(mint: string, deadline: number): Promise<Sourced<Array<{ address: string; amount: bigint }>>> {
    const { value, source } = await this.call('getTokenLargestAccounts', [mint, { commitment: 'confirmed' }], LargestAccounts, deadline);
    return { value: value.value.map((a) => ({ address: a.address, amount: BigInt(a.amount) })), source };
  }

  report() {
    return this.endpoints.map((e) => ({
      name: e.name,
      role: e.role,
      state: e.lastError ? ('failing' as const) : e.lastOk ? ('ok' as const) : ('unused' as const),
      last_ok_at: e.lastOk,
      last_error: e.lastError,
    }));
  }

  // Degraded while the primary's latest call failed (a fallback may still be answering).
  get degraded(): boolean {
    return this.endpoints[0].lastError !== null;
  }

  private shapeError(method: string, source: string, message: string) {
    return new TollError('UPSTREAM_ERROR', `Solana RPC answered ${method} with an unexpected shape: ${message}`, { method, upstreams: [{ source, code: 'UPSTREAM_ERROR', message }] });
  }

  // One JSON-RPC call, endpoint by endpoint (healthiest first) until one answers within the caller's deadline.
  private async call<S extends z.ZodType>(method: string, params: unknown[], schema: S, deadline: number): Promise<Sourced<z.infer<S>>> {
    const failures: Failure[] = [];
    const order = [...this.endpoints].sort((a, b) => a.failures - b.failures);
    for (const endpoint of order) {
      try {
        const value = await this.attempt(endpoint, method, params, schema, deadline);
        endpoint.failures = 0;
        endpoint.lastOk = new Date().toISOString();
        endpoint.lastError = null;
        return { value, source: endpoint.name };
      } catch (e) {
        if (!(e instanceof AttemptFailure)) throw e;
        endpoint.failures++;
        endpoint.lastError = { at: new Date().toISOString(), code: e.code, message: e.message };
        failures.push({ source: endpoint.name, code: e.code, message: e.message });
        this.logger.event('warn', 'upstream failure', { upstream: endpoint.name, method, code: e.code, error: e.message });
        if (!e.retryable) break;
      }
    }
    // The last attempt decides the code: when it ran out of time the caller's deadline is what failed.
    const code = failures[failures.length - 1]?.code === 'UPSTREAM_TIMEOUT' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR';
    throw new TollError(code, `Solana RPC did not answer ${method}: ${failures.map((f) => `${f.source}: ${f.message}`).join('; ')}`, { method, upstreams: failures });
  }

  private async attempt<S extends z.ZodType>(endpoint: Endpoint, method: string, params: unknown[], schema: S, deadline: number): Promise<z.infer<S>> {
    try {
      await endpoint.governor.take(deadline - DEADLINE_MARGIN_MS, endpoint.name);
    } catch {
      throw new AttemptFailure('UPSTREAM_TIMEOUT', 'rate limit would delay the call past the deadline', false);
    }
    const budget = Math.min(this.timeoutMs, deadline - Date.now() - DEADLINE_MARGIN_MS);
    if (budget <= 0) throw new AttemptFailure('UPSTREAM_TIMEOUT', 'no time left before the deadline', false);
    const started = Date.now();
    let raw: unknown;
    try {
      raw = await endpoint.rpc.call<unknown>(method, params, budget);
    } catch (e) {
      if (e instanceof RpcError) throw new AttemptFailure('UPSTREAM_ERROR', `JSON-RPC error ${e.code}: ${e.message}`, RETRYABLE_RPC_CODES.has(e.code));
      if (!(e instanceof RpcUnavailableError)) throw e;
      if (Date.now() - started >= budget - TIMER_SLACK_MS) throw new AttemptFailure('UPSTREAM_TIMEOUT', `did not answer in ${budget} ms`);
      // SolanaRpc reports "no RPC endpoint answered <method>: <why>"; the last part is what happened.
      const why = e.message.slice(e.message.lastIndexOf(': ') + 2);
      throw new AttemptFailure('UPSTREAM_ERROR', /^HTTP \d+$/.test(why) ? `answered ${why}` : `unreachable (${why})`);
    }
    this.logger.event('debug', 'upstream call', { upstream: endpoint.name, method, ms: Date.now() - started });
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new AttemptFailure('UPSTREAM_ERROR', `unexpected ${method} result shape (${parsed.error.issues[0]?.path.join('.') || 'root'})`);
    return parsed.data;
  }
}
