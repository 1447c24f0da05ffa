import { MatchIndex } from './match-index';
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

describe(MatchIndex.name, () => {
  const index = new MatchIndex([
    routeDocument(route({})),
    routeDocument(route({ operationId: 'weather.getHealth', path: '/toll/weather/health', summary: 'Weather status, sources, tolls', price: null })),
    routeDocument(route({ operationId: 'devutils.convertUnits', path: '/toll/devutils/units/convert', summary: 'Convert units: length, temperature, speed', group: 'devutils', groupTitle: 'Dev Utilities', tags: [] })),
    entryDocument(entry('Storm Oracle', 'Current temperature and storm conditions for any city, premium', '1.5')),
    listingDocument({
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
    }),
  ]);

  it('ranks across the three sources and explains each match', () => {
    const { results, considered, excludedByPrice } = index.match('current temperature in a city', { limit: 5 });
    expect(results.map((r) => [r.source, r.name])).toEqual([
      ['index', 'Storm Oracle'],
      ['registry', 'City Climate'],
      ['toll-catalog', 'weather.getCurrent'],
      ['toll-catalog', 'weather.getHealth'],
      ['toll-catalog', 'devutils.convertUnits'],
    ]);
    expect(results[0].matched).toEqual([
      { term: 'current', query: 'current', how: 'exact', fields: ['summary'] },
      { term: 'temperature', query: 'temperature', how: 'exact', fields: ['summary'] },
      { term: 'city', query: 'city', how: 'exact', fields: ['summary'] },
      { term: 'storm', query: 'temperature', how: 'synonym', fields: ['summary', 'name', 'path'] },
    ]);
    expect(results[0].score).toBeGreaterThan(results[1].score);
    expect(results[2].reasons).toEqual([
      '"current" matched "current" in summary, name, path',
      '"temperature" matched synonym "weather" in name, tags, path',
      '$0.005 per call',
      'Toll route, announced live by its group (callable through the gateway)',
    ]);
    expect(results[1].reasons).toContain('price not stated by the source');
    expect([considered, excludedByPrice]).toEqual([5, 0]);
  });

  it('leaves out tools above max_price and tools without a stated price, before the limit applies', () => {
    const capped = index.match('current temperature in a city', { limit: 2, maxPrice: 0.005 });
    expect(capped.results.map((r) => r.name)).toEqual(['weather.getCurrent', 'weather.getHealth']);
    expect(capped.excludedByPrice).toBe(2);
    expect(index.match('current temperature', { limit: 5, maxPrice: 0 }).results.map((r) => r.name)).toEqual(['weather.getHealth']);
  });

  it('keeps the teaser to keywords: no synonyms, names and one line only', () => {
    expect(index.teaser('temperature', 10)).toEqual([
      { name: 'City Climate', summary: 'Temperature history per city', source: 'registry' },
      { name: 'devutils.convertUnits', summary: 'Convert units: length, temperature, speed', source: 'toll-catalog' },
      { name: 'Storm Oracle', summary: 'Current temperature and storm conditions for any city, premium', source: 'index' },
    ]);
    expect(index.teaser('the of', 10)).toEqual([]);
  });
});
