import { JsonLogger } from '@toll/platform';
import { loadFixtures, startFakeUpstream, type FakeUpstream } from '@toll/testing';
import { join } from 'node:path';
import { DEV_MANAGER_TOKEN, MessagingConfig } from '../config';
import { BotApiClient, maskSecrets } from './bot-api.client';

const FIXTURES = loadFixtures(join(__dirname, '../../test/fixtures/bot-api'));
const BOT = '7000000001:AAHdemoPoolBotTokenReplayOnly000000';
const ROTATED = '7000000001:AAHdemoRotatedTokenReplayOnly000000';

// The client against the committed fixtures served as recorded: the parser sees exactly the real bodies.
describe(BotApiClient.name, () => {
  let fake: FakeUpstream;
  let client: BotApiClient;

  beforeAll(async () => {
    fake = await startFakeUpstream(FIXTURES);
    const config = MessagingConfig.parse({ MESSAGING_BOT_API_URL: fake.url, MESSAGING_BOT_API_TIMEOUT_MS: '1000' });
    client = new BotApiClient(config, new JsonLogger('test', 'error'));
  });
  afterAll(() => fake.stop());

  it('parses getMe, the set* and webhook answers, and the manager calls', async () => {
    expect(await client.getMe(BOT)).toEqual({
      id: 7000000001,
      is_bot: true,
      first_name: 'Toll Pool Bot 1',
      username: 'toll_pool_1_bot',
    });
    await expect(client.deleteWebhook(BOT)).resolves.toBeUndefined();
    await expect(client.setWebhook(BOT, 'https://93.184.215.14/hook', 'secret', undefined)).resolves.toBeUndefined();
    await expect(
      client.setProfile(BOT, { name: 'A', description: 'B', shortDescription: 'C' }),
    ).resolves.toBeUndefined();
    expect(await client.managedBotToken(7000000001)).toBe(BOT);
    expect(await client.rotateToken(7000000001)).toBe(ROTATED);
    expect(fake.hits.filter((h) => h.path.endsWith('/replaceManagedBotToken'))).toEqual([
      { method: 'GET', path: `/bot${DEV_MANAGER_TOKEN}/replaceManagedBotToken`, query: { user_id: '7000000001' } },
    ]);
    expect(fake.hits.find((h) => h.path.endsWith('/deleteWebhook'))!.query).toEqual({ drop_pending_updates: 'true' });
  });

  it('turns a revoked token (401) into UPSTREAM_ERROR without retrying, and a persistent 502 after a retry', async () => {
    await expect(client.getMe('7000000001:AAHrevokedTokenReplayOnly0000000000')).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { upstream: 'bot-api', status: 401 },
    });
    const before = fake.hits.length;
    fake.use(
      FIXTURES.filter((f) => f.case === 'bad-gateway-502').map((f) => ({
        ...f,
        request: { ...f.request, query: undefined },
      })),
    );
    await expect(client.getMe(BOT)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { upstream: 'bot-api', status: 502 },
    });
    expect(fake.hits.length - before).toBe(2);
    fake.use(FIXTURES);
  });

  it('masks tokens and webhook secrets in anything logged', () => {
    expect(
      maskSecrets(
        `https://api.telegram.org/bot${BOT}/setWebhook?url=https%3A%2F%2Fa.example%2F&secret_token=s3cr3t&` +
          `drop_pending_updates=true`,
      ),
    ).toBe(
      'https://api.telegram.org/bot***/setWebhook?url=https%3A%2F%2Fa.example%2F&secret_token=***&' +
        'drop_pending_updates=true',
    );
  });
});
