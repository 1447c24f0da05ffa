import { healthOutput } from '@toll/platform';
import { cacheHealth, sourceHealth } from '@toll/upstream';
import { z } from 'zod';
import { ISBN_PATTERN, isbnProblem } from './isbn';

// Inputs are strict (unknown fields are rejected) and every string is bounded. The ISBN check digit is a rule
// JSON Schema cannot express, so it sits in the same schema as a refinement on the field.
const Isbn = z
  .string()
  .trim()
  .max(17, { abort: true })
  .regex(ISBN_PATTERN, {
    message: 'must be an ISBN-10 or ISBN-13 (digits, optional hyphens or spaces; ISBN-10 may end in X)',
    abort: true,
  })
  .superRefine((v, ctx) => {
    const problem = isbnProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const BATCH_MAX = 20;
export const SEARCH_MAX = 40;

export const GetBookInput = z
  .strictObject({
    isbn: Isbn.describe(
      'ISBN-10 or ISBN-13, hyphens optional; the check digit is verified before payment and an ISBN-10 is ' +
        'converted to ISBN-13',
    ),
  })
  .meta({ examples: [{ isbn: '9780143130727' }] });
export type GetBookInput = z.infer<typeof GetBookInput>;

export const GetBatchInput = z
  .strictObject({
    isbns: z
      .array(Isbn)
      .min(1)
      .max(BATCH_MAX)
      .describe(
        `1-${BATCH_MAX} ISBNs (10 or 13 digits); duplicates, including an ISBN-10 and its ISBN-13, are answered once`,
      ),
  })
  .meta({ examples: [{ isbns: ['9780143130727', '9780553562613', '9780132931755', '9780060281373'] }] });
export type GetBatchInput = z.infer<typeof GetBatchInput>;

const Text = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
    .optional()
    .describe(what);

export const SearchInput = z
  .strictObject({
    q: Text('Free text matched against titles, authors and subjects'),
    title: Text('Words in the title'),
    author: Text('Author name'),
    subject: Text('Subject, e.g. "science fiction"'),
    limit: z.number().int().min(1).max(SEARCH_MAX).default(10).describe(`Results to return (1-${SEARCH_MAX})`),
  })
  .superRefine((v, ctx) => {
    if (!v.q && !v.title && !v.author && !v.subject)
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'give at least one of q, title, author or subject' });
  })
  .meta({ examples: [{ title: 'the lord of the rings', limit: 3 }] });
export type SearchInput = z.infer<typeof SearchInput>;

export const EmptyInput = z.strictObject({});

export const SourceName = z.enum(['open-library', 'google-books']);
export type SourceName = z.infer<typeof SourceName>;

export const MERGED_FIELDS = [
  'title',
  'subtitle',
  'authors',
  'publishers',
  'publish_date',
  'pages',
  'languages',
  'subjects',
  'description',
  'cover',
] as const;
export type MergedField = (typeof MERGED_FIELDS)[number];

const Cover = z.object({ small: z.string().nullable(), medium: z.string().nullable(), large: z.string().nullable() });

export const Book = z.object({
  isbn_13: z.string().describe('The ISBN-13 asked for (an ISBN-10 is converted)'),
  isbn_10: z.string().nullable().describe('Its ISBN-10, when it has one (978 prefix only)'),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  authors: z.array(
    z.object({
      name: z.string(),
      id: z.string().nullable().describe('Open Library author id, when the author came from Open Library'),
    }),
  ),
  publishers: z.array(z.string()),
  publish_date: z
    .string()
    .nullable()
    .describe("Publication date as the source writes it (e.g. '2017', 'July 28, 2008', '2013-08-20')"),
  pages: z.number().int().nullable(),
  languages: z
    .array(z.string())
    .describe('MARC 21 language codes (eng, fre, ger, …); a Google Books ISO 639-1 code is converted where known'),
  subjects: z.array(z.string()),
  description: z.string().nullable(),
  cover: Cover.nullable().describe('Cover image URLs; image rights vary by cover'),
  identifiers: z.object({
    isbn_10: z.array(z.string()),
    isbn_13: z.array(z.string()),
    oclc: z.array(z.string()),
    lccn: z.array(z.string()),
    openlibrary: z.string().nullable().describe('Open Library edition id (OL…M)'),
    google_books: z.string().nullable().describe('Google Books volume id'),
  }),
  work: z
    .object({ id: z.string(), url: z.string() })
    .nullable()
    .describe('The Open Library work (all editions of the book) this edition belongs to'),
  links: z.object({ openlibrary: z.string().nullable(), google_books: z.string().nullable() }),
  field_sources: z
    .record(z.enum(MERGED_FIELDS), SourceName.nullable())
    .describe(
      'Which source each descriptive field came from; Open Library first, Google Books fills what it lacks; null ' +
        'when neither has it',
    ),
});
export type Book = z.infer<typeof Book>;

const Freshness = z.object({
  as_of: z.string().describe('ISO time the oldest part of this answer was fetched from its source'),
  stale: z.boolean().describe('True when a source failed and an older cached answer is served instead'),
  reason: z.string().nullable().describe('Why stale data was served; null when fresh'),
});

const SourceUse = z.object({
  name: SourceName,
  outcome: z
    .enum(['found', 'not_found', 'failed', 'skipped'])
    .describe('What this source said for this call; skipped when it was not needed or is disabled'),
  error: z.string().nullable(),
});

const Attribution = z.array(z.string()).describe('Credit to show wherever the data is used');

export const GetBookOutput = z.object({
  query: z.object({ isbn: z.string() }),
  book: Book,
  sources: z.array(SourceUse),
  attribution: Attribution,
  freshness: Freshness,
});
export type GetBookOutput = z.infer<typeof GetBookOutput>;

export const GetBatchOutput = z.object({
  requested: z.number().int().describe('Distinct ISBN-13s asked for'),
  found: z.number().int(),
  results: z.array(
    z.object({
      isbns: z.array(z.string()).describe('The inputs that name this book, as given'),
      isbn_13: z.string(),
      status: z
        .enum(['found', 'not_found', 'unavailable'])
        .describe('unavailable: every source that could know it failed'),
      book: Book.nullable(),
    }),
  ),
  sources: z.array(
    SourceUse.extend({
      requests: z.number().int().describe('Upstream requests made for this call (0 when answered from cache)'),
    }),
  ),
  attribution: Attribution,
  freshness: Freshness,
});
export type GetBatchOutput = z.infer<typeof GetBatchOutput>;

export const SearchHit = z.object({
  title: z.string(),
  subtitle: z.string().nullable(),
  authors: z.array(z.string()),
  first_publish_year: z
    .number()
    .int()
    .nullable()
    .describe('Open Library: first publication of the work; Google Books: year of this edition'),
  edition_count: z.number().int().nullable(),
  isbns: z.array(z.string()).describe('Up to 10 ISBNs of editions, ISBN-13 first; look one up with books.getBook'),
  languages: z.array(z.string()),
  subjects: z.array(z.string()).describe('Up to 10'),
  cover: Cover.nullable(),
  work: z.object({ id: z.string(), url: z.string() }).nullable(),
  link: z.string(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchOutput = z.object({
  query: z.object({
    q: z.string().nullable(),
    title: z.string().nullable(),
    author: z.string().nullable(),
    subject: z.string().nullable(),
    limit: z.number().int(),
  }),
  source: SourceName,
  fallback: z.boolean().describe('True when Open Library failed and Google Books answered'),
  fallback_reason: z.string().nullable(),
  total: z.number().int().describe('Matches the source reports in all'),
  count: z.number().int(),
  results: z.array(SearchHit),
  attribution: Attribution,
  freshness: Freshness,
});
export type SearchOutput = z.infer<typeof SearchOutput>;

export const HealthOutput = healthOutput({
  sources: z.array(sourceHealth(SourceName)),
  cache: cacheHealth,
});
export type HealthOutput = z.infer<typeof HealthOutput>;
