import { healthOutput } from '@toll/platform';
import { cacheHealth } from '@toll/upstream';
import { z } from 'zod';
import { gdeltLanguage } from './languages';

// Inputs are strict (unknown fields are rejected) and every string is bounded.
const Query = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
  .describe(
    'Search terms (1-200 characters) in GDELT query syntax: words are ANDed, "exact phrases" go in double quotes, ' +
      '(a OR b) needs parentheses, -word excludes. GDELT refuses keywords that are too short or too common.',
  );

export const SearchInput = z
  .strictObject({
    q: Query,
    days: z.number().int().min(1).max(30).default(7).describe('Lookback in days (1-30) ending now'),
    limit: z.number().int().min(1).max(100).default(20).describe('Articles to return (1-100), newest first'),
    lang: z
      .string()
      // abort: the language check below only makes sense for a well-formed value, and one issue per field reads better
      .min(2, { abort: true })
      .max(20, { abort: true })
      .regex(/^[A-Za-z]+$/, { message: 'must be letters only', abort: true })
      .refine(
        (v) => gdeltLanguage(v) !== undefined,
        'is not a language GDELT indexes; give an ISO 639-1 code such as "es" or an English name such as "spanish"',
      )
      .optional()
      .describe(
        'Only articles published in this language: an ISO 639-1 code ("es") or its English name ("spanish"), ' +
          'case-insensitive',
      ),
  })
  .meta({ examples: [{ q: 'bitcoin', days: 7, limit: 20 }] });
export type SearchInput = z.infer<typeof SearchInput>;

export const TrendingInput = z
  .strictObject({
    days: z.number().int().min(1).max(7).default(1).describe('Window in days (1-7): the most recent complete UTC days'),
    limit: z.number().int().min(1).max(50).default(20).describe('Topics to return (1-50)'),
  })
  .meta({ examples: [{ days: 1, limit: 10 }] });
export type TrendingInput = z.infer<typeof TrendingInput>;

export const TimelineInput = z
  .strictObject({
    q: Query,
    days: z
      .number()
      .int()
      .min(1)
      .max(90)
      .default(30)
      .describe('Lookback in days (1-90) ending now; GDELT keeps about 3 months'),
  })
  .meta({ examples: [{ q: 'bitcoin', days: 30 }] });
export type TimelineInput = z.infer<typeof TimelineInput>;

export const EmptyInput = z.strictObject({});

// Where the data came from and how old it is; stale data is never presented as fresh (spec §2.2).
const Provenance = {
  source: z.enum(['gdelt', 'wikimedia', 'hn-algolia']).describe('Provider that produced this data'),
  fallback: z.boolean().describe('True when the primary provider failed and a fallback provider answered'),
  fallback_reason: z.string().nullable().describe('Why the primary provider (and any earlier fallback) was not used'),
  as_of: z.string().describe('ISO time the data was fetched from the provider'),
  stale: z.boolean().describe('True when every provider failed and an older cached answer is served instead'),
  reason: z.string().nullable().describe('Why stale data was served; null when fresh'),
  attribution: z.string().describe('Credit to show wherever the data is used'),
};

const Article = z.object({
  title: z.string(),
  url: z.string(),
  domain: z.string(),
  published_at: z
    .string()
    .nullable()
    .describe('ISO time the provider first saw (GDELT) or received (Hacker News) the article'),
  language: z
    .string()
    .nullable()
    .describe('Language of the article as GDELT names it; null when the provider does not say'),
  source_country: z.string().nullable().describe('Country of the publisher as GDELT names it'),
  image: z.string().nullable().describe('Social sharing image of the article'),
});

export const SearchOutput = z.object({
  query: z.object({
    q: z.string(),
    days: z.number().int(),
    limit: z.number().int(),
    lang: z.string().nullable().describe('Language filter as sent to GDELT'),
  }),
  ...Provenance,
  count: z.number().int(),
  articles: z.array(Article).describe('Newest first'),
  notes: z
    .array(z.string())
    .describe(
      'Caveats about this answer: records the provider sent malformed, and whether they were repaired or left out',
    ),
});
export type SearchOutput = z.infer<typeof SearchOutput>;
export type Article = z.infer<typeof Article>;

const TrendingItem = z.object({
  rank: z.number().int(),
  title: z.string(),
  url: z.string(),
  score: z.number().int().describe('Summed Wikipedia page views over the window, or Hacker News points'),
  summary: z.string().nullable().describe('Short description of the topic, when the provider has one'),
});
export type TrendingItem = z.infer<typeof TrendingItem>;

export const TrendingOutput = z.object({
  days: z.number().int(),
  limit: z.number().int(),
  metric: z.enum(['pageviews', 'points']),
  definition: z.string().describe('How this list was ranked'),
  window: z.object({
    from: z.string().describe('ISO start of the window'),
    to: z.string().describe('ISO end of the window'),
    days_covered: z
      .number()
      .int()
      .describe('Days of data found in the window (a day the provider has not published yet is missing)'),
  }),
  ...Provenance,
  count: z.number().int(),
  items: z.array(TrendingItem),
});
export type TrendingOutput = z.infer<typeof TrendingOutput>;

const TimelinePoint = z.object({
  date: z.string().describe('ISO start of the interval'),
  count: z.number().int().describe('Matching articles GDELT saw in the interval'),
  share: z
    .number()
    .nullable()
    .describe('Matching articles as a percentage of all articles GDELT monitored in the interval'),
});
export type TimelinePoint = z.infer<typeof TimelinePoint>;

export const TimelineOutput = z.object({
  query: z.object({ q: z.string(), days: z.number().int() }),
  ...Provenance,
  resolution: z.string().nullable().describe('Interval length GDELT chose for this window, as it names it'),
  total: z.number().int().describe('Sum of count over the series'),
  series: z.array(TimelinePoint).describe('Oldest first'),
});
export type TimelineOutput = z.infer<typeof TimelineOutput>;

const SourceState = z.object({
  name: z.enum(['gdelt', 'wikimedia', 'hn-algolia']),
  role: z.string().describe('Which operations the provider serves, as primary or fallback'),
  enabled: z.boolean(),
  state: z.enum(['ok', 'failing', 'unknown', 'disabled']).describe('Outcome of the latest call'),
  last_ok_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type SourceState = z.infer<typeof SourceState>;

export const HealthOutput = healthOutput({
  sources: z.array(SourceState),
  queue: z.object({
    upstream: z.literal('gdelt'),
    depth: z.number().int().describe('GDELT requests waiting for their slot or in flight'),
    interval_ms: z.number().int().describe('Minimum spacing between GDELT requests'),
    paused_until: z.string().nullable().describe('Set while the queue is paused after GDELT answered 429'),
  }),
  cache: cacheHealth,
});
export type HealthOutput = z.infer<typeof HealthOutput>;
