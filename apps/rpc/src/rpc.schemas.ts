import { healthOutput } from '@toll/platform';
import { z } from 'zod';
import { READ_METHODS, RPC_METHODS } from './methods';

// Solana methods take at most 3 positional parameters; the body itself is bounded by the gateway (100 KiB).
export const MAX_PARAMS = 4;
export const MAX_BATCH = 100;
const MAX_PARAMS_TEXT = 32_768;

const Id = z.union([z.string().max(128), z.number().int(), z.null()]).describe('Request id, echoed in the response');
const Method = z
  .enum(RPC_METHODS)
  .describe('A Solana JSON-RPC method (reads, simulateTransaction, sendTransaction); this list is every method served');
const Params = z.array(z.unknown()).max(MAX_PARAMS).describe('Positional parameters, as the Solana RPC documents them');

export const RpcRequest = z.strictObject({
  jsonrpc: z.literal('2.0').describe('Always "2.0"'),
  id: Id,
  method: Method,
  params: Params.optional(),
});
export type RpcRequest = z.infer<typeof RpcRequest>;

const SINGLE_FIELDS = ['jsonrpc', 'id', 'method', 'params'] as const;

// One JSON-RPC request, or a batch. The gateway hands a top-level JSON array over as {batch: [...]}, so both a
// plain JSON-RPC batch and {"batch": [...]} work. Every request is answered: notifications (no id) are refused.
export const CallInput = z
  .strictObject({
    jsonrpc: z.literal('2.0').optional().describe('Always "2.0" (single request)'),
    id: Id.optional(),
    method: Method.optional(),
    params: Params.optional(),
    batch: z
      .array(RpcRequest)
      .min(1)
      .max(MAX_BATCH)
      .optional()
      .describe(`A batch of 1-${MAX_BATCH} requests, answered as an array in the same order`),
  })
  .superRefine((input, ctx) => {
    const single = SINGLE_FIELDS.filter((k) => input[k] !== undefined);
    if (input.batch) {
      for (const field of single)
        ctx.addIssue({ code: 'custom', path: [field], message: 'is not allowed next to batch' });
      return;
    }
    for (const field of ['jsonrpc', 'id', 'method'] as const) {
      if (input[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: field === 'id' ? 'is required (notifications are not supported)' : 'is required',
        });
    }
  })
  // The same rule in the announced JSON Schema, so the gateway refuses a malformed call before asking for payment.
  .meta({
    examples: [
      { jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'] },
    ],
    oneOf: [
      { required: ['jsonrpc', 'id', 'method'], not: { required: ['batch'] } },
      { required: ['batch'], not: { anyOf: SINGLE_FIELDS.map((field) => ({ required: [field] })) } },
    ],
  });
export type CallInput = z.infer<typeof CallInput>;

export const CallGetInput = z
  .strictObject({
    method: z.enum(READ_METHODS).describe('A Solana JSON-RPC read method (sendTransaction needs POST)'),
    params: z
      .string()
      .max(MAX_PARAMS_TEXT)
      .regex(/^\s*\[[\s\S]*\]\s*$/, 'must be a JSON array') // in the JSON Schema too: refused before payment
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          value = undefined;
        }
        const parsed = Params.safeParse(value);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: `must be a JSON array of at most ${MAX_PARAMS} parameters` });
          return z.NEVER;
        }
        return parsed.data;
      })
      .describe('The params array as JSON text, e.g. ["<address>",{"commitment":"confirmed"}]'),
  })
  .meta({
    examples: [
      { method: 'getBalance', params: '["9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",{"commitment":"confirmed"}]' },
    ],
  });
export type CallGetInput = z.infer<typeof CallGetInput>;

const RpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional().describe('Exactly what the upstream node answered (u64 integers unrounded)'),
  error: z
    .object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() })
    .optional()
    .describe('The upstream error, passed through'),
});

export const CallOutput = z
  .union([RpcResponse, z.array(RpcResponse)])
  .describe('A JSON-RPC 2.0 response, or an array of them for a batch');

const LatencyMs = z.object({ ewma: z.number(), p50: z.number(), p90: z.number(), samples: z.number().int() });

export const UpstreamStatus = z.object({
  name: z.string().describe('As shown in x-toll-upstream'),
  origin: z.string().describe('Scheme, host and port only (paths and queries may hold API keys)'),
  state: z
    .enum(['up', 'lagging', 'down'])
    .describe('down: circuit open after repeated failures; lagging: too many slots behind the best upstream'),
  latency_ms: LatencyMs.nullable().describe('Over the last 100 successful calls and probes'),
  hedge_delay_ms: z.number().describe('A read waits this long for this upstream before asking the next one too'),
  slot: z.number().int().nullable().describe('Latest processed slot seen by the health probe'),
  slots_behind: z.number().int().nullable(),
  requests: z.number().int(),
  failures: z.number().int(),
  consecutive_failures: z.number().int(),
  hedges_won: z.number().int().describe('Hedged reads this upstream answered first'),
  down_until: z.string().nullable().describe('While the circuit is open: when the upstream is tried again'),
  last_success_at: z.string().nullable(),
  last_failure: z.object({ at: z.string(), reason: z.string() }).nullable(),
});

const Hedging = z.object({ enabled: z.boolean(), min_ms: z.number().int(), max_ms: z.number().int() });

export const GetUpstreamsOutput = z.object({
  upstreams: z.array(UpstreamStatus).describe('In the order a read would try them now'),
  hedging: Hedging,
  probe_interval_ms: z.number().int().describe('getSlot health probe period (0: off)'),
});
export type GetUpstreamsOutput = z.infer<typeof GetUpstreamsOutput>;

export const HealthOutput = healthOutput({
  upstreams: z.array(
    UpstreamStatus.pick({ name: true, origin: true, state: true, latency_ms: true, slots_behind: true }),
  ),
  cache: z.object({
    entries: z.number().int(),
    bytes: z.number().int().describe('Approximate: characters of cached result text'),
    max_entries: z.number().int(),
    max_bytes: z.number().int(),
    hits: z.number().int(),
    misses: z.number().int(),
    bypass: z.number().int().describe('Requests that may not be cached (writes, per-node methods, minContextSlot)'),
    stale: z.number().int(),
    coalesced: z.number().int().describe('Misses that waited for an identical request already in flight'),
    hit_ratio: z.number().nullable().describe('hits / (hits + misses)'),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;

export const EmptyInput = z.strictObject({});
