import { healthOutput } from '@toll/platform';
import { lastOutcome } from '@toll/upstream';
import { z } from 'zod';
import { resolveChain } from './chains';

const name = (what: string) =>
  z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 ._()-]{0,59}$/,
      `a ${what} name: letters, digits, spaces, . _ ( ) -, at most 60 characters`,
    )
    .describe(`${what} name; common spellings and aliases are accepted`);

export const ScoreInput = z
  .strictObject({
    bridge: name('bridge').describe('Bridge: e.g. wormhole / portal, cctp, stargate, across, arbitrum bridge'),
    from_chain: name('chain').describe('Source chain: e.g. ethereum / eth / mainnet, arbitrum / arb, solana / sol'),
    to_chain: name('chain').describe('Destination chain, same spellings as from_chain'),
    token: z
      .string()
      .regex(/^[A-Za-z0-9.]{1,20}$/, 'a token symbol such as USDC or ETH')
      .describe('Token symbol to move, e.g. USDC'),
    amount_usd: z.number().positive().max(1e12).describe('Amount to move, in USD'),
  })
  .superRefine((v, ctx) => {
    const [from, to] = [resolveChain(v.from_chain), resolveChain(v.to_chain)];
    if (from && from === to)
      ctx.addIssue({ code: 'custom', path: ['to_chain'], message: 'must be a different chain from from_chain' });
  })
  .meta({
    examples: [{ bridge: 'wormhole', from_chain: 'ethereum', to_chain: 'solana', token: 'USDC', amount_usd: 25000 }],
  });
export type ScoreInput = z.infer<typeof ScoreInput>;

export const IncidentsInput = z.strictObject({
  bridge: name('bridge').optional().describe('Only this bridge’s incidents (aliases accepted)'),
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD')
    .optional()
    .describe('On or after this date (YYYY-MM-DD)'),
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD')
    .optional()
    .describe('On or before this date (YYYY-MM-DD)'),
  limit: z.number().int().min(1).max(100).default(20).describe('At most this many, newest first (1-100, default 20)'),
});
export type IncidentsInput = z.infer<typeof IncidentsInput>;

export const EmptyInput = z.strictObject({});

const Freshness = z.object({ as_of: z.string(), stale: z.boolean(), reason: z.string().optional() });
const Factor = z.object({
  name: z.enum(['security', 'liquidity', 'incidents']),
  weight: z.number(),
  value: z.number().int().nullable().describe('0-100; null when unknown (its weight is then shared by the others)'),
  evidence: z.array(z.string()),
});
const BridgeRef = z.object({ id: z.string(), name: z.string(), category: z.string() });
const Row = z.object({ source: z.string(), reviewed: z.string() });
const LastIncident = z
  .object({ date: z.string(), days_since: z.number().int(), lost_usd: z.number(), returned_usd: z.number() })
  .nullable();

export const ScoreOutput = z.object({
  bridge: BridgeRef,
  route: z.object({ from_chain: z.string(), to_chain: z.string(), token: z.string(), amount_usd: z.number() }),
  serves_route: z
    .boolean()
    .describe('false: the bridge does not connect these chains (or carry this token); no score is given'),
  reason: z.string().nullable(),
  alternatives: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe('Curated bridges that do serve this route and token'),
  score: z.number().int().nullable().describe('0-100, weighted total of the factors'),
  grade: z.enum(['A', 'B', 'C', 'D']).nullable(),
  factors: z.array(Factor),
  last_incident: LastIncident,
  table_row: Row.describe('Where the structural columns come from and when they were last checked'),
  freshness: Freshness.nullable(),
  notes: z.array(z.string()),
});
export type ScoreOutput = z.infer<typeof ScoreOutput>;

export const BridgesOutput = z.object({
  reference: z.string().describe('What every bridge is scored on, so the list compares like with like'),
  bridges: z.array(
    z.object({
      rank: z.number().int(),
      bridge: BridgeRef,
      route: z.object({ from_chain: z.string(), to_chain: z.string(), token: z.string() }),
      score: z.number().int(),
      grade: z.enum(['A', 'B', 'C', 'D']),
      factors: z.object({
        security: z.number().int(),
        liquidity: z.number().int().nullable(),
        incidents: z.number().int(),
      }),
      last_incident: LastIncident,
      table_row: Row,
    }),
  ),
  freshness: Freshness,
});
export type BridgesOutput = z.infer<typeof BridgesOutput>;

export const IncidentsOutput = z.object({
  count: z.number().int().describe('Incidents matching the filters (before the limit)'),
  incidents: z.array(
    z.object({
      date: z.string(),
      name: z.string(),
      bridge_id: z.string().nullable().describe('The curated bridge it belongs to, when known'),
      amount_usd: z.number().nullable(),
      returned_usd: z.number().nullable(),
      classification: z.string().nullable(),
      technique: z.string().nullable(),
      chains: z.array(z.string()),
      source: z.string().nullable(),
    }),
  ),
  attribution: z.string(),
  freshness: Freshness,
});
export type IncidentsOutput = z.infer<typeof IncidentsOutput>;

export const HealthOutput = healthOutput({
  bridges: z.array(z.object({ id: z.string(), name: z.string(), reviewed: z.string(), source: z.string() })),
  chains: z.array(z.object({ id: z.string(), name: z.string(), aliases: z.array(z.string()) })),
  sources: z.array(
    z.object({
      id: z.string(),
      base_url: z.string(),
      terms: z.string(),
      ...lastOutcome,
    }),
  ),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
