import { http, waitFor, groupHarness } from '@toll/testing';
// A gateway-level test needs the real gateway; it would sit in e2e/ if it were not the registry's own.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startGateway, type RunningGateway } from '../../gateway/src/bootstrap';
import { startRegistry } from '../src/bootstrap';
import { submission } from './nats-call';

// The registry's root paths exist only where the gateway grants them.
const GRANTS = 'registry:/api/listings,registry:/registry.json,registry:/api/submit,registry:/api/questionnaire';

// Through the real gateway (HTTP → NATS queue group → two registry replicas → one database).
describe('registry through the gateway', () => {
  let gateway: RunningGateway;
  const { nats, track } = groupHarness({
    name: 'registry',
    start: startRegistry,
    database: 'toll_registry_gateway',
    replicas: 2,
    env: () => ({ REGISTRY_PROBE_ENABLED: 'false', REGISTRY_SUBMIT_LIMIT: '2', REGISTRY_RATE_WINDOW_SECONDS: '2' }),
  });
  const from = (ip: string) => ({ 'x-forwarded-for': ip }); // the gateway trusts loopback proxies

  beforeAll(async () => {
    gateway = track(
      await startGateway({ NATS_URL: nats.url, PORT: '0', LOG_LEVEL: 'error', GATEWAY_PATH_GRANTS: GRANTS }),
    );
    await waitFor(async () => ((await http(`${gateway.url}/registry.json`)).status === 200 ? true : undefined));
  }, 60_000);

  it('serves the snapshot, the listings with coerced query filters, and health', async () => {
    const snapshot = await http(`${gateway.url}/registry.json`);
    expect(snapshot.body.listings).toHaveLength(4);
    const lookup = await http(
      `${gateway.url}/api/listings?capability=fees&verified_only=true&max_price=0.01&auth=none`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.lookup).toEqual({
      capability: 'fees',
      max_price: '0.01',
      verified_only: true,
      auth: 'none',
      matched: 1,
    });
    expect(lookup.body.listings.map((l: any) => [l.name, l.rank_factors.position])).toEqual([['Toll Fee Oracle', 1]]);
    expect(lookup.body.registry_updated).toBe(snapshot.body.registry_updated);
    expect((await http(`${gateway.url}/toll/registry/health`)).body).toMatchObject({
      service: 'registry',
      status: 'ok',
    });
  });

  it('answers 400 naming the field: schema rules at the gateway, the rest in the registry', async () => {
    const badAuth = await http(`${gateway.url}/api/submit`, {
      method: 'POST',
      json: submission({ auth_method: 'oauth' }),
      headers: from('198.51.100.50'),
    });
    expect(badAuth.status).toBe(400);
    expect(badAuth.body.error).toMatchObject({
      code: 'INVALID_INPUT',
      details: { issues: [{ field: 'auth_method', message: 'must be equal to one of the allowed values' }] },
    });
    const credentials = await http(`${gateway.url}/api/submit`, {
      method: 'POST',
      json: submission({ endpoint_url: 'https://u:p@acme.example/' }),
      headers: from('198.51.100.50'),
    });
    expect(credentials.status).toBe(400);
    expect(credentials.body.error.details.issues).toEqual([
      { field: 'endpoint_url', message: 'must not contain a user name or password' },
    ]);
  });

  it('answers 429 with Retry-After across replicas, and admits again once the window slides', async () => {
    const post = (i: number) =>
      http(`${gateway.url}/api/submit`, {
        method: 'POST',
        json: submission({ endpoint_url: `https://gw.example/${i}` }),
        headers: from('198.51.100.60'),
      });
    expect((await post(1)).status).toBe(200);
    expect((await post(2)).status).toBe(200);
    const limited = await post(3);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    expect(limited.body.error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retry_after_seconds: Number(limited.headers.get('retry-after')), limit: 2, window_seconds: 2 },
    });
    await new Promise((r) => setTimeout(r, Number(limited.headers.get('retry-after')) * 1000 + 100));
    expect((await post(4)).status).toBe(200);
  });

  it('keeps questionnaire answers out of every public response', async () => {
    const secret = `QMARK-${Math.random().toString(36).slice(2)}`;
    expect(
      (await http(`${gateway.url}/api/questionnaire`, { method: 'POST', json: { answers: { note: secret } } })).body,
    ).toEqual({ stored: true, received_at: expect.any(String) });
    for (const path of [
      '/api/listings',
      '/api/listings?capability=fees',
      '/registry.json',
      '/toll/registry/health',
      '/openapi.json',
    ]) {
      expect((await http(`${gateway.url}${path}`)).text).not.toContain(secret);
    }
  });

  it('is refused by a gateway without the grants (the whole registry manifest is rejected)', async () => {
    const bare = await startGateway({ NATS_URL: nats.url, PORT: '0', LOG_LEVEL: 'error' });
    try {
      await new Promise((r) => setTimeout(r, 500));
      expect((await http(`${bare.url}/registry.json`)).status).toBe(404);
      expect((await http(`${bare.url}/toll/registry/health`)).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
