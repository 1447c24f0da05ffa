import { groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startMessaging } from '../src/bootstrap';
import { callMessaging } from './nats-call';

// `npm start -- --replay`: no internet, every Bot API call answered from the committed fixtures.
describe('messaging in replay mode', () => {
  const { nc } = groupHarness({
    name: 'messaging',
    start: startMessaging,
    database: 'toll_messaging_replay',
    env: () => ({
      MESSAGING_SWEEP_ENABLED: 'false',
      MESSAGING_BOT_API_URL: 'https://api.telegram.org', // never reached: replay answers first
      UPSTREAM_REPLAY_DIRS: join(__dirname, 'fixtures'),
    }),
  });

  it('fills the empty pool with the two demo bots, resets them, and sells each', async () => {
    expect((await callMessaging(nc, 'getHealth', {})).response!.data.pool).toMatchObject({ available: 2, total: 2 });
    const bots = [];
    for (const name of ['Demo', 'Demo 2'])
      bots.push((await callMessaging(nc, 'provision', { name, description: 'Replayed' })).response!.data.bot);
    expect(bots.sort((a, b) => a.id - b.id)).toEqual(
      [1, 2].map((n) => ({
        id: 7000000000 + n,
        username: `toll_pool_${n}_bot`,
        link: `https://t.me/toll_pool_${n}_bot`,
        token: `700000000${n}:AAHdemoRotatedTokenReplayOnly000000`, // the token after the reset's rotation
        name: expect.stringMatching(/^Demo/),
      })),
    );
    expect((await callMessaging(nc, 'getHealth', {})).response!.data.pool).toMatchObject({ available: 0, total: 2 });
  });
});
