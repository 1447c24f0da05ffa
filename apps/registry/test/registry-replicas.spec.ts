import { groupHarness } from '@toll/testing';
import { startRegistry } from '../src/bootstrap';
import { callRegistry, submission } from './nats-call';

// Two registry replicas sharing one database, each behind its own NATS server, so the test decides which
// replica serves each request. The limit is the default: 5 submissions per client network per hour.
describe('registry replicas on one database', () => {
  const { clients, servers, envOf } = groupHarness({
    name: 'registry',
    start: startRegistry,
    database: 'toll_registry_replicas',
    natsServers: 2,
    replicas: 2,
    env: () => ({
      REGISTRY_PUBLIC_BASE_URL: 'https://toll.example',
      REGISTRY_QUESTIONNAIRE_LIMIT: '2',
      REGISTRY_PROBE_ENABLED: 'false',
    }),
  });
  const env = (nats: { url: string }) => ({ ...envOf(), NATS_URL: nats.url }); // another replica's settings
  let n = 0;
  const submit = (replica: 0 | 1, ip: string) =>
    callRegistry(clients[replica], 'submit', submission({ endpoint_url: `https://replicas.example/${n++}` }), ip);
  const version = async () =>
    (await callRegistry(clients[0], 'getSnapshot', {})).response!.data.registry_version as number;
  const expectLimited = (err: any, what: string, limit: number) => {
    expect(err).toEqual({
      code: 'RATE_LIMITED',
      message:
        `Too many ${what} from your network: at most ${limit} per 3600 s; retry in ` +
        `${err.details.retry_after_seconds} s`,
      details: { retry_after_seconds: expect.any(Number), limit, window_seconds: 3600 },
    });
    expect(err.details.retry_after_seconds).toBeGreaterThan(3590);
    expect(err.details.retry_after_seconds).toBeLessThanOrEqual(3600);
  };

  it('seeds once although both replicas ran the seed', async () => {
    expect(await version()).toBe(1);
    expect((await callRegistry(clients[1], 'getSnapshot', {})).response!.data.listings).toHaveLength(4);
  });

  it('refuses the 6th submission from one client on either replica, with retryAfterSeconds', async () => {
    const ip = '198.51.100.7';
    for (const replica of [0, 1, 0, 1, 0] as const)
      expect((await submit(replica, ip)).response?.data.outcome).toBe('published');
    const before = await version();
    expectLimited((await submit(1, ip)).err, 'submissions', 5);
    expectLimited((await submit(0, ip)).err, 'submissions', 5);
    expect(await version()).toBe(before); // nothing stored
    expect((await submit(1, '198.51.100.8')).response?.data.outcome).toBe('published'); // another client is unaffected
  });

  it('holds under a concurrent burst split across both replicas: exactly 5 published', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => submit((i % 2) as 0 | 1, '198.51.100.9')));
    expect(results.filter((r) => r.response).length).toBe(5);
    expect(results.filter((r) => r.err?.code === 'RATE_LIMITED').length).toBe(7);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 5; i++) expect((await submit((i % 2) as 0 | 1, `2001:db8:7:1::${i}`)).response).toBeDefined();
    expectLimited((await submit(0, '2001:db8:7:1:ffff::1')).err, 'submissions', 5);
    expect((await submit(0, '2001:db8:7:2::1')).response).toBeDefined();
  });

  it('limits questionnaires separately (here 2 per hour)', async () => {
    const answer = (replica: 0 | 1) =>
      callRegistry(clients[replica], 'submitQuestionnaire', { answers: { would_pay: true } }, '198.51.100.7');
    expect((await answer(0)).response?.data.stored).toBe(true);
    expect((await answer(1)).response?.data.stored).toBe(true);
    expectLimited((await answer(0)).err, 'questionnaires', 2);
  });

  it('re-seeds only when the curated set changes', async () => {
    const before = await version();
    const same = await startRegistry(env(servers[0]));
    await same.close();
    expect(await version()).toBe(before);
    // Two replicas of a new release start at once: the seed row lock lets one publish, the other finds no change.
    const moved = await Promise.all(
      servers.map((s) => startRegistry({ ...env(s), REGISTRY_PUBLIC_BASE_URL: 'https://api.toll.example' })),
    );
    for (const r of moved) await r.close();
    expect(await version()).toBe(before + 1);
    const { listings } = (await callRegistry(clients[1], 'getSnapshot', {})).response!.data;
    expect(listings.map((l: any) => l.endpoint_url)).toEqual([
      'https://api.toll.example/api/data',
      'https://api.toll.example/toll/devutils/health',
      'https://api.toll.example/toll/fees/fees',
      'https://api.toll.example/toll/weather/forecast',
    ]);
  });
});
