import { SUBJECTS, type GroupManifest, type RegistryListing } from '@toll/contracts';
import { respond, type FakeResponder, callOperation, groupHarness, pollUntil as waitFor } from '@toll/testing';
import { bazaarExtension } from '@toll/x402';
import evalCatalog from '../eval/catalog.json';
import { startDiscovery } from '../src/bootstrap';

// Every spec §4 group but discovery itself, which announces its real manifest.
const otherGroups = (evalCatalog as GroupManifest[]).filter((m) => m.group !== 'discovery');
const otherRoutes = otherGroups.flatMap((m) => m.routes);

const listing = (over: Partial<RegistryListing> = {}): RegistryListing => ({
  id: 'lst-staking',
  name: 'Staking Yield Scout',
  description: 'Staking yields of Solana validators, refreshed hourly',
  category: 'staking',
  endpoint_url: 'https://staking.example/api/yields',
  io_format: { request: 'query', response: 'json', schema_url: 'https://staking.example/validator-schema.json' },
  pricing: { model: 'per_call', usd: '0.003', assets: ['USDC'], network: 'solana' },
  auth_method: 'x402',
  contact: { email: 'ops@staking.example' },
  capability_tags: ['staking', 'yield'],
  verified: true,
  ...over,
});
const LISTINGS = [
  listing(),
  listing({
    id: 'lst-sub',
    name: 'Validator Yield Feed',
    description: 'Validator staking yield feed',
    pricing: { model: 'subscription', usd: '9', period: 'month' },
    verified: false,
  }),
];

describe('discovery over NATS', () => {
  const { nc } = groupHarness({
    name: 'discovery',
    start: startDiscovery,
    database: 'toll_discovery_wire',
    env: () => ({
      DISCOVERY_REGISTRY_REFRESH_MS: '100',
      DISCOVERY_REGISTRY_TIMEOUT_MS: '300',
      DISCOVERY_REGISTRY_MAX_STALE_MS: '1500',
      DISCOVERY_INDEX_MAX_ENTRIES: '5',
      DISCOVERY_PATH_GRANTS:
        'registry:/api/listings,registry:/registry.json,registry:/api/submit,registry:/api/questionnaire',
    }),
  });
  let registry: FakeResponder | undefined;

  const call = (operation: string, input: unknown) => callOperation(nc, `discovery.${operation}`, input);
  const data = async (operation: string, input: unknown) => {
    const r = await call(operation, input);
    if (r.err) throw new Error(JSON.stringify(r.err));
    return r.response!.data;
  };
  const issues = async (operation: string, input: unknown) => {
    const { err } = await call(operation, input);
    expect(err).toMatchObject({ code: 'INVALID_INPUT', message: 'Input failed validation' });
    return err.details.issues;
  };
  const register = (over: Record<string, unknown> = {}) =>
    data('register', {
      name: 'Tide Tables',
      endpoint: 'https://tides.example/v1/tides',
      description: 'High and low tide times for coastal stations',
      price_per_call: 0.004,
      tags: ['Tides', 'ocean', 'tides'],
      ...over,
    });
  const useRegistry = (handler: (d: unknown) => { response?: unknown; err?: unknown }) => {
    registry?.stop();
    registry = respond(nc, SUBJECTS.registryListings, handler);
  };

  beforeAll(async () => {
    // The other groups announce themselves, as they would at start or when discovery asks.
    for (const m of otherGroups) nc.publish(SUBJECTS.catalogAnnounce, JSON.stringify(m));
    // Manifests the gateway would refuse (a path of another group, a root path not granted) are ignored here too.
    const evil = (path: string) => ({
      ...otherGroups[0],
      group: 'evil',
      routes: [{ ...otherRoutes[0], operationId: 'evil.take', subject: 'toll.evil.take', path }],
    });
    nc.publish(SUBJECTS.catalogAnnounce, JSON.stringify(evil('/toll/weather/current')));
    nc.publish(SUBJECTS.catalogAnnounce, JSON.stringify(evil('/api/data')));
    await waitFor(
      () => data('getHealth', {}),
      (h) => h.index.toll_routes === otherRoutes.length + 4,
    );
  });

  it('serves its health: own endpoints, the full Toll catalog, index sizes and source status', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'discovery', title: 'Discovery', status: 'degraded' });
    expect(health.endpoints.map((e: any) => e.operation_id).sort()).toEqual([
      'discovery.getHealth',
      'discovery.match',
      'discovery.register',
      'discovery.search',
    ]);
    expect(health.tolls).toContainEqual({
      operation_id: 'discovery.match',
      method: 'POST',
      path: '/toll/discovery/match',
      price: { per: 'call', usd: '0.02' },
    });
    const routes = otherRoutes.length + 4; // every announced route plus discovery's own four
    expect(health.index).toEqual({
      documents: routes,
      toll_routes: routes,
      index_entries: 0,
      registry_listings: 0,
      groups: expect.arrayContaining(['weather', 'discovery', 'spend']),
    });
    expect(health.index.groups).toHaveLength(otherGroups.length + 1);
    expect(health.catalog.map((r: any) => r.operation_id)).not.toContain('evil.take');
    expect(health.sources.registry).toEqual({
      available: false,
      items: 0,
      as_of: null,
      stale: false,
      reason: 'registry has not answered yet: no service is answering registry.listings',
    });
    expect(health.sources.index).toMatchObject({ available: true, items: 0, stale: false });
  });

  describe('register', () => {
    it('stores an entry (price as a decimal string, tags lower-cased once) and is idempotent per endpoint and name', async () => {
      const first = await register();
      expect(first).toEqual({
        created: true,
        entry: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'Tide Tables',
          endpoint: 'https://tides.example/v1/tides',
          description: 'High and low tide times for coastal stations',
          price_per_call: 0.004,
          price_per_call_usd: '0.004',
          tags: ['tides', 'ocean'],
          schema_url: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      const again = await register({
        endpoint: 'HTTPS://Tides.Example/v1/tides',
        price_per_call: 0.0045,
        schema_url: 'https://tides.example/schema.json',
      });
      expect(again).toMatchObject({
        created: false,
        entry: {
          id: first.entry.id,
          price_per_call: 0.0045,
          price_per_call_usd: '0.0045',
          schema_url: 'https://tides.example/schema.json',
        },
      });
      expect((await register({ name: 'Tide Tables Pro' })).created).toBe(true);
      expect((await data('getHealth', {})).index.index_entries).toBe(2);
    });

    it.each([
      ['name', { name: '' }, 'must not be empty'],
      ['name', { name: 'x'.repeat(101) }, 'must be at most 100 characters'],
      ['name', { name: undefined }, 'Invalid input: expected string, received undefined'],
      ['endpoint', { endpoint: 'ftp://files.example/tool' }, 'must be an http or https URL'],
      ['endpoint', { endpoint: 'not a url' }, 'must be an http or https URL'],
      ['endpoint', { endpoint: 'https://user:secret@tides.example/' }, 'must not carry credentials'],
      ['endpoint', { endpoint: `https://tides.example/${'a'.repeat(2048)}` }, 'must be at most 2048 characters'],
      ['description', { description: 'too short' }, 'must be at least 10 characters'],
      ['description', { description: 'd'.repeat(1001) }, 'must be at most 1000 characters'],
      ['price_per_call', { price_per_call: -0.01 }, 'must be 0 or more'],
      ['price_per_call', { price_per_call: 1000.5 }, 'must be at most 1000'],
      ['price_per_call', { price_per_call: 0.0000001 }, 'must have at most 6 decimals'],
      ['price_per_call', { price_per_call: '0.01' }, 'Invalid input: expected number, received string'],
      ['tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'at most 20 tags'],
      ['tags', { tags: 'weather' }, 'Invalid input: expected array, received string'],
      ['tags.1', { tags: ['ok', 'no/slash'] }, 'letters, digits, space . _ + - only'],
      ['tags.0', { tags: ['t'.repeat(41)] }, 'must be at most 40 characters'],
      ['schema_url', { schema_url: 'javascript:alert(1)' }, 'must be an http or https URL'],
      ['extra', { extra: true }, 'is not an accepted field'],
    ])('refuses a bad %s: %j', async (field, over, message) => {
      expect(
        await issues('register', {
          name: 'n',
          endpoint: 'https://a.example/',
          description: 'a valid description',
          price_per_call: 0,
          tags: [],
          ...over,
        }),
      ).toEqual([{ field, message }]);
    });

    it('refuses a new entry once the index is full, but still updates existing ones', async () => {
      for (let i = 0; i < 3; i++) await register({ name: `Filler ${i}` });
      const { err } = await call('register', {
        name: 'One too many',
        endpoint: 'https://full.example/',
        description: 'no room left here',
        price_per_call: 0,
        tags: [],
      });
      expect(err).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The discovery index is full (5 entries); existing entries can still be updated',
      });
      expect((await register({ name: 'Filler 0', price_per_call: 0.001 })).created).toBe(false);
    });
  });

  describe('search (free teaser)', () => {
    it('answers with the same ranking as match: names, one-line summaries and where to call each, 10 by default', async () => {
      const out = await data('search', { q: 'weather alerts' });
      expect(out.q).toBe('weather alerts');
      expect(out.results.length).toBeLessThanOrEqual(10);
      expect(out.results[0]).toEqual({
        name: 'weather.getAlerts',
        summary: expect.any(String),
        source: 'toll-catalog',
        verified: true,
        availability: 'available',
        method: 'GET',
        path: '/toll/weather/alerts',
      });
      for (const r of out.results)
        expect(Object.keys(r).sort()).toEqual([
          'availability',
          'method',
          'name',
          'path',
          'source',
          'summary',
          'verified',
        ]);
      expect(out.no_good_match).toBe(false);
      const matched = await data('match', { task: 'weather alerts', limit: 10 });
      expect(out.results.map((r: any) => r.name)).toEqual(matched.results.map((r: any) => r.name));
      expect((await data('search', { q: 'toll', limit: 20 })).results).toHaveLength(20);
      expect((await data('search', { q: 'toll', limit: 3 })).results).toHaveLength(3);
    });

    it('cuts a long description to one line of 140 characters', async () => {
      await register({ name: 'Filler 1', description: `Glacier melt ${'measurements '.repeat(70)}`.trim() });
      const [hit] = (await data('search', { q: 'glacier' })).results;
      expect(hit.summary).toHaveLength(140);
      expect(hit.summary.endsWith('…')).toBe(true);
    });

    it.each([
      ['q', { q: '' }, 'must not be empty'],
      ['q', { q: 'q'.repeat(201) }, 'must be at most 200 characters'],
      ['q', {}, 'Invalid input: expected string, received undefined'],
      ['limit', { q: 'x', limit: 0 }, 'Too small: expected number to be >=1'],
      ['limit', { q: 'x', limit: 21 }, 'Too big: expected number to be <=20'],
    ])('refuses a bad %s: %j', async (field, input, message) => {
      expect(await issues('search', input)).toEqual([{ field, message }]);
    });
  });

  describe('match ($0.02)', () => {
    it('ranks tools with scores and the reasons they matched', async () => {
      const out = await data('match', { task: 'What will the weather be over the next 5 days in Lisbon?', limit: 3 });
      expect(out.results.map((r: any) => r.name)).toEqual([
        'weather.getForecast',
        'weather.getCurrent',
        'weather.getAlerts',
      ]);
      expect(out.results[0]).toEqual({
        rank: 1,
        score: expect.any(Number),
        source: 'toll-catalog',
        name: 'weather.getForecast',
        summary: 'Daily forecast at a point for 1-16 days (default 7), metric and imperial',
        price: { per: 'call', usd: '0.005' },
        verified: true,
        availability: { state: 'available', retry_after_seconds: null, reason: null },
        matched: [
          { term: 'weather', query: 'weather', how: 'exact', fields: ['name', 'tags', 'asks', 'path'] },
          { term: 'next', query: 'next', how: 'exact', fields: ['asks'] },
          { term: 'days', query: 'days', how: 'exact', fields: ['summary', 'asks', 'inputs', 'description'] },
          { term: 'raining', query: 'weather', how: 'synonym', fields: ['asks'] },
        ],
        reasons: [
          '"weather" matched "weather" in name, tags, asks, path',
          '"next" matched "next" in asks',
          '"days" matched "days" in summary, asks, inputs, description',
          '"weather" matched synonym "raining" in asks',
          'similar to how users ask for it: "weather forecast for the next week"',
          '$0.005 per call',
          'Toll route, announced live by its group (callable through the gateway)',
        ],
        call: {
          method: 'GET',
          path: '/toll/weather/forecast',
          payment: 'x402',
          input: { in: 'query', schema: otherRoutes.find((r) => r.operationId === 'weather.getForecast')!.inputSchema },
        },
      });
      expect(out.results[0].score).toBeGreaterThan(out.results[1].score);
      expect(out.results[1].score).toBeGreaterThanOrEqual(out.results[2].score);
      expect(out).toMatchObject({
        task: 'What will the weather be over the next 5 days in Lisbon?',
        max_price: null,
        no_good_match: false,
        excluded_by_price: 0,
        method: expect.stringContaining('BM25'),
      });
    });

    it('names a synonym when the task used another word', async () => {
      const [top] = (await data('match', { task: 'Will it snow in Oslo tomorrow?', limit: 1 })).results;
      expect(top).toMatchObject({ name: 'weather.getForecast' });
      expect(top.matched).toContainEqual({
        term: 'weather',
        query: 'snow',
        how: 'synonym',
        fields: ['name', 'tags', 'asks', 'path'],
      });
      expect(top.matched).toContainEqual({
        term: 'forecast',
        query: 'tomorrow',
        how: 'synonym',
        fields: ['summary', 'name', 'asks', 'path'],
      });
      expect(top.reasons).toContain('"snow" matched synonym "weather" in name, tags, asks, path');
    });

    it("matches a route's asks, carried from its @TollRoute through the announced manifest", async () => {
      const task = 'recommend the best service for a task described in plain English';
      const [top] = (await data('match', { task, limit: 1 })).results;
      expect(top).toMatchObject({ name: 'discovery.match', call: { path: '/toll/discovery/match' } });
      expect(top.reasons).toContain(`similar to how users ask for it: "${task}"`);
    });

    it('always enforces max_price on the smallest payment; an unverified entry never outranks a verified operation', async () => {
      await register({
        name: 'Filler 2',
        description: 'Priority fee estimate for a Solana transaction, premium',
        price_per_call: 2.5,
        tags: ['fees', 'solana'],
      });
      const task = 'Priority fee estimate for a Solana transaction, premium';
      const open = await data('match', { task, limit: 5 });
      expect(open.results[0]).toMatchObject({ source: 'toll-catalog', name: 'fees.estimate', verified: true });
      const filler = open.results.find((r: any) => r.name === 'Filler 2');
      expect(filler).toMatchObject({
        source: 'index',
        verified: false,
        price: { per: 'call', usd: '2.5' },
        call: { endpoint: 'https://tides.example/v1/tides', schema_url: null },
      });
      expect(filler.score).toBeGreaterThan(open.results[0].score); // its words match better, yet it ranks after
      expect(filler.reasons).toContain(
        'unverified: registered by anyone and not checked by Toll; ranked after every verified tool',
      );
      const firstUnverified = open.results.findIndex((r: any) => !r.verified);
      expect(open.results.slice(firstUnverified).every((r: any) => !r.verified)).toBe(true);
      const capped = await data('match', { task, max_price: 0.01, limit: 20 });
      expect(capped.results.map((r: any) => r.name)).not.toContain('Filler 2');
      expect(capped.results[0]).toMatchObject({ name: 'fees.estimate', price: { per: 'call', usd: '0.005' } });
      expect(capped.results[0].reasons).toContain('$0.005 per call, within max_price $0.01');
      expect(capped.excluded_by_price).toBeGreaterThanOrEqual(1);
      expect(capped.max_price).toBe('0.01');
      // A block price compares as the one payment it takes: the RPC proxy's $0.01 block of 1,000 calls.
      const rpcTask = 'Solana JSON-RPC proxy';
      const rpc = (await data('match', { task: rpcTask, max_price: 0.01, limit: 1 })).results[0];
      expect(rpc).toMatchObject({
        name: expect.stringMatching(/^rpc\.call/),
        price: { per: 'block', usd: '0.01', requests: 1000 },
      });
      expect(rpc.reasons).toContain(
        '$0.01 per block of 1000 calls (one payment, reused for each call), within max_price $0.01',
      );
      const under = await data('match', { task: rpcTask, max_price: 0.005, limit: 20 });
      expect(under.results.filter((r: any) => r.name.startsWith('rpc.call'))).toEqual([]);
    });

    it('keeps status and free service routes out unless the task asks for them, and says when nothing fits', async () => {
      const admin = (r: any) =>
        r.source === 'toll-catalog' &&
        (r.call.path.endsWith('/health') || (r.price.usd === '0' && !r.call.path.startsWith('/toll/')));
      for (const task of [
        'current weather in Lisbon',
        'latest news about Solana',
        'vehicle recalls for a 2019 Honda Civic',
      ]) {
        const out = await data('match', { task, limit: 20 });
        expect({ task, admin: out.results.filter(admin).map((r: any) => r.name) }).toEqual({ task, admin: [] });
      }
      expect((await data('match', { task: 'Is the weather service up right now?', limit: 1 })).results[0].name).toBe(
        'weather.getHealth',
      );
      expect(
        (await data('match', { task: 'Fill in the questionnaire for agent builders', limit: 1 })).results[0].name,
      ).toBe('registry.submitQuestionnaire');
      const nothing = await data('match', { task: 'Write a haiku about autumn leaves', limit: 5 });
      expect(nothing.no_good_match).toBe(true);
      expect((await data('search', { q: 'Write a haiku about autumn leaves' })).no_good_match).toBe(true);
    });

    it.each([
      ['task', { task: 'ab' }, 'must be at least 3 characters'],
      ['task', { task: 't'.repeat(501) }, 'must be at most 500 characters'],
      ['task', {}, 'Invalid input: expected string, received undefined'],
      ['max_price', { task: 'weather', max_price: -1 }, 'must be 0 or more'],
      ['max_price', { task: 'weather', max_price: '0.1' }, 'Invalid input: expected number, received string'],
      ['limit', { task: 'weather', limit: 21 }, 'Too big: expected number to be <=20'],
      ['limit', { task: 'weather', limit: 1.5 }, 'Invalid input: expected int, received number'],
    ])('refuses a bad %s: %j', async (field, input, message) => {
      expect(await issues('match', input)).toEqual([{ field, message }]);
    });
  });

  // Item 3 of issue 5: for every paid route, what match says about calling it is what the route's 402
  // challenge describes in its bazaar discovery extension (method, input schema in query or body), plus path.
  it('describes each catalog route exactly as its 402 challenge bazaar extension does', async () => {
    const own = (await data('getHealth', {})).endpoints.map((e: any) => ({
      ...e,
      operationId: e.operation_id,
      inputSchema: e.input,
      outputSchema: e.output,
    }));
    const paid = [...otherRoutes, ...own].filter((r) => r.price !== null);
    expect(paid.length).toBeGreaterThan(40);
    for (const route of paid) {
      const { results } = await data('match', { task: route.summary, limit: 20 });
      const hit = results.find((r: any) => r.source === 'toll-catalog' && r.name === route.operationId);
      expect({ operationId: route.operationId, found: !!hit }).toEqual({ operationId: route.operationId, found: true });
      const bazaar = bazaarExtension({
        operationId: route.operationId,
        method: route.method,
        path: route.path,
        summary: route.summary,
        price: route.price,
        inputSchema: route.inputSchema,
        outputSchema: route.outputSchema,
      });
      const input = bazaar.schema.properties.input.properties as Record<string, unknown>;
      expect(hit.call.method).toBe(bazaar.info.input.method);
      // A templated route's bazaar splits its input into pathParams and the rest; discovery names the path template
      // and the whole input, whose fields are exactly those two parts'.
      const split = input.pathParams as { properties: Record<string, unknown> } | undefined;
      const rest = (route.method === 'POST' ? input.body : input.queryParams) as {
        properties: Record<string, unknown>;
      };
      expect(hit.call.input).toEqual({
        in: route.method === 'POST' ? 'body' : 'query',
        schema: split ? route.inputSchema : rest,
      });
      if (split)
        expect(Object.keys({ ...split.properties, ...rest.properties }).sort()).toEqual(
          Object.keys(route.inputSchema.properties).sort(),
        );
      expect(hit.call.path).toBe(route.path);
      expect(hit.price).toEqual(route.price);
      expect(hit.summary).toBe(route.summary); // the challenge's resource.description
    }
  });

  it('includes registry listings while the registry answers, labels them stale when it stops, then drops them', async () => {
    const task = 'Solana validator staking yield';
    const registrySource = async () => (await data('match', { task, limit: 5 })).sources.registry;

    // A registry that takes the message but never answers: the refresh times out in the background and
    // match answers at once from what it has.
    const silent = nc.subscribe(SUBJECTS.registryListings);
    expect((await waitFor(registrySource, (s) => s.reason?.includes('did not answer'))).reason).toBe(
      'registry has not answered yet: registry.listings did not answer within 300 ms',
    );
    const started = Date.now();
    await data('match', { task, limit: 5 });
    expect(Date.now() - started).toBeLessThan(250);
    silent.unsubscribe();

    useRegistry(() => ({ err: { code: 'INTERNAL', message: 'registry database down' } }));
    expect(await waitFor(registrySource, (s) => s.reason?.includes('registry database down'))).toMatchObject({
      available: false,
      items: 0,
      reason: 'registry has not answered yet: registry database down',
    });
    useRegistry(() => ({ response: { listings: 'not a list', registry_updated: 'x' } }));
    expect((await waitFor(registrySource, (s) => s.reason?.includes('unexpected shape'))).reason).toBe(
      'registry has not answered yet: registry reply has an unexpected shape',
    );
    expect((await data('match', { task, limit: 20 })).results.filter((r: any) => r.source === 'registry')).toEqual([]);

    useRegistry(() => ({
      response: { listings: [...LISTINGS, { id: 'broken' }], registry_updated: '2026-11-23T09:00:00.000Z' },
    }));
    const live = await waitFor(
      () => data('match', { task, limit: 5 }),
      (m) => m.sources.registry.available,
    );
    expect(live.sources.registry).toEqual({ available: true, items: 2, as_of: expect.any(String), stale: false });
    expect(live.results[0]).toMatchObject({
      source: 'registry',
      name: 'Staking Yield Scout',
      price: { per: 'call', usd: '0.003' },
      verified: true,
      availability: { state: 'unknown', retry_after_seconds: null, reason: null },
      call: { endpoint: 'https://staking.example/api/yields', auth_method: 'x402', io_format: LISTINGS[0].io_format },
    });
    expect(live.results.map((r: any) => r.name)).toContain('Validator Yield Feed');
    expect(live.results[0].reasons).toContain('registry listing');
    // A listing without a stated per-call price cannot be shown to be under a ceiling.
    const capped = await data('match', { task, max_price: 1, limit: 20 });
    expect(capped.results.map((r: any) => r.name)).toEqual(expect.arrayContaining(['Staking Yield Scout']));
    expect(capped.results.map((r: any) => r.name)).not.toContain('Validator Yield Feed');

    registry!.stop();
    const stale = await waitFor(
      () => data('match', { task, limit: 5 }),
      (m) => m.sources.registry.stale,
    );
    // The last good pull: the one seen live, or a later one that landed before the registry stopped.
    expect(stale.sources.registry).toEqual({
      available: false,
      items: 2,
      as_of: expect.any(String),
      stale: true,
      reason: 'registry not answering: no service is answering registry.listings; last listings kept',
    });
    expect(stale.sources.registry.as_of >= live.sources.registry.as_of).toBe(true);
    expect(stale.results[0].name).toBe('Staking Yield Scout');

    const gone = await waitFor(
      () => data('match', { task, limit: 20 }),
      (m) => m.sources.registry.items === 0,
    );
    // the last good pull (a later one than the live read may have landed)
    const lastPull = stale.sources.registry.as_of;
    expect(gone.sources.registry).toEqual({
      available: false,
      items: 0,
      as_of: lastPull,
      stale: false,
      reason: `registry not answering since ${lastPull}: no service is answering registry.listings`,
    });
    expect(gone.results.filter((r: any) => r.source === 'registry')).toEqual([]);
  });

  it("ranks our own registry listing's operations instead of the listing, each naming it", async () => {
    const ours = listing({
      id: 'toll-weather',
      name: 'Toll Weather',
      description: 'Weather forecast, current conditions and alerts',
      endpoint_url: 'https://toll.example/toll/weather/forecast',
    });
    useRegistry(() => ({ response: { listings: [ours], registry_updated: '2026-11-24T09:00:00.000Z' } }));
    const task = 'Are there severe storm warnings for Miami?';
    const out = await waitFor(
      () => data('match', { task, limit: 5 }),
      (m) => m.sources.registry.available,
    );
    expect(out.sources.registry).toMatchObject({ available: true, items: 1 });
    expect(out.results.map((r: any) => r.name)).not.toContain('Toll Weather');
    expect(out.results[0]).toMatchObject({ name: 'weather.getAlerts', call: { path: '/toll/weather/alerts' } });
    expect(out.results[0].reasons).toContain(
      'its group is also listed in the registry as "Toll Weather" (operator-verified; ranked here per operation)',
    );
    expect((await data('search', { q: task })).results[0]).toMatchObject({
      name: 'weather.getAlerts',
      path: '/toll/weather/alerts',
    });
    expect((await data('getHealth', {})).index.registry_listings).toBe(1);
    registry!.stop();
  });
});
