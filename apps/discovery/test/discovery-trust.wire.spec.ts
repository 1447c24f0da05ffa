import { SUBJECTS, TollError, type GroupManifest } from '@toll/contracts';
import { callOperation, groupHarness, pollUntil as waitFor } from '@toll/testing';
import { DiscoveryService } from '../src/discovery.service';
import evalCatalog from '../eval/catalog.json';
import { startDiscovery } from '../src/bootstrap';

// Issue 23 item 8 over NATS, with two replicas on one database: the per-registrant limit on new index entries is
// shared by the replicas, each result carries its group's announced availability, and every public field is snake_case.
const weather = (evalCatalog as GroupManifest[]).find((m) => m.group === 'weather')!;

describe('discovery trust over NATS, two replicas', () => {
  const { nc, replicas } = groupHarness({
    name: 'discovery',
    start: startDiscovery,
    database: 'toll_discovery_trust',
    replicas: 2,
    env: () => ({ DISCOVERY_REGISTER_LIMIT: '3', DISCOVERY_REGISTER_WINDOW_SECONDS: '600' }),
  });

  const data = async (operation: string, input: unknown) => {
    const r = await callOperation(nc, `discovery.${operation}`, input);
    if (r.err) throw new Error(JSON.stringify(r.err));
    return r.response!.data;
  };
  const entry = (name: string) => ({
    name,
    endpoint: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example/`,
    description: `${name}: a tool registered in a test`,
    price_per_call: 0,
    tags: [],
  });

  beforeAll(async () => {
    nc.publish(SUBJECTS.catalogAnnounce, JSON.stringify(weather));
    await waitFor(
      () => data('getHealth', {}),
      (h) => h.index.groups.includes('weather'),
    );
  });

  it('limits new entries per client network across replicas; updates and other networks are not limited', async () => {
    const [a, b] = replicas.map((r) => r.app.get(DiscoveryService));
    expect((await a.register(entry('One'), '203.0.113.7')).created).toBe(true);
    expect((await b.register(entry('Two'), '203.0.113.7')).created).toBe(true);
    expect((await a.register(entry('Three'), '203.0.113.7')).created).toBe(true);
    const refused = await b.register(entry('Four'), '203.0.113.7').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TollError);
    expect((refused as TollError).toJSON()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many new entries from your network: at most 3 per 600 s; retry in \d+ s$/),
      details: { retryAfterSeconds: expect.any(Number), limit: 3, windowSeconds: 600 },
    });
    expect((refused as TollError).details!.retryAfterSeconds).toBeGreaterThan(590);
    // Updating an entry adds nothing to the index; another network has its own limit.
    expect((await b.register({ ...entry('One'), description: 'One: updated in a test' }, '203.0.113.7')).created).toBe(
      false,
    );
    expect((await b.register(entry('Four'), '198.51.100.2')).created).toBe(true);
    // One IPv6 host owns its /64: rotating the address within it does not reset the limit.
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2::3']) await a.register(entry(`v6 ${ip}`), ip);
    await expect(b.register(entry('v6 again'), '2001:db8:1:2::ffff')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // Over NATS the refusal is the error envelope the gateway turns into a 429 with Retry-After.
    const { err } = await callOperation(nc, 'discovery.register', entry('Five'), { caller: { ip: '203.0.113.7' } });
    expect(err).toMatchObject({ code: 'RATE_LIMITED', details: { limit: 3, windowSeconds: 600 } });
  });

  it("carries each result's availability and ranks an operation down while its group announces it cannot serve it", async () => {
    const task = 'Daily weather forecast for the next days in Lisbon';
    const before = await data('match', { task, limit: 3 });
    expect(before.results[0]).toMatchObject({
      name: 'weather.getForecast',
      availability: { state: 'available', retry_after_seconds: null, reason: null },
    });

    nc.publish(
      SUBJECTS.catalogAnnounce,
      JSON.stringify({
        ...weather,
        unavailable: {
          'weather.getForecast': { retryAfterSeconds: 120, reason: 'UPSTREAM_ERROR: every provider down' },
        },
      }),
    );
    const down = await waitFor(
      () => data('match', { task, limit: 5 }),
      (m) => m.results.some((r: any) => r.availability.state === 'unavailable'),
    );
    const forecast = down.results.find((r: any) => r.name === 'weather.getForecast');
    expect(forecast.availability).toEqual({
      state: 'unavailable',
      retry_after_seconds: expect.any(Number),
      reason: 'UPSTREAM_ERROR: every provider down',
    });
    expect(forecast.availability.retry_after_seconds).toBeGreaterThan(110);
    // Its score is halved (TRUST.unavailableFactor): it still shows, below what serves the task nearly as well.
    expect(forecast.score).toBeCloseTo(before.results[0].score / 2, 2);
    expect(forecast.reasons).toContainEqual(
      expect.stringMatching(
        /^its group cannot serve it now \(UPSTREAM_ERROR: every provider down\); retry in \d+ s; ranked down$/,
      ),
    );
    const teaserState = async () =>
      (await data('search', { q: task })).results.find((r: any) => r.name === 'weather.getForecast').availability;
    expect(await waitFor(teaserState, (s) => s === 'unavailable')).toBe('unavailable'); // either replica may answer

    nc.publish(SUBJECTS.catalogAnnounce, JSON.stringify(weather)); // served again
    const up = await waitFor(
      () => data('match', { task, limit: 3 }),
      (m) => m.results[0].availability.state === 'available',
    );
    expect(up.results[0]).toMatchObject({
      name: 'weather.getForecast',
      score: before.results[0].score,
      availability: { state: 'available' },
    });
  });

  it('names every field of its match and search answers in snake_case, as announced and as served', async () => {
    const announced = (await data('getHealth', {})).endpoints.filter((e: any) =>
      ['discovery.match', 'discovery.search'].includes(e.operation_id),
    );
    expect(announced).toHaveLength(2);
    const keys = (schema: unknown, out = new Set<string>()): Set<string> => {
      if (!schema || typeof schema !== 'object') return out;
      const s = schema as Record<string, unknown>;
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
        out.add(k);
        if (k !== 'schema') keys(v, out); // call.input.schema is the route's own JSON Schema, as announced
      }
      for (const k of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
        const v = s[k];
        for (const sub of Array.isArray(v) ? v : [v]) keys(sub, out);
      }
      return out;
    };
    const names = new Set<string>(announced.flatMap((e: any) => [...keys(e.output)]));
    expect(names.size).toBeGreaterThan(30);
    expect([...names].filter((n) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(n))).toEqual([]);
    const served = await data('match', { task: 'weather forecast for Lisbon', limit: 2 });
    const servedKeys = (v: unknown, path = ''): string[] =>
      !v || typeof v !== 'object' || path.endsWith('.schema')
        ? []
        : Object.entries(v).flatMap(([k, x]) => [...(Array.isArray(v) ? [] : [k]), ...servedKeys(x, `${path}.${k}`)]);
    expect(servedKeys(served).filter((n) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(n))).toEqual([]);
  });
});
