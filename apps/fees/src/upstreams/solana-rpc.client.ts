// Solana JSON-RPC — https://solana.com/docs/rpc (getRecentPrioritizationFees, simulateTransaction,
// getMultipleAccounts). Every URL in FEES_RPC_URLS gets its own @toll/solana SolanaRpc, tried in order (rpc-1 is the
// primary, the rest are fallbacks), so each answer names the endpoint that gave it and the caller's deadline bounds the
// whole chain. Terms and quota: chain data is public. api.mainnet-beta.solana.com is "not for production" (100
// requests/10 s per IP, 40/10 s per method, then 429/403); production uses a keyed provider whose URL carries the key
// (Helius `?api-key=`, QuickNode token paths): URLs are never logged or returned, only rpc-N and the host. Odd shapes:
// errors come back as HTTP 200 with a JSON-RPC `error`. Which are worth the next endpoint, and the timeouts, are the
// one policy of @toll/solana's SolanaRpcPool; −32602 (invalid params) is the caller's, so INVALID_INPUT.
// getRecentPrioritizationFees returns at most 150 slots, each the *lowest* fee that landed (often 0), and takes at most
// 128 accounts; Triton's percentile variant is not assumed. simulateTransaction refuses sigVerify with
// replaceRecentBlockhash, and reports units in `unitsConsumed`; its optional keys may be absent (see Simulation).
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { RpcPoolError, SolanaRpcPool, type RpcEndpointState } from '@toll/solana';
import { z } from 'zod';
import type { FeesConfig } from '../config';

const INVALID_PARAMS = -32602;

const PrioritizationFees = z.array(
  z.object({ slot: z.number().int().nonnegative(), prioritizationFee: z.number().int().nonnegative() }),
);
// Every field of Agave's RpcSimulateTransactionResult is an Option, and servers that skip None fields (or older
// ones) leave out `err` on success and `logs`/`unitsConsumed` when they have none: absent means null here.
// Units are what a successful simulation is asked for, so one without `unitsConsumed` is a bad answer (the next
// endpoint is tried); a failed one without them reports 0, as Agave does for a transaction that never ran.
const Simulation = z.object({
  value: z
    .object({
      err: z
        .unknown()
        .optional()
        .transform((e) => e ?? null),
      logs: z
        .array(z.string())
        .nullish()
        .transform((l) => l ?? null),
      unitsConsumed: z.number().int().nonnegative().nullish(),
    })
    .refine((v) => v.err !== null || typeof v.unitsConsumed === 'number', {
      path: ['unitsConsumed'],
      message: 'missing from a successful simulation',
    })
    .transform((v) => ({ ...v, unitsConsumed: v.unitsConsumed ?? 0 })),
});
export type Simulation = z.infer<typeof Simulation>['value'];
const Accounts = z.object({
  value: z.array(z.object({ owner: z.string(), data: z.tuple([z.string(), z.literal('base64')]) }).nullable()),
});
export type RawAccount = z.infer<typeof Accounts>['value'][number];

export interface Answer<T> {
  value: T;
  source: string;
  notes: string[]; // which endpoints failed before the one that answered
}

@Injectable()
export class SolanaRpcClient {
  readonly timeoutMs: number;
  private readonly pool: SolanaRpcPool;

  constructor(@Inject(APP_CONFIG) config: FeesConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.timeoutMs = config.FEES_RPC_TIMEOUT_MS;
    // rpc-1 is the primary and always asked first; the others are fallbacks, in order.
    this.pool = new SolanaRpcPool({
      endpoints: config.FEES_RPC_URLS.map((url, i) => ({ name: `rpc-${i + 1}`, url })),
      timeoutMs: this.timeoutMs,
      userAgent: config.FEES_USER_AGENT,
      log: upstreamLog(logger),
    });
  }

  get endpoints(): RpcEndpointState[] {
    return this.pool.endpoints;
  }

  async prioritizationFees(
    accounts: string[],
    deadline: number,
  ): Promise<Answer<Array<{ slot: number; fee: bigint }>>> {
    const answer = await this.call(
      'getRecentPrioritizationFees',
      accounts.length ? [accounts] : [],
      PrioritizationFees,
      deadline,
      'accounts',
    );
    return { ...answer, value: answer.value.map((s) => ({ slot: s.slot, fee: BigInt(s.prioritizationFee) })) };
  }

  // Unsigned transactions are simulated as wallets do before signing: no signature check, a fresh blockhash.
  async simulate(base64: string, deadline: number): Promise<Answer<Simulation>> {
    const params = [
      base64,
      { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed' },
    ];
    const answer = await this.call('simulateTransaction', params, Simulation, deadline, 'transaction_base64');
    return { ...answer, value: answer.value.value };
  }

  async accounts(addresses: string[], deadline: number): Promise<Answer<RawAccount[]>> {
    const answer = await this.call(
      'getMultipleAccounts',
      [addresses, { encoding: 'base64', commitment: 'confirmed' }],
      Accounts,
      deadline,
      'transaction_base64',
    );
    return { ...answer, value: answer.value.value };
  }

  // Health: every endpoint asked for its slot at once, however the others fare.
  probe(timeoutMs: number) {
    return this.pool.probe(timeoutMs);
  }

  private async call<S extends z.ZodType>(
    method: string,
    params: unknown[],
    schema: S,
    deadline: number,
    field: string,
  ): Promise<Answer<z.infer<S>>> {
    try {
      const { value, source, failures } = await this.pool.call(method, params, schema, deadline);
      return {
        value,
        source,
        notes: failures.map((f) => `${f.source} failed (${f.message}); answered by the fallback ${source}`),
      };
    } catch (e) {
      if (!(e instanceof RpcPoolError)) throw e;
      if (e.final?.code === INVALID_PARAMS) {
        const message = `the RPC node rejected it: ${e.final.message}`;
        throw new TollError('INVALID_INPUT', message, { issues: [{ field, message }] });
      }
      const attempts = e.failures.map(({ source, message }) => ({ source, error: message }));
      if (e.code === 'UPSTREAM_TIMEOUT')
        throw new TollError('UPSTREAM_TIMEOUT', `Solana RPC did not answer ${method} before the deadline`, {
          method,
          attempts,
        });
      throw new TollError('UPSTREAM_ERROR', `No Solana RPC endpoint answered ${method}`, { method, attempts });
    }
  }
}
