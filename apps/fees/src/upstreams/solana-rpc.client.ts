// Solana JSON-RPC — https://solana.com/docs/rpc (getRecentPrioritizationFees, simulateTransaction, getMultipleAccounts).
// Every URL in FEES_RPC_URLS gets its own @toll/solana SolanaRpc, tried in order (rpc-1 is the primary, the rest are
// fallbacks), so each answer names the endpoint that gave it and the caller's deadline bounds the whole chain.
// Terms and quota: chain data is public. api.mainnet-beta.solana.com is "not for production" (100 requests/10 s per IP,
// 40/10 s per method, then 429/403); production uses a keyed provider whose URL carries the key (Helius `?api-key=`,
// QuickNode token paths): URLs are never logged or returned, only rpc-N and the host.
// Odd shapes: errors come back as HTTP 200 with a JSON-RPC `error` — −32602 (invalid params) is about the request and
// final; anything else (−32005 node behind, −32603 internal) is about that node, so the next one is tried.
// getRecentPrioritizationFees returns at most 150 slots, each the *lowest* fee that landed (often 0), and takes at most
// 128 accounts; Triton's percentile variant is not assumed. simulateTransaction refuses sigVerify with
// replaceRecentBlockhash, and reports units in `unitsConsumed`; its optional keys may be absent (see Simulation).
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG } from '@toll/platform';
import { RpcError, SolanaRpc } from '@toll/solana';
import { z } from 'zod';
import type { FeesConfig } from '../config';

// Time kept back from the caller's deadline to answer it.
const DEADLINE_MARGIN_MS = 50;
const INVALID_PARAMS = -32602;

const PrioritizationFees = z.array(z.object({ slot: z.number().int().nonnegative(), prioritizationFee: z.number().int().nonnegative() }));
// Every field of Agave's RpcSimulateTransactionResult is an Option, and servers that skip None fields (or older
// ones) leave out `err` on success and `logs`/`unitsConsumed` when they have none: absent means null here.
// Units are what a successful simulation is asked for, so one without `unitsConsumed` is a bad answer (the next
// endpoint is tried); a failed one without them reports 0, as Agave does for a transaction that never ran.
const Simulation = z.object({
  value: z
    .object({
      err: z.unknown().optional().transform((e) => e ?? null),
      logs: z.array(z.string()).nullish().transform((l) => l ?? null),
      unitsConsumed: z.number().int().nonnegative().nullish(),
    })
    .refine((v) => v.err !== null || typeof v.unitsConsumed === 'number', { path: ['unitsConsumed'], message: 'missing from a successful simulation' })
    .transform((v) => ({ ...v, unitsConsumed: v.unitsConsumed ?? 0 })),
});
export type Simulation = z.infer<typeof Simulation>['value'];
const Accounts = z.object({ value: z.array(z.object({ owner: z.string(), data: z.tuple([z.string(), z.literal('base64')]) }).nullable()) });
export type RawAccount = z.infer<typeof Accounts>['value'][number];

export interface Endpoint {
  id: string; // rpc-1, rpc-2, …
  role: 'primary' | 'fallback';
  host: string;
  rpc: SolanaRpc;
  lastSuccessAt: string | null;
  lastFailure: { at: string; message: string } | null;
  lastLatencyMs: number | null;
}

export interface Answer<T> {
  value: T;
  source: string;
  notes: string[]; // which endpoints failed before the one that answered
}

// SolanaRpc says "no RPC endpoint answered <method>: <method>: HTTP 503"; the last part is the news.
const reasonOf = (err: unknown, method: string) => String((err as Error)?.message ?? err).replace(`no RPC endpoint answered ${method}: `, '').replace(`${method}: `, '');

class Failure extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

@Injectable()
export class SolanaRpcClient {
  readonly endpoints: Endpoint[];
  readonly timeoutMs: number;

  constructor(@Inject(APP_CONFIG) config: FeesConfig) {
    this.timeoutMs = config.FEES_RPC_TIMEOUT_MS;
    const userAgent = config.FEES_USER_AGENT;
    const withUserAgent: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'user-agent': userAgent } });
    this.endpoints = config.FEES_RPC_URLS.map((url, i) => ({
      id: `rpc-${i + 1}`,
      role: i === 0 ? 'primary' : 'fallback',
      host: new URL(url).host,
      rpc: new SolanaRpc({ urls: [url], timeoutMs: this.timeoutMs, fetch: withUserAgent }),
      lastSuccessAt: null,
      lastFailure: null,
      lastLatencyMs: null,
    }));
  }

  async prioritizationFees(accounts: string[], deadline: number): Promise<Answer<Array<{ slot: number; fee: bigint }>>> {
    const answer = await this.call('getRecentPrioritizationFees', accounts.length ? [accounts] : [], PrioritizationFees, deadline, 'accounts');
    return { ...answer, value: answer.value.map((s) => ({ slot: s.slot, fee: BigInt(s.prioritizationFee) })) };
  }

  // Unsigned transactions are simulated as wallets do before signing: no signature check, a fresh blockhash.
  async simulate(base64: string, deadline: number): Promise<Answer<Simulation>> {
    const answer = await this.call('simulateTransaction', [base64, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed' }], Simulation, deadline, 'transaction_base64');
    return { ...answer, value: answer.value.value };
  }

  async accounts(addresses: string[], deadline: number): Promise<Answer<RawAccount[]>> {
    const answer = await this.call('getMultipleAccounts', [addresses, { encoding: 'base64', commitment: 'confirmed' }], Accounts, deadline, 'transaction_base64');
    return { ...answer, value: answer.value.value };
  }

  // Health: every endpoint asked for its slot at once, however the others fare.
  probe(timeoutMs: number) {
    return Promise.all(
      this.endpoints.map(async (e) => {
        const started = Date.now();
        try {
          const slot = z.number().int().parse(await e.rpc.call('getSlot', [], timeoutMs));
          return { id: e.id, status: 'up' as const, latency_ms: Date.now() - started, slot, error: null };
        } catch (err) {
          return { id: e.id, status: 'down' as const, latency_ms: null, slot: null, error: reasonOf(err, 'getSlot') };
        }
      }),
    );
  }

  // Deadlines and latencies are wall-clock times (Date.now), like the caller's deadline.
  private async call<S extends z.ZodType>(method: string, params: unknown[], schema: S, deadline: number, field: string): Promise<Answer<z.infer<S>>> {
    const failures: Array<{ source: string; error: string; timedOut: boolean }> = [];
    for (const e of this.endpoints) {
      const budget = Math.min(this.timeoutMs, deadline - Date.now() - DEADLINE_MARGIN_MS);
      if (budget <= 0) {
        failures.push({ source: e.id, error: 'not tried: no time left before the deadline', timedOut: true });
        break;
      }
      try {
        const value = await this.attempt(e, method, params, schema, budget, field);
        const notes = failures.map((f) => `${f.source} failed (${f.error}); answered by the fallback ${e.id}`);
        return { value, source: e.id, notes };
      } catch (err) {
        if (!(err instanceof Failure)) throw err;
        failures.push({ source: e.id, error: err.message, timedOut: err.timedOut });
      }
    }
    const attempts = failures.map(({ source, error }) => ({ source, error }));
    if (failures.at(-1)?.timedOut) throw new TollError('UPSTREAM_TIMEOUT', `Solana RPC did not answer ${method} before the deadline`, { method, attempts });
    throw new TollError('UPSTREAM_ERROR', `No Solana RPC endpoint answered ${method}`, { method, attempts });
  }

  private async attempt<S extends z.ZodType>(e: Endpoint, method: string, params: unknown[], schema: S, budget: number, field: string): Promise<z.infer<S>> {
    const started = Date.now();
    const failed = (message: string, timedOut = false) => {
      e.lastFailure = { at: new Date(Date.now()).toISOString(), message };
      return new Failure(message, timedOut);
    };
    let raw: unknown;
    try {
      raw = await e.rpc.call(method, params, budget);
    } catch (err) {
      if (err instanceof RpcError && err.code === INVALID_PARAMS) {
        const message = `the RPC node rejected it: ${err.message}`;
        throw new TollError('INVALID_INPUT', message, { issues: [{ field, message }] });
      }
      if (err instanceof RpcError) throw failed(`JSON-RPC error ${err.code}: ${err.message}`);
      const timedOut = Date.now() - started >= budget;
      throw failed(timedOut ? `no answer within ${budget} ms` : reasonOf(err, method), timedOut);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw failed(`unexpected ${method} result shape (${parsed.error.issues[0]?.path.join('.') || 'result'}: ${parsed.error.issues[0]?.message})`);
    e.lastSuccessAt = new Date(Date.now()).toISOString();
    e.lastLatencyMs = Date.now() - started;
    return parsed.data;
  }
}
