import { groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { startWiki } from '../src/bootstrap';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const DAY_MS = 86_400_000;
const WIKI = 'https://en.wikipedia.org/wiki/';
const ATTRIBUTION = {
  author: 'Wikipedia contributors',
  license: 'CC BY-SA 4.0',
  license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  changes: 'extracted summary',
};

const EIFFEL_SUMMARY =
  'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the ' +
  'engineer Gustave Eiffel, whose company designed and built the tower from 1887 to 1889.';
const EIFFEL_ANSWER = {
  query: 'What is the Eiffel Tower?',
  search_term: 'Eiffel Tower',
  title: 'Eiffel Tower',
  page_id: 9232,
  url: `${WIKI}Eiffel_Tower`,
  description: 'Tower in Paris, France',
  answer: EIFFEL_SUMMARY,
  disambiguation: false,
  candidates: [],
  sources: { search: 'wikipedia-action/search', answer: 'wikipedia-rest/summary', candidates: null },
  attribution: { title: 'Eiffel Tower', url: `${WIKI}Eiffel_Tower`, ...ATTRIBUTION, revision: '1258114216' },
  freshness: { stale: false, as_of: ISO },
};
const EIFFEL_LINKS = [
  { title: 'Paris', description: 'Capital and largest city of France', url: `${WIKI}Paris` },
  { title: 'Gustave Eiffel', description: 'French civil engineer (1832–1923)', url: `${WIKI}Gustave_Eiffel` },
  {
    title: 'Exposition Universelle (1889)',
    description: "World's fair held in Paris, France, in 1889",
    url: `${WIKI}Exposition_Universelle_(1889)`,
  },
  { title: 'Champ de Mars', description: 'Public green space in Paris, France', url: `${WIKI}Champ_de_Mars` },
  { title: 'Tour Montparnasse', description: null, url: `${WIKI}Tour_Montparnasse` },
];
const HAPPY = [
  'wikipedia-action/search.eiffel-tower',
  'wikipedia-rest/summary.eiffel-tower',
  'wikipedia-action/links.eiffel-tower',
];
const ALL_DOWN = ['wikipedia-action/down.503', 'wikipedia-rest/summary.503', 'wikipedia-rest/search-title.503'];
const SEARCH_DOWN = {
  code: 'UPSTREAM_ERROR',
  message:
    'Wikipedia did not answer: wikipedia-action/search: wikipedia-action answered HTTP 503; ' +
    'wikipedia-rest/search-title: wikipedia-rest answered HTTP 503',
  details: {
    upstreams: [
      { source: 'wikipedia-action/search', code: 'UPSTREAM_ERROR', message: 'wikipedia-action answered HTTP 503' },
      { source: 'wikipedia-rest/search-title', code: 'UPSTREAM_ERROR', message: 'wikipedia-rest answered HTTP 503' },
    ],
  },
};

// The real group over a real NATS server, its Wikipedia upstreams replayed from fixtures. Every test
// starts a fresh group, so caches and upstream health never leak between scenarios.
describe('wiki over NATS', () => {
  const { fake, call, fixture, data } = groupHarness({
    name: 'wiki',
    start: startWiki,
    fixtures: join(__dirname, 'fixtures'),
    perTest: true,
    env: (u) => ({
      WIKI_WIKIPEDIA_URL: u.fake,
      WIKI_WIKIMEDIA_RATE_PER_MIN: '5000', // no governor waits between test calls
    }),
  });
  const scenario = (...names: string[]) => fake.use(names.map(fixture));
  const hitsOf = (path: string) => fake.hits.filter((h) => h.path === path);

  describe('getAnswer', () => {
    it('strips the question words, resolves the page by search and answers with its summary and attribution', async () => {
      scenario(...HAPPY);
      expect(await data('getAnswer', { q: '  What is the Eiffel Tower?  ' })).toEqual(EIFFEL_ANSWER);
      expect(hitsOf('/w/api.php').map((h) => h.query)).toEqual([
        {
          action: 'query',
          format: 'json',
          formatversion: '2',
          list: 'search',
          srsearch: 'Eiffel Tower',
          srlimit: '1',
          srprop: '',
          srinfo: 'suggestion',
        },
      ]);
      expect(hitsOf('/api/rest_v1/page/summary/Eiffel_Tower').map((h) => h.query)).toEqual([{ redirect: 'true' }]);
    });

    it('serves a repeated question from the cache without calling Wikipedia again', async () => {
      scenario(...HAPPY);
      const first = await data('getAnswer', { q: 'Eiffel Tower' });
      const hits = fake.hits.length;
      expect(await data('getAnswer', { q: 'eiffel tower' })).toEqual({
        ...first,
        query: 'eiffel tower',
        search_term: 'eiffel tower',
      });
      expect(fake.hits.length).toBe(hits);
    });

    it('flags a disambiguation page and offers its candidate pages, largest first', async () => {
      scenario(
        'wikipedia-action/search.mercury',
        'wikipedia-rest/summary.mercury-disambiguation',
        'wikipedia-action/links.mercury',
      );
      expect(await data('getAnswer', { q: 'Mercury' })).toEqual({
        query: 'Mercury',
        search_term: 'Mercury',
        title: 'Mercury',
        page_id: 19694,
        url: `${WIKI}Mercury`,
        description: 'Topics referred to by the same term',
        answer: 'Mercury commonly refers to:',
        disambiguation: true,
        candidates: [
          { title: 'Freddie Mercury', description: 'British singer (1946–1991)', url: `${WIKI}Freddie_Mercury` },
          {
            title: 'Mercury (planet)',
            description: 'Smallest and closest planet to the Sun',
            url: `${WIKI}Mercury_(planet)`,
          },
          {
            title: 'Mercury (element)',
            description: 'Chemical element with atomic number 80',
            url: `${WIKI}Mercury_(element)`,
          },
          { title: 'Mercury (mythology)', description: 'Roman god of commerce', url: `${WIKI}Mercury_(mythology)` },
        ],
        sources: {
          search: 'wikipedia-action/search',
          answer: 'wikipedia-rest/summary',
          candidates: 'wikipedia-action/links',
        },
        attribution: { title: 'Mercury', url: `${WIKI}Mercury`, ...ATTRIBUTION, revision: '1251003344' },
        freshness: { stale: false, as_of: ISO },
      });
    });

    it('answers NOT_FOUND (not charged) when nothing matches, with the search suggestion, and caches the miss', async () => {
      scenario('wikipedia-action/search.no-hits');
      const notFound = {
        code: 'NOT_FOUND',
        message: 'No Wikipedia article matches "Eifel towr xqzv"',
        details: { q: 'Who is Eifel towr xqzv?', search_term: 'Eifel towr xqzv', suggestion: 'eiffel tower xqzv' },
      };
      expect((await call('getAnswer', { q: 'Who is Eifel towr xqzv?' })).err).toEqual(notFound);
      expect((await call('getAnswer', { q: 'Who is Eifel towr xqzv?' })).err).toEqual(notFound);
      expect(fake.hits).toHaveLength(1);
    });

    it('falls back to the Action API extract when the REST summary answers 503, and names it', async () => {
      scenario(
        'wikipedia-action/search.eiffel-tower',
        'wikipedia-rest/summary.503',
        'wikipedia-action/extracts.eiffel-tower',
      );
      expect(await data('getAnswer', { q: 'What is the Eiffel Tower?' })).toEqual({
        ...EIFFEL_ANSWER,
        sources: { search: 'wikipedia-action/search', answer: 'wikipedia-action/extracts', candidates: null },
        attribution: { ...EIFFEL_ANSWER.attribution, revision: null },
      });
      // one retry of the 503, then the fallback
      expect(hitsOf('/api/rest_v1/page/summary/Eiffel_Tower')).toHaveLength(2);
    });

    it('treats an Action API 200 with an error body as a failure and resolves through the REST title search', async () => {
      scenario(
        'wikipedia-action/error-body.readonly',
        'wikipedia-rest/search-title.eiffel-tower',
        'wikipedia-rest/summary.eiffel-tower',
      );
      expect(await data('getAnswer', { q: 'What is the Eiffel Tower?' })).toEqual({
        ...EIFFEL_ANSWER,
        sources: { search: 'wikipedia-rest/search-title', answer: 'wikipedia-rest/summary', candidates: null },
      });
      expect(hitsOf('/w/rest.php/v1/search/title').map((h) => h.query)).toEqual([{ q: 'Eiffel Tower', limit: '1' }]);
    });

    it('serves the cached answer labelled stale when every provider is down after it expired', async () => {
      scenario(...HAPPY);
      const fresh = await data('getAnswer', { q: 'What is the Eiffel Tower?' });
      scenario(...ALL_DOWN);
      const realNow = Date.now;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + DAY_MS + 60_000); // a day and a minute later
      expect(await data('getAnswer', { q: 'What is the Eiffel Tower?' })).toEqual({
        ...EIFFEL_ANSWER,
        freshness: { stale: true, as_of: fresh.freshness.as_of, reason: `UPSTREAM_ERROR: ${SEARCH_DOWN.message}` },
      });
    });

    it('answers the error envelope when every provider is down and nothing is cached', async () => {
      scenario(...ALL_DOWN);
      expect((await call('getAnswer', { q: 'What is the Eiffel Tower?' })).err).toEqual(SEARCH_DOWN);
    });

    it('answers UPSTREAM_TIMEOUT by the caller deadline when the upstream is slower', async () => {
      scenario('wikipedia-action/search.slow', 'wikipedia-rest/search-title.503');
      const started = Date.now();
      const { err } = await call('getAnswer', { q: 'Eiffel Tower' }, 300);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(err).toEqual({
        code: 'UPSTREAM_TIMEOUT',
        message: expect.stringMatching(
          /^Wikipedia did not answer: wikipedia-action\/search: wikipedia-action did not answer in \d+ ms; wikipedia-rest\/search-title: wikipedia-rest: no time left before the deadline$/,
        ),
        details: {
          upstreams: [
            {
              source: 'wikipedia-action/search',
              code: 'UPSTREAM_TIMEOUT',
              message: expect.stringMatching(/^wikipedia-action did not answer in \d+ ms$/),
            },
            {
              source: 'wikipedia-rest/search-title',
              code: 'UPSTREAM_TIMEOUT',
              message: 'wikipedia-rest: no time left before the deadline',
            },
          ],
        },
      });
    });
  });

  describe('getRelated', () => {
    it('lists the articles the page links to, largest first, skipping red links (default limit 10)', async () => {
      scenario(...HAPPY);
      expect(await data('getRelated', { q: 'Tell me about the Eiffel Tower' })).toEqual({
        query: 'Tell me about the Eiffel Tower',
        search_term: 'Eiffel Tower',
        title: 'Eiffel Tower',
        url: `${WIKI}Eiffel_Tower`,
        relation: 'linked',
        articles: EIFFEL_LINKS,
        count: 5,
        sources: { search: 'wikipedia-action/search', related: 'wikipedia-action/links' },
        attribution: { title: 'Eiffel Tower', url: `${WIKI}Eiffel_Tower`, ...ATTRIBUTION, revision: null },
        freshness: { stale: false, as_of: ISO },
      });
      expect(hitsOf('/w/api.php')[1].query).toEqual({
        action: 'query',
        format: 'json',
        formatversion: '2',
        generator: 'links',
        titles: 'Eiffel Tower',
        gplnamespace: '0',
        gpllimit: 'max',
        prop: 'description|info',
        redirects: '1',
      });
    });

    it('honours limit', async () => {
      scenario(...HAPPY);
      expect(await data('getRelated', { q: 'Eiffel Tower', limit: 2 })).toMatchObject({
        articles: EIFFEL_LINKS.slice(0, 2),
        count: 2,
      });
    });

    it('falls back to text-similar pages when the link list answers 503, and says so', async () => {
      scenario(
        'wikipedia-action/search.eiffel-tower',
        'wikipedia-action/links.503',
        'wikipedia-action/morelike.eiffel-tower',
      );
      expect(await data('getRelated', { q: 'Eiffel Tower', limit: 5 })).toEqual({
        query: 'Eiffel Tower',
        search_term: 'Eiffel Tower',
        title: 'Eiffel Tower',
        url: `${WIKI}Eiffel_Tower`,
        relation: 'similar',
        articles: [
          {
            title: 'Tokyo Tower',
            description: 'Communications and observation tower in Tokyo, Japan',
            url: `${WIKI}Tokyo_Tower`,
          },
          {
            title: 'Eiffel Tower replicas and derivatives',
            description: null,
            url: `${WIKI}Eiffel_Tower_replicas_and_derivatives`,
          },
          {
            title: 'Blackpool Tower',
            description: 'Tourist attraction in Blackpool, England',
            url: `${WIKI}Blackpool_Tower`,
          },
        ],
        count: 3,
        sources: { search: 'wikipedia-action/search', related: 'wikipedia-action/morelike' },
        attribution: { title: 'Eiffel Tower', url: `${WIKI}Eiffel_Tower`, ...ATTRIBUTION, revision: null },
        freshness: { stale: false, as_of: ISO },
      });
    });

    it('treats Action API 200s with an error body as failures: the error envelope names each one', async () => {
      scenario('wikipedia-action/error-body.readonly', 'wikipedia-rest/search-title.eiffel-tower');
      expect((await call('getRelated', { q: 'Eiffel Tower' })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message:
          'Wikipedia did not answer: wikipedia-action/links: wikipedia-action answered with an error: readonly; ' +
          'wikipedia-action/morelike: wikipedia-action answered with an error: readonly',
        details: {
          upstreams: [
            {
              source: 'wikipedia-action/links',
              code: 'UPSTREAM_ERROR',
              message: 'wikipedia-action answered with an error: readonly',
            },
            {
              source: 'wikipedia-action/morelike',
              code: 'UPSTREAM_ERROR',
              message: 'wikipedia-action answered with an error: readonly',
            },
          ],
        },
      });
    });

    it('serves cached links labelled stale when every provider is down after they expired', async () => {
      scenario(...HAPPY);
      const fresh = await data('getRelated', { q: 'Eiffel Tower' });
      scenario(...ALL_DOWN);
      const realNow = Date.now;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * DAY_MS);
      expect(await data('getRelated', { q: 'Eiffel Tower' })).toEqual({
        ...fresh,
        freshness: { stale: true, as_of: fresh.freshness.as_of, reason: `UPSTREAM_ERROR: ${SEARCH_DOWN.message}` },
      });
    });

    it('answers the error envelope when every provider is down and nothing is cached', async () => {
      scenario(...ALL_DOWN);
      expect((await call('getRelated', { q: 'Eiffel Tower' })).err).toEqual(SEARCH_DOWN);
    });
  });

  describe('input validation', () => {
    const invalid = (field: string, message: string) => ({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });

    it.each([
      ['q missing', 'getAnswer', {}, invalid('q', 'Invalid input: expected string, received undefined')],
      ['q empty', 'getAnswer', { q: '' }, invalid('q', 'Too small: expected string to have >=1 characters')],
      ['q only spaces', 'getAnswer', { q: '   ' }, invalid('q', 'Too small: expected string to have >=1 characters')],
      [
        'q over 300 characters',
        'getAnswer',
        { q: 'x'.repeat(301) },
        invalid('q', 'Too big: expected string to have <=300 characters'),
      ],
      ['q not a string', 'getAnswer', { q: 42 }, invalid('q', 'Invalid input: expected string, received number')],
      ['unknown field', 'getAnswer', { q: 'Paris', lang: 'fr' }, invalid('lang', 'is not an accepted field')],
      ['q missing', 'getRelated', { limit: 5 }, invalid('q', 'Invalid input: expected string, received undefined')],
      [
        'limit below 1',
        'getRelated',
        { q: 'Paris', limit: 0 },
        invalid('limit', 'Too small: expected number to be >=1'),
      ],
      [
        'limit above 50',
        'getRelated',
        { q: 'Paris', limit: 51 },
        invalid('limit', 'Too big: expected number to be <=50'),
      ],
      [
        'limit not an integer',
        'getRelated',
        { q: 'Paris', limit: 2.5 },
        invalid('limit', 'Invalid input: expected int, received number'),
      ],
      ['unknown field', 'getHealth', { verbose: true }, invalid('verbose', 'is not an accepted field')],
    ] as const)('%s: %s → INVALID_INPUT on the field', async (_label, operation, input, error) => {
      expect((await call(operation, input)).err).toEqual(error);
      expect(fake.hits).toHaveLength(0);
    });
  });

  describe('getHealth', () => {
    it('reports status, upstreams, tolls, licence, cache and the catalog', async () => {
      const health = await data('getHealth', {});
      expect(health).toEqual({
        service: 'wiki',
        title: 'Wiki Answers',
        version: '1.0.0',
        status: 'ok',
        instance_id: expect.any(String),
        started_at: ISO,
        uptime_seconds: expect.any(Number),
        endpoints: expect.any(Array),
        upstreams: [
          {
            name: 'wikipedia-action/search',
            role: 'primary',
            used_for: 'resolve a question to a page',
            endpoint: '/w/api.php?list=search',
            state: 'unused',
            last_ok_at: null,
            last_error: null,
          },
          {
            name: 'wikipedia-rest/search-title',
            role: 'fallback',
            used_for: 'resolve a question to a page',
            endpoint: '/w/rest.php/v1/search/title',
            state: 'unused',
            last_ok_at: null,
            last_error: null,
          },
          {
            name: 'wikipedia-rest/summary',
            role: 'primary',
            used_for: 'answer text',
            endpoint: '/api/rest_v1/page/summary/{title}',
            state: 'unused',
            last_ok_at: null,
            last_error: null,
          },
          {
            name: 'wikipedia-action/extracts',
            role: 'fallback',
            used_for: 'answer text',
            endpoint: '/w/api.php?prop=extracts',
            state: 'unused',
            last_ok_at: null,
            last_error: null,
          },
          {
            name: 'wikipedia-action/links',
            role: 'primary',
            used_for: 'related articles, disambiguation candidates',
            endpoint: '/w/api.php?generator=links',
            state: 'unused',
            last_ok_at: null,
            last_error: null,
          },
          {
            name: 'wikipedia-action/morelike',
            role: 'fallback',
            used_for: 'related articles, disambiguation candidates',
            endpoint: '/w/api.php?gsrsearch=morelike:',
            state: 'unused',
            last_ok_at: null,
            last_error: null,
          },
        ],
        tolls: [
          {
            operation_id: 'wiki.getAnswer',
            method: 'GET',
            path: '/toll/wiki/answer',
            price: { per: 'call', usd: '0.005' },
          },
          {
            operation_id: 'wiki.getRelated',
            method: 'GET',
            path: '/toll/wiki/related',
            price: { per: 'call', usd: '0.005' },
          },
          { operation_id: 'wiki.getHealth', method: 'GET', path: '/toll/wiki/health', price: null },
        ],
        license: {
          name: 'CC BY-SA 4.0',
          url: 'https://creativecommons.org/licenses/by-sa/4.0/',
          author: 'Wikipedia contributors',
          note:
            'Answers are extracted from English Wikipedia text (CC BY-SA 4.0): every response carries the article ' +
            'title, URL, licence and the changes made; reuse must credit it and share alike.',
        },
        cache: { entries: 0, hits: 0, misses: 0, stale: 0, errors: 0, fresh_ms: DAY_MS, stale_ms: 7 * DAY_MS },
      });
      expect(health.endpoints.map((e: any) => [e.operation_id, e.method, e.path, e.price])).toEqual([
        ['wiki.getAnswer', 'GET', '/toll/wiki/answer', { per: 'call', usd: '0.005' }],
        ['wiki.getRelated', 'GET', '/toll/wiki/related', { per: 'call', usd: '0.005' }],
        ['wiki.getHealth', 'GET', '/toll/wiki/health', null],
      ]);
    });

    it('turns degraded while a primary is failing, naming the failure', async () => {
      scenario(
        'wikipedia-action/search.eiffel-tower',
        'wikipedia-rest/summary.503',
        'wikipedia-action/extracts.eiffel-tower',
      );
      await data('getAnswer', { q: 'Eiffel Tower' });
      const health = await data('getHealth', {});
      expect(health.status).toBe('degraded');
      expect(health.upstreams.filter((u: any) => u.state !== 'unused')).toEqual([
        {
          name: 'wikipedia-action/search',
          role: 'primary',
          used_for: 'resolve a question to a page',
          endpoint: '/w/api.php?list=search',
          state: 'ok',
          last_ok_at: ISO,
          last_error: null,
        },
        {
          name: 'wikipedia-rest/summary',
          role: 'primary',
          used_for: 'answer text',
          endpoint: '/api/rest_v1/page/summary/{title}',
          state: 'failing',
          last_ok_at: null,
          last_error: { at: ISO, code: 'UPSTREAM_ERROR', message: 'wikipedia-rest answered HTTP 503' },
        },
        {
          name: 'wikipedia-action/extracts',
          role: 'fallback',
          used_for: 'answer text',
          endpoint: '/w/api.php?prop=extracts',
          state: 'ok',
          last_ok_at: ISO,
          last_error: null,
        },
      ]);
      expect(health.cache).toMatchObject({ entries: 2, misses: 2 });
    });
  });
});
