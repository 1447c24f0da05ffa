import { SUBJECTS } from '@toll/contracts';
import { groupHarness } from '@toll/testing';
import { RegistryRepository } from '../src/registry.repository';
import { callRegistry, rawCall, submission } from './nats-call';
import { startRegistry } from '../src/bootstrap';

const BASE = 'https://toll.example';
const CONTACT = { name: 'Toll operators', email: 'ops@toll.example', url: 'https://github.com/toll' };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The registry over a real NATS server and a throwaway Postgres database.
describe('registry over NATS', () => {
  const { nc, group, db } = groupHarness({
    name: 'registry',
    start: startRegistry,
    database: 'toll_registry_wire',
    env: () => ({
      REGISTRY_PUBLIC_BASE_URL: BASE,
      REGISTRY_SUBMIT_LIMIT: '1000', // the limit itself is shown in registry-replicas.spec.ts
      REGISTRY_PROBE_TICK_MS: '600000', // no background probing here: probe results are recorded directly
    }),
  });
  const call = (operation: string, input: unknown, ip?: string) => callRegistry(nc, operation, input, ip);
  const data = async (operation: string, input: unknown, ip?: string) => {
    const reply = await call(operation, input, ip);
    if (!reply.response) throw new Error(`${operation} failed: ${JSON.stringify(reply.err)}`);
    return reply.response.data;
  };
  const marker = async () => {
    const d = await data('getSnapshot', {});
    return { registry_updated: d.registry_updated as string, registry_version: d.registry_version as number };
  };

  it('serves its health: database, prober, rate limits, free tolls and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({
      service: 'registry',
      title: 'Discovery',
      status: 'ok',
      registry: { listings: 4, verified: 4, registry_version: 1, probed_24h: 0 },
      sources: [
        { name: 'postgres', role: 'listings, change marker, probes, usage, rate limits, questionnaire', ok: true },
      ],
      prober: {
        enabled: true,
        interval_seconds: 300,
        concurrency: 4,
        timeout_ms: 3000,
        private_targets_allowed: false,
        last_tick_at: null,
        last_tick_probes: 0,
      },
      rate_limits: {
        submit: { limit: 1000, window_seconds: 3600 },
        questionnaire: { limit: 20, window_seconds: 3600 },
      },
      tolls: [
        { operation_id: 'registry.getListings', method: 'GET', path: '/api/listings', price: null },
        { operation_id: 'registry.getSnapshot', method: 'GET', path: '/registry.json', price: null },
        { operation_id: 'registry.submit', method: 'POST', path: '/api/submit', price: null },
        { operation_id: 'registry.submitQuestionnaire', method: 'POST', path: '/api/questionnaire', price: null },
        { operation_id: 'registry.getHealth', method: 'GET', path: '/toll/registry/health', price: null },
      ],
    });
    expect(health.endpoints.map((e: any) => `${e.method} ${e.path} ${e.operation_id}`)).toEqual([
      'GET /api/listings registry.getListings',
      'GET /registry.json registry.getSnapshot',
      'POST /api/submit registry.submit',
      'POST /api/questionnaire registry.submitQuestionnaire',
      'GET /toll/registry/health registry.getHealth',
    ]);
  });

  it('publishes the four operator-verified seed listings once, in /registry.json', async () => {
    const snapshot = await data('getSnapshot', {});
    expect(snapshot.registry_version).toBe(1);
    expect(snapshot.registry_updated).toMatch(ISO);
    expect(snapshot.listings.map((l: any) => [l.name, l.endpoint_url, l.verified, l.auth_method])).toEqual([
      ['Toll Data Bundle', 'https://toll.example/api/data', true, 'x402'],
      ['Toll Dev Utilities', 'https://toll.example/toll/devutils/health', true, 'x402'],
      ['Toll Fee Oracle', 'https://toll.example/toll/fees/fees', true, 'none'],
      ['Toll Weather', 'https://toll.example/toll/weather/forecast', true, 'x402'],
    ]);
    expect(snapshot.listings[2]).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Toll Fee Oracle',
      description:
        'Solana priority-fee levels from recent blocks (free), plus total-fee estimates and fee-optimized ' +
        'unsigned transactions ' +
        '(0.005 USD per call each) with compute-unit limits from simulation.',
      category: 'blockchain',
      endpoint_url: 'https://toll.example/toll/fees/fees',
      io_format: { request: 'query', response: 'json', schema_url: 'https://toll.example/toll/fees/health' },
      pricing: {
        model: 'free',
        notes: 'fee levels are free; /toll/fees/estimate and /toll/fees/optimize cost 0.005 USD per call over x402',
      },
      auth_method: 'none',
      contact: CONTACT,
      capability_tags: ['fees', 'priority-fees', 'solana', 'compute-units', 'transactions'],
      verified: true,
      published_at: expect.stringMatching(ISO),
    });
    expect(snapshot.listings[0].pricing).toEqual({
      model: 'per_call',
      usd: '0.05',
      assets: ['USDC', 'SOL'],
      network: 'solana',
      notes: 'x402 per call; the schema and health routes are free',
    });
  });

  it('publishes a valid submission at once as unverified, without accepted_terms', async () => {
    const before = await marker();
    const reply = await data('submit', submission({ endpoint_url: 'HTTPS://Acme.Example:443/yields' }));
    expect(reply).toEqual({
      schema_version: '0.1',
      outcome: 'published',
      verification: 'unverified',
      listing: {
        id: expect.stringMatching(UUID),
        name: 'Acme Staking Yields',
        description: 'Staking yields for major proof-of-stake networks, refreshed hourly.',
        category: 'data',
        endpoint_url: 'https://acme.example/yields',
        io_format: { request: 'query', response: 'json' },
        pricing: { model: 'per_call', usd: '0.002', assets: ['USDC'], network: 'solana' },
        auth_method: 'x402',
        contact: { email: 'dev@acme.example' },
        capability_tags: ['staking', 'yields'],
        verified: false,
        published_at: expect.stringMatching(ISO),
      },
      registry_updated: expect.stringMatching(ISO),
      registry_version: before.registry_version + 1,
    });
    expect(reply.registry_updated > before.registry_updated).toBe(true);
    const all = await data('getListings', {});
    expect(all.listings.find((l: any) => l.id === reply.listing.id)).toEqual(reply.listing);
    expect(JSON.stringify(all)).not.toContain('accepted_terms');
    expect(await marker()).toEqual({
      registry_updated: reply.registry_updated,
      registry_version: reply.registry_version,
    });
  });

  it("accepts a submission made from the spec's field list alone (no capability_tags), tagging it with its category", async () => {
    const reply = await data(
      'submit',
      submission({ endpoint_url: 'https://acme.example/spec-only', capability_tags: undefined }),
    );
    expect(reply.listing.capability_tags).toEqual(['data']);
    const found = await data('getListings', { capability: 'data' });
    expect(found.listings.map((l: { id: string }) => l.id)).toContain(reply.listing.id);
    expect(found.schema_version).toBe('0.1');
  });

  const tooLong = (n: number) => 'x'.repeat(n);
  const issue = (field: string, message: string) => ({
    code: 'INVALID_INPUT',
    message: 'Input failed validation',
    details: { issues: [{ field, message }] },
  });
  // One case per rule of every field: the exact error, and nothing stored.
  it.each<[string, Record<string, unknown>, ReturnType<typeof issue>]>([
    ['name missing', { name: undefined }, issue('name', 'Invalid input: expected string, received undefined')],
    ['name not a string', { name: 42 }, issue('name', 'Invalid input: expected string, received number')],
    ['name blank', { name: '   ' }, issue('name', 'must not be empty')],
    ['name too long', { name: tooLong(81) }, issue('name', 'must be at most 80 characters')],
    ['name with a control character', { name: 'Acme\u0007' }, issue('name', 'must not contain control characters')],
    ['description too long', { description: tooLong(501) }, issue('description', 'must be at most 500 characters')],
    [
      'description with a control character',
      { description: 'tab\there' },
      issue('description', 'must not contain control characters other than newlines'),
    ],
    [
      'category not a slug',
      { category: 'Market Data' },
      issue('category', 'must be lowercase letters and digits, words joined by single hyphens'),
    ],
    ['category too long', { category: tooLong(41) }, issue('category', 'must be at most 40 characters')],
    ['endpoint_url not a URL', { endpoint_url: 'acme yields' }, issue('endpoint_url', 'must be an http or https URL')],
    [
      'endpoint_url ftp',
      { endpoint_url: 'ftp://acme.example/yields' },
      issue('endpoint_url', 'must be an http or https URL'),
    ],
    [
      'endpoint_url javascript:',
      { endpoint_url: 'javascript:alert(1)' },
      issue('endpoint_url', 'must be an http or https URL'),
    ],
    [
      'endpoint_url with credentials',
      { endpoint_url: 'https://user:pw@acme.example/yields' },
      issue('endpoint_url', 'must not contain a user name or password'),
    ],
    [
      'endpoint_url too long',
      { endpoint_url: `https://acme.example/${tooLong(2030)}` },
      issue('endpoint_url', 'must be at most 2048 characters'),
    ],
    [
      'endpoint_url on the operator origin',
      { endpoint_url: 'https://toll.example/api/data?x=1' },
      issue('endpoint_url', "is on the operator's own origin, reserved for its verified listings"),
    ],
    [
      'endpoint_url on cloud metadata',
      { endpoint_url: 'http://169.254.169.254/latest/meta-data/' },
      issue('endpoint_url', 'must be a public address (169.254.169.254 resolves to 169.254.169.254 (link-local))'),
    ],
    [
      'endpoint_url on loopback',
      { endpoint_url: 'http://127.0.0.1:8115/healthz' },
      issue('endpoint_url', 'must be a public address (127.0.0.1 resolves to 127.0.0.1 (loopback))'),
    ],
    [
      'endpoint_url on IPv6 loopback',
      { endpoint_url: 'http://[::1]:3000/' },
      issue('endpoint_url', 'must be a public address (::1 resolves to ::1 (loopback))'),
    ],
    [
      'endpoint_url loopback in hex',
      { endpoint_url: 'http://0x7f000001/' },
      issue('endpoint_url', 'must be a public address (127.0.0.1 resolves to 127.0.0.1 (loopback))'),
    ],
    [
      'endpoint_url loopback in decimal',
      { endpoint_url: 'http://2130706433/' },
      issue('endpoint_url', 'must be a public address (127.0.0.1 resolves to 127.0.0.1 (loopback))'),
    ],
    [
      'endpoint_url loopback in octal',
      { endpoint_url: 'http://0177.0.0.1/' },
      issue('endpoint_url', 'must be a public address (127.0.0.1 resolves to 127.0.0.1 (loopback))'),
    ],
    [
      'endpoint_url private network',
      { endpoint_url: 'https://10.1.2.3/api' },
      issue('endpoint_url', 'must be a public address (10.1.2.3 resolves to 10.1.2.3 (private (RFC 1918)))'),
    ],
    [
      'endpoint_url IPv4-mapped metadata',
      { endpoint_url: 'http://[::ffff:a9fe:a9fe]/' },
      issue('endpoint_url', 'must be a public address (::ffff:a9fe:a9fe resolves to ::ffff:a9fe:a9fe (link-local))'),
    ],
    [
      'endpoint_url name resolving to loopback',
      { endpoint_url: 'http://localhost:8101/' },
      issue('endpoint_url', 'must be a public address (localhost resolves to 127.0.0.1 (loopback))'),
    ],
    [
      'io_format.request unknown',
      { io_format: { request: 'xml', response: 'json' } },
      issue('io_format.request', 'must be one of none, query, json, form, text, binary'),
    ],
    [
      'io_format.response missing',
      { io_format: { request: 'json' } },
      issue('io_format.response', 'must be one of json, text, binary, stream'),
    ],
    [
      'io_format.schema_url not http',
      { io_format: { request: 'json', response: 'json', schema_url: 'file:///etc/passwd' } },
      issue('io_format.schema_url', 'must be an http or https URL'),
    ],
    [
      'io_format extra field',
      { io_format: { request: 'json', response: 'json', xml: true } },
      issue('io_format.xml', 'is not an accepted field'),
    ],
    ['pricing not an object', { pricing: '0.01' }, issue('pricing', 'Invalid input: expected object, received string')],
    [
      'pricing.model unknown',
      { pricing: { model: 'auction' } },
      issue('pricing.model', 'must be one of free, per_call, per_block, subscription, quote'),
    ],
    [
      'pricing.usd missing for per_call',
      { pricing: { model: 'per_call' } },
      issue('pricing.usd', 'is required for model per_call'),
    ],
    [
      'pricing.usd given for free',
      { pricing: { model: 'free', usd: '0.01' } },
      issue('pricing.usd', 'is not accepted for model free'),
    ],
    [
      'pricing.usd not a decimal',
      { pricing: { model: 'per_call', usd: '0.0000001' } },
      issue('pricing.usd', 'a USD decimal string with at most 6 decimals'),
    ],
    [
      'pricing.requests missing for per_block',
      { pricing: { model: 'per_block', usd: '1' } },
      issue('pricing.requests', 'is required for model per_block'),
    ],
    [
      'pricing.requests below 2',
      { pricing: { model: 'per_block', usd: '1', requests: 1 } },
      issue('pricing.requests', 'must be at least 2'),
    ],
    [
      'pricing.period missing for subscription',
      { pricing: { model: 'subscription', usd: '9' } },
      issue('pricing.period', 'is required for model subscription'),
    ],
    [
      'pricing.assets empty',
      { pricing: { model: 'free', assets: [] } },
      issue('pricing.assets', 'must name at least one asset'),
    ],
    [
      'auth_method unknown',
      { auth_method: 'oauth' },
      issue('auth_method', 'must be one of none, api-key, x402, signature'),
    ],
    ['contact without email or url', { contact: { name: 'Acme' } }, issue('contact', 'must include an email or a url')],
    ['contact.email invalid', { contact: { email: 'acme' } }, issue('contact.email', 'must be an email address')],
    [
      'contact.url not http',
      { contact: { url: 'mailto:dev@acme.example' } },
      issue('contact.url', 'must be an http or https URL'),
    ],
    ['capability_tags empty', { capability_tags: [] }, issue('capability_tags', 'must have at least 1 tag')],
    [
      'capability_tags over 20',
      { capability_tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      issue('capability_tags', 'must have at most 20 tags'),
    ],
    [
      'capability tag not lowercase',
      { capability_tags: ['Staking'] },
      issue('capability_tags.0', 'must be lowercase letters and digits, words joined by single hyphens'),
    ],
    [
      'capability tag too long',
      { capability_tags: [tooLong(33)] },
      issue('capability_tags.0', 'must be at most 32 characters'),
    ],
    [
      'capability tag repeated',
      { capability_tags: ['staking', 'staking'] },
      issue('capability_tags', 'must not repeat a tag'),
    ],
    [
      'accepted_terms false',
      { accepted_terms: false },
      issue('accepted_terms', 'must be true: the listing terms must be accepted'),
    ],
    [
      'accepted_terms missing',
      { accepted_terms: undefined },
      issue('accepted_terms', 'must be true: the listing terms must be accepted'),
    ],
    ['a self-declared verified flag', { verified: true }, issue('verified', 'is not an accepted field')],
  ])('refuses %s with the exact error and stores nothing', async (_name, change, expected) => {
    const before = await marker();
    const count = (await data('getListings', {})).listings.length;
    const body = submission({
      endpoint_url: `https://acme.example/case-${Math.random().toString(36).slice(2)}`,
      ...change,
    });
    const reply = await call('submit', JSON.parse(JSON.stringify(body)));
    expect(reply.err).toEqual(expected);
    expect(await marker()).toEqual(before);
    expect((await data('getListings', {})).listings).toHaveLength(count);
  });

  it('refuses a second listing of the same endpoint, storing nothing', async () => {
    await data('submit', submission({ endpoint_url: 'https://dupe.example/api' }));
    const before = await marker();
    expect(
      (await call('submit', submission({ endpoint_url: 'https://DUPE.example:443/api', name: 'Copycat' }))).err,
    ).toEqual(issue('endpoint_url', 'is already listed'));
    expect(await marker()).toEqual(before);
  });

  it('moves registry_updated on every publish and on nothing else', async () => {
    const start = await marker();
    // Reads, lookups (which record usage), refused submissions, questionnaires and probes publish nothing.
    await data('getListings', {});
    await data('getListings', { capability: 'staking', max_price: '1' });
    await data('getHealth', {});
    await rawCall(nc, SUBJECTS.registryListings, {});
    await call('submit', submission({ auth_method: 'oauth' }));
    await data('submitQuestionnaire', { answers: { would_pay: true } });
    const listing = (await data('getListings', {})).listings[0];
    await group.app
      .get(RegistryRepository)
      .recordProbe(listing.id, { ok: true, statusCode: 200, latencyMs: 12, error: null });
    expect(await marker()).toEqual(start);
    // Each publish moves it: the version by one, the time strictly forward (even within one millisecond).
    const published = await Promise.all(
      [1, 2, 3].map((i) => data('submit', submission({ endpoint_url: `https://burst.example/${i}` }))),
    );
    const versions = published.map((p) => p.registry_version).sort();
    expect(versions).toEqual([start.registry_version + 1, start.registry_version + 2, start.registry_version + 3]);
    const times = published.map((p) => p.registry_updated).sort();
    expect(new Set(times).size).toBe(3);
    expect(times[0] > start.registry_updated).toBe(true);
    expect(await marker()).toEqual({ registry_version: start.registry_version + 3, registry_updated: times[2] });
  });

  it('answers registry.listings over NATS with every published listing, for discovery', async () => {
    const reply = JSON.parse(await rawCall(nc, SUBJECTS.registryListings, {}));
    const all = await data('getListings', {});
    expect(reply.response.registry_updated).toBe(all.registry_updated);
    expect(reply.response.listings).toHaveLength(all.listings.length);
    expect(Object.keys(reply.response.listings[0]).sort()).toEqual(
      [
        'auth_method',
        'capability_tags',
        'category',
        'contact',
        'description',
        'endpoint_url',
        'id',
        'io_format',
        'name',
        'pricing',
        'verified',
      ].sort(),
    );
    expect(reply.response.listings.filter((l: any) => l.verified)).toHaveLength(4);
  });

  describe('lookup filters', () => {
    const F = {
      x402: { name: 'F x402 0.01', auth_method: 'x402', pricing: { model: 'per_call', usd: '0.01' } },
      apiKey: { name: 'F api-key 0.5', auth_method: 'api-key', pricing: { model: 'per_call', usd: '0.5' } },
      free: { name: 'F none free', auth_method: 'none', pricing: { model: 'free' } },
      quote: { name: 'F signature quote', auth_method: 'signature', pricing: { model: 'quote' } },
      block: { name: 'F x402 block', auth_method: 'x402', pricing: { model: 'per_block', usd: '1', requests: 1000 } },
    };
    const names = async (query: Record<string, unknown>) =>
      (await data('getListings', query)).listings.map((l: any) => l.name).sort();

    beforeAll(async () => {
      for (const [key, over] of Object.entries(F))
        await data(
          'submit',
          submission({ ...over, endpoint_url: `https://filters.example/${key}`, capability_tags: ['filter-test'] }),
        );
    });

    it('matches capability_tags exactly and echoes the filters applied', async () => {
      const reply = await data('getListings', { capability: 'filter-test' });
      expect(reply.lookup).toEqual({
        capability: 'filter-test',
        max_price: null,
        verified_only: false,
        auth: null,
        matched: 5,
      });
      expect(reply.listings.map((l: any) => l.name).sort()).toEqual(
        Object.values(F)
          .map((f) => f.name)
          .sort(),
      );
      expect(await names({ capability: 'filter' })).toEqual([]);
    });

    it('applies max_price to the per-call price (per_block = usd / requests; quote has none, so it is excluded)', async () => {
      expect(await names({ capability: 'filter-test', max_price: '0.01' })).toEqual([
        'F none free',
        'F x402 0.01',
        'F x402 block',
      ]);
      expect(await names({ capability: 'filter-test', max_price: '0.001' })).toEqual(['F none free', 'F x402 block']);
      expect(await names({ capability: 'filter-test', max_price: '0.000999' })).toEqual(['F none free']);
      expect(await names({ capability: 'filter-test', max_price: '0' })).toEqual(['F none free']);
    });

    it('applies auth and verified_only, and combines every filter', async () => {
      expect(await names({ capability: 'filter-test', auth: 'api-key' })).toEqual(['F api-key 0.5']);
      expect(await names({ capability: 'filter-test', auth: 'x402', max_price: '0.005' })).toEqual(['F x402 block']);
      expect(await names({ capability: 'filter-test', verified_only: true })).toEqual([]);
      expect(await names({ capability: 'fees', verified_only: true })).toEqual(['Toll Fee Oracle']);
    });

    it('enforces the filters without a capability too (list mode: no ranking, no rank_factors)', async () => {
      const verified = await data('getListings', { verified_only: true });
      expect(verified.listings.map((l: any) => l.name)).toEqual([
        'Toll Data Bundle',
        'Toll Dev Utilities',
        'Toll Fee Oracle',
        'Toll Weather',
      ]);
      expect(verified.listings.every((l: any) => l.rank_factors === undefined)).toBe(true);
      const none = await data('getListings', { auth: 'none' });
      expect(none.listings.length).toBeGreaterThan(1);
      expect(none.listings.every((l: any) => l.auth_method === 'none')).toBe(true);
      expect(await names({ auth: 'signature', max_price: '100' })).toEqual([]);
    });

    it.each([
      [{ capability: 'Fees' }, 'capability', 'must be lowercase letters and digits, words joined by single hyphens'],
      [{ max_price: '-1' }, 'max_price', 'a USD decimal string with at most 6 decimals'],
      [{ auth: 'oauth' }, 'auth', 'must be one of none, api-key, x402, signature'],
      [{ verified_only: 'yes' }, 'verified_only', 'Invalid input: expected boolean, received string'],
      [{ q: 'fees' }, 'q', 'is not an accepted field'],
    ])('refuses the query %j', async (query, field, message) => {
      expect((await call('getListings', query)).err).toEqual(issue(field, message));
    });
  });

  describe('ranking', () => {
    const repo = () => group.app.get(RegistryRepository);
    const probes = async (id: string, results: Array<number | null>) => {
      for (const latency of results)
        await repo().recordProbe(
          id,
          latency === null
            ? { ok: false, statusCode: 503, latencyMs: 20, error: 'HTTP 503' }
            : { ok: true, statusCode: 200, latencyMs: latency, error: null },
        );
    };
    const listing = async (key: string, pricing: Record<string, unknown>, extraTags: string[] = []) =>
      (
        await data(
          'submit',
          submission({
            name: `R ${key}`,
            endpoint_url: `https://ranking.example/${key}`,
            pricing,
            capability_tags: ['priority-fees', ...extraTags],
          }),
        )
      ).listing.id as string;

    beforeAll(async () => {
      await probes(await listing('fast-cheap', { model: 'per_call', usd: '0.001' }), [40, 50, 60]);
      await probes(await listing('fast-used', { model: 'per_call', usd: '0.002' }, ['usage-boost']), [80, 70]);
      await probes(await listing('fast-plain', { model: 'per_call', usd: '0.002' }), [90]);
      await probes(await listing('subscription', { model: 'subscription', usd: '10', period: 'month' }), [50]);
      await probes(await listing('slow-cheapest', { model: 'per_block', usd: '0.01', requests: 100 }), [450]);
      await probes(await listing('degraded', { model: 'per_call', usd: '0.0001' }), [100, null, 120]);
      await listing('unmeasured', { model: 'per_call', usd: '0.001' });
      await probes(await listing('down', { model: 'free' }), [null, null]);
      // another client's lookup returned "fast-used"
      await data('getListings', { capability: 'usage-boost' }, '198.51.100.20');
    });

    it('ranks by verification, then health and uptime, latency, price, usage — and says why', async () => {
      const { listings } = await data('getListings', { capability: 'priority-fees' }, '198.51.100.30');
      expect(listings.map((l: any) => [l.name, l.rank_factors.ahead_of_next_by])).toEqual([
        ['Toll Fee Oracle', 'verified'],
        ['R fast-cheap', 'price'],
        ['R fast-used', 'usage'],
        ['R fast-plain', 'price'],
        ['R subscription', 'latency'],
        ['R slow-cheapest', 'health'],
        ['R degraded', 'health'],
        ['R unmeasured', 'health'],
        ['R down', null],
      ]);
      const factors = Object.fromEntries(listings.map((l: any) => [l.name, l.rank_factors]));
      expect(factors['Toll Fee Oracle']).toEqual({
        position: 1,
        verified: true,
        health: 'unmeasured',
        uptime_24h: null,
        probes_24h: 0,
        latency_ms_p50: null,
        last_probe_at: null,
        price_per_call_usd: '0',
        usage_30d: 1, // the verified_only lookup for "fees" above
        ahead_of_next_by: 'verified',
        explanation:
          'verified; no probe in the last 24 h; 0 USD per call; returned by lookups on 1 client-days in 30 days; ' +
          'ranked above the next result by verified',
      });
      expect(factors['R fast-cheap']).toEqual({
        position: 2,
        verified: false,
        health: 'up',
        uptime_24h: 1,
        probes_24h: 3,
        latency_ms_p50: 50,
        last_probe_at: expect.stringMatching(ISO),
        price_per_call_usd: '0.001',
        usage_30d: 0,
        ahead_of_next_by: 'price',
        explanation:
          'unverified; up: 100% of 3 probes answered in 24 h, median 50 ms; 0.001 USD per call; returned by ' +
          'lookups on 0 client-days in 30 days; ranked above the next result by price',
      });
      expect(factors['R fast-used']).toMatchObject({
        position: 3,
        latency_ms_p50: 75,
        price_per_call_usd: '0.002',
        usage_30d: 1,
      });
      expect(factors['R subscription']).toMatchObject({ price_per_call_usd: null, latency_ms_p50: 50 });
      expect(factors['R slow-cheapest']).toMatchObject({
        health: 'up',
        latency_ms_p50: 450,
        price_per_call_usd: '0.0001',
      });
      expect(factors['R degraded']).toEqual({
        position: 7,
        verified: false,
        health: 'degraded',
        uptime_24h: 0.6667,
        probes_24h: 3,
        latency_ms_p50: 110,
        last_probe_at: expect.stringMatching(ISO),
        price_per_call_usd: '0.0001',
        usage_30d: 0,
        ahead_of_next_by: 'health',
        explanation:
          'unverified; degraded: 66% of 3 probes answered in 24 h, median 110 ms; 0.0001 USD per call; returned ' +
          'by lookups on 0 client-days in 30 days; ranked above the next result by health',
      });
      expect(factors['R unmeasured']).toMatchObject({ health: 'unmeasured', probes_24h: 0 });
      expect(factors['R down']).toMatchObject({
        health: 'down',
        uptime_24h: 0,
        latency_ms_p50: null,
        price_per_call_usd: '0',
      });
    });

    it('counts usage once per client and day', async () => {
      const usage = async (ip: string) =>
        Object.fromEntries(
          (await data('getListings', { capability: 'priority-fees' }, ip)).listings.map((l: any) => [
            l.name,
            l.rank_factors.usage_30d,
          ]),
        );
      const first = await usage('198.51.100.40'); // earlier lookups: 198.51.100.30 (all), 198.51.100.20 (fast-used)
      expect(first['R fast-used']).toBe(2);
      expect(first['R fast-cheap']).toBe(1);
      const again = await usage('198.51.100.40');
      expect(again['R fast-used']).toBe(3);
      expect(await usage('198.51.100.40')).toEqual(again);
    });
  });

  describe('questionnaire', () => {
    it('stores answers and says only that it did', async () => {
      expect(
        await data('submitQuestionnaire', {
          answers: { use_case: 'agent tooling', calls_per_day: 1200, would_pay: true },
        }),
      ).toEqual({
        stored: true,
        received_at: expect.stringMatching(ISO),
      });
    });

    it.each([
      [{}, 'answers', 'Invalid input: expected record, received undefined'],
      [{ answers: {} }, 'answers', 'must answer at least 1 question'],
      [
        { answers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, i])) },
        'answers',
        'must have at most 50 answers',
      ],
      [{ answers: { q: 'x'.repeat(2001) } }, 'answers.q', 'must be at most 2000 characters'],
      [
        { answers: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`q${i}`, 'x'.repeat(1900)])) },
        'answers',
        'must be at most 8192 bytes as JSON',
      ],
      [{ answers: { q: { nested: true } } }, 'answers.q', 'must be a string, number or boolean'],
      [
        { answers: { 'Bad Key': 1 } },
        'answers.Bad Key',
        'question keys are 1-64 lowercase letters, digits or underscores',
      ],
      [{ answers: { q: 1 }, email: 'a@b.example' }, 'email', 'is not an accepted field'],
    ])('refuses %j', async (input, field, message) => {
      expect((await call('submitQuestionnaire', input)).err).toEqual(issue(field, message));
    });

    it('never shows answers in any public response', async () => {
      const secret = `QMARK-${Math.random().toString(36).slice(2)}`;
      const stored = await data('submitQuestionnaire', {
        answers: { secret_answer: secret, [`k_${secret.slice(6).toLowerCase()}`]: true },
      });
      const bodies = [
        JSON.stringify(stored),
        JSON.stringify(await data('getListings', {})),
        JSON.stringify(await data('getListings', { capability: 'staking' })),
        JSON.stringify(await data('getListings', { verified_only: true, max_price: '1', auth: 'x402' })),
        JSON.stringify(await data('getSnapshot', {})),
        JSON.stringify(await data('getHealth', {})),
        JSON.stringify(await data('submit', submission({ endpoint_url: 'https://after-questionnaire.example/' }))),
        JSON.stringify(await call('submit', submission({ auth_method: 'nope' }))),
        await rawCall(nc, SUBJECTS.registryListings, {}),
      ];
      for (const body of bodies) {
        expect(body).not.toContain(secret);
        expect(body).not.toContain(secret.slice(6).toLowerCase());
      }
      // It was stored, privately.
      const { Client } = await import('pg');
      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      const { rows } = await pg.query(
        "SELECT answers->>'secret_answer' AS a FROM questionnaire_responses WHERE answers ? 'secret_answer'",
      );
      await pg.end();
      expect(rows).toEqual([{ a: secret }]);
    });
  });

  describe('when the database is unreachable', () => {
    const admin = async (sql: string) => {
      const { Client } = await import('pg');
      const pg = new Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
      await pg.connect();
      await pg.query(sql);
      await pg.end();
    };
    const name = new URL(db.url).pathname.slice(1);

    it('answers SERVICE_UNAVAILABLE and a degraded health, then recovers', async () => {
      await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      try {
        expect((await call('getListings', {})).err).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The registry database is unavailable; try again shortly',
        });
        expect((await call('submit', submission({ endpoint_url: 'https://db-down.example/' }))).err?.code).toBe(
          'SERVICE_UNAVAILABLE',
        );
        expect(await data('getHealth', {})).toMatchObject({
          status: 'degraded',
          reason: 'registry database unavailable',
          registry: null,
          sources: [{ name: 'postgres', ok: false }],
        });
      } finally {
        await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      }
      expect((await data('getHealth', {})).status).toBe('ok');
      expect((await data('getSnapshot', {})).listings).toHaveLength(4);
    });
  });
});
