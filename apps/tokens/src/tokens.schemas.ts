import { healthOutput } from '@toll/platform';
import { cacheHealth } from '@toll/upstream';
import { isBase58PublicKey } from '@toll/solana';
import { z } from 'zod';
import { WEIGHTS, type FactorId as ScoreFactorId } from './score';

// Base58 without 0, O, I, l, 32-44 characters: the shape of a 32-byte key, announced as a JSON Schema pattern so
// the gateway refuses anything else before payment; the exact 32-byte decode is checked here too.
const BASE58_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

const Mint = z
  .string()
  .regex(BASE58_KEY, { message: 'must be a base58 Solana address (32-44 characters)', abort: true })
  .refine(isBase58PublicKey, 'must decode to a 32-byte public key')
  .describe('Mint address of the token (base58), e.g. EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');

export const MintInput = z
  .strictObject({ mint: Mint })
  .meta({ examples: [{ mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }] });
export type MintInput = z.infer<typeof MintInput>;

export const GetLaunchesInput = z.strictObject({
  limit: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .describe('How many recently scored tokens to return (1-100), newest first'),
});
export type GetLaunchesInput = z.infer<typeof GetLaunchesInput>;

export const EmptyInput = z.strictObject({});

const Address = z.string().describe('Base58 address');
const Program = z
  .enum(['spl-token', 'spl-token-2022'])
  .describe('Token program owning the mint: classic SPL Token or Token-2022 (Token Extensions)');
const Value = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const Freshness = z
  .object({
    stale: z.boolean().describe('True when every RPC endpoint failed and a cached read was served instead'),
    as_of: z.string().describe('ISO time the oldest chain read in this answer was made'),
    reason: z.string().optional().describe('Why a stale read was served (present only when stale)'),
  })
  .describe('Mint reads are cached 5 min (kept 1 h as a stale fallback); holder lists the same');

const Metadata = z
  .object({
    source: z
      .enum(['metaplex', 'token-2022'])
      .describe('Metaplex Token Metadata account, or the Token-2022 metadata extension on the mint'),
    account: Address.describe('Account the metadata was read from (the Metaplex PDA, or the mint itself)'),
    update_authority: Address.nullable().describe('Who can change the metadata; null when nobody can'),
    name: z.string(),
    symbol: z.string(),
    uri: z.string().describe('Off-chain JSON (image, description); not fetched'),
    is_mutable: z.boolean(),
    seller_fee_bps: z
      .number()
      .int()
      .nullable()
      .describe('Metaplex royalty in basis points; null for Token-2022 metadata'),
    primary_sale_happened: z.boolean().nullable(),
    creators: z.array(z.object({ address: Address, verified: z.boolean(), share: z.number().int() })),
  })
  .nullable()
  .describe(
    'On-chain metadata: the Token-2022 extension when the mint carries one, else the Metaplex account; null when ' +
      'neither exists',
  );

const Extension = z.object({
  extension: z
    .string()
    .describe('Extension name as agave\'s jsonParsed spells it, e.g. "permanentDelegate", "transferFeeConfig"'),
  type_id: z.number().int().describe('Token-2022 ExtensionType id'),
  state: z
    .record(z.string(), Value)
    .describe('Decoded fields (snake_case); amounts as integer strings; empty for marker extensions'),
});

export const GetTokenOutput = z.object({
  mint: Address,
  program: Program,
  program_id: Address,
  name: z.string().nullable().describe('From the metadata; null without metadata'),
  symbol: z.string().nullable(),
  decimals: z.number().int(),
  supply: z.object({
    amount: z.string().describe('Raw supply, an integer string in base units'),
    ui_amount: z.string().describe('Supply in whole tokens (amount shifted by decimals), exact decimal string'),
  }),
  mint_authority: Address.nullable().describe('Who can mint more; null once renounced'),
  freeze_authority: Address.nullable().describe('Who can freeze holders; null once renounced'),
  metadata: Metadata,
  extensions: z.array(Extension).describe('Token-2022 extensions on the mint; empty for classic SPL mints'),
  source: z
    .string()
    .describe('RPC endpoint that answered (named by host; a fallback appears here when the primary failed)'),
  freshness: Freshness,
});
export type GetTokenOutput = z.infer<typeof GetTokenOutput>;

const FactorId = z.enum(Object.keys(WEIGHTS) as [ScoreFactorId, ...ScoreFactorId[]]);
const Risk = z.enum(['low', 'medium', 'high']).describe('low: score ≥ 85; medium: 60-84; high: below 60');

const Factor = z.object({
  id: FactorId,
  label: z.string(),
  weight: z.number().int().describe('Most points this factor can deduct'),
  points_deducted: z.number().int(),
  status: z
    .enum(['pass', 'warn', 'fail'])
    .describe('pass: nothing deducted; warn: part of the weight; fail: all of it'),
  detail: z.string().describe('What was seen, in words'),
  evidence: z
    .record(z.string(), z.union([Value, z.array(z.string())]))
    .describe('The accounts and raw values the factor was decided on'),
});

export const GetScoreOutput = z.object({
  mint: Address,
  program: Program,
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  score: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('100 minus the points every factor deducted (floored at 0); higher is safer'),
  risk: Risk,
  flags: z.array(FactorId).describe('Factors that deducted points, heaviest first'),
  factors: z.array(Factor).describe('Every factor, in a fixed order, whether it deducted or not'),
  scored_at: z.string(),
  sources: z.object({
    mint: z.string().describe('RPC endpoint that served the mint and metadata'),
    holders: z.string().describe('RPC endpoint(s) that served the largest holders'),
  }),
  freshness: Freshness,
});
export type GetScoreOutput = z.infer<typeof GetScoreOutput>;

export const Launch = z.object({
  mint: Address,
  program: Program,
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  score: z.number().int(),
  risk: Risk,
  flags: z.array(FactorId),
  scored_at: z.string(),
});
export type Launch = z.infer<typeof Launch>;

export const GetLaunchesOutput = z.object({
  items: z.array(Launch).describe('Tokens scored by this instance, newest first; a mint scored again moves to the top'),
  count: z.number().int(),
  capacity: z.number().int().describe('Most tokens remembered (in memory, per instance; oldest dropped first)'),
});
export type GetLaunchesOutput = z.infer<typeof GetLaunchesOutput>;

export const HealthOutput = healthOutput({
  upstreams: z.array(
    z.object({
      name: z.string(),
      role: z.enum(['primary', 'fallback']),
      state: z.enum(['ok', 'failing', 'unused']).describe('Outcome of the latest call from this instance'),
      last_ok_at: z.string().nullable(),
      last_error: z.object({ at: z.string(), code: z.string(), message: z.string() }).nullable(),
    }),
  ),
  cache: cacheHealth.extend({
    stale: z.number().int().describe('Answers served from a stale read'),
    fresh_ms: z.number().int(),
    stale_ms: z.number().int(),
  }),
  launches: z.object({ count: z.number().int(), capacity: z.number().int() }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
