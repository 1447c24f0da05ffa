import { PriceSpec } from '@toll/contracts';
import { healthOutput } from '@toll/platform';
import { z } from 'zod';

// Inputs are strict (unknown fields are rejected) and every string and list is bounded.
const MAX_URL = 2048;
const MAX_TAGS = 20;

const httpUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
    .max(MAX_URL, `must be at most ${MAX_URL} characters`)
    .refine((u) => !/^https?:\/\/[^/]*@/i.test(u), 'must not carry credentials')
    .describe(what);

// USD per call; at most 6 decimals so it converts exactly to USDC atomic units.
const usdPerCall = z
  .number()
  .min(0, 'must be 0 or more')
  .max(1_000, 'must be at most 1000')
  .refine((n) => Math.abs(n * 1e6 - Math.round(n * 1e6)) < 1e-6, 'must have at most 6 decimals');

export const RegisterInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .describe('Tool name shown in results'),
  endpoint: httpUrl(
    'Where the tool is called: an http or https URL (at most 2048 characters). One entry per endpoint and name.',
  ),
  description: z
    .string()
    .trim()
    .min(10, 'must be at least 10 characters')
    .max(1000, 'must be at most 1000 characters')
    .describe('What the tool does, in plain language (10-1000 characters); this is what tasks are matched against'),
  price_per_call: usdPerCall.describe('Price in USD per call (0 for free; at most 6 decimals)'),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(40, 'must be at most 40 characters')
        .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._+-]*$/u, 'letters, digits, space . _ + - only'),
    )
    .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
    .describe(`Capability tags (at most ${MAX_TAGS}, each 1-40 characters); stored lower-case without duplicates`),
  schema_url: httpUrl('Optional URL of the tool input/output schema (http or https)').optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

const IndexEntry = z.object({
  id: z.string(),
  name: z.string(),
  endpoint: z.string(),
  description: z.string(),
  price_per_call: z.string().describe('USD per call as a decimal string'),
  tags: z.array(z.string()),
  schema_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IndexEntry = z.infer<typeof IndexEntry>;

// Spec §2.3 types price_per_call as a number, so the entry echoes it as one; price_per_call_usd is the same price
// as the exact decimal string we store and compare (at most 6 decimals, so the number is exact to display).
export const RegisterOutput = z.object({
  created: z.boolean().describe('false when an entry with the same endpoint and name existed and was updated'),
  entry: IndexEntry.extend({
    price_per_call: z.number().describe('USD per call, as registered (spec §2.3: number)'),
    price_per_call_usd: z.string().describe('The same price as an exact decimal string'),
  }),
});
export type RegisterOutput = z.infer<typeof RegisterOutput>;

export const SearchInput = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .describe('Keywords (1-200 characters)'),
  limit: z.number().int().min(1).max(20).default(10).describe('Number of results, 1-20 (default 10)'),
});
export type SearchInput = z.infer<typeof SearchInput>;

const Source = z.enum(['toll-catalog', 'index', 'registry']);

const Verified = z
  .boolean()
  .describe(
    'true: a Toll route announced by its group, or a registry listing verified by the operator; false: ' +
      'registered by anyone, not checked by Toll',
  );

export const Availability = z.object({
  state: z
    .enum(['available', 'unavailable', 'unknown'])
    .describe(
      'unavailable: the group announced it cannot serve this operation now (the gateway answers 503 before any ' +
        'payment); unknown: not a Toll route',
    ),
  retry_after_seconds: z
    .number()
    .int()
    .nullable()
    .describe('When unavailable: seconds until the group expects to serve it again'),
  reason: z.string().nullable(),
});
export type Availability = z.infer<typeof Availability>;

export const SearchOutput = z.object({
  q: z.string(),
  results: z.array(
    z.object({
      name: z.string(),
      summary: z.string().describe('One line, at most 140 characters'),
      source: Source,
      verified: Verified,
      availability: Availability.shape.state,
      method: z
        .enum(['GET', 'POST'])
        .nullable()
        .describe('HTTP method of a Toll route; null for index entries and registry listings'),
      path: z.string().describe('Path on the Toll gateway for a Toll route, otherwise the endpoint URL'),
    }),
  ),
  no_good_match: z.boolean().describe('true when no tool matches the keywords well: the results are guesses'),
  note: z.string(),
});
export type SearchOutput = z.infer<typeof SearchOutput>;

export const MatchInput = z
  .strictObject({
    task: z
      .string()
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(500, 'must be at most 500 characters')
      .describe('The task in plain language (3-500 characters)'),
    max_price: z
      .number()
      .min(0, 'must be 0 or more')
      .max(1_000_000)
      .optional()
      .describe(
        'Ceiling in USD on the smallest payment the caller must make: the price of one call, or of a whole block ' +
          'for a block price ' +
          '(a $0.01 block of 1000 calls does not pass 0.005). Tools above it, or whose price is not stated, are ' +
          'left out',
      ),
    limit: z.number().int().min(1).max(20).default(5).describe('Number of results, 1-20 (default 5)'),
  })
  .meta({ examples: [{ task: 'get the 7-day weather forecast for Berlin', max_price: 0.05, limit: 5 }] });
export type MatchInput = z.infer<typeof MatchInput>;

const Matched = z.object({
  term: z.string().describe('The word found in the tool description'),
  query: z.string().describe('The word of the task it came from'),
  how: z
    .enum(['exact', 'synonym', 'prefix', 'fuzzy', 'semantic'])
    .describe(
      'exact (after stemming), through a synonym, as a prefix, within a small edit distance, or close in meaning ' +
        '(word vectors)',
    ),
  fields: z.array(z.string()).describe('Where it was found: summary, name, tags, path, description, inputs'),
  similarity: z.number().optional().describe('For a semantic match: cosine similarity of the two words, 0-1'),
});

export const TollCall = z.object({
  method: z.enum(['GET', 'POST']),
  path: z.string().describe('Path on the Toll gateway; {name} segments are path parameters'),
  payment: z.enum(['x402', 'free']).describe('x402: the first call answers 402 with the challenge'),
  input: z.object({
    in: z.enum(['query', 'body']),
    schema: z.record(z.string(), z.unknown()).describe('JSON Schema of the input, as announced'),
  }),
});
export type TollCall = z.infer<typeof TollCall>;

export const IndexCall = z.object({
  endpoint: z.string(),
  schema_url: z.string().nullable(),
});
export type IndexCall = z.infer<typeof IndexCall>;

export const RegistryCall = z.object({
  endpoint: z.string(),
  auth_method: z.string(),
  io_format: z.unknown(),
});
export type RegistryCall = z.infer<typeof RegistryCall>;

const Ranked = {
  rank: z.number().int(),
  score: z
    .number()
    .describe(
      'Hybrid relevance: BM25 relative to the best BM25 of the answer plus the semantic score (0-1), times a ' +
        'prior; higher is better, comparable within one answer',
    ),
  name: z.string(),
  summary: z.string(),
  price: PriceSpec.nullable().describe(
    'usd: a decimal USD string; per: call, block (one payment buys `requests` calls) or bot-month. A free tool ' +
      'is { per: call, usd: "0" }; null when the source does not state a price',
  ),
  verified: Verified,
  availability: Availability,
  matched: z.array(Matched),
  reasons: z.array(z.string()),
};

export const RankedTool = z.discriminatedUnion('source', [
  z.object({ ...Ranked, source: z.literal('toll-catalog'), call: TollCall }),
  z.object({ ...Ranked, source: z.literal('index'), call: IndexCall }),
  z.object({ ...Ranked, source: z.literal('registry'), call: RegistryCall }),
]);
export type RankedTool = z.infer<typeof RankedTool>;

export const SourceFreshness = z.object({
  available: z.boolean(),
  items: z.number().int(),
  as_of: z.string().nullable(),
  stale: z.boolean(),
  reason: z.string().optional(),
});
export type SourceFreshness = z.infer<typeof SourceFreshness>;

// Keyed in snake_case like every public field; the source values themselves ('toll-catalog', …) are enum values.
const Sources = z.object({
  toll_catalog: SourceFreshness,
  index: SourceFreshness,
  registry: SourceFreshness,
});

export const MatchOutput = z.object({
  task: z.string(),
  max_price: z
    .string()
    .nullable()
    .describe('The ceiling as a decimal USD string (micro-dollar precision); null when none was given'),
  results: z.array(RankedTool),
  no_good_match: z
    .boolean()
    .describe(
      'true when even the first result matches the task weakly (few words in common, little closeness in ' +
        'meaning) or nothing matched: treat the results as guesses, not answers',
    ),
  considered: z.number().int().describe('Tools that matched at least one term'),
  excluded_by_price: z.number().int().describe('Matching tools left out by max_price (above it, or price not stated)'),
  left_out: z
    .object({
      weak: z.number().int().describe('Tools scoring below the minimum relevance (a share of the best score)'),
      administrative: z.number().int().describe('Status routes and free service routes the task did not ask for'),
      duplicates: z
        .number()
        .int()
        .describe('Unverified tools whose text nearly repeats one shown (or left out) above them'),
    })
    .describe('Matching tools not shown, and why'),
  sources: Sources,
  method: z.string(),
});
export type MatchOutput = z.infer<typeof MatchOutput>;

export const EmptyInput = z.strictObject({});

export const HealthOutput = healthOutput({
  sources: Sources,
  index: z.object({
    documents: z.number().int(),
    toll_routes: z.number().int(),
    index_entries: z.number().int(),
    registry_listings: z.number().int(),
    groups: z.array(z.string()),
  }),
  catalog: z.array(
    z.object({
      operation_id: z.string(),
      method: z.string(),
      path: z.string(),
      summary: z.string(),
      price: PriceSpec.nullable(),
    }),
  ),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
