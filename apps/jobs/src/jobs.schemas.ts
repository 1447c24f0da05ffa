import { healthOutput } from '@toll/platform';
import { z } from 'zod';
import { JOB_TYPES, searchWords } from './postings';
import { SOURCE_IDS } from './sources';

// Inputs are strict (unknown fields are rejected). GET query values arrive typed: the gateway coerces them from
// the announced JSON Schema. Every rule is here, so bad input is refused before any payment.

const CURSOR = /^[A-Za-z0-9_-]{8,400}$/;
const POSTING_ID = /^(arbeitnow|usajobs):[A-Za-z0-9._~-]{1,300}$/;

// The cursor is base64url JSON {p: posted_at ISO, i: posting id}: the last row of the previous page.
export interface Cursor {
  p: string;
  i: string;
}
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
export function decodeCursor(s: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Partial<Cursor>;
    return typeof c.p === 'string' && !Number.isNaN(Date.parse(c.p)) && typeof c.i === 'string' && POSTING_ID.test(c.i)
      ? { p: c.p, i: c.i }
      : null;
  } catch {
    return null;
  }
}

export const SearchInput = z
  .strictObject({
    q: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('Keywords; every word must appear in the title, company, location or tags (case and accents ignored)'),
    location: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[\p{L}\p{N} ,.'()/-]+$/u, "may hold letters, digits, spaces and , . ' ( ) / - only")
      .optional()
      .describe('Place the job is in, matched as text against the posting location (e.g. "Berlin", "Texas")'),
    remote: z.boolean().optional().describe('true: remote jobs only; false: on-site jobs only; omit for both'),
    job_type: z.enum(JOB_TYPES).optional().describe('Employment type'),
    salary_min: z
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .optional()
      .describe(
        'Yearly salary floor in salary_currency: keeps jobs whose published range reaches it (hourly/monthly pay ' +
          'annualised); jobs without a salary are left out',
      ),
    salary_currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
      .default('USD')
      .describe('Currency of salary_min (ISO 4217), default USD'),
    posted_since: z
      .union([z.iso.date(), z.iso.datetime({ offset: true })])
      .optional()
      .describe('Only jobs posted at or after this date (YYYY-MM-DD, UTC) or time (ISO 8601 with offset)'),
    source: z.enum(SOURCE_IDS).optional().describe('Only jobs from this source'),
    limit: z.number().int().min(1).max(50).default(20).describe('Jobs per page, 1-50 (default 20)'),
    cursor: z
      .string()
      .regex(CURSOR, 'must be a next_cursor from a previous answer')
      .optional()
      .describe('next_cursor of the previous page, to continue the same search'),
  })
  .superRefine((v, ctx) => {
    // Keywords are matched by their Latin letters and digits; one with none would silently match every job.
    if (v.q !== undefined && v.q.length && !searchWords(v.q).length)
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'must contain a Latin letter or a digit' });
    if (v.cursor !== undefined && CURSOR.test(v.cursor) && !decodeCursor(v.cursor)) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'is not a next_cursor this service issued' });
    }
    if (v.salary_min === undefined && v.salary_currency !== 'USD') {
      ctx.addIssue({ code: 'custom', path: ['salary_currency'], message: 'only applies together with salary_min' });
    }
  })
  .meta({ examples: [{ q: 'backend engineer', location: 'Berlin', limit: 10 }] });
export type SearchInput = z.infer<typeof SearchInput>;

export const GetJobInput = z
  .strictObject({
    id: z
      .string()
      .regex(POSTING_ID, 'must be a job id from a search answer, "<source>:<source id>"')
      .describe('Job id from a search answer, e.g. "arbeitnow:senior-backend-engineer-berlin-123"'),
  })
  .meta({ examples: [{ id: 'arbeitnow:senior-backend-engineer-berlin-481516' }] });
export type GetJobInput = z.infer<typeof GetJobInput>;

export const EmptyInput = z.strictObject({});

const Source = z.enum(SOURCE_IDS);
const Attribution = z.object({ text: z.string(), url: z.string() });
const Freshness = z.object({
  as_of: z
    .string()
    .describe('When the oldest source in the answer was last refreshed (ISO 8601 UTC): the index as of then'),
  stale: z.boolean().describe('true when a source could not be refreshed on schedule and older rows are served'),
  reason: z.string().optional().describe('Why stale rows are served'),
});
const SourceFreshness = z.object({
  id: Source,
  as_of: z.string().describe('Last successful refresh of this source'),
  stale: z.boolean(),
  rows: z.number().int().describe('Postings of this source in the index'),
});
const Salary = z.object({
  min: z.string().nullable().describe('Lower end as published, decimal string'),
  max: z.string().nullable().describe('Upper end as published, decimal string'),
  currency: z.string(),
  period: z.enum(['year', 'month', 'week', 'day', 'hour']),
});
const Listing = z.object({ source: Source, id: z.string(), url: z.string().describe('The same job on this source') });

const JobFields = {
  id: z.string().describe('"<source>:<source id>"; pass it to jobs.getJob for the full description'),
  title: z.string(),
  company: z.string().describe('Employer (for USAJOBS: the hiring agency)'),
  location: z.string(),
  remote: z.boolean(),
  job_types: z.array(z.enum(JOB_TYPES)),
  tags: z.array(z.string()),
  salary: Salary.nullable().describe('As published; null when the source gives none'),
  posted_at: z.string(),
  closes_at: z.string().nullable(),
  url: z
    .string()
    .describe("Link back to the job on its source, which the source's terms require wherever the job is shown"),
  apply_url: z.string().nullable(),
  source: Source,
  attribution: Attribution.describe('Name the source wherever the job is shown'),
  also_listed_on: z.array(Listing).describe('The same job (same company, title and city) on other sources'),
};

export const SearchOutput = z.object({
  count: z.number().int().describe('Jobs in this page'),
  jobs: z.array(z.object({ ...JobFields, snippet: z.string().describe('Start of the description, plain text') })),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
  sources: z.array(SourceFreshness).describe('Sources the answer was drawn from, each with its last refresh'),
  freshness: Freshness,
  notes: z.array(z.string()),
});
export type SearchOutput = z.infer<typeof SearchOutput>;

export const GetJobOutput = z.object({
  job: z.object({
    ...JobFields,
    description: z.string().describe('Full description, plain text (HTML removed), at most 20,000 characters'),
  }),
  freshness: Freshness,
});
export type GetJobOutput = z.infer<typeof GetJobOutput>;

export const HealthOutput = healthOutput({
  sources: z.array(
    z.object({
      id: z.string(),
      role: z.string(),
      enabled: z.boolean(),
      resold: z.boolean().describe('Whether rows from this source are sold; false for sources whose terms forbid it'),
      disabled_reason: z.string().nullable(),
      base_url: z.string().nullable(),
      license: z.string(),
      terms: z.string(),
      refresh_every_hours: z.number().nullable(),
      last_success_at: z.string().nullable(),
      last_failure: z.object({ at: z.string(), message: z.string() }).nullable(),
      next_refresh_at: z.string().nullable(),
      rows: z.number().int(),
    }),
  ),
  cache: z.object({
    kind: z.string(),
    rows: z.number().int().describe('Postings in the index'),
    distinct_jobs: z.number().int().describe('Postings left after cross-source deduplication'),
    as_of: z.string().nullable().describe('Oldest last refresh among the sources served'),
  }),
});
export type HealthOutput = z.infer<typeof HealthOutput>;
