import { JsonRpcNode, NodeFailure } from '@toll/upstream';
import type { z } from 'zod';
import { RpcError } from './rpc';

// The one Solana JSON-RPC client of the groups that read the chain (fees, tokens): several endpoints, primary
// first, each call within the caller's deadline, over the one transport (@toll/upstream's JsonRpcNode, which the
// rpc proxy's pool also uses) — https://solana.com/docs/rpc (docs/upstreams.md §6, docs/peers.md §2).
// Terms and quotas: the public endpoints (api.mainnet-beta.solana.com) allow 100 requests per 10 s per IP and
// 40 per 10 s per method and are "not for production" (429/403 beyond that); providers (Helius, Triton,
// QuickNode) sell credits per method and put the API key in the URL path or query, so URLs are secrets and only
// their host is ever shown. Errors come back as HTTP 200 with `{error:{code,message,data}}`. Retry and timeout policy,
// for every caller (sources: https://solana.com/docs/rpc (JSON-RPC errors), Agave's rpc_custom_error.rs for the -320xx
// server codes, the JSON-RPC 2.0 spec for -326xx):
// - each attempt gets at most `timeoutMs`, never more than what is left of the caller's deadline (minus a
//   margin to answer it); an endpoint is not tried when no time is left;
// - the next endpoint is tried after what says nothing about the request: a timeout, a refused or broken
//   connection, HTTP 429 and any other non-2xx, a body that is not JSON-RPC or whose result fails its schema, and
//   the JSON-RPC errors of RETRYABLE_RPC_CODES (the node's own state);
// - every other JSON-RPC error is final, because every node would answer it the same way: -32602 invalid params,
//   -32600 invalid request, -32002 simulation/preflight failure, -32003 signature verification… The caller gets
//   it as `final` (an RpcError) to map, e.g. -32602 to INVALID_INPUT;
// - a rate governor per endpoint (optional) is waited for only while the deadline allows.
// The rpc group forwards arbitrary methods and relays JSON-RPC errors as the node's answer, so its pool (hedging,
// failover) fails over on transport failures only: the same NodeFailure kinds.
export const RETRYABLE_RPC_CODES: ReadonlySet<number> = new Set([
  -32004, // block not available for slot (yet)
  -32005, // node is unhealthy / behind (data.numSlotsBehind)
  -32007, // slot skipped, or missing due to ledger jump: another node may have it
  -32014, // block status not yet available
  -32016, // minimum context slot has not been reached
  -32601, // method not found: a provider that does not serve it (plans disable methods), not a bad request
  -32603, // internal error of that node
]);
// Time kept back from the caller's deadline to answer it.
const DEADLINE_MARGIN_MS = 50;
const NOT_TRIED = 'not tried: no time left before the deadline';
// A JSON-RPC answer larger than this is refused (getMultipleAccounts of 100 accounts of 10 KiB fits).
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface RpcPoolOptions {
  endpoints: Array<{ name: string; url: string }>; // primary first
  timeoutMs: number; // per attempt
  userAgent: string;
  // Healthiest first (fewest consecutive failures, then the configured order) instead of always primary first.
  preferHealthy?: boolean;
  governor?: (endpoint: string) => { take(deadline: number, name: string): Promise<void> } | undefined;
  log?: (event: string, fields: Record<string, unknown>) => void;
}

export type AttemptCode = 'UPSTREAM_ERROR' | 'UPSTREAM_TIMEOUT';

export interface AttemptFailure {
  source: string;
  code: AttemptCode;
  message: string;
}

export interface RpcEndpointState {
  name: string;
  role: 'primary' | 'fallback';
  host: string;
  lastSuccessAt: string | null;
  lastFailure: { at: string; code: AttemptCode; message: string } | null;
  lastLatencyMs: number | null;
  consecutiveFailures: number;
}

export interface PoolAnswer<T> {
  value: T;
  source: string;
  failures: AttemptFailure[]; // the endpoints that failed before the one that answered
}

// Every endpoint tried failed, or one answered with a final JSON-RPC error (`final`).
export class RpcPoolError extends Error {
  constructor(
    readonly method: string,
    readonly failures: AttemptFailure[],
    readonly final?: RpcError,
  ) {
    super(`Solana RPC did not answer ${method}: ${failures.map((f) => `${f.source}: ${f.message}`).join('; ')}`);
  }

  // The last attempt decides: when it ran out of time, the caller's deadline is what failed.
  get code(): AttemptCode {
    return this.failures.at(-1)?.code ?? 'UPSTREAM_ERROR';
  }
}

class Attempt extends Error {
  constructor(
    readonly code: AttemptCode,
    message: string,
    readonly next = true, // worth trying the next endpoint
    readonly final?: RpcError,
  ) {
    super(message);
  }
}

interface Endpoint {
  state: RpcEndpointState;
  node: JsonRpcNode;
}

const nodeMessage = (f: NodeFailure, budget: number) => {
  const why = f.message.slice(f.message.indexOf(': ') + 2);
  if (f.kind === 'timeout') return `did not answer in ${budget} ms`;
  if (f.kind === 'http' || f.kind === 'rate-limited') return `answered ${why}`;
  if (f.kind === 'refused' || f.kind === 'network') return `unreachable (${why})`;
  return f.message;
};

export class SolanaRpcPool {
  readonly endpoints: RpcEndpointState[];
  private readonly pool: Endpoint[];
  private id = 0;

  constructor(private readonly options: RpcPoolOptions) {
    if (!options.endpoints.length) throw new Error('at least one RPC URL is required');
    this.pool = options.endpoints.map(({ name, url }, i) => ({
      node: new JsonRpcNode({ name, url, userAgent: options.userAgent, maxResponseBytes: MAX_RESPONSE_BYTES }),
      state: {
        name,
        role: i === 0 ? 'primary' : 'fallback',
        host: new URL(url).host,
        lastSuccessAt: null,
        lastFailure: null,
        lastLatencyMs: null,
        consecutiveFailures: 0,
      },
    }));
    this.endpoints = this.pool.map((e) => e.state);
  }

  // One JSON-RPC call, endpoint by endpoint, until one answers within the caller's deadline (epoch ms).
  async call<S extends z.ZodType>(
    method: string,
    params: unknown[],
    schema: S,
    deadline: number,
  ): Promise<PoolAnswer<z.infer<S>>> {
    const failures: AttemptFailure[] = [];
    const order = this.options.preferHealthy
      ? [...this.pool].sort((a, b) => a.state.consecutiveFailures - b.state.consecutiveFailures)
      : this.pool;
    for (const endpoint of order) {
      const { state } = endpoint;
      try {
        const value = await this.attempt(endpoint, method, params, schema, deadline);
        return { value, source: state.name, failures };
      } catch (e) {
        if (!(e instanceof Attempt)) throw e;
        failures.push({ source: state.name, code: e.code, message: e.message });
        if (e.final || e.message !== NOT_TRIED) {
          state.consecutiveFailures++;
          state.lastFailure = { at: new Date().toISOString(), code: e.code, message: e.message };
          this.options.log?.('upstream failure', { upstream: state.name, method, code: e.code, error: e.message });
        }
        if (e.final) throw new RpcPoolError(method, failures, e.final);
        if (!e.next) break;
      }
    }
    throw new RpcPoolError(method, failures);
  }

  // Health: every endpoint asked for its slot at once, however the others fare.
  probe(timeoutMs: number) {
    return Promise.all(
      this.pool.map(async ({ state, node }) => {
        const started = Date.now();
        try {
          const slot = await this.request(node, 'getSlot', [], timeoutMs);
          if (typeof slot !== 'number') throw new Attempt('UPSTREAM_ERROR', 'unexpected getSlot result shape');
          return { id: state.name, status: 'up' as const, latency_ms: Date.now() - started, slot, error: null };
        } catch (e) {
          const message =
            e instanceof NodeFailure
              ? nodeMessage(e, timeoutMs)
              : e instanceof RpcError
                ? `JSON-RPC error ${e.code}: ${e.message}`
                : (e as Error).message;
          return { id: state.name, status: 'down' as const, latency_ms: null, slot: null, error: message };
        }
      }),
    );
  }

  private async attempt<S extends z.ZodType>(
    endpoint: Endpoint,
    method: string,
    params: unknown[],
    schema: S,
    deadline: number,
  ): Promise<z.infer<S>> {
    const { state, node } = endpoint;
    const governor = this.options.governor?.(state.name);
    if (governor) {
      try {
        await governor.take(deadline - DEADLINE_MARGIN_MS, state.name);
      } catch {
        throw new Attempt('UPSTREAM_TIMEOUT', 'rate limit would delay the call past the deadline', false);
      }
    }
    const budget = Math.min(this.options.timeoutMs, deadline - Date.now() - DEADLINE_MARGIN_MS);
    if (budget <= 0) throw new Attempt('UPSTREAM_TIMEOUT', NOT_TRIED, false);
    const started = Date.now();
    let result: unknown;
    try {
      result = await this.request(node, method, params, budget);
    } catch (e) {
      if (e instanceof RpcError) {
        const message = `JSON-RPC error ${e.code}: ${e.message}`;
        if (RETRYABLE_RPC_CODES.has(e.code)) throw new Attempt('UPSTREAM_ERROR', message);
        throw new Attempt('UPSTREAM_ERROR', message, false, e);
      }
      if (!(e instanceof NodeFailure)) throw e;
      throw new Attempt(e.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR', nodeMessage(e, budget));
    }
    const parsed = schema.safeParse(result);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Attempt(
        'UPSTREAM_ERROR',
        `unexpected ${method} result shape (${issue?.path.join('.') || 'result'}: ${issue?.message})`,
      );
    }
    state.consecutiveFailures = 0;
    state.lastSuccessAt = new Date().toISOString();
    state.lastLatencyMs = Date.now() - started;
    this.options.log?.('upstream call', { upstream: state.name, method, ms: state.lastLatencyMs });
    return parsed.data;
  }

  // The result of one call to one node; a JSON-RPC error is an RpcError, anything else a NodeFailure.
  private async request(node: JsonRpcNode, method: string, params: unknown[], timeoutMs: number): Promise<unknown> {
    const text = await node.post(
      JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params }),
      AbortSignal.timeout(Math.max(1, timeoutMs)),
    );
    let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new NodeFailure('bad-body', 'answered with a body that is not JSON');
    }
    if (body?.error && typeof body.error.code === 'number')
      throw new RpcError(body.error.code, body.error.message, body.error.data);
    if (!body || !('result' in body)) throw new NodeFailure('bad-body', 'answered without a JSON-RPC result');
    return body.result;
  }
}
