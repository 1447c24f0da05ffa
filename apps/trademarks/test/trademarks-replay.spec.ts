import type { RunningGroup } from '@toll/platform';
import { callOperation, natsClient, type NatsServer, scratchDatabase, startNats } from '@toll/testing';
import type { NatsConnection } from 'nats';
import { join } from 'node:path';
import { startTrademarks } from '../src/bootstrap';
import { IngestService } from '../src/ingest.service';

// `npm start -- --replay`: no network and no key, the index and the status answered from the committed fixtures.
describe('trademarks in replay mode', () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  let group: RunningGroup;
  const db = scratchDatabase('toll_trademarks_replay');
  const call = (operation: string, input: unknown) => callOperation(nc, `trademarks.${operation}`, input, { deadline: Date.now() + 5_000 });

  beforeAll(async () => {
    nats = await startNats();
    nc = await natsClient(nats.url);
    group = await startTrademarks({
      NATS_URL: nats.url,
      LOG_LEVEL: 'error',
      ANNOUNCE_INTERVAL_MS: '60000',
      NATS_GRACE_PERIOD_MS: '50',
      DATABASE_URL: db.url,
      TRADEMARKS_INGEST_ENABLED: 'false',
      UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures'),
    });
  }, 60_000);

  afterAll(async () => {
    await group?.close();
    await nc?.close();
    await nats?.stop();
    await db.drop();
  });

  it('ingests the recorded daily files and answers search and status, as of the recording', async () => {
    expect(await group.app.get(IngestService).tick()).toMatchObject({ listed: 2, rejected: [] });
    const search = (await call('searchMarks', { mark: 'python', match: 'exact' })).response!.data;
    expect(search.count).toBe(2);
    expect(search.freshness).toEqual({ as_of: '2026-11-24T06:00:00.000Z', stale: true, reason: 'replay mode: the index was built from recorded fixtures, as old as their recording' });
    const status = (await call('getStatus', { registration: '2824281' })).response!.data;
    // A status is fresh for a day: the recording is judged against the clock, like a fetch that old.
    expect([status.mark, status.owner, status.freshness]).toEqual([
      'PYTHON',
      'PYTHON SOFTWARE FOUNDATION',
      { as_of: '2026-11-24T06:00:00.000Z', stale: true, reason: "replayed recording from 2026-11-24T06:00:00.000Z, older than this operation's fresh window (86400 s)" },
    ]);
  });
});
