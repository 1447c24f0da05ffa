import { groupHarness } from '@toll/testing';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { startMessaging } from '../src/bootstrap';
import { DnsResolver } from '../src/dns-resolver';
import { ProvisionInput } from '../src/messaging.schemas';
import { runPoolCommand } from '../src/pool-cli';
import { PoolSweeper } from '../src/pool-sweeper';
import { startFakeBotApi, type FakeBotApi } from './fake-bot-api';
import { callMessaging, PAYER } from './nats-call';
import { Clock } from '@toll/platform';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-24T12:00:00.000Z');
const [A, B, C] = [7_000_000_101, 7_000_000_102, 7_000_000_103];
const UNMANAGED = 7_000_000_199;
const WEBHOOK = 'https://93.184.215.14/telegram/hook';
const SECRET = 'hook-secret-never-logged_0123456789';
const PRICE = { per: 'bot-month', usd: '0.50' };
const issuesOf = (err: any) => err.details.issues as Array<{ field: string; message: string }>;

describe('messaging over NATS', () => {
  let api: FakeBotApi;
  let now = T0;
  const logs: string[] = [];
  let env: Record<string, string | undefined>;
  afterAll(() => jest.restoreAllMocks());
  const { nc, group, db, envOf } = groupHarness({
    name: 'messaging',
    start: startMessaging,
    database: 'toll_messaging_wire',
    clock: { token: Clock, now: () => now },
    setup: async ({ track }) => {
      for (const stream of [process.stdout, process.stderr]) {
        jest
          .spyOn(stream, 'write')
          .mockImplementation((chunk: string | Uint8Array) => (logs.push(String(chunk)), true));
      }
      api = track(await startFakeBotApi());
      for (const id of [A, B, C]) api.addBot(id);
      api.addBot(UNMANAGED, false);
    },
    env: () => ({
      LOG_LEVEL: 'debug', // upstream calls are logged at debug: the masking is part of what is tested
      MESSAGING_BOT_API_URL: api.url,
      MESSAGING_BOT_API_TIMEOUT_MS: '1000',
      MESSAGING_MANAGER_BOT_TOKEN: api.managerToken,
      MESSAGING_SWEEP_ENABLED: 'false', // the tests run each pass themselves
      MESSAGING_SWEEP_INTERVAL_MS: '1000',
      MESSAGING_RESET_MAX_ATTEMPTS: '2',
    }),
  });
  beforeAll(() => {
    env = envOf();
  });
  const sweep = () => group.app.get(PoolSweeper).runOnce();
  const health = async () => (await callMessaging(nc, 'getHealth', {})).response!.data;
  const botState = async (username: string) => {
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query(
      'SELECT b.state, b.token_ciphertext, l.payer, l.key_hash FROM bots b LEFT JOIN leases l ON l.bot_id = b.id ' +
        'AND l.ended_at IS NULL WHERE b.username = $1',
      [username],
    );
    await pg.end();
    return rows[0] as { state: string; token_ciphertext: string; payer: string | null; key_hash: string | null };
  };

  it('takes managed bots into the pool with the operator CLI, refuses others, and resets them before any lease', async () => {
    const first = new Map([...api.bots].map(([id, b]) => [id, b.token]));
    expect(await runPoolCommand(['add', String(A), String(B), String(C), String(UNMANAGED), 'abc'], env)).toEqual([
      `${A}: added @toll_pool_${A}_bot; it is reset before its first lease`,
      `${B}: added @toll_pool_${B}_bot; it is reset before its first lease`,
      `${C}: added @toll_pool_${C}_bot; it is reset before its first lease`,
      `${UNMANAGED}: refused: not a bot managed by the manager bot (getManagedBotToken or getMe failed)`,
      'abc: not a bot user id',
    ]);
    expect(await runPoolCommand(['add', String(A)], env)).toEqual([`${A}: @toll_pool_${A}_bot is already in the pool`]);
    expect((await health()).pool).toMatchObject({ available: 0, resetting: 3, total: 3 });
    await sweep();
    expect((await health()).pool).toEqual({
      available: 3,
      leased: 0,
      resetting: 0,
      quarantined: 0,
      total: 3,
      quarantine: [],
    });
    for (const id of [A, B, C]) {
      const bot = api.bots.get(id)!;
      expect(bot.token).not.toBe(first.get(id)); // rotated: whoever had the old token has nothing
      expect([bot.webhook, bot.pendingUpdates, bot.name, bot.description, bot.shortDescription]).toEqual([
        null,
        0,
        '',
        '',
        '',
      ]);
    }
    expect(JSON.parse((await runPoolCommand(['status'], env))[0])).toMatchObject({ available: 3, total: 3 });
  });

  it('keeps every input rule in the schema, with the field named', () => {
    const refused = (input: unknown) => {
      const r = ProvisionInput.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(refused({ webhook_url: 'http://hooks.example.com/x' })).toEqual([['webhook_url', 'must be an https URL']]);
    expect(refused({ webhook_url: 'https://10.0.0.5/x' })).toEqual([
      ['webhook_url', 'must point at a public address (not loopback, private, link-local or reserved)'],
    ]);
    expect(refused({ webhook_url: 'https://[::1]/x' })).toEqual([
      ['webhook_url', 'must point at a public address (not loopback, private, link-local or reserved)'],
    ]);
    expect(refused({ webhook_url: 'https://hooks.example.com:8080/x' })).toEqual([
      ['webhook_url', 'must use port 443, 80, 88, 8443 (the ports Telegram delivers to)'],
    ]);
    expect(refused({ webhook_url: 'https://u:p@hooks.example.com/x' })).toEqual([
      ['webhook_url', 'must not contain a user name or password'],
    ]);
    expect(refused({ webhook_secret: 'abc' })).toEqual([['webhook_secret', 'needs webhook_url']]);
    expect(refused({ lease_id: '3f1e0c9a-4b7d-4c1e-9a2b-1c2d3e4f5a6b' })).toEqual([
      ['lease_key', 'is required with lease_id (renewal)'],
    ]);
    expect(refused({ lease_id: '3f1e0c9a-4b7d-4c1e-9a2b-1c2d3e4f5a6b', lease_key: 'k'.repeat(43), name: 'x' })).toEqual(
      [['name', 'is not taken on a renewal (lease_id given); the bot keeps its settings']],
    );
    expect(refused({ name: 'x'.repeat(65) })).toEqual([['name', 'Too big: expected string to have <=64 characters']]);
    expect(
      refused({ name: 'Helper Bot', webhook_url: 'https://hooks.example.com/x', webhook_secret: 'abc_DEF-1' }),
    ).toEqual([]);
  });

  it('refuses invalid input over the wire with each field named', async () => {
    const { err } = await callMessaging(nc, 'provision', { webhook_url: 'http://10.0.0.1:8080/', color: 'blue' });
    expect(err.code).toBe('INVALID_INPUT');
    expect(issuesOf(err)).toEqual([
      { field: 'webhook_url', message: 'must be an https URL' },
      { field: 'webhook_url', message: 'must use port 443, 80, 88, 8443 (the ports Telegram delivers to)' },
      {
        field: 'webhook_url',
        message: 'must point at a public address (not loopback, private, link-local or reserved)',
      },
      { field: 'color', message: 'is not an accepted field' },
    ]);
  });

  it('refuses a webhook host that resolves inside our network (shared SSRF guard), before taking a bot', async () => {
    const { err } = await callMessaging(nc, 'provision', { webhook_url: 'https://localhost/hook' });
    expect(err).toEqual({
      code: 'INVALID_INPUT',
      message:
        'webhook_url must point at a public address: localhost resolves to 127.0.0.1 (loopback); your payment is ' +
        'unused: repeat the request with another webhook_url and the same proof',
      details: {
        issues: [
          {
            field: 'webhook_url',
            message: 'must point at a public address: localhost resolves to 127.0.0.1 (loopback)',
          },
        ],
      },
    });
    expect((await health()).pool.available).toBe(3);
  });

  it('judges every address a webhook name resolves to, and tells a missing name from a failing resolver', async () => {
    const dns = group.app.get(DnsResolver);
    const system = dns.resolve.bind(dns);
    const table: Record<string, () => Promise<Array<{ address: string; family: number }>>> = {
      'rebind.example.com': async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      'missing.example.com': () =>
        Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
      'flaky.example.com': () =>
        Promise.reject(Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' })),
      'slow.example.com': () => new Promise(() => undefined),
    };
    dns.resolve = (host) => table[host]();
    const provision = (host: string, deadlineMs?: number) =>
      callMessaging(nc, 'provision', { webhook_url: `https://${host}/hook` }, { deadlineMs });
    try {
      expect((await provision('rebind.example.com')).err).toEqual({
        code: 'INVALID_INPUT',
        message:
          'webhook_url must point at a public address: rebind.example.com resolves to 10.0.0.5 (private (RFC ' +
          '1918)); your payment is unused: repeat the request with another webhook_url and the same proof',
        details: {
          issues: [
            {
              field: 'webhook_url',
              message: 'must point at a public address: rebind.example.com resolves to 10.0.0.5 (private (RFC 1918))',
            },
          ],
        },
      });
      expect((await provision('missing.example.com')).err).toMatchObject({
        code: 'INVALID_INPUT',
        details: { issues: [{ field: 'webhook_url', message: 'names a host that does not exist (ENOTFOUND)' }] },
      });
      expect((await provision('flaky.example.com')).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message:
          'could not resolve the webhook host (EAI_AGAIN); your payment is unused: repeat the request with the ' +
          'same proof later',
        details: { upstream: 'dns' },
      });
      const started = Date.now();
      expect((await provision('slow.example.com', 1_000)).err).toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        details: { upstream: 'dns' },
      });
      expect(Date.now() - started).toBeLessThan(2_500); // the deadline, not the 3 s resolver bound
    } finally {
      dns.resolve = system;
    }
    expect((await health()).pool.available).toBe(3);
  });

  let lease: { lease_id: string; lease_key: string; ends_at: string };
  let leasedId: number;
  let leasedUsername: string;

  it('provisions a bot for 30 days with its token, name, description and webhook, and says how to renew and release', async () => {
    const input = {
      name: 'Order Helper',
      description: 'I track your orders.\nAsk me anything.',
      short_description: 'Order tracking',
      webhook_url: WEBHOOK,
      webhook_secret: SECRET,
    };
    const { response, err } = await callMessaging(nc, 'provision', input);
    expect(err).toBeUndefined();
    const out = response!.data;
    const bot = api.bots.get(out.bot.id)!;
    expect(out).toEqual({
      platform: 'telegram',
      renewal: false,
      lease: {
        lease_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        lease_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        starts_at: '2026-11-24T12:00:00.000Z',
        ends_at: '2026-12-24T12:00:00.000Z',
        period_days: 30,
        renewals: 0,
      },
      bot: {
        id: bot.id,
        username: bot.username,
        link: `https://t.me/${bot.username}`,
        token: bot.token,
        name: 'Order Helper',
      },
      updates: {
        mode: 'webhook',
        webhook_url: WEBHOOK,
        note: expect.stringContaining('X-Telegram-Bot-Api-Secret-Token'),
      },
      renew: {
        method: 'POST',
        path: '/toll/messaging/provision',
        body: { lease_id: out.lease.lease_id, lease_key: '<your lease_key>' },
        price: PRICE,
        note: expect.any(String),
      },
      release: {
        method: 'POST',
        path: '/toll/messaging/release',
        body: { lease_id: out.lease.lease_id, lease_key: '<your lease_key>' },
        price: null,
        note: expect.any(String),
      },
    });
    expect([bot.name, bot.description, bot.shortDescription, bot.webhook]).toEqual([
      'Order Helper',
      input.description,
      'Order tracking',
      { url: WEBHOOK, secret: SECRET },
    ]);
    lease = out.lease;
    leasedId = out.bot.id;
    leasedUsername = out.bot.username;
    expect((await health()).pool).toMatchObject({ available: 2, leased: 1 });
  });

  it('stores tokens only encrypted, the lease key only hashed, and the payer', async () => {
    const row = await botState(leasedUsername);
    expect([row.state, row.payer, row.key_hash]).toEqual([
      'leased',
      PAYER,
      createHash('sha256').update(lease.lease_key).digest('hex'),
    ]);
    expect(row.token_ciphertext).toMatch(/^v1\.[A-Za-z0-9+/=]+$/);
    for (const token of api.issuedTokens) expect(row.token_ciphertext).not.toContain(token.split(':')[1]);
  });

  it('renews the same bot for the holder: 30 more days from the current end', async () => {
    now = T0 + 10 * DAY;
    const { response } = await callMessaging(nc, 'provision', { lease_id: lease.lease_id, lease_key: lease.lease_key });
    expect(response!.data).toMatchObject({
      renewal: true,
      lease: {
        lease_id: lease.lease_id,
        lease_key: null,
        starts_at: '2026-11-24T12:00:00.000Z',
        ends_at: '2027-01-23T12:00:00.000Z',
        renewals: 1,
      },
      bot: { id: leasedId, username: leasedUsername, token: api.bots.get(leasedId)!.token, name: null },
      updates: null,
    });
    expect(api.bots.get(leasedId)!.webhook).toEqual({ url: WEBHOOK, secret: SECRET }); // a renewal leaves the bot alone
  });

  it('refuses a renewal without the lease key (404, never charged)', async () => {
    const { err } = await callMessaging(nc, 'provision', { lease_id: lease.lease_id, lease_key: 'x'.repeat(43) });
    expect(err).toEqual({
      code: 'NOT_FOUND',
      message:
        'No open lease matches lease_id and lease_key (it may have ended); your payment is unused: repeat the ' +
        'request with the same proof and the right lease, or without lease_id and lease_key for a new bot',
    });
  });

  it('provisions a polling bot, then refuses with 503 before any charge once the pool is empty', async () => {
    const polling = (await callMessaging(nc, 'provision', {})).response!.data;
    expect(polling.updates).toEqual({
      mode: 'polling',
      webhook_url: null,
      note: expect.stringContaining('getUpdates'),
    });
    expect(
      api.calls
        .filter((c) => c.botId === polling.bot.id)
        .map((c) => c.method)
        .slice(-1),
    ).toEqual(['deleteWebhook']);
    const third = (await callMessaging(nc, 'provision', { name: 'Third' })).response!.data.bot.id;
    expect(new Set([leasedId, polling.bot.id, third])).toEqual(new Set([A, B, C])); // three different bots
    const { err } = await callMessaging(nc, 'provision', { name: 'Fourth' });
    expect(err).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'No bot is free in the pool right now; your payment is unused: repeat this request with the same proof ' +
        'once a bot is free (health shows the pool).',
      details: { pool: 'empty', retry_after_seconds: 5 },
    });
    expect(await health()).toMatchObject({
      status: 'degraded',
      reason: 'no bot free in the pool',
      pool: { available: 0, leased: 3 },
    });
  });

  it('ends leases at their end with the clock moved, rotates the token, clears the bot and returns it to the pool', async () => {
    const oldToken = api.bots.get(leasedId)!.token;
    now = Date.parse(lease.ends_at) - 1;
    await sweep();
    expect((await botState(leasedUsername)).state).toBe('leased');
    now = Date.parse('2027-01-23T12:00:00.000Z') + 1; // past the renewed end (and the other two leases')
    await sweep();
    expect((await health()).pool).toMatchObject({ available: 3, leased: 0, resetting: 0 });
    const bot = api.bots.get(leasedId)!;
    expect(bot.token).not.toBe(oldToken);
    expect([bot.webhook, bot.pendingUpdates, bot.name, bot.description, bot.shortDescription]).toEqual([
      null,
      0,
      '',
      '',
      '',
    ]);
    // The rotation came first, so the old holder could not put its webhook back in between.
    const resetCalls = api.calls
      .filter((c) => c.query.user_id === String(leasedId) || c.botId === leasedId)
      .slice(-6)
      .map((c) => c.method);
    expect(resetCalls).toEqual([
      'replaceManagedBotToken',
      'deleteWebhook',
      'setMyName',
      'setMyDescription',
      'setMyShortDescription',
      'getMe',
    ]);
    const { err } = await callMessaging(nc, 'provision', { lease_id: lease.lease_id, lease_key: lease.lease_key });
    expect(err.code).toBe('NOT_FOUND');
  });

  it('releases a lease early for its holder (free) and resets the bot at once', async () => {
    const out = (await callMessaging(nc, 'provision', { webhook_url: WEBHOOK })).response!.data;
    const before = api.bots.get(out.bot.id)!.token;
    expect(
      (await callMessaging(nc, 'release', { lease_id: out.lease.lease_id, lease_key: 'y'.repeat(43) })).err.code,
    ).toBe('NOT_FOUND');
    const { response } = await callMessaging(nc, 'release', {
      lease_id: out.lease.lease_id,
      lease_key: out.lease.lease_key,
    });
    expect(response!.data).toEqual({
      lease_id: out.lease.lease_id,
      bot_username: out.bot.username,
      released_at: new Date(now).toISOString(),
      note: expect.stringContaining('not refunded'),
    });
    await sweep();
    expect(api.bots.get(out.bot.id)!.token).not.toBe(before);
    expect(api.bots.get(out.bot.id)!.webhook).toBeNull();
    expect(
      (await callMessaging(nc, 'release', { lease_id: out.lease.lease_id, lease_key: out.lease.lease_key })).err,
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'No open lease matches lease_id and lease_key (it may have ended already)',
    });
  });

  it('answers an upstream failure while configuring with the error envelope, never leaves the bot leased, and resets it', async () => {
    api.fail('setWebhook');
    const { err } = await callMessaging(nc, 'provision', { webhook_url: WEBHOOK });
    api.fail(null);
    expect(err).toEqual({
      code: 'UPSTREAM_ERROR',
      message:
        'bot-api answered HTTP 502; the bot could not be configured, and your payment is unused: repeat this ' +
        'request with the same proof to redeem it',
      details: { upstream: 'bot-api', status: 502 },
    });
    expect((await health()).pool).toMatchObject({ leased: 0, resetting: 1, available: 2 });
    await sweep();
    expect((await health()).pool).toMatchObject({ leased: 0, resetting: 0, available: 3 });
  });

  it('answers a Bot API slower than the deadline with UPSTREAM_TIMEOUT in time', async () => {
    api.fail('deleteWebhook', 'bad-gateway-502', 5_000);
    const started = Date.now();
    const { err } = await callMessaging(nc, 'provision', {}, { deadlineMs: 1_500 });
    api.fail(null);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(err.code).toBe('UPSTREAM_TIMEOUT');
    await sweep();
    expect((await health()).pool).toMatchObject({ leased: 0, available: 3 });
  });

  it('quarantines a bot whose reset keeps failing, reports it in health, and lets the operator requeue it', async () => {
    const out = (await callMessaging(nc, 'provision', {})).response!.data;
    api.fail('replaceManagedBotToken', 'too-many-requests-429');
    // starts a pass: attempt 1
    await callMessaging(nc, 'release', { lease_id: out.lease.lease_id, lease_key: out.lease.lease_key });
    await sweep(); // joins that pass, or runs one that finds the bot still claimed
    expect((await health()).pool).toMatchObject({ quarantined: 0, resetting: 1 });
    for (let i = 0; i < 2; i++) {
      now += 2_000; // past the retry claim
      await sweep();
    }
    api.fail(null);
    const h = await health();
    expect(h.status).toBe('degraded');
    expect(h.reason).toBe('1 bot(s) quarantined after a failed reset');
    expect(h.pool).toMatchObject({ quarantined: 1, available: 2 });
    expect(h.pool.quarantine).toEqual([
      {
        username: out.bot.username,
        since: expect.any(String),
        last_error: 'UPSTREAM_ERROR: bot-api answered HTTP 429',
      },
    ]);
    expect(h.sources[1]).toEqual({ name: 'telegram-bot-api', role: expect.any(String), ok: false });
    expect(await runPoolCommand(['requeue', out.bot.username], env)).toEqual([
      `@${out.bot.username}: queued for another reset`,
    ]);
    await sweep();
    expect((await health()).pool).toMatchObject({ quarantined: 0, available: 3 });
  });

  it('answers health with pool, plan pricing and the catalog', async () => {
    const h = await health();
    expect(h).toMatchObject({
      service: 'messaging',
      status: 'ok',
      platform: 'telegram',
      plan: { price: PRICE, period_days: 30 },
      tolls: [
        { operation_id: 'messaging.provision', method: 'POST', path: '/toll/messaging/provision', price: PRICE },
        { operation_id: 'messaging.release', method: 'POST', path: '/toll/messaging/release', price: null },
        { operation_id: 'messaging.getHealth', method: 'GET', path: '/toll/messaging/health', price: null },
      ],
    });
    expect(
      h.endpoints.map((e: { operation_id: string; method: string; path: string }) => `${e.method} ${e.path}`),
    ).toEqual(['POST /toll/messaging/provision', 'POST /toll/messaging/release', 'GET /toll/messaging/health']);
    expect(h.sources).toEqual([
      { name: 'postgres', role: 'bot pool and leases', ok: true },
      { name: 'telegram-bot-api', role: expect.any(String), ok: true },
    ]);
  });

  it('never writes a bot token or webhook secret to the logs', () => {
    const text = logs.join('');
    expect(text).toContain('upstream call'); // the Bot API calls were logged (debug), masked
    expect(text).toContain('/bot***/');
    for (const token of api.issuedTokens) expect(text).not.toContain(token.split(':')[1]);
    expect(text).not.toContain(SECRET);
  });
});
