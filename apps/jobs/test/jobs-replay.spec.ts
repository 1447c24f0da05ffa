import type { RunningGroup } from '@toll/platform';
import { callOperation, natsClient, type NatsServer, scratchDatabase, startNats } from '@toll/testing';
import type { NatsConnection } from 'nats';
import { join } from 'node:path';
import { startJobs } from '../src/bootstrap';
import { IndexRefresher } from '../src/index-refresher';

// `npm start -- --replay`: no network and no key, the index built from the committed fixtures and labelled as such.
describe('jobs in replay mode', () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  let group: RunningGroup;
  const db = scratchDatabase('toll_jobs_replay');

  beforeAll(async () => {
    nats = await startNats();
    nc = await natsClient(nats.url);
    group = await startJobs({
      NATS_URL: nats.url,
      LOG_LEVEL: 'error',
      ANNOUNCE_INTERVAL_MS: '60000',
      NATS_GRACE_PERIOD_MS: '50',
      DATABASE_URL: db.url,
      JOBS_REFRESH_ENABLED: 'false',
      UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures'),
    });
  }, 60_000);

  afterAll(async () => {
    await group?.close();
    await nc?.close();
    await nats?.stop();
    await db.drop();
  });

  it('answers searches from the recorded boards, as of the recording and labelled stale', async () => {
    await group.app.get(IndexRefresher).tick();
    const answer = (await callOperation(nc, 'jobs.searchJobs', { q: 'python' }, { deadline: Date.now() + 5_000 })).response!.data;
    expect(answer.jobs.map((j: { id: string }) => j.id)).toEqual(['arbeitnow:python-engineer-remote-europe-909090']);
    expect(answer.freshness).toEqual({ as_of: '2026-11-24T06:00:00.000Z', stale: true, reason: 'replay mode: rows come from recorded fixtures, as old as their recording' });
  });
});
