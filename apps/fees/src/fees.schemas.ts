import { healthOutput } from '@toll/platform';
import { cacheHealth } from '@toll/upstream';
import { isBase58PublicKey } from '@toll/solana';
import { z } from 'zod';
import { optimizedSizeProblem, transactionProblem } from './transaction';

// Inputs are strict (unknown fields are rejected); every string and list is bounded.
const PACKET_BYTES = 1232;
const MAX_BASE64 = 1644; // 4 × ceil(1232 / 3)
export const DEFAULT_COMPUTE_UNITS = 200_000; // the runtime's default budget for one non-builtin instruction
export const DEFAULT_SIGNATURES = 1;

const base64Bytes = (s: string) => (s.length / 4) * 3 - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0);

const TransactionBase64 = z
  .string()
  .min(1)
  .max(MAX_BASE64, {
    message: `at most ${MAX_BASE64} base64 characters (${PACKET_BYTES} bytes, the Solana transaction size limit)`,
    abort: true,
  })
  .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, {
    message: 'must be standard padded base64',
    abort: true,
  })
  .refine((s) => base64Bytes(s) <= PACKET_BYTES, {
    message: `decodes to more than ${PACKET_BYTES} bytes (the Solana transaction size limit)`,
    abort: true,
  })
  .superRefine((s, ctx) => {
    const problem = transactionProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
  })
  .describe(
    `A serialized transaction (legacy or v0, signed or not) in standard base64, at most ${PACKET_BYTES} bytes ` +
      `decoded. ` +
      'Address lookup tables are resolved through the RPC; a table that does not exist is a 400.',
  );

const PublicKey = z.string().min(32).max(44).refine(isBase58PublicKey, 'must be a base58 Solana public key');
const Priority = z
  .enum(['low', 'medium', 'high'])
  .default('medium')
  .describe('low = 25th, medium = 50th, high = 75th percentile of recent prioritization fees (default medium)');

export const EmptyInput = z.strictObject({});

export const EstimateInput = z
  .strictObject({
    transaction_base64: TransactionBase64.optional(),
    accounts: z
      .array(PublicKey)
      .min(1)
      .max(64)
      .optional()
      .describe(
        'Instead of a transaction: 1-64 accounts the transaction will write to (the fee market is per writable ' +
          'account)',
      ),
    priority: Priority,
    compute_units: z
      .number()
      .int()
      .min(1)
      .max(1_400_000)
      .optional()
      .describe(
        `With accounts only: the compute-unit limit to price (1-1,400,000, default ` +
          `${DEFAULT_COMPUTE_UNITS.toLocaleString('en-US')})`,
      ),
    signatures: z
      .number()
      .int()
      .min(1)
      .max(16)
      .optional()
      .describe(`With accounts only: number of signatures (1-16, default ${DEFAULT_SIGNATURES})`),
  })
  .superRefine((v, ctx) => {
    if (v.transaction_base64 === undefined && v.accounts === undefined)
      ctx.addIssue({ code: 'custom', path: ['transaction_base64'], message: 'give transaction_base64 or accounts' });
    if (v.transaction_base64 !== undefined && v.accounts !== undefined)
      ctx.addIssue({ code: 'custom', path: ['accounts'], message: 'give transaction_base64 or accounts, not both' });
    for (const field of ['compute_units', 'signatures'] as const) {
      if (v.transaction_base64 !== undefined && v[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'only with accounts: a transaction carries its own' });
    }
  })
  .meta({
    examples: [
      { accounts: ['JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'], priority: 'medium', compute_units: 200000 },
    ],
  });
export type EstimateInput = z.infer<typeof EstimateInput>;

export const OptimizeInput = z
  .strictObject({
    transaction_base64: TransactionBase64.superRefine((s, ctx) => {
      const problem = optimizedSizeProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    priority: Priority,
  })
  .meta({
    examples: [
      {
        transaction_base64:
          'AVlEJ1H92qiggmi8wMrQzvGkZEfUQEgUWkOhXInao2rzj3Ot4ZIjxQV855+Zys8ybCusZ8Pd8YftuZYC/U5lLwEBAAEDP5RV6TZ/' +
          't2YhSkrEYZl3FDbex5oCUY1xm/SIrhV0zeN+jAiHYL/eHd3PMsF/' +
          'IJuCQu5SqvEx+s2I0OosbQsG8gAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAzEkOkozS44c7s0P8ldozF5ymD02/' +
          'RsLDbpEpnVXU5rkBAgIAAQwCAAAAQEIPAAAAAAA=',
        priority: 'high',
      },
    ],
  });
export type OptimizeInput = z.infer<typeof OptimizeInput>;

const Lamports = z.string().regex(/^\d+$/).describe('Lamports, as an integer string');
const MicroLamports = z.string().regex(/^\d+$/).describe('Micro-lamports per compute unit, as an integer string');
const Level = z.enum(['low', 'medium', 'high']);
const Source = z
  .string()
  .describe('The RPC endpoint that answered: rpc-1 is the primary, rpc-2… the fallbacks in configured order');
const Freshness = z.object({
  as_of: z.string().describe('When the fee samples were fetched'),
  stale: z.boolean().describe('true only when every endpoint failed and a cached value was served'),
  reason: z.string().optional().describe('Why a stale value was served'),
});

const FeeMarket = z.object({
  accounts: z.array(z.string()).describe('Accounts whose fee market was asked for; [] is the global market'),
  unit: z.literal('micro-lamports per compute unit'),
  percentiles: z.object({
    p25: MicroLamports,
    p50: MicroLamports,
    p75: MicroLamports,
    p90: MicroLamports,
    p99: MicroLamports,
  }),
  min: MicroLamports,
  max: MicroLamports,
  samples: z.number().int().describe('Slots sampled (getRecentPrioritizationFees returns up to 150)'),
  nonzero_samples: z.number().int(),
  slots: z.object({ first: z.number().int(), last: z.number().int() }),
});

export const GetFeesOutput = FeeMarket.extend({
  levels: z
    .object({ low: MicroLamports, medium: MicroLamports, high: MicroLamports })
    .describe('The price each priority level of estimate/optimize uses'),
  level_percentiles: z.object({ low: z.literal(25), medium: z.literal(50), high: z.literal(75) }),
  method: z.string(),
  source: Source,
  freshness: Freshness,
  notes: z.array(z.string()),
});
export type GetFeesOutput = z.infer<typeof GetFeesOutput>;

const FeeParts = {
  signatures: z.number().int().describe('Transaction signatures plus signatures checked by precompile instructions'),
  lamports_per_signature: Lamports,
  base_fee_lamports: Lamports.describe('signatures × 5,000'),
  priority_fee_lamports: Lamports.describe('ceil(compute units × price / 1,000,000)'),
  total_fee_lamports: Lamports,
};

const Pricing = {
  priority: Level,
  percentile: z.number().int(),
  compute_unit_price: MicroLamports.describe(
    'The chosen percentile of the fee market, micro-lamports per compute unit',
  ),
  fee_market: FeeMarket,
  source: Source,
  freshness: Freshness.describe('Of the fee samples'),
  notes: z.array(z.string()),
};

const ExistingBudget = z.object({
  unit_limit: z.number().int().nullable().describe("The transaction's own SetComputeUnitLimit, if any"),
  unit_price: MicroLamports.nullable().describe("The transaction's own SetComputeUnitPrice, if any"),
});

export const EstimateOutput = z.object({
  ...Pricing,
  compute_units: z.number().int(),
  compute_units_source: z
    .enum(['instruction', 'simulation', 'input', 'default'])
    .describe(
      "instruction: the transaction's SetComputeUnitLimit; simulation: units consumed when simulated; " +
        'input/default: compute_units given or 200,000',
    ),
  ...FeeParts,
  formula: z.string(),
  transaction: z
    .object({
      version: z.union([z.literal('legacy'), z.literal(0)]),
      compute_budget: ExistingBudget,
      writable_accounts: z.number().int(),
      lookup_tables: z.number().int(),
    })
    .nullable()
    .describe('What was read from transaction_base64; null for an accounts estimate'),
});
export type EstimateOutput = z.infer<typeof EstimateOutput>;

export const OptimizeOutput = z.object({
  transaction_base64: z
    .string()
    .describe('The optimized transaction, unsigned (all signatures zeroed): every signer signs it again'),
  version: z.union([z.literal('legacy'), z.literal(0)]),
  ...Pricing,
  units_consumed: z
    .number()
    .int()
    .describe('Simulated with the compute-budget instructions in place (limit 1,400,000, price 0)'),
  compute_unit_limit: z.number().int(),
  limit_rule: z.object({ margin: z.string(), floor: z.number().int(), cap: z.number().int(), formula: z.string() }),
  ...FeeParts,
  replaced: ExistingBudget.describe('The compute-budget values the transaction had, now replaced'),
  instructions: z.object({ kept: z.number().int(), added: z.literal(2), removed: z.number().int() }),
  logs: z.array(z.string()).describe('Simulation logs'),
});
export type OptimizeOutput = z.infer<typeof OptimizeOutput>;

const SourceStatus = z.object({
  id: z.string(),
  role: z.enum(['primary', 'fallback']),
  host: z.string().describe('Host only: provider URLs may carry API keys'),
  status: z.enum(['up', 'down']).describe('From a live getSlot probe (at most every 5 s)'),
  latency_ms: z.number().int().nullable(),
  slot: z.number().int().nullable(),
  error: z.string().nullable(),
  last_success_at: z.string().nullable().describe('Last answer to a fee-oracle call'),
  last_latency_ms: z.number().int().nullable().describe('Latency of that answer'),
  last_failure: z.object({ at: z.string(), message: z.string() }).nullable(),
});

export const HealthOutput = healthOutput({
  sources: z.array(SourceStatus),
  cache: cacheHealth,
  settings: z.object({
    cu_margin: z.string(),
    cu_floor: z.number().int(),
    cu_cap: z.number().int(),
    rpc_timeout_ms: z.number().int(),
    level_percentiles: z.object({ low: z.literal(25), medium: z.literal(50), high: z.literal(75) }),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
