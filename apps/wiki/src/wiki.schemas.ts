import { healthOutput } from '@toll/platform';
import { cacheHealth } from '@toll/upstream';
import { z } from 'zod';
import { SOURCES, type SourceName } from './source-board';

// Inputs are strict (unknown fields are rejected) and every string is bounded.
const Question = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .describe('A question ("Who was Ada Lovelace?") or a topic ("Eiffel Tower"), 1-300 characters');

export const GetAnswerInput = z.strictObject({ q: Question }).meta({ examples: [{ q: 'Eiffel Tower' }] });
export type GetAnswerInput = z.infer<typeof GetAnswerInput>;

export const GetRelatedInput = z
  .strictObject({
    q: Question,
    limit: z.number().int().min(1).max(50).default(10).describe('How many linked articles to return (1-50)'),
  })
  .meta({ examples: [{ q: 'Eiffel Tower', limit: 10 }] });
export type GetRelatedInput = z.infer<typeof GetRelatedInput>;

export const EmptyInput = z.strictObject({});

export const LICENSE = {
  name: 'CC BY-SA 4.0',
  url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  author: 'Wikipedia contributors',
  changes: 'extracted summary',
} as const;

const sourceNames = Object.values(SOURCES).map((s) => s.name) as [SourceName, ...SourceName[]];
const SourceNameSchema = z.enum(sourceNames);

const Attribution = z
  .object({
    title: z.string().describe('Title of the Wikipedia article the content comes from'),
    url: z.string().describe('Link to the article'),
    author: z.literal(LICENSE.author),
    license: z.literal(LICENSE.name),
    license_url: z.literal(LICENSE.url),
    changes: z.literal(LICENSE.changes).describe('What was done to the original text'),
    revision: z.string().nullable().describe('Article revision the text was taken from, when the provider reports it'),
  })
  .describe('Credit required by CC BY-SA 4.0: show it wherever the content is reused, and share alike');

const Freshness = z
  .object({
    stale: z.boolean().describe('True when Wikipedia could not be reached and a cached copy was served instead'),
    as_of: z.string().describe('ISO time the oldest part of this answer was fetched from Wikipedia'),
    reason: z.string().optional().describe('Why a stale copy was served (present only when stale)'),
  })
  .describe('Answers are cached for 24 h and kept 7 days as a stale fallback');

const Article = z.object({
  title: z.string(),
  description: z.string().nullable().describe('Short description, when the article has one'),
  url: z.string(),
});

export const GetAnswerOutput = z.object({
  query: z.string().describe('The question as asked (trimmed)'),
  search_term: z.string().describe('The topic searched for once question words were stripped'),
  title: z.string().describe('Title of the page the question resolved to'),
  page_id: z.number().int().nullable(),
  url: z.string(),
  description: z.string().nullable().describe('Short description of the page'),
  answer: z.string().describe('Plain-text summary of the page (its lead paragraph)'),
  disambiguation: z
    .boolean()
    .describe(
      'True when the topic is ambiguous and the page only lists meanings: pick one of `candidates` and ask again',
    ),
  candidates: z
    .array(Article)
    .describe('For a disambiguation page, the pages it points to (largest articles first); otherwise empty'),
  sources: z.object({
    search: SourceNameSchema.describe('Provider that resolved the question to a page'),
    answer: SourceNameSchema.describe('Provider of the answer text (a fallback is named here when the primary failed)'),
    candidates: SourceNameSchema.nullable().describe('Provider of the candidates; null when not a disambiguation page'),
  }),
  attribution: Attribution,
  freshness: Freshness,
});
export type GetAnswerOutput = z.infer<typeof GetAnswerOutput>;

export const GetRelatedOutput = z.object({
  query: z.string(),
  search_term: z.string(),
  title: z.string().describe('Title of the page the query resolved to'),
  url: z.string(),
  relation: z
    .enum(['linked', 'similar'])
    .describe(
      '"linked": articles the page links to, largest first; "similar": text-similar articles (fallback when the ' +
        'link list is unavailable)',
    ),
  articles: z.array(Article),
  count: z.number().int(),
  sources: z.object({ search: SourceNameSchema, related: SourceNameSchema }),
  attribution: Attribution,
  freshness: Freshness,
});
export type GetRelatedOutput = z.infer<typeof GetRelatedOutput>;

export const HealthOutput = healthOutput({
  upstreams: z.array(
    z.object({
      name: SourceNameSchema,
      role: z.enum(['primary', 'fallback']),
      used_for: z.string(),
      endpoint: z.string(),
      state: z.enum(['ok', 'failing', 'unused']).describe('Outcome of the latest call from this instance'),
      last_ok_at: z.string().nullable(),
      last_error: z.object({ at: z.string(), code: z.string(), message: z.string() }).nullable(),
    }),
  ),
  license: z.object({ name: z.string(), url: z.string(), author: z.string(), note: z.string() }),
  cache: cacheHealth.extend({
    stale: z.number().int().describe('Answers served from a stale copy'),
    fresh_ms: z.number().int(),
    stale_ms: z.number().int(),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
