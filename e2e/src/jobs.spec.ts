import { Connection } from '@solana/web3.js';
import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { type FakeUpstream, http, loadFixtures, scratchDatabase, startFakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { startJobs } from '../../apps/jobs/src/bootstrap';
import { startStack, type Stack } from './stack';

const GOOD = loadFixtures(join(__dirname, '../../apps/jobs/test/fixtures')).filter((f) =>
  ['page-1', 'page-2', 'search-page-1'].includes(f.case),
);

// The jobs group behind the real gateway and payments, its index built in the background from replayed boards.
describe('jobs through gateway and payments', () => {
  let stack: Stack;
  let upstream: FakeUpstream;
  let gw: string;
  const db = scratchDatabase('toll_jobs_e2e');

  const pay = async (path: string) => {
    const challenge = await http(`${gw}${path}`);
    expect(challenge.status).toBe(402);
    const c: MemoChallenge = challenge.body.toll;
    const sig = await sendAndConfirm(
      new Connection(stack.rpc.url, 'confirmed'),
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    return {
      amount: c,
      redeem: () =>
        http(`${gw}${path}${path.includes('?') ? '&' : '?'}toll_memo=${encodeURIComponent(c.memo)}`, {
          headers: { 'x-payment-tx': sig },
        }),
    };
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream(GOOD);
    const env = (natsUrl: string) => ({
      NATS_URL: natsUrl,
      LOG_LEVEL: 'error',
      NATS_GRACE_PERIOD_MS: '50',
      ANNOUNCE_INTERVAL_MS: '500',
      DATABASE_URL: db.url,
      JOBS_REFRESH_TICK_MS: '200',
      JOBS_ARBEITNOW_BASE_URL: upstream.url,
      JOBS_USAJOBS_BASE_URL: upstream.url,
      JOBS_USAJOBS_API_KEY: 'test-key',
      JOBS_USAJOBS_EMAIL: 'ops@toll.example',
    });
    stack = await startStack({ groups: [(natsUrl) => startJobs(env(natsUrl))] });
    gw = stack.gateways[0].url;
    for (let i = 0; i < 150; i++) {
      const health = await http(`${gw}/toll/jobs/health`);
      if (health.status === 200 && health.body.cache.rows === 9) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    await stack.stop();
    await upstream.stop();
    await db.drop();
  });

  it('sells a search for 0.01 USDC with a receipt, and refuses bad input with a 400 before any 402', async () => {
    const { amount, redeem } = await pay('/toll/jobs/search?q=python&remote=true');
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

    const bad = await http(`${gw}/toll/jobs/search?limit=0&job_type=gig`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((i: { field: string }) => i.field).sort()).toEqual(['job_type', 'limit']);
  });

  it('answers an unknown job id with 404 and does not charge for it', async () => {
    const { amount, redeem } = await pay('/toll/jobs/job?id=arbeitnow:gone-123');
    expect(amount.usdc.amount_atomic).toBe('5000');
    const missing = await redeem();
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    expect(missing.headers.get('payment-response')).toBeNull();
  });
});
