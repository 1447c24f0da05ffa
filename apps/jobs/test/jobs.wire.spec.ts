import { Clock } from '@toll/platform';
import { groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startJobs } from '../src/bootstrap';
import { IndexRefresher } from '../src/index-refresher';

const GOOD = ['arbeitnow/page-1', 'arbeitnow/page-2', 'usajobs/search-page-1'];
const ALL_DOWN = ['arbeitnow/unavailable-503', 'usajobs/unavailable-503'];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse('2026-11-24T06:00:00Z');
const ARBEITNOW = { text: 'Job from Arbeitnow', url: 'https://www.arbeitnow.com/' };
const USAJOBS = { text: 'Job from USAJOBS.gov', url: 'https://www.usajobs.gov/' };

// Newest first, one row per job: the Arbeitnow copy of the CISA job is folded into the USAJOBS posting (posted first).
const ORDER = [
  'arbeitnow:senior-backend-engineer-berlin-481516',
  'arbeitnow:werkstudent-data-analytics-munich-232323',
  'arbeitnow:frontend-developer-react-remote-777001',
  'usajobs:830445566',
  'arbeitnow:praktikum-marketing-koeln-100200',
  'arbeitnow:python-engineer-remote-europe-909090',
  'usajobs:830112233',
  'usajobs:793682000',
];

const BACKEND = {
  id: 'arbeitnow:senior-backend-engineer-berlin-481516',
  title: 'Senior Backend Engineer (Node.js)',
  company: 'Nordlicht Software GmbH',
  location: 'Berlin',
  remote: false,
  job_types: ['full_time'],
  tags: ['software development', 'it'],
  salary: null,
  posted_at: '2026-11-23T09:00:00.000Z',
  closes_at: null,
  url: 'https://www.arbeitnow.com/jobs/companies/nordlicht-software-gmbh/senior-backend-engineer-berlin-481516',
  apply_url: null,
  source: 'arbeitnow',
  attribution: ARBEITNOW,
  also_listed_on: [],
};
const BACKEND_TEXT =
  'We build logistics software used across Europe.\n- Node.js & TypeScript\n- PostgreSQL\nHybrid in Berlin.';

const INFOSEC = {
  id: 'usajobs:830112233',
  title: 'IT Specialist (INFOSEC)',
  company: 'Cybersecurity and Infrastructure Security Agency',
  location: 'Arlington, Virginia',
  remote: false,
  job_types: ['full_time'],
  tags: ['information technology management'],
  salary: { min: '99000', max: '153000', currency: 'USD', period: 'year' },
  posted_at: '2026-11-19T00:00:00.000Z',
  closes_at: '2026-12-03T23:59:59.997Z',
  url: 'https://www.usajobs.gov:443/GetJob/ViewDetails/830112233',
  apply_url: 'https://www.usajobs.gov:443/GetJob/ViewDetails/830112233?PostingChannelID=',
  source: 'usajobs',
  attribution: USAJOBS,
  also_listed_on: [
    {
      source: 'arbeitnow',
      id: 'arbeitnow:it-specialist-infosec-arlington-555000',
      url:
        'https://www.arbeitnow.com/jobs/companies/cybersecurity-and-infrastructure-security-agency/it-specialist-' +
        'infosec-arlington-555000',
    },
  ],
  snippet: 'Serve as an IT Specialist (INFOSEC) protecting federal civilian networks.',
};

const FRESH_T0 = { as_of: '2026-11-24T06:00:00.000Z', stale: false };
const SOURCES_T0 = [
  { id: 'arbeitnow', as_of: '2026-11-24T06:00:00.000Z', stale: false, rows: 6 },
  { id: 'usajobs', as_of: '2026-11-24T06:00:00.000Z', stale: false, rows: 3 },
];

// The real group over a real NATS server and a scratch Postgres, its sources replayed by a local fake server.
// The background timer is off: the test drives the refresher's tick and the clock itself.
describe('jobs over NATS', () => {
  let refresher: IndexRefresher;
  let now = T0;
  const { group, fake, use, call, data } = groupHarness({
    name: 'jobs',
    start: startJobs,
    fixtures: join(__dirname, 'fixtures'),
    database: 'toll_jobs_wire',
    clock: { token: Clock, now: () => now },
    env: (u) => ({
      JOBS_REFRESH_ENABLED: 'false',
      JOBS_ARBEITNOW_BASE_URL: u.fake,
      JOBS_ARBEITNOW_TIMEOUT_MS: '500',
      JOBS_USAJOBS_BASE_URL: u.fake,
      JOBS_USAJOBS_API_KEY: 'test-key',
      JOBS_USAJOBS_EMAIL: 'ops@toll.example',
    }),
  });

  beforeAll(() => {
    refresher = group.app.get(IndexRefresher);
  });

  const refusal = async (operation: string, input: unknown) => (await call(operation, input)).err;
  const ids = (answer: { jobs: Array<{ id: string }> }) => answer.jobs.map((j) => j.id);

  it('answers 503 (never charged) while no source has ever been indexed, and says why in health', async () => {
    use(...ALL_DOWN);
    now = T0 - 30 * MINUTE;
    await refresher.tick();
    expect(await refusal('searchJobs', {})).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The jobs index has no current data yet: no source has been refreshed successfully in the last 48 h',
      details: {
        sources: [
          'arbeitnow has not been indexed yet (last attempt: UPSTREAM_ERROR: arbeitnow answered HTTP 503)',
          'usajobs has not been indexed yet (last attempt: UPSTREAM_ERROR: usajobs answered HTTP 503)',
        ],
      },
    });
    expect((await refusal('getJob', { id: BACKEND.id })).code).toBe('SERVICE_UNAVAILABLE');
    const health = await data('getHealth', {});
    expect(health.status).toBe('degraded');
    expect(health.cache).toEqual({
      kind: 'Postgres index refreshed in the background; searches never call a source',
      rows: 0,
      distinct_jobs: 0,
      as_of: null,
    });
    expect(health.sources.find((s: any) => s.id === 'arbeitnow')).toMatchObject({
      enabled: true,
      resold: true,
      last_success_at: null,
      last_failure: { at: '2026-11-24T05:30:00.000Z', message: 'UPSTREAM_ERROR: arbeitnow answered HTTP 503' },
      next_refresh_at: '2026-11-24T06:00:00.000Z',
    });
  });

  it('retries a failed source after 30 min, not before', async () => {
    use(...GOOD);
    now = T0 - MINUTE;
    await refresher.tick();
    expect(fake.hits).toEqual([]);
  });

  it('builds the index from every source, following Arbeitnow pages until links.next is null', async () => {
    use(...GOOD);
    now = T0;
    await refresher.tick();
    expect(fake.hits.map((h) => `${h.path}?${new URLSearchParams(h.query)}`)).toEqual([
      '/api/job-board-api?page=1',
      '/api/job-board-api?page=2',
      '/api/search?DatePosted=7&ResultsPerPage=500&Page=1',
    ]);
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'jobs', title: 'Jobs Aggregator', status: 'ok' });
    expect(health.cache).toEqual({
      kind: 'Postgres index refreshed in the background; searches never call a source',
      rows: 9,
      distinct_jobs: 8,
      as_of: '2026-11-24T06:00:00.000Z',
    });
  });

  it('serves its health: status, sources with licence terms (and the refused one), tolls, index stats and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health.endpoints.map((e: any) => e.operation_id)).toEqual([
      'jobs.searchJobs',
      'jobs.getJob',
      'jobs.getHealth',
    ]);
    expect(health.tolls).toEqual(
      tollsOf([
        ['jobs.searchJobs', 'GET', '/toll/jobs/search', '0.01'],
        ['jobs.getJob', 'GET', '/toll/jobs/job', '0.005'],
        ['jobs.getHealth', 'GET', '/toll/jobs/health', null],
      ]),
    );
    expect(health.sources.map((s: any) => [s.id, s.enabled, s.resold, s.rows, s.refresh_every_hours])).toEqual([
      ['arbeitnow', true, true, 6, 4],
      ['usajobs', true, true, 3, 6],
      ['remotive', false, false, 0, null],
    ]);
    expect(health.sources[2].terms).toMatch(
      /forbids submitting Remotive jobs to third-party job sites and aggregators/,
    );
    expect(health.sources[1]).toMatchObject({
      license: 'Public domain (US Government work)',
      last_success_at: '2026-11-24T06:00:00.000Z',
      next_refresh_at: '2026-11-24T12:00:00.000Z',
    });
  });

  it('searches the merged index newest first, one row per job, each with its link back, attribution and as_of', async () => {
    const answer = await data('searchJobs', {});
    expect(ids(answer)).toEqual(ORDER);
    expect(answer.jobs[0]).toEqual({ ...BACKEND, snippet: BACKEND_TEXT });
    expect(answer.jobs[6]).toEqual(INFOSEC);
    expect(answer).toMatchObject({ count: 8, next_cursor: null, sources: SOURCES_T0, freshness: FRESH_T0, notes: [] });
  });

  it('filters by keywords (case and accents ignored), location, remote, job type, salary floor, posting date and source', async () => {
    expect(ids(await data('searchJobs', { q: 'python' }))).toEqual(['arbeitnow:python-engineer-remote-europe-909090']);
    expect(ids(await data('searchJobs', { q: 'SOFTWARE development' }))).toEqual([
      'arbeitnow:senior-backend-engineer-berlin-481516',
      'arbeitnow:frontend-developer-react-remote-777001',
      'arbeitnow:python-engineer-remote-europe-909090',
    ]);
    expect(ids(await data('searchJobs', { q: 'munchen' }))).toEqual([
      'arbeitnow:werkstudent-data-analytics-munich-232323',
    ]);
    expect(ids(await data('searchJobs', { location: 'virginia' }))).toEqual(['usajobs:830112233']);
    expect(ids(await data('searchJobs', { remote: true }))).toEqual([
      'arbeitnow:frontend-developer-react-remote-777001',
      'usajobs:830445566',
      'arbeitnow:python-engineer-remote-europe-909090',
    ]);
    expect(ids(await data('searchJobs', { job_type: 'internship' }))).toEqual([
      'arbeitnow:praktikum-marketing-koeln-100200',
    ]);
    expect(ids(await data('searchJobs', { job_type: 'part_time' }))).toEqual([
      'arbeitnow:werkstudent-data-analytics-munich-232323',
      'usajobs:830445566',
    ]);
    const rich = await data('searchJobs', { salary_min: 150_000 });
    expect(ids(rich)).toEqual(['usajobs:830112233', 'usajobs:793682000']);
    expect(rich.notes).toEqual(['salary_min leaves out jobs without a published salary (Arbeitnow publishes none)']);
    // $27.95/h × 2,087 h = $58,332 a year.
    expect(ids(await data('searchJobs', { salary_min: 58_332 }))).toEqual([
      'usajobs:830445566',
      'usajobs:830112233',
      'usajobs:793682000',
    ]);
    expect(ids(await data('searchJobs', { salary_min: 58_333 }))).toEqual(['usajobs:830112233', 'usajobs:793682000']);
    expect(ids(await data('searchJobs', { salary_min: 50_000, salary_currency: 'EUR' }))).toEqual([]);
    expect(ids(await data('searchJobs', { posted_since: '2026-11-22' }))).toEqual(ORDER.slice(0, 4));
    expect(ids(await data('searchJobs', { posted_since: '2026-11-23T08:30:00+00:00' }))).toEqual(ORDER.slice(0, 1));
    // With a source filter, that source's copy of a job shown under another source is listed too.
    expect(ids(await data('searchJobs', { source: 'arbeitnow', q: 'infosec' }))).toEqual([
      'arbeitnow:it-specialist-infosec-arlington-555000',
    ]);
    expect(ids(await data('searchJobs', { q: 'infosec' }))).toEqual(['usajobs:830112233']);
  });

  it('pages with a cursor: no row twice, none missed, null at the end', async () => {
    const first = await data('searchJobs', { limit: 3 });
    expect(ids(first)).toEqual(ORDER.slice(0, 3));
    const second = await data('searchJobs', { limit: 3, cursor: first.next_cursor });
    expect(ids(second)).toEqual(ORDER.slice(3, 6));
    const third = await data('searchJobs', { limit: 3, cursor: second.next_cursor });
    expect([ids(third), third.next_cursor]).toEqual([ORDER.slice(6), null]);
  });

  it('returns one job with its full description, and 404 for an id not in the index', async () => {
    expect(await data('getJob', { id: BACKEND.id })).toEqual({
      job: { ...BACKEND, description: BACKEND_TEXT },
      freshness: FRESH_T0,
    });
    const { snippet, ...infosec } = INFOSEC;
    expect(snippet).toBeTruthy();
    expect((await data('getJob', { id: INFOSEC.id })).job).toEqual({
      ...infosec,
      description: 'Serve as an IT Specialist (INFOSEC) protecting federal civilian networks.',
    });
    expect(await refusal('getJob', { id: 'arbeitnow:no-such-job-1' })).toEqual({
      code: 'NOT_FOUND',
      message: 'No job arbeitnow:no-such-job-1 in the index (jobs leave it when their source stops listing them)',
    });
  });

  it('refuses bad input with INVALID_INPUT naming the field', async () => {
    const issues = async (operation: string, input: unknown) => {
      const err = await refusal(operation, input);
      expect(err.code).toBe('INVALID_INPUT');
      return err.details.issues.map((i: any) => i.field);
    };
    expect(await issues('searchJobs', { limit: 0 })).toEqual(['limit']);
    expect(await issues('searchJobs', { limit: 51 })).toEqual(['limit']);
    expect(await issues('searchJobs', { job_type: 'gig' })).toEqual(['job_type']);
    expect(await issues('searchJobs', { salary_min: -1 })).toEqual(['salary_min']);
    expect(await issues('searchJobs', { salary_min: 1000, salary_currency: 'usd' })).toEqual(['salary_currency']);
    expect(await issues('searchJobs', { salary_currency: 'EUR' })).toEqual(['salary_currency']);
    expect(await issues('searchJobs', { posted_since: '2026-13-01' })).toEqual(['posted_since']);
    expect(await issues('searchJobs', { q: '' })).toEqual(['q']);
    expect(await issues('searchJobs', { q: '求人' })).toEqual(['q']);
    expect(await issues('searchJobs', { location: '%' })).toEqual(['location']);
    expect(await issues('searchJobs', { source: 'remotive' })).toEqual(['source']);
    expect(await issues('searchJobs', { page: 2 })).toEqual(['page']);
    expect(await issues('getJob', { id: 'linkedin:123' })).toEqual(['id']);
    expect(await issues('getJob', {})).toEqual(['id']);
  });

  it('refuses a well-formed cursor this service did not issue, in the schema, with the field named', async () => {
    const forged = Buffer.from(JSON.stringify({ p: 'yesterday', i: 'x' })).toString('base64url');
    expect(await refusal('searchJobs', { cursor: forged })).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field: 'cursor', message: 'is not a next_cursor this service issued' }] },
    });
  });

  it('answers from the index within the deadline while a source refresh hangs', async () => {
    use('arbeitnow/slow', 'usajobs/search-page-1');
    now = T0 + 4 * HOUR;
    const refreshing = refresher.tick();
    const started = Date.now();
    const answer = await data('searchJobs', { q: 'python' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(ids(answer)).toEqual(['arbeitnow:python-engineer-remote-europe-909090']);
    await refreshing;
    const health = await data('getHealth', {});
    expect(health.sources[0].last_failure).toEqual({
      at: '2026-11-24T10:00:00.000Z',
      message: 'UPSTREAM_TIMEOUT: arbeitnow did not answer in 500 ms',
    });
    expect(health.sources[0].rows).toBe(6);
  });

  it('keeps the previous rows when a source answers with no jobs or fails, and labels them stale after two missed intervals', async () => {
    use('arbeitnow/no-jobs-failure', 'usajobs/unavailable-503');
    now = T0 + 6 * HOUR;
    await refresher.tick();
    let answer = await data('searchJobs', {});
    expect(ids(answer)).toEqual(ORDER);
    expect(answer.freshness).toEqual(FRESH_T0);
    const health = await data('getHealth', {});
    expect(health.sources.slice(0, 2).map((s: any) => s.last_failure.message)).toEqual([
      'UPSTREAM_ERROR: arbeitnow returned no jobs',
      'UPSTREAM_ERROR: usajobs answered HTTP 503',
    ]);

    use(...ALL_DOWN);
    now = T0 + 9 * HOUR;
    await refresher.tick();
    answer = await data('searchJobs', {});
    expect(ids(answer)).toEqual(ORDER);
    expect(answer.freshness).toEqual({
      as_of: '2026-11-24T06:00:00.000Z',
      stale: true,
      reason:
        'arbeitnow could not be refreshed since 2026-11-24T06:00:00.000Z (UPSTREAM_ERROR: arbeitnow answered HTTP 503)',
    });
    expect(answer.sources).toEqual([
      { id: 'arbeitnow', as_of: '2026-11-24T06:00:00.000Z', stale: true, rows: 6 },
      { id: 'usajobs', as_of: '2026-11-24T06:00:00.000Z', stale: false, rows: 3 },
    ]);
    expect((await data('getHealth', {})).status).toBe('degraded');
  });

  it('stops serving a source after 48 h without a refresh, and says so', async () => {
    now = T0 + 49 * HOUR;
    expect(await refusal('searchJobs', {})).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The jobs index has no current data yet: no source has been refreshed successfully in the last 48 h',
      details: {
        sources: [
          'arbeitnow rows are left out: last refreshed 2026-11-24T06:00:00.000Z, more than 48 h ago',
          'usajobs rows are left out: last refreshed 2026-11-24T06:00:00.000Z, more than 48 h ago',
        ],
      },
    });
    use('arbeitnow/unavailable-503', 'usajobs/search-page-1');
    await refresher.tick();
    const answer = await data('searchJobs', {});
    expect(ids(answer)).toEqual(['usajobs:830445566', 'usajobs:830112233', 'usajobs:793682000']);
    expect(answer.jobs[1].also_listed_on).toEqual([]);
    expect(answer).toMatchObject({
      sources: [{ id: 'usajobs', as_of: '2026-11-26T07:00:00.000Z', stale: false, rows: 3 }],
      freshness: { as_of: '2026-11-26T07:00:00.000Z', stale: false },
      notes: ['arbeitnow rows are left out: last refreshed 2026-11-24T06:00:00.000Z, more than 48 h ago'],
    });
  });
});
