import { callOperation, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startJobs } from '../src/bootstrap';
import { IndexRefresher } from '../src/index-refresher';

// `npm start -- --replay`: no network and no key, the index built from the committed fixtures and labelled as such.
describe('jobs in replay mode', () => {
  const { nc, group } = groupHarness({
    name: 'jobs',
    start: startJobs,
    database: 'toll_jobs_replay',
    env: () => ({ JOBS_REFRESH_ENABLED: 'false', UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures') }),
  });

  it('answers searches from the recorded boards, as of the recording and labelled stale', async () => {
    await group.app.get(IndexRefresher).tick();
    const answer = (await callOperation(nc, 'jobs.searchJobs', { q: 'python' }, { deadline: Date.now() + 5_000 }))
      .response!.data;
    expect(answer.jobs.map((j: { id: string }) => j.id)).toEqual(['arbeitnow:python-engineer-remote-europe-909090']);
    expect(answer.freshness).toEqual({
      as_of: '2026-11-24T06:00:00.000Z',
      stale: true,
      reason: 'replay mode: rows come from recorded fixtures, as old as their recording',
    });
  });
});
