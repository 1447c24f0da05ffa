import { groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startTrademarks } from '../src/bootstrap';
import { IngestService } from '../src/ingest.service';

// `npm start -- --replay`: no network and no key, the index and the status answered from the committed fixtures.
describe('trademarks in replay mode', () => {
  const { group, call } = groupHarness({
    name: 'trademarks',
    start: startTrademarks,
    database: 'toll_trademarks_replay',
    env: () => ({ TRADEMARKS_INGEST_ENABLED: 'false', UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures') }),
  });

  it('ingests the recorded daily files and answers search and status, as of the recording', async () => {
    expect(await group.app.get(IngestService).tick()).toMatchObject({ listed: 2, rejected: [] });
    const search = (await call('searchMarks', { mark: 'python', match: 'exact' })).response!.data;
    expect(search.count).toBe(2);
    expect(search.freshness).toEqual({
      as_of: '2026-11-24T06:00:00.000Z',
      stale: true,
      reason: 'replay mode: the index was built from recorded fixtures, as old as their recording',
    });
    const status = (await call('getStatus', { registration: '2824281' })).response!.data;
    // A status is fresh for a day: the recording is judged against the clock, like a fetch that old.
    expect([status.mark, status.owner, status.freshness]).toEqual([
      'PYTHON',
      'PYTHON SOFTWARE FOUNDATION',
      {
        as_of: '2026-11-24T06:00:00.000Z',
        stale: true,
        reason: "replayed recording from 2026-11-24T06:00:00.000Z, older than this operation's fresh window (86400 s)",
      },
    ]);
  });
});
