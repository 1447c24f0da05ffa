import { groupHarness } from '@toll/testing';
import { Client } from 'pg';
import { startMessaging } from '../src/bootstrap';
import { runPoolCommand } from '../src/pool-cli';
import { PoolSweeper } from '../src/pool-sweeper';
import { startFakeBotApi, type FakeBotApi } from './fake-bot-api';
import { callMessaging } from './nats-call';
import { Clock } from '@toll/platform';

const BOTS = [7_000_000_201, 7_000_000_202, 7_000_000_203, 7_000_000_204, 7_000_000_205];
const T0 = Date.parse('2026-11-24T12:00:00.000Z');
const DAY = 86_400_000;

// Two replicas on one database, each behind its own NATS server, so the test decides which replica serves
// each request: 20 provisions at once against 5 free bots.
describe('messaging replicas on one pool', () => {
  let api: FakeBotApi;
  let now = T0;
  const { replicas, clients, db, envOf } = groupHarness({
    name: 'messaging',
    start: startMessaging,
    setup: async ({ track }) => {
      api = track(await startFakeBotApi());
      for (const id of BOTS) api.addBot(id);
    },
    database: 'toll_messaging_replicas',
    natsServers: 2,
    replicas: 2,
    clock: { token: Clock, now: () => now },
    env: () => ({
      MESSAGING_BOT_API_URL: api.url,
      MESSAGING_MANAGER_BOT_TOKEN: api.managerToken,
      MESSAGING_SWEEP_ENABLED: 'false',
    }),
  });
  beforeAll(async () => {
    await runPoolCommand(['add', ...BOTS.map(String)], envOf(0));
    await Promise.all(replicas.map((r) => r.app.get(PoolSweeper).runOnce()));
  }, 60_000);

  const rotations = () => api.calls.filter((c) => c.method === 'replaceManagedBotToken').length;

  it('resets each newly added bot exactly once although both replicas swept together', () => {
    expect(rotations()).toBe(5);
  });

  it('leases each of 5 free bots exactly once to 20 concurrent provisions; the other 15 are refused before any charge', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callMessaging(clients[i % 2], 'provision', { name: `Agent ${i}` }, { payer: `payer-${i}` }),
      ),
    );
    const served = replies.filter((r) => r.response);
    const refused = replies.filter((r) => r.err);
    expect(served).toHaveLength(5);
    expect(new Set(served.map((r) => r.response!.data.bot.id))).toEqual(new Set(BOTS));
    expect(refused.map((r) => r.err)).toEqual(
      Array.from({ length: 15 }, () => ({
        code: 'SERVICE_UNAVAILABLE',
        message:
          'No bot is free in the pool right now; your payment is unused: repeat this request with the same proof ' +
          'once a bot is free (health shows the pool).',
        details: { pool: 'empty', retry_after_seconds: 5 },
      })),
    );
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query(
      'SELECT count(*)::int AS open, count(DISTINCT bot_id)::int AS bots FROM leases WHERE ended_at IS NULL',
    );
    await pg.end();
    expect(rows[0]).toEqual({ open: 5, bots: 5 });
  });

  it('ends every lease once and resets every bot once when both replicas sweep at the same moment', async () => {
    now = T0 + 30 * DAY + 1;
    const before = rotations();
    await Promise.all(replicas.map((r) => r.app.get(PoolSweeper).runOnce()));
    expect(rotations() - before).toBe(5);
    const health = (await callMessaging(clients[1], 'getHealth', {})).response!.data;
    expect(health.pool).toEqual({ available: 5, leased: 0, resetting: 0, quarantined: 0, total: 5, quarantine: [] });
  });
});
