import { healthOutput } from '@toll/platform';
import { z } from 'zod';
import { MATCH_TYPES, normalise } from './similarity';

// Inputs are strict (unknown fields are rejected); GET query values arrive typed (the gateway coerces them from the
// announced JSON Schema). Every rule is here, so bad input is refused before any payment.

// Nice classes 1-45 (leading zeros allowed, as the office writes them: "009"), so JSON Schema can check them too.
const CLASS = '(?:0{0,2}[1-9]|0?[1-3][0-9]|0?4[0-5])';
const CLASS_LIST = new RegExp(`^${CLASS}(?:,${CLASS}){0,44}$`);
const TYPE_LIST = /^(exact|phonetic|fuzzy)(,(exact|phonetic|fuzzy)){0,2}$/;

export const StatusInput = z
  .strictObject({
    serial: z
      .string()
      .regex(/^\d{8}$/, 'must be an 8-digit serial number')
      .optional()
      .describe('Application serial number, 8 digits (e.g. 76044902)'),
    registration: z
      .string()
      .regex(/^\d{1,8}$/, 'must be a registration number of up to 8 digits')
      .optional()
      .describe('Registration number, up to 8 digits (e.g. 2824281)'),
  })
  .superRefine((v, ctx) => {
    if (v.serial === undefined && v.registration === undefined)
      ctx.addIssue({ code: 'custom', path: ['serial'], message: 'give serial or registration' });
    if (v.serial !== undefined && v.registration !== undefined)
      ctx.addIssue({ code: 'custom', path: ['registration'], message: 'give serial or registration, not both' });
  })
  .meta({ examples: [{ serial: '76044902' }] });
export type StatusInput = z.infer<typeof StatusInput>;

export const SearchInput = z
  .strictObject({
    mark: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/[\p{L}\p{N}]/u, 'must contain a letter or digit')
      .describe('The word mark to check, e.g. a product or company name'),
    classes: z
      .string()
      .regex(CLASS_LIST, 'must be comma-separated Nice classes 1-45, e.g. "9,42"')
      .optional()
      .describe('Nice classes 1-45 to search, comma-separated (e.g. "9,42"); omit for all classes'),
    match: z
      .string()
      .regex(TYPE_LIST, 'must be a comma-separated subset of exact, phonetic, fuzzy')
      .default('exact,phonetic,fuzzy')
      .describe('Kinds of match to return'),
    min_similarity: z
      .number()
      .min(0.5)
      .max(1)
      .default(0.75)
      .describe('Fuzzy matches need at least this similarity (1 - edits / length), 0.5-1, default 0.75'),
    limit: z.number().int().min(1).max(100).default(20).describe('Matches to return, 1-100 (default 20)'),
  })
  .superRefine((v, ctx) => {
    // Marks are compared by their Latin letters and digits (the office's mark text); a query with none would match
    // nothing meaningful.
    if (typeof v.mark === 'string' && /[\p{L}\p{N}]/u.test(v.mark) && !normalise(v.mark))
      ctx.addIssue({ code: 'custom', path: ['mark'], message: 'must contain a Latin letter or a digit' });
  })
  .meta({ examples: [{ mark: 'Sunbeam', classes: '9,42', limit: 20 }] });
export type SearchInput = z.infer<typeof SearchInput>;

export const EmptyInput = z.strictObject({});

const Freshness = z.object({
  as_of: z
    .string()
    .describe(
      'When the data was read from the office (status) or when the index was last brought up to date (search), ' +
        'ISO 8601 UTC',
    ),
  stale: z
    .boolean()
    .describe(
      'true when the office could not be reached and an older answer is served, or the index missed its schedule',
    ),
  reason: z.string().optional(),
});
const Attribution = z.object({ text: z.string(), url: z.string() });
const day = z.string().nullable().describe('YYYY-MM-DD');

export const StatusOutput = z.object({
  serial: z.string(),
  registration_number: z.string().nullable(),
  mark: z.string().nullable().describe('The words of the mark (null for a design-only mark)'),
  kind: z.string().nullable().describe('e.g. "Trademark, Service Mark"'),
  mark_feature: z.string().nullable().describe('How the mark is drawn, e.g. standard characters or a design'),
  register: z.string().nullable().describe('Principal or Supplemental'),
  status: z.object({
    code: z.string().nullable().describe("The office's status code"),
    date: day,
    description: z.string().nullable().describe("What the status means, in the office's words"),
  }),
  dates: z.object({ filed: day, published: day.describe('Published for opposition'), registered: day }),
  owner: z.string().nullable().describe('Current owner (the latest party of record)'),
  parties: z.array(
    z.object({
      role: z.string().nullable(),
      name: z.string(),
      legal_entity: z.string().nullable(),
      country: z.string().nullable(),
    }),
  ),
  attorney: z.string().nullable(),
  classes: z.array(
    z.object({
      class: z.number().int().nullable(),
      goods_and_services: z.string().nullable(),
      status: z.string().nullable(),
      first_use: day,
      first_use_in_commerce: day,
    }),
  ),
  events: z
    .array(z.object({ date: day, code: z.string().nullable(), description: z.string().nullable() }))
    .describe('Prosecution history, newest first'),
  tsdr_url: z.string().describe("The case on the office's site"),
  source: z.literal('tsdr'),
  attribution: Attribution,
  freshness: Freshness,
});
export type StatusOutput = z.infer<typeof StatusOutput>;

export const SearchOutput = z.object({
  query: z.object({
    mark: z.string(),
    normalised: z.string().describe('Letters and digits compared for exact and fuzzy matches'),
    sound_key: z.string().describe('Sound-alike key compared for phonetic matches'),
    classes: z.array(z.number().int()),
    match: z.array(z.enum(MATCH_TYPES)),
  }),
  count: z.number().int(),
  matches: z.array(
    z.object({
      serial: z.string(),
      registration_number: z.string().nullable(),
      mark: z.string(),
      match: z.enum(MATCH_TYPES).describe('Strongest kind of match'),
      match_types: z.array(z.enum(MATCH_TYPES)).describe('Every kind that holds, strongest first'),
      similarity: z.number().describe('1 - edits / length of the longer text, 0-1'),
      reasons: z.array(z.string()).describe('Why this mark matched, one line per kind'),
      classes: z.array(z.number().int()),
      shared_classes: z
        .array(z.number().int())
        .describe('Classes in common with the query (all its classes when the query names none)'),
      owner: z.string().nullable(),
      filed: day,
      registered: day,
      status: z.object({ code: z.string().nullable(), date: day }),
      goods_and_services: z.array(z.object({ class: z.number().int(), text: z.string() })),
      tsdr_url: z.string(),
    }),
  ),
  candidates_considered: z.number().int().describe(`Index rows scored (at most 500: a vaguer query is cut there)`),
  index: z.object({
    marks: z.number().int(),
    files_loaded: z.number().int(),
    latest_file_date: day.describe('Date of the newest daily file in the index'),
  }),
  source: z.literal('odp-bulk'),
  attribution: Attribution,
  freshness: Freshness,
  notes: z.array(z.string()),
});
export type SearchOutput = z.infer<typeof SearchOutput>;

export const HealthOutput = healthOutput({
  sources: z.array(
    z.object({
      id: z.string(),
      role: z.string(),
      configured: z.boolean().describe('Whether the API key this source needs is set'),
      key: z.string().describe('Configuration variable holding the key'),
      base_url: z.string(),
      license: z.string(),
      terms: z.string(),
    }),
  ),
  unavailable: z
    .array(z.object({ operation_id: z.string(), reason: z.string() }))
    .describe('Operations that answer 503 on this deployment, and why'),
  ingest: z.object({
    enabled: z.boolean(),
    every_hours: z.number(),
    last_success_at: z.string().nullable(),
    last_failure: z.object({ at: z.string(), message: z.string() }).nullable(),
    next_run_at: z.string().nullable(),
    rejected_files: z
      .array(z.object({ file: z.string(), date: z.string(), error: z.string().nullable() }))
      .describe('Latest files refused (nothing of them is in the index)'),
  }),
  cache: z.object({
    status_entries: z.number().int(),
    hits: z.number().int(),
    misses: z.number().int(),
    stale: z.number().int(),
    errors: z.number().int(),
    index_marks: z.number().int(),
    index_files_loaded: z.number().int(),
    index_latest_file_date: z.string().nullable(),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
