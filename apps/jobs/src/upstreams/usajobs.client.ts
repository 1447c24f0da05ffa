// USAJOBS Search API — https://developer.usajobs.gov/api-reference/get-api-search (docs/upstreams.md §14c).
// US Government work, public domain. Free key by e-mail: headers Authorization-Key, and User-Agent = the registered
// e-mail. Unfiltered searches can answer 503, so we always filter by DatePosted (days). Up to 500 rows a page.
// Shape: { SearchResult: { SearchResultCount, SearchResultCountAll, SearchResultItems: [{ MatchedObjectId,
// MatchedObjectDescriptor: { PositionTitle, PositionURI, ApplyURI[], PositionLocationDisplay, OrganizationName,
// DepartmentName, PositionSchedule[{Name,Code}], PositionOfferingType[{Name,Code}], PositionRemuneration[{MinimumRange,
// MaximumRange, RateIntervalCode}], PublicationStartDate, ApplicationCloseDate, UserArea.Details.{JobSummary, …} } }],
// UserArea: { NumberOfPages } } }. Dates carry no zone ("2024-06-04T00:00:00.0000"); we read them as UTC.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, replayActive, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { JobsConfig } from '../config';
import { jobTypesOf, type Posting, type SalaryPeriod } from '../postings';
import type { JobSource } from './job-source';

const RATE_PER_SECOND = 1;
const PAGE_SIZE = 500;
const HOUR = 3_600_000;

const Named = z.object({ Name: z.string().optional(), Code: z.string().optional() });
const Descriptor = z.object({
  PositionTitle: z.string().min(1),
  PositionURI: z.url(),
  ApplyURI: z.array(z.string()).optional(),
  PositionLocationDisplay: z.string().optional(),
  OrganizationName: z.string().optional(),
  DepartmentName: z.string().optional(),
  JobCategory: z.array(Named).optional(),
  PositionSchedule: z.array(Named).optional(),
  PositionOfferingType: z.array(Named).optional(),
  PositionRemuneration: z
    .array(
      z.object({
        MinimumRange: z.string().optional(),
        MaximumRange: z.string().optional(),
        RateIntervalCode: z.string().optional(),
      }),
    )
    .optional(),
  PublicationStartDate: z.string(),
  ApplicationCloseDate: z.string().optional(),
  UserArea: z
    .object({
      Details: z.object({ JobSummary: z.string().optional(), RemoteIndicator: z.boolean().optional() }).optional(),
    })
    .optional(),
});
const Search = z.object({
  SearchResult: z.object({
    SearchResultCount: z.number().int(),
    SearchResultItems: z.array(z.object({ MatchedObjectId: z.string().min(1), MatchedObjectDescriptor: Descriptor })),
    UserArea: z.object({ NumberOfPages: z.union([z.string(), z.number()]).optional() }).optional(),
  }),
});

// RateIntervalCode values that map onto a period; others (e.g. "WC", without compensation) carry no comparable salary.
const PERIODS: Record<string, SalaryPeriod> = {
  PA: 'year',
  PM: 'month',
  BW: 'week',
  PW: 'week',
  PD: 'day',
  PH: 'hour',
};
const SCHEDULES: Record<string, string> = {
  '1': 'Full-time',
  '2': 'Part-time',
  '4': 'Intermittent',
  '5': 'Job sharing',
};

@Injectable()
export class UsajobsClient implements JobSource {
  readonly id = 'usajobs';
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly baseUrl: string;
  readonly refreshMs: number;
  private readonly daysPosted: number;
  private readonly maxPages: number;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: JobsConfig, @Inject(JsonLogger) logger: JsonLogger) {
    // Replay mode answers from fixtures, so a demo needs no key.
    this.enabled = Boolean(config.JOBS_USAJOBS_API_KEY) || replayActive();
    this.disabledReason = this.enabled
      ? null
      : 'no API key: set JOBS_USAJOBS_API_KEY and JOBS_USAJOBS_EMAIL (free at developer.usajobs.gov)';
    this.baseUrl = config.JOBS_USAJOBS_BASE_URL;
    this.refreshMs = config.JOBS_USAJOBS_REFRESH_HOURS * HOUR;
    this.daysPosted = config.JOBS_USAJOBS_DAYS_POSTED;
    this.maxPages = config.JOBS_USAJOBS_MAX_PAGES;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.JOBS_USAJOBS_TIMEOUT_MS,
      userAgent: config.JOBS_USAJOBS_EMAIL ?? config.JOBS_USER_AGENT,
      headers: config.JOBS_USAJOBS_API_KEY ? { 'authorization-key': config.JOBS_USAJOBS_API_KEY } : {},
      governor: { ratePerSecond: RATE_PER_SECOND },
      log: upstreamLog(logger),
    });
  }

  async fetchAll(deadline: number): Promise<Posting[]> {
    const postings: Posting[] = [];
    for (let page = 1; page <= this.maxPages; page++) {
      const query = { DatePosted: this.daysPosted, ResultsPerPage: PAGE_SIZE, Page: page };
      const { SearchResult: result } = await this.api.getJson('api/search', query, Search, { deadline });
      // A row whose posting date does not parse is skipped rather than failing the whole refresh.
      for (const i of result.SearchResultItems) {
        const posting = toPosting(i.MatchedObjectId, i.MatchedObjectDescriptor);
        if (posting) postings.push(posting);
      }
      const pages = Number(result.UserArea?.NumberOfPages ?? 1);
      if (result.SearchResultItems.length < PAGE_SIZE || page >= pages) break;
    }
    return postings;
  }
}

// "2024-06-04T00:00:00.0000" → UTC; a value that is not a date gives null.
function utc(value: string | undefined): Date | null {
  if (!value) return null;
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(/(\.\d{3})\d*$/, '$1')}Z`;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t);
}

const amount = (v: string | undefined) => (v && /^\d+(\.\d+)?$/.test(v) ? String(Number(v)) : null);

function toPosting(id: string, d: z.infer<typeof Descriptor>): Posting | null {
  const pay = d.PositionRemuneration?.[0];
  const period = pay?.RateIntervalCode ? PERIODS[pay.RateIntervalCode] : undefined;
  const location = d.PositionLocationDisplay?.trim() ?? '';
  const schedules = (d.PositionSchedule ?? []).map((s) => s.Name || SCHEDULES[s.Code ?? ''] || '');
  const offering = (d.PositionOfferingType ?? []).map((o) => o.Name ?? '');
  const postedAt = utc(d.PublicationStartDate);
  if (!postedAt) return null;
  return {
    source: 'usajobs',
    sourceId: id,
    title: d.PositionTitle.trim(),
    company: (d.OrganizationName || d.DepartmentName || '').trim(),
    location,
    remote: d.UserArea?.Details?.RemoteIndicator ?? /\bremote\b/i.test(location),
    jobTypes: jobTypesOf([...schedules, ...offering]),
    tags: (d.JobCategory ?? []).map((c) => (c.Name ?? '').trim().toLowerCase()).filter(Boolean),
    salary:
      pay && period && (amount(pay.MinimumRange) || amount(pay.MaximumRange))
        ? { min: amount(pay.MinimumRange), max: amount(pay.MaximumRange), currency: 'USD', period }
        : null,
    postedAt,
    closesAt: utc(d.ApplicationCloseDate),
    url: d.PositionURI,
    applyUrl: d.ApplyURI?.[0] ?? null,
    description: d.UserArea?.Details?.JobSummary?.trim() ?? '',
  };
}
