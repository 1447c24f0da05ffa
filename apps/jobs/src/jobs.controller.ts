import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './jobs.schemas';
import { JobsService } from './jobs.service';
import { PRICES } from './pricing';

// Searches run on the local index only, so they answer in milliseconds whatever the sources are doing.
const TIMEOUT_MS = 5_000;
const CREDIT =
  'Sources: Arbeitnow (Europe and remote; link back required) and USAJOBS (US federal jobs; public domain), ' +
  'merged into one index ' +
  'refreshed in the background every 4-6 h. Remotive is not used: its terms forbid passing its jobs to ' +
  "aggregators. Every job carries its source's " +
  'link back and attribution; answers carry the index as_of, and rows a source could not refresh on time are ' +
  'labelled stale.';

@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @TollRoute({
    operationId: 'jobs.searchJobs',
    method: 'GET',
    path: '/toll/jobs/search',
    summary:
      'Search job postings merged from several job boards: keywords, location or remote, job type, salary floor, ' +
      'posted since; deduplicated, newest first, paged',
    description: CREDIT,
    asks: [
      'remote Python developer jobs',
      'find job openings in Berlin paying over 80k',
      'search vacancies for data analysts',
      'full-time positions posted this week',
      'hiring for nurses near me',
      'find remote jobs in software',
      'job search by keyword and location',
      'open positions with a salary above 100k',
    ],
    price: PRICES.searchJobs,
    input: S.SearchInput,
    output: S.SearchOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['UPSTREAM_ERROR'],
  })
  search(msg: TollMessage<S.SearchInput>) {
    return this.jobs.search(msg.input);
  }

  @TollRoute({
    operationId: 'jobs.getJob',
    method: 'GET',
    path: '/toll/jobs/job',
    summary: 'One job posting by id with its full description, link back and the same job on other boards',
    description: `${CREDIT} An id no longer in the index (the source stopped listing it) is 404 and the payment stays unused.`,
    asks: [
      'full description of a job posting by id',
      'the complete posting for one vacancy id',
      'details of one job listing',
      'where else is this job posted',
      'open a job ad to read the requirements',
      "read a job posting's full text",
      'job details for a posting id',
    ],
    price: PRICES.getJob,
    input: S.GetJobInput,
    output: S.GetJobOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND'],
  })
  getJob(msg: TollMessage<S.GetJobInput>) {
    return this.jobs.getJob(msg.input);
  }

  @TollRoute({
    operationId: 'jobs.getHealth',
    method: 'GET',
    path: '/toll/jobs/health',
    summary:
      'Jobs service status, sources with their licence terms (and the ones refused), tolls, index stats and ' +
      'endpoint catalog',
    asks: [
      'is the jobs service up',
      'which job boards does the jobs service use',
      'status of the job search index',
      'jobs service licence terms',
      'job boards status of the jobs service',
      'jobs index stats',
      'is the job search working right now',
      'where do the job listings come from',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 3_000,
  })
  getHealth() {
    return this.jobs.health();
  }
}
