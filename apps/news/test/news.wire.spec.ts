import { loadFixtures, groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startNews } from '../src/bootstrap';

// The real group over a real NATS server, its three providers replayed from fixtures by one fake server.
// The app's clock is frozen at the fixtures' date (Date.now only; timers run for real), so every as_of is exact.
const NOW = Date.parse('2026-11-22T12:00:00Z');
const AS_OF = '2026-11-22T12:00:00.000Z';
const MINUTE = 60_000;

const fixtures = loadFixtures(join(__dirname, 'fixtures'));
const HEALTHY = fixtures.filter((f) => f.response.status === 200);
const ALL_DOWN = fixtures.filter((f) => f.response.status === 503);
const RATE_LIMITED = fixtures.filter((f) => f.response.status === 429);
const PRIMARIES_DOWN = [
  ...ALL_DOWN.filter((f) => f.upstream !== 'hn-algolia'),
  ...HEALTHY.filter((f) => f.upstream === 'hn-algolia'),
];

const GDELT = 'News index: The GDELT Project (https://www.gdeltproject.org)';
const WIKIMEDIA = 'Page views: Wikimedia Foundation (CC0); titles: Wikipedia; descriptions: Wikidata (CC0)';
const HN = 'Hacker News (https://news.ycombinator.com) via Algolia HN Search';
const PAGEVIEWS =
  'Topics drawing the most attention: English Wikipedia articles ranked by page views summed over the most ' +
  'recent complete UTC days ' +
  '(the Wikimedia "most read" list, which leaves out non-article pages). GDELT, the news index, has no trending mode.';
const ALL_DOWN_REASON =
  'No news source could answer (gdelt: UPSTREAM_ERROR: gdelt answered HTTP 503; hn-algolia: UPSTREAM_ERROR: ' +
  'hn-algolia answered HTTP 503)';

const FRESH = { fallback: false, fallback_reason: null, as_of: AS_OF, stale: false, reason: null };
const BITCOIN_ARTICLES = [
  {
    title: 'Bitcoin ETF inflows hit a three-week high',
    url: 'https://www.reuters.com/markets/bitcoin-etf-flows-2026-11-22/',
    domain: 'reuters.com',
    published_at: '2026-11-22T11:15:00.000Z',
    language: 'English',
    source_country: 'United States',
    image: 'https://www.reuters.com/resizer/bitcoin.jpg',
  },
  {
    title: 'Le bitcoin rebondit après une semaine agitée',
    url: 'https://www.lemonde.fr/economie/article/2026/11/22/le-bitcoin-rebondit.html',
    domain: 'lemonde.fr',
    published_at: '2026-11-22T09:45:00.000Z',
    language: 'French',
    source_country: 'France',
    image: null,
  },
];
const BITCOIN_SERIES = [
  { date: '2026-11-20T00:00:00.000Z', count: 1840, share: 1.210526 },
  { date: '2026-11-21T00:00:00.000Z', count: 2210, share: 1.488215 },
  { date: '2026-11-22T00:00:00.000Z', count: 950, share: 1.25 },
];

describe('news over NATS', () => {
  let clock = NOW;
  beforeAll(() => jest.spyOn(Date, 'now').mockImplementation(() => clock));
  afterAll(() => jest.restoreAllMocks());
  const { fake, call: callNews } = groupHarness({
    name: 'news',
    start: startNews,
    fixtures: HEALTHY,
    serve: 'all',
    env: (u) => ({
      NEWS_GDELT_URL: `${u.fake}/api/v2`,
      NEWS_GDELT_INTERVAL_MS: '20',
      NEWS_WIKIMEDIA_URL: `${u.fake}/api/rest_v1/feed`,
      NEWS_HN_URL: `${u.fake}/api/v1`,
    }),
  });
  const call = (operation: string, input: unknown, deadline = Date.now() + 5_000) =>
    callNews(operation, input, deadline - Date.now());
  const data = async (operation: string, input: unknown) => {
    const reply = await call(operation, input);
    expect(reply.err).toBeUndefined();
    return reply.response!.data;
  };
  const hitsOf = (path: string) => fake.hits.filter((h) => h.path === path);
  const gdeltHits = (mode: string, query: string) =>
    hitsOf('/api/v2/doc/doc').filter((h) => h.query.mode === mode && h.query.query === query);

  beforeEach(() => fake.use(HEALTHY));

  it('serves its health: sources, GDELT queue, prices and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'news', title: 'News', status: 'ok' });
    expect(health.endpoints.map((e: any) => e.operation_id)).toEqual([
      'news.search',
      'news.getTrending',
      'news.getTimeline',
      'news.getHealth',
    ]);
    expect(health.sources).toEqual([
      {
        name: 'gdelt',
        role: 'primary for search and timeline',
        enabled: true,
        state: 'unknown',
        last_ok_at: null,
        last_error_at: null,
        last_error: null,
      },
      {
        name: 'wikimedia',
        role: 'primary for trending',
        enabled: true,
        state: 'unknown',
        last_ok_at: null,
        last_error_at: null,
        last_error: null,
      },
      {
        name: 'hn-algolia',
        role: 'fallback for search (English only) and trending',
        enabled: true,
        state: 'unknown',
        last_ok_at: null,
        last_error_at: null,
        last_error: null,
      },
    ]);
    expect(health.queue).toEqual({ upstream: 'gdelt', depth: 0, interval_ms: 20, paused_until: null });
    expect(health.tolls).toEqual(
      tollsOf([
        ['news.search', 'GET', '/toll/news/search', '0.005'],
        ['news.getTrending', 'GET', '/toll/news/trending', '0.005'],
        ['news.getTimeline', 'GET', '/toll/news/timeline', '0.005'],
        ['news.getHealth', 'GET', '/toll/news/health', null],
      ]),
    );
    expect(health.cache).toEqual({ entries: 0, hits: 0, misses: 0, stale: 0, errors: 0 });
  });

  describe('happy paths', () => {
    it('search: GDELT articles, newest first, cut to limit', async () => {
      expect(await data('search', { q: 'bitcoin', limit: 2 })).toEqual({
        query: { q: 'bitcoin', days: 7, limit: 2, lang: null },
        source: 'gdelt',
        ...FRESH,
        attribution: GDELT,
        count: 2,
        articles: BITCOIN_ARTICLES,
        notes: [],
      });
      expect(gdeltHits('ArtList', 'bitcoin').map((h) => h.query)).toEqual([
        { query: 'bitcoin', mode: 'ArtList', maxrecords: '100', timespan: '7d', sort: 'DateDesc', format: 'json' },
      ]);
    });

    it('search: a larger limit is served from the same cached fetch', async () => {
      const wider = await data('search', { q: '  Bitcoin ', limit: 3 });
      expect(wider).toMatchObject({
        query: { q: 'Bitcoin', days: 7, limit: 3, lang: null },
        source: 'gdelt',
        count: 3,
      });
      expect(wider.articles.slice(0, 2)).toEqual(BITCOIN_ARTICLES);
      expect(gdeltHits('ArtList', 'bitcoin')).toHaveLength(1);
    });

    it('search: lang as an ISO 639-1 code becomes a GDELT sourcelang filter', async () => {
      expect(await data('search', { q: 'bitcoin', lang: 'ES', days: 3 })).toEqual({
        query: { q: 'bitcoin', days: 3, limit: 20, lang: 'spanish' },
        source: 'gdelt',
        ...FRESH,
        attribution: GDELT,
        count: 1,
        articles: [
          {
            title: 'El bitcoin sube un 4% en la jornada',
            url: 'https://elpais.com/economia/2026-11-22/el-bitcoin-sube.html',
            domain: 'elpais.com',
            published_at: '2026-11-22T10:00:00.000Z',
            language: 'Spanish',
            source_country: 'Spain',
            image: 'https://elpais.com/bitcoin.jpg',
          },
        ],
        notes: [],
      });
      expect(gdeltHits('ArtList', 'bitcoin sourcelang:spanish')[0].query.timespan).toBe('3d');
    });

    it('search: no match (GDELT answers {}) is an empty list, not an error', async () => {
      expect(await data('search', { q: 'qzxv' })).toEqual({
        query: { q: 'qzxv', days: 7, limit: 20, lang: null },
        source: 'gdelt',
        ...FRESH,
        attribution: GDELT,
        count: 0,
        articles: [],
        notes: [],
      });
    });

    it('search: one GDELT title with a stray backslash (invalid JSON) does not lose the answer', async () => {
      const answer = await data('search', { q: 'tariffs' });
      expect(answer).toMatchObject({
        source: 'gdelt',
        ...FRESH,
        count: 3,
        notes: ['gdelt sent malformed JSON: 1 stray backslash in article titles kept as written'],
      });
      expect(answer.articles.map((a: any) => a.title)).toEqual([
        'Tariff deadline looms as talks stall',
        'Exporters brace for tariffs \\ What the new duties mean',
        'Zölle: EU droht mit Gegenmaßnahmen',
      ]);
    });

    it('search: a GDELT record unreadable even after repair is dropped alone', async () => {
      const answer = await data('search', { q: 'elections' });
      expect(answer).toMatchObject({
        source: 'gdelt',
        ...FRESH,
        count: 2,
        notes: ['gdelt sent malformed JSON: 1 of 3 articles could not be read and were left out'],
      });
      expect(answer.articles.map((a: any) => a.url)).toEqual([
        'https://www.npr.org/2026/11/22/elections-recount',
        'https://www.lemonde.fr/politique/article/2026/11/21/elections.html',
      ]);
    });

    it('trending: Wikipedia most-read page views summed over the window', async () => {
      expect(await data('getTrending', { days: 2 })).toEqual({
        days: 2,
        limit: 20,
        metric: 'pageviews',
        definition: PAGEVIEWS,
        window: { from: '2026-11-20T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z', days_covered: 2 },
        source: 'wikimedia',
        ...FRESH,
        attribution: WIKIMEDIA,
        count: 4,
        items: [
          // Real views and descriptions (a recorded feed, re-dated): each article's two days summed.
          {
            rank: 1,
            title: 'Stephen Sondheim',
            url: 'https://en.wikipedia.org/wiki/Stephen_Sondheim',
            score: 921_838,
            summary: 'American composer and lyricist (1930–2021)',
          },
          {
            rank: 2,
            title: 'Ralf Rangnick',
            url: 'https://en.wikipedia.org/wiki/Ralf_Rangnick',
            score: 627_862,
            summary: 'German professional football manager',
          },
          {
            rank: 3,
            title: 'Omicron',
            url: 'https://en.wikipedia.org/wiki/Omicron',
            score: 435_660,
            summary: 'Letter in the Greek alphabet',
          },
          {
            rank: 4,
            title: 'Greek alphabet',
            url: 'https://en.wikipedia.org/wiki/Greek_alphabet',
            score: 286_392,
            summary: 'Script used to write the Greek language',
          },
        ],
      });
      expect(hitsOf('/api/rest_v1/feed/featured/2026/11/22')).toHaveLength(1);
      expect(hitsOf('/api/rest_v1/feed/featured/2026/11/21')).toHaveLength(1);
    });

    it('trending: the default window is the last complete day; limit cuts the list', async () => {
      expect(await data('getTrending', { limit: 1 })).toEqual({
        days: 1,
        limit: 1,
        metric: 'pageviews',
        definition: PAGEVIEWS,
        window: { from: '2026-11-21T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z', days_covered: 1 },
        source: 'wikimedia',
        ...FRESH,
        attribution: WIKIMEDIA,
        count: 1,
        items: [
          {
            rank: 1,
            title: 'Stephen Sondheim',
            url: 'https://en.wikipedia.org/wiki/Stephen_Sondheim',
            score: 713_415,
            summary: 'American composer and lyricist (1930–2021)',
          },
        ],
      });
    });

    it('timeline: matching article count and share of all coverage per interval', async () => {
      expect(await data('getTimeline', { q: 'bitcoin' })).toEqual({
        query: { q: 'bitcoin', days: 30 },
        source: 'gdelt',
        ...FRESH,
        attribution: GDELT,
        resolution: 'day',
        total: 5000,
        series: BITCOIN_SERIES,
      });
      expect(gdeltHits('TimelineVolRaw', 'bitcoin').map((h) => h.query)).toEqual([
        { query: 'bitcoin', mode: 'TimelineVolRaw', timespan: '30d', format: 'json' },
      ]);
    });
  });

  it('N concurrent identical searches reach GDELT once (single-flight behind the one queue)', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => call('search', { q: 'solana', limit: 5 })));
    expect(gdeltHits('ArtList', 'solana')).toHaveLength(1);
    expect(replies.every((r) => r.err === undefined)).toBe(true);
    const first = replies[0].response!.data;
    expect(first).toMatchObject({
      source: 'gdelt',
      ...FRESH,
      count: 1,
      articles: [{ title: 'Solana validators adopt the new client' }],
    });
    for (const r of replies) expect(r.response!.data).toEqual(first);
  });

  describe('bad input → INVALID_INPUT naming the field', () => {
    it.each([
      ['search', {}, 'q'],
      ['search', { q: '' }, 'q'],
      ['search', { q: '   ' }, 'q'],
      ['search', { q: 'x'.repeat(201) }, 'q'],
      ['search', { q: 'bit\u0007coin' }, 'q'],
      ['search', { q: 'bitcoin', days: 0 }, 'days'],
      ['search', { q: 'bitcoin', days: 31 }, 'days'],
      ['search', { q: 'bitcoin', days: 1.5 }, 'days'],
      ['search', { q: 'bitcoin', limit: 0 }, 'limit'],
      ['search', { q: 'bitcoin', limit: 101 }, 'limit'],
      ['search', { q: 'bitcoin', lang: 'xx' }, 'lang'],
      ['search', { q: 'bitcoin', lang: 'klingon' }, 'lang'],
      ['search', { q: 'bitcoin', lang: 'constructor' }, 'lang'],
      ['search', { q: 'bitcoin', lang: 'es-ES' }, 'lang'],
      ['search', { q: 'bitcoin', lang: 'e' }, 'lang'],
      ['search', { q: 'bitcoin', sort: 'DateDesc' }, 'sort'],
      ['getTrending', { days: 0 }, 'days'],
      ['getTrending', { days: 8 }, 'days'],
      ['getTrending', { limit: 0 }, 'limit'],
      ['getTrending', { limit: 51 }, 'limit'],
      ['getTrending', { lang: 'en' }, 'lang'],
      ['getTimeline', {}, 'q'],
      ['getTimeline', { q: 'x'.repeat(201) }, 'q'],
      ['getTimeline', { q: 'bitcoin', days: 0 }, 'days'],
      ['getTimeline', { q: 'bitcoin', days: 91 }, 'days'],
      ['getHealth', { verbose: true }, 'verbose'],
    ] as const)('%s %j → %s', async (operation, input, field) => {
      const { err } = await call(operation, input);
      expect(err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [{ field, message: expect.any(String) }] },
      });
    });

    it('says what is wrong', async () => {
      expect((await call('search', { q: 'bitcoin', lang: 'xx' })).err.details.issues).toEqual([
        {
          field: 'lang',
          message:
            'is not a language GDELT indexes; give an ISO 639-1 code such as "es" or an English name such as "spanish"',
        },
      ]);
      expect((await call('search', { q: 'bitcoin', extra: 1 })).err.details.issues).toEqual([
        { field: 'extra', message: 'is not an accepted field' },
      ]);
    });
  });

  describe('provider failures', () => {
    it('GDELT down (503) → Hacker News answers, named as the source with the reason', async () => {
      fake.use(PRIMARIES_DOWN);
      expect(await data('search', { q: 'ethereum' })).toEqual({
        query: { q: 'ethereum', days: 7, limit: 20, lang: null },
        source: 'hn-algolia',
        fallback: true,
        fallback_reason: 'gdelt: UPSTREAM_ERROR: gdelt answered HTTP 503',
        as_of: AS_OF,
        stale: false,
        reason: null,
        attribution: HN,
        count: 2,
        articles: [
          {
            title: 'Ethereum client diversity, one year on',
            url: 'https://blog.example.org/eth-clients',
            domain: 'blog.example.org',
            published_at: '2026-11-22T09:30:00.000Z',
            language: null,
            source_country: null,
            image: null,
          },
          {
            title: 'Ask HN: Is anyone running an Ethereum node at home?',
            url: 'https://news.ycombinator.com/item?id=46099950',
            domain: 'news.ycombinator.com',
            published_at: '2026-11-21T18:05:00.000Z',
            language: null,
            source_country: null,
            image: null,
          },
        ],
        notes: [],
      });
      // no retry: it would take another slot of the shared queue
      expect(gdeltHits('ArtList', 'ethereum')).toHaveLength(1);
      expect(hitsOf('/api/v1/search_by_date').at(-1)!.query).toEqual({
        query: 'ethereum',
        tags: 'story',
        numericFilters: `created_at_i>${NOW / 1000 - 7 * 86_400}`,
        hitsPerPage: '100',
      });
    });

    it('GDELT down and the Hacker News fallback finding nothing → uncharged error naming both, not a charged empty answer', async () => {
      fake.use(PRIMARIES_DOWN);
      const { err } = await call('search', { q: 'qzxv wobbleflux' });
      expect(err).toEqual({
        code: 'UPSTREAM_ERROR',
        message:
          'No news source could answer (gdelt: UPSTREAM_ERROR: gdelt answered HTTP 503; hn-algolia: NOT_FOUND: ' +
          'hn-algolia, the fallback (Hacker News stories only), found nothing)',
        details: {
          attempts: [
            'gdelt: UPSTREAM_ERROR: gdelt answered HTTP 503',
            'hn-algolia: NOT_FOUND: hn-algolia, the fallback (Hacker News stories only), found nothing',
          ],
        },
      });
    });

    it('GDELT down → a Hacker News hit without any `url` key (real Ask HN shape) links to its discussion', async () => {
      fake.use(PRIMARIES_DOWN);
      const answer = await data('search', { q: 'manual processes' });
      expect(answer).toMatchObject({ source: 'hn-algolia', fallback: true, count: 2 });
      expect(answer.articles).toEqual([
        {
          title: 'Ask HN: What manual processes would you automate?',
          url: 'https://news.ycombinator.com/item?id=13337024',
          domain: 'news.ycombinator.com',
          published_at: '2017-01-06T15:33:59.000Z',
          language: null,
          source_country: null,
          image: null,
        },
        {
          title: 'Automating the boring parts of payroll',
          url: 'https://blog.example.com/payroll-automation',
          domain: 'blog.example.com',
          published_at: '2017-01-06T12:00:00.000Z',
          language: null,
          source_country: null,
          image: null,
        },
      ]);
    });

    it('Wikimedia down (503) → trending from Hacker News points, named as such', async () => {
      fake.use(PRIMARIES_DOWN);
      expect(await data('getTrending', { days: 3 })).toEqual({
        days: 3,
        limit: 20,
        metric: 'points',
        definition: 'Fallback, tech news only: Hacker News stories posted in the window, ranked by points.',
        window: { from: '2026-11-19T12:00:00.000Z', to: AS_OF, days_covered: 3 },
        source: 'hn-algolia',
        fallback: true,
        fallback_reason: 'wikimedia: UPSTREAM_ERROR: wikimedia answered HTTP 503',
        as_of: AS_OF,
        stale: false,
        reason: null,
        attribution: HN,
        count: 2,
        items: [
          {
            rank: 1,
            title: 'Show HN: A tiny SQLite replication tool',
            url: 'https://news.ycombinator.com/item?id=46100200',
            score: 512,
            summary: null,
          },
          {
            rank: 2,
            title: 'AI labs agree on shared evaluation suite',
            url: 'https://www.example.com/ai-evals',
            score: 310,
            summary: null,
          },
        ],
      });
    });

    it('GDELT plain-text error with HTTP 200 is an error, not data: search falls back', async () => {
      expect(await data('search', { q: 'AI' })).toMatchObject({
        source: 'hn-algolia',
        fallback: true,
        fallback_reason:
          'gdelt: UPSTREAM_ERROR: gdelt refused the request: One or more of your keywords were too short, too ' +
          'long or too common: (AI)',
        count: 1,
        articles: [{ title: 'AI labs agree on shared evaluation suite', url: 'https://www.example.com/ai-evals' }],
      });
    });

    it('GDELT plain-text error with HTTP 200 on timeline (no fallback) → the error envelope', async () => {
      const message =
        'gdelt: UPSTREAM_ERROR: gdelt refused the request: One or more of your keywords were too short, too long ' +
        'or too common: (AI)';
      expect((await call('getTimeline', { q: 'AI' })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message: `No news source could answer (${message})`,
        details: { attempts: [message] },
      });
    });

    it('a non-English search does not fall back to English-only Hacker News', async () => {
      fake.use(PRIMARIES_DOWN);
      const attempts = [
        'gdelt: UPSTREAM_ERROR: gdelt answered HTTP 503',
        'hn-algolia skipped: Hacker News is English-only',
      ];
      expect((await call('search', { q: 'bitcoin', lang: 'german' })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message: `No news source could answer (${attempts.join('; ')})`,
        details: { attempts },
      });
    });

    it('every provider down and nothing cached → the error envelope (the gateway then releases the payment)', async () => {
      fake.use(ALL_DOWN);
      const attempts = [
        'gdelt: UPSTREAM_ERROR: gdelt answered HTTP 503',
        'hn-algolia: UPSTREAM_ERROR: hn-algolia answered HTTP 503',
      ];
      expect((await call('search', { q: 'dogecoin' })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message: ALL_DOWN_REASON,
        details: { attempts },
      });
    });

    it('a caller deadline shorter than a slow GDELT → UPSTREAM_TIMEOUT promptly; the queue shows the call meanwhile', async () => {
      const started = performance.now();
      const pending = call('getTimeline', { q: 'slow news' }, NOW + 400);
      await new Promise((r) => setTimeout(r, 150));
      expect((await data('getHealth', {})).queue).toEqual({
        upstream: 'gdelt',
        depth: 1,
        interval_ms: 20,
        paused_until: null,
      });
      const message = 'gdelt: UPSTREAM_TIMEOUT: gdelt did not answer in 300 ms';
      expect((await pending).err).toEqual({
        code: 'UPSTREAM_TIMEOUT',
        message: `No news source could answer (${message})`,
        details: { attempts: [message] },
      });
      expect(performance.now() - started).toBeLessThan(1_500);
      expect((await data('getHealth', {})).queue.depth).toBe(0);
    });

    // Last of this block: the pause it causes lasts 30 s of (frozen) clock time.
    it('GDELT 429 pauses the whole GDELT queue: later calls fail fast without reaching it', async () => {
      fake.use([...HEALTHY, ...RATE_LIMITED]);
      const limited = 'gdelt: UPSTREAM_ERROR: gdelt answered HTTP 429';
      expect((await call('getTimeline', { q: 'rate limited' })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message: `No news source could answer (${limited})`,
        details: { attempts: [limited] },
      });
      const paused = 'gdelt: UPSTREAM_ERROR: gdelt rate-limited us; requests paused until 2026-11-22T12:00:30.000Z';
      expect((await call('getTimeline', { q: 'bitcoin', days: 7 })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message: `No news source could answer (${paused})`,
        details: { attempts: [paused] },
      });
      expect(gdeltHits('TimelineVolRaw', 'bitcoin').map((h) => h.query.timespan)).toEqual(['30d']);
      expect((await data('getHealth', {})).queue).toEqual({
        upstream: 'gdelt',
        depth: 0,
        interval_ms: 20,
        paused_until: '2026-11-22T12:00:30.000Z',
      });
    });
  });

  describe('stale answers', () => {
    it('every provider down but a cached answer exists → served labelled stale with as_of and reason', async () => {
      // past every fresh time (15 min search, 30 min trending, 1 h timeline), within the 24 h stale window
      clock = NOW + 61 * MINUTE;
      fake.use(ALL_DOWN);
      const stale = {
        fallback: false,
        fallback_reason: null,
        as_of: AS_OF,
        stale: true,
        reason: `UPSTREAM_ERROR: ${ALL_DOWN_REASON}`,
      };
      expect(await data('search', { q: 'bitcoin', limit: 2 })).toEqual({
        query: { q: 'bitcoin', days: 7, limit: 2, lang: null },
        source: 'gdelt',
        ...stale,
        attribution: GDELT,
        count: 2,
        articles: BITCOIN_ARTICLES,
        notes: [],
      });
      expect(await data('getTimeline', { q: 'bitcoin' })).toEqual({
        query: { q: 'bitcoin', days: 30 },
        source: 'gdelt',
        ...stale,
        reason: 'UPSTREAM_ERROR: No news source could answer (gdelt: UPSTREAM_ERROR: gdelt answered HTTP 503)',
        attribution: GDELT,
        resolution: 'day',
        total: 5000,
        series: BITCOIN_SERIES,
      });
      expect(await data('getTrending', { days: 2, limit: 1 })).toMatchObject({
        source: 'wikimedia',
        ...stale,
        reason:
          'UPSTREAM_ERROR: No news source could answer (wikimedia: UPSTREAM_ERROR: wikimedia answered HTTP 503; ' +
          'hn-algolia: UPSTREAM_ERROR: hn-algolia answered HTTP 503)',
        items: [{ rank: 1, title: 'Stephen Sondheim', score: 921_838 }],
      });
    });

    it('past the stale window the cached answer is no longer served', async () => {
      clock = NOW + 25 * 60 * MINUTE;
      fake.use(ALL_DOWN);
      expect((await call('search', { q: 'bitcoin' })).err).toMatchObject({
        code: 'UPSTREAM_ERROR',
        message: ALL_DOWN_REASON,
      });
    });

    it('health reports the failing providers and the cache', async () => {
      const health = await data('getHealth', {});
      expect(health.status).toBe('degraded');
      expect(health.sources.map((s: any) => [s.name, s.state, s.last_error])).toEqual([
        ['gdelt', 'failing', 'UPSTREAM_ERROR: gdelt answered HTTP 503'],
        ['wikimedia', 'failing', 'UPSTREAM_ERROR: wikimedia answered HTTP 503'],
        ['hn-algolia', 'failing', 'UPSTREAM_ERROR: hn-algolia answered HTTP 503'],
      ]);
      expect(health.cache).toMatchObject({ stale: 3 });
    });
  });
});
