// Arbeitnow job board API — https://www.arbeitnow.com/api/job-board-api (docs/upstreams.md §14c).
// Keyless, fair use; terms (meta.terms of every page): link back to the job on arbeitnow.com.
// Shape: { data: [{ slug, company_name, title, description (HTML), remote, url, tags[], job_types[], location,
// created_at (unix s) }], links: { first, last, prev, next }, meta: { current_page, per_page, terms, info, … } }.
// Pages are newest first; links.next is null on the last one.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { JobsConfig } from '../config';
import { htmlToText, jobTypesOf, type Posting } from '../postings';
import type { JobSource } from './job-source';

// One request every 2 s: a few pages every few hours is all the index needs.
const RATE_PER_SECOND = 0.5;
const HOUR = 3_600_000;

const Job = z.object({
  slug: z.string().min(1).max(300),
  company_name: z.string(),
  title: z.string().min(1),
  description: z.string(),
  remote: z.boolean(),
  url: z.url(),
  tags: z.array(z.string()),
  job_types: z.array(z.string()),
  location: z.string(),
  created_at: z.number().int(),
});
const Page = z.object({
  data: z.array(Job),
  links: z.object({ next: z.string().nullable() }),
  meta: z.object({ current_page: z.number().int() }),
});

@Injectable()
export class ArbeitnowClient implements JobSource {
  readonly id = 'arbeitnow';
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly baseUrl: string;
  readonly refreshMs: number;
  private readonly maxPages: number;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: JobsConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.enabled = config.JOBS_ARBEITNOW_ENABLED;
    this.disabledReason = this.enabled ? null : 'turned off by JOBS_ARBEITNOW_ENABLED=false';
    this.baseUrl = config.JOBS_ARBEITNOW_BASE_URL;
    this.refreshMs = config.JOBS_ARBEITNOW_REFRESH_HOURS * HOUR;
    this.maxPages = config.JOBS_ARBEITNOW_MAX_PAGES;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.JOBS_ARBEITNOW_TIMEOUT_MS,
      userAgent: config.JOBS_USER_AGENT,
      governor: { ratePerSecond: RATE_PER_SECOND },
      log: upstreamLog(logger),
    });
  }

  async fetchAll(deadline: number): Promise<Posting[]> {
    const postings: Posting[] = [];
    for (let page = 1; page <= this.maxPages; page++) {
      const body = await this.api.getJson('api/job-board-api', { page }, Page, { deadline });
      postings.push(...body.data.map(toPosting));
      if (!body.links.next) break;
    }
    return postings;
  }
}

function toPosting(j: z.infer<typeof Job>): Posting {
  return {
    source: 'arbeitnow',
    sourceId: j.slug,
    title: j.title.trim(),
    company: j.company_name.trim(),
    location: j.location.trim() || (j.remote ? 'Remote' : ''),
    remote: j.remote,
    jobTypes: jobTypesOf(j.job_types),
    tags: j.tags.map((t) => t.trim().toLowerCase()).filter(Boolean),
    salary: null, // the API publishes no salary field
    postedAt: new Date(j.created_at * 1000),
    closesAt: null,
    url: j.url,
    applyUrl: null,
    description: htmlToText(j.description),
  };
}
