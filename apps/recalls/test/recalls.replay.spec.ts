import { callOperation, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startRecalls } from '../src/bootstrap';

// `npm start -- --replay`: with no internet the group answers from its committed fixtures, dated by the recording.
describe('recalls in replay mode', () => {
  const { nc } = groupHarness({
    name: 'recalls',
    start: startRecalls,
    env: () => ({ UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures') }),
  });

  it('answers a VIN check and a vehicle lookup from the fixtures, as of the recording, labelled replayed and judged against the clock', async () => {
    const vin = await callOperation(nc, 'recalls.getVin', { vin: '1HGCM82633A004352' });
    // Recall lists are fresh for hours: a recording days old is stale, and the answer says it is a replay.
    expect(vin.response?.data).toMatchObject({
      vehicle: { make: 'HONDA', year: 2003 },
      count: 2,
      freshness: {
        as_of: '2026-11-24T12:00:00.000Z',
        stale: true,
        reason: expect.stringMatching(
          /^replayed recording from 2026-11-24T12:00:00\.000Z, older than this operation's fresh window/,
        ),
      },
      replayed: true,
      recorded_at: '2026-11-24T12:00:00.000Z',
    });
    expect(vin.response?.headers).toMatchObject({ 'x-toll-replayed': '2026-11-24T12:00:00.000Z' });
    const vehicle = await callOperation(nc, 'recalls.getVehicle', { make: 'Acura', model: 'RDX', year: 2012 });
    expect(vehicle.response?.data).toMatchObject({ count: 1 });
  });

  it('answers a search from the datasets it has recordings for, and says which it lacks', async () => {
    const search = await callOperation(nc, 'recalls.search', { q: 'salmonella' });
    expect(search.response?.data).toMatchObject({
      complete: false,
      count: 1,
      recalls: [{ id: 'openfda:F-0438-2025' }],
    });
  });
});
