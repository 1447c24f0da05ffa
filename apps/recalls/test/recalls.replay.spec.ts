import { bootstrapGroup, type RunningGroup } from '@toll/platform';
import { callOperation, natsClient, startNats, type NatsServer } from '@toll/testing';
import type { NatsConnection } from 'nats';
import { join } from 'node:path';
import { AppModule } from '../src/app.module';
import { RecallsConfig } from '../src/config';

// `npm start -- --replay`: with no internet the group answers from its committed fixtures, dated by the recording.
describe('recalls in replay mode', () => {
  let nats: NatsServer;
  let nc: NatsConnection;
  let group: RunningGroup;

  beforeAll(async () => {
    nats = await startNats();
    nc = await natsClient(nats.url);
    group = await bootstrapGroup(AppModule, {
      name: 'recalls',
      title: 'Recall Search',
      config: RecallsConfig,
      env: { NATS_URL: nats.url, LOG_LEVEL: 'error', ANNOUNCE_INTERVAL_MS: '60000', NATS_GRACE_PERIOD_MS: '50', UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures') },
    });
  });

  afterAll(async () => {
    await group?.close();
    await nc?.close();
    await nats?.stop();
  });

  it('answers a VIN check and a vehicle lookup from the fixtures, as of the recording, labelled replayed and judged against the clock', async () => {
    const vin = await callOperation(nc, 'recalls.getVin', { vin: '1HGCM82633A004352' });
    // Recall lists are fresh for hours: a recording days old is stale, and the answer says it is a replay.
    expect(vin.response?.data).toMatchObject({
      vehicle: { make: 'HONDA', year: 2003 },
      count: 2,
      freshness: { as_of: '2026-11-24T12:00:00.000Z', stale: true, reason: expect.stringMatching(/^replayed recording from 2026-11-24T12:00:00\.000Z, older than this operation's fresh window/) },
      replayed: true,
      recorded_at: '2026-11-24T12:00:00.000Z',
    });
    expect(vin.response?.headers).toMatchObject({ 'x-toll-replayed': '2026-11-24T12:00:00.000Z' });
    const vehicle = await callOperation(nc, 'recalls.getVehicle', { make: 'Acura', model: 'RDX', year: 2012 });
    expect(vehicle.response?.data).toMatchObject({ count: 1 });
  });

  it('answers a search from the datasets it has recordings for, and says which it lacks', async () => {
    const search = await callOperation(nc, 'recalls.search', { q: 'salmonella' });
    expect(search.response?.data).toMatchObject({ complete: false, count: 1, recalls: [{ id: 'openfda:F-0438-2025' }] });
  });
});
