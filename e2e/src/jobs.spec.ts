import { http } from '@toll/testing';
import { startJobs } from '../../apps/jobs/src/bootstrap';
import { appFixtures, stackHarness } from './stack-harness';

// The jobs group behind the real gateway and payments, its index built in the background from replayed boards.
describe('jobs through gateway and payments', () => {
  const { stack, pay } = stackHarness({
    upstream: appFixtures('jobs').filter((f) => ['page-1', 'page-2', 'search-page-1'].includes(f.case)),
    database: 'toll_jobs_e2e',
    groups: [
      (env, { upstream, database }) =>
        startJobs({
          ...env,
          DATABASE_URL: database,
          JOBS_REFRESH_TICK_MS: '200',
          JOBS_ARBEITNOW_BASE_URL: upstream,
          JOBS_USAJOBS_BASE_URL: upstream,
          JOBS_USAJOBS_API_KEY: 'test-key',
          JOBS_USAJOBS_EMAIL: 'ops@toll.example',
        }),
    ],
    ready: [{ path: '/toll/jobs/health', until: (health) => health.status === 200 && health.body.cache.rows === 9 }],
  });

  it('sells a search for 0.01 USDC with a receipt, and refuses bad input with a 400 before any 402', async () => {
    const { challenge: amount, redeem } = await pay('/toll/jobs/search?q=python&remote=true');
    expect(amount.usdc.amount_atomic).toBe('10000');
    const served = await redeem();
    expect(served.status).toBe(200);
    expect(served.headers.get('x-toll-receipt')).toBeTruthy();
    expect(served.body.jobs.map((j: { id: string; url: string }) => [j.id, j.url])).toEqual([
      [
        'arbeitnow:python-engineer-remote-europe-909090',
        'https://www.arbeitnow.com/jobs/companies/fjord-data-oy/python-engineer-remote-europe-909090',
      ],
    ]);
    expect(served.body.freshness).toMatchObject({ stale: false });

    const bad = await http(`${stack.gw}/toll/jobs/search?limit=0&job_type=gig`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((i: { field: string }) => i.field).sort()).toEqual(['job_type', 'limit']);
  });

  it('answers an unknown job id with 404 and does not charge for it', async () => {
    const { challenge: amount, redeem } = await pay('/toll/jobs/job?id=arbeitnow:gone-123');
    expect(amount.usdc.amount_atomic).toBe('5000');
    const missing = await redeem();
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    expect(missing.headers.get('payment-response')).toBeNull();
  });
});
