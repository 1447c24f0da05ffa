import { CatalogService } from '@toll/platform';
import { groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startBooks } from '../src/bootstrap';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const DAY_MS = 86_400_000;
const OL_CREDIT = 'Open Library (https://openlibrary.org), catalog data CC0';
const GB_CREDIT = 'Google Books (https://books.google.com)';
const OL_ONLY = {
  title: 'open-library',
  subtitle: 'open-library',
  authors: 'open-library',
  publishers: 'open-library',
  publish_date: 'open-library',
  pages: 'open-library',
  languages: 'open-library',
  subjects: 'open-library',
  description: 'open-library',
  cover: 'open-library',
};
const cover = (id: number) => ({
  small: `https://covers.openlibrary.org/b/id/${id}-S.jpg`,
  medium: `https://covers.openlibrary.org/b/id/${id}-M.jpg`,
  large: `https://covers.openlibrary.org/b/id/${id}-L.jpg`,
});

const IKIGAI = {
  isbn_13: '9780143130727',
  isbn_10: '0143130722',
  title: 'Ikigai',
  subtitle: 'The Japanese Secret to a Long and Happy Life',
  authors: [{ name: 'Héctor García', id: 'OL7082274A' }],
  publishers: ['Penguin Life'],
  publish_date: '2017',
  pages: 194,
  languages: ['eng'],
  subjects: ['Longevity', 'Happiness', 'Quality of life'],
  description:
    'Bring meaning and joy to all your days with this internationally bestselling guide to the Japanese concept ' +
    "of ikigai -- the happiness of always being busy -- as revealed by the daily habits of the world's " +
    'longest-living people. -- From Amazon.com summary.',
  cover: cover(14856644),
  identifiers: {
    isbn_10: ['0143130722'],
    isbn_13: ['9780143130727'],
    oclc: ['986523570'],
    lccn: ['2017005811'],
    openlibrary: 'OL26927371M',
    google_books: null,
  },
  work: { id: 'OL19714233W', url: 'https://openlibrary.org/works/OL19714233W' },
  links: { openlibrary: 'https://openlibrary.org/books/OL26927371M', google_books: null },
  field_sources: OL_ONLY,
};
const NARNIA = {
  isbn_13: '9780060281373',
  isbn_10: '0060281375',
  title: 'The Complete Chronicles of Narnia',
  subtitle: null,
  authors: [{ name: 'C. S. Lewis', id: null }],
  publishers: ['HarperCollins'],
  publish_date: '1998-09-18',
  pages: 536,
  languages: ['eng'],
  subjects: ['Juvenile Fiction'],
  description:
    'All seven Chronicles are bound together in this one magnificent volume with a personal introduction by ' +
    'Douglas Gresham, stepson of C. S. Lewis.',
  cover: {
    small: 'https://books.google.com/books/content?id=G0VYFTH9tm4C&printsec=frontcover&img=1&zoom=5&source=gbs_api',
    medium: 'https://books.google.com/books/content?id=G0VYFTH9tm4C&printsec=frontcover&img=1&zoom=1&source=gbs_api',
    large: null,
  },
  identifiers: {
    isbn_10: ['0060281375'],
    isbn_13: ['9780060281373'],
    oclc: [],
    lccn: [],
    openlibrary: null,
    google_books: 'G0VYFTH9tm4C',
  },
  work: null,
  links: { openlibrary: null, google_books: 'https://books.google.com/books?id=G0VYFTH9tm4C' },
  field_sources: { ...Object.fromEntries(Object.keys(OL_ONLY).map((k) => [k, 'google-books'])), subtitle: null },
};
const found = (name: string) => ({ name, outcome: 'found', error: null });
const notFound = (name: string) => ({ name, outcome: 'not_found', error: null });
const bibkeys = (...isbns: string[]) => ({
  bibkeys: isbns.map((i) => `ISBN:${i}`).join(','),
  format: 'json',
  jscmd: 'details',
});

// The real group over a real NATS server, Open Library and Google Books replayed from fixtures on one fake host.
// Every test starts a fresh group, so caches and source states never leak between scenarios.
describe('books over NATS', () => {
  const { fake, group, call, fixture, data } = groupHarness({
    name: 'books',
    start: startBooks,
    fixtures: join(__dirname, 'fixtures'),
    perTest: true,
    env: (u) => ({
      BOOKS_OPENLIBRARY_URL: u.fake,
      BOOKS_GOOGLE_URL: u.fake,
      BOOKS_OPENLIBRARY_RATE_PER_SECOND: '100',
      BOOKS_GOOGLE_RATE_PER_SECOND: '100',
    }),
  });
  const scenario = (...names: string[]) => fake.use(names.map(fixture));
  const hitsOf = (path: string) => fake.hits.filter((h) => h.path === path).map((h) => h.query);

  describe('getBook', () => {
    it('converts an ISBN-10, asks both sources once, and answers the Open Library record with its work', async () => {
      scenario('open-library/books.ikigai', 'google-books/volumes.empty');
      expect(await data('getBook', { isbn: '0-14-313072-2' })).toEqual({
        query: { isbn: '0-14-313072-2' },
        book: IKIGAI,
        sources: [found('open-library'), notFound('google-books')],
        attribution: [OL_CREDIT],
        freshness: { as_of: ISO, stale: false, reason: null },
      });
      expect(hitsOf('/api/books')).toEqual([bibkeys('9780143130727')]);
      expect(hitsOf('/volumes')).toEqual([{ q: 'isbn:9780143130727' }]);
    });

    it('fills the fields Open Library lacks from Google Books and says which field came from where', async () => {
      scenario('open-library/books.clean-coder', 'google-books/volumes.clean-coder');
      const { book, sources, attribution } = await data('getBook', { isbn: '9780132542883' });
      expect(book).toEqual({
        isbn_13: '9780132542883',
        isbn_10: '0132542889',
        title: 'Clean Coder',
        subtitle: 'A Code of Conduct for Professional Programmers',
        authors: [{ name: 'Robert Martin - undifferentiated', id: 'OL318513A' }],
        publishers: ['Pearson Education, Limited'],
        publish_date: '2011-05-13',
        pages: 256,
        languages: ['eng'],
        subjects: ['Computers'],
        description:
          'Programmers who endure and succeed amidst swirling uncertainty and nonstop pressure share a common ' +
          'attribute: They care deeply about the practice of creating software.',
        cover: {
          small:
            'https://books.google.com/books/content?id=ik0qDwAAQBAJ&printsec=frontcover&img=1&zoom=5&edge=curl&' +
            'source=gbs_api',
          medium:
            'https://books.google.com/books/content?id=ik0qDwAAQBAJ&printsec=frontcover&img=1&zoom=1&edge=curl&' +
            'source=gbs_api',
          large: null,
        },
        identifiers: {
          isbn_10: ['0132542889'],
          isbn_13: ['9780132542883'],
          oclc: [],
          lccn: [],
          openlibrary: 'OL35566351M',
          google_books: 'ik0qDwAAQBAJ',
        },
        work: { id: 'OL16298147W', url: 'https://openlibrary.org/works/OL16298147W' },
        links: {
          openlibrary: 'https://openlibrary.org/books/OL35566351M',
          google_books: 'https://books.google.com/books?id=ik0qDwAAQBAJ',
        },
        field_sources: {
          ...OL_ONLY,
          publish_date: 'google-books',
          pages: 'google-books',
          subjects: 'google-books',
          description: 'google-books',
          cover: 'google-books',
        },
      });
      expect(sources).toEqual([found('open-library'), found('google-books')]);
      expect(attribution).toEqual([OL_CREDIT, GB_CREDIT]);
    });

    it('answers from Google Books alone when Open Library does not know the ISBN', async () => {
      scenario('open-library/books.narnia-unknown', 'google-books/volumes.narnia-harpercollins');
      expect(await data('getBook', { isbn: '0060281375' })).toEqual({
        query: { isbn: '0060281375' },
        book: NARNIA,
        sources: [notFound('open-library'), found('google-books')],
        attribution: [GB_CREDIT],
        freshness: { as_of: ISO, stale: false, reason: null },
      });
    });

    it('fails over to Google Books when Open Library is down, and names the failure', async () => {
      scenario('open-library/books.503', 'google-books/volumes.narnia-harpercollins');
      const answer = await data('getBook', { isbn: '9780060281373' });
      expect(answer.book).toEqual(NARNIA);
      expect(answer.sources).toEqual([
        { name: 'open-library', outcome: 'failed', error: 'UPSTREAM_ERROR: open-library answered HTTP 503' },
        found('google-books'),
      ]);
      expect(hitsOf('/api/books')).toHaveLength(2); // one retry of the 503
      expect(
        (await data('getHealth', {})).sources.map((s: { name: string; state: string }) => [s.name, s.state]),
      ).toEqual([
        ['open-library', 'failing'],
        ['google-books', 'ok'],
      ]);
    });

    it('answers from Open Library alone when Google Books is over quota', async () => {
      scenario('open-library/books.ikigai', 'google-books/volumes.429');
      const answer = await data('getBook', { isbn: '9780143130727' });
      expect(answer.book).toEqual(IKIGAI);
      expect(answer.sources).toEqual([
        found('open-library'),
        { name: 'google-books', outcome: 'failed', error: 'UPSTREAM_ERROR: google-books answered HTTP 429' },
      ]);
    });

    it('is NOT_FOUND (not charged) when neither source has the ISBN, ignoring a loose Google match, and caches the miss', async () => {
      scenario('open-library/books.no-such-isbn', 'google-books/volumes.loose-match');
      const miss = {
        code: 'NOT_FOUND',
        message: 'No book with ISBN 9780000000002 in Open Library or Google Books',
        details: { isbn: '978-0-00-000000-2', isbn_13: '9780000000002' },
      };
      expect((await call('getBook', { isbn: '978-0-00-000000-2' })).err).toEqual(miss);
      expect((await call('getBook', { isbn: '978-0-00-000000-2' })).err).toEqual(miss);
      expect(fake.hits).toHaveLength(2);
    });

    it('serves the cached record labelled stale when both sources fail after it expired', async () => {
      scenario('open-library/books.ikigai', 'google-books/volumes.empty');
      const fresh = await data('getBook', { isbn: '9780143130727' });
      scenario('open-library/books.503', 'google-books/volumes.503');
      const realNow = Date.now;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 31 * DAY_MS);
      expect(await data('getBook', { isbn: '9780143130727' })).toEqual({
        ...fresh,
        freshness: {
          as_of: fresh.freshness.as_of,
          stale: true,
          reason: 'UPSTREAM_ERROR: open-library answered HTTP 503',
        },
      });
    });

    it('answers the error envelope when both sources fail and nothing is cached', async () => {
      scenario('open-library/books.503', 'google-books/volumes.503');
      expect((await call('getBook', { isbn: '9780143130727' })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message:
          'No source could look up ISBN 9780143130727: open-library: open-library answered HTTP 503; ' +
          'google-books: google-books answered HTTP 503',
        details: {
          upstreams: [
            { source: 'open-library', code: 'UPSTREAM_ERROR', message: 'open-library answered HTTP 503' },
            { source: 'google-books', code: 'UPSTREAM_ERROR', message: 'google-books answered HTTP 503' },
          ],
        },
      });
    });

    it('names Google Books first when it found nothing while Open Library failed: unknown, not "no such book", uncharged', async () => {
      scenario('open-library/books.503', 'google-books/volumes.empty');
      expect((await call('getBook', { isbn: '9780143130727' })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message:
          'No source could look up ISBN 9780143130727: google-books: google-books found nothing; open-library: ' +
          'open-library answered HTTP 503',
        details: {
          upstreams: [
            { source: 'google-books', code: 'NOT_FOUND', message: 'google-books found nothing' },
            { source: 'open-library', code: 'UPSTREAM_ERROR', message: 'open-library answered HTTP 503' },
          ],
        },
      });
    });

    it('keeps the operation open when one ISBN keeps failing, and closes it when different ISBNs fail (a provider outage)', async () => {
      const availability = group.app.get(CatalogService).availability;
      scenario('open-library/books.503', 'google-books/volumes.503');
      for (let i = 0; i < 5; i++)
        expect((await call('getBook', { isbn: '9780143130727' })).err).toMatchObject({ code: 'UPSTREAM_ERROR' });
      expect(availability.isOpen('books.getBook')).toBe(false);
      scenario('open-library/books.ikigai', 'google-books/volumes.empty');
      // the docs' example ISBN still answers
      expect((await data('getBook', { isbn: '9780143130727' })).book.title).toBe('Ikigai');
      scenario('open-library/books.503', 'google-books/volumes.503');
      for (const isbn of ['9780060281373', '9780062316097', '9781982137274']) await call('getBook', { isbn });
      expect(availability.unavailable()['books.getBook']).toMatchObject({
        retryAfterSeconds: 30,
        reason: expect.stringMatching(/^UPSTREAM_ERROR: No source could look up ISBN/),
      });
    });

    it('answers UPSTREAM_TIMEOUT by the caller deadline when every source is slower', async () => {
      scenario('open-library/books.slow', 'google-books/volumes.slow');
      const started = Date.now();
      const { err } = await call('getBook', { isbn: '9780143130727' }, 300);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(err).toEqual({
        code: 'UPSTREAM_TIMEOUT',
        message: expect.stringMatching(
          /^No source could look up ISBN 9780143130727: open-library: open-library did not answer in \d+ ms; google-books: google-books did not answer in \d+ ms$/,
        ),
        details: {
          upstreams: [
            {
              source: 'open-library',
              code: 'UPSTREAM_TIMEOUT',
              message: expect.stringMatching(/^open-library did not answer in \d+ ms$/),
            },
            {
              source: 'google-books',
              code: 'UPSTREAM_TIMEOUT',
              message: expect.stringMatching(/^google-books did not answer in \d+ ms$/),
            },
          ],
        },
      });
    });

    it.each([
      ['0143130723', 'ISBN-10 check digit does not match'],
      ['9780143130728', 'ISBN-13 must start with 978 or 979 and its check digit must match'],
      ['12345', 'must be an ISBN-10 or ISBN-13 (digits, optional hyphens or spaces; ISBN-10 may end in X)'],
    ])('refuses %s in the schema, naming the field, before any source is asked', async (isbn, message) => {
      scenario('open-library/books.ikigai');
      expect((await call('getBook', { isbn })).err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [{ field: 'isbn', message }] },
      });
      expect(fake.hits).toHaveLength(0);
    });
  });

  describe('getBatch', () => {
    const SNOW_CRASH = {
      isbn_13: '9780553562613',
      isbn_10: '0553562614',
      title: 'Snow Crash',
      subtitle: null,
      authors: [{ name: 'Neal Stephenson', id: 'OL19430A' }],
      publishers: ['Bantam Books'],
      publish_date: '1993',
      pages: 470,
      languages: ['eng'],
      subjects: ['Science fiction'],
      description: null,
      cover: cover(7004665),
      identifiers: {
        isbn_10: ['0553562614'],
        isbn_13: ['9780553562613'],
        oclc: [],
        lccn: [],
        openlibrary: 'OL14813122M',
        google_books: null,
      },
      work: { id: 'OL38501W', url: 'https://openlibrary.org/works/OL38501W' },
      links: { openlibrary: 'https://openlibrary.org/books/OL14813122M', google_books: null },
      field_sources: { ...OL_ONLY, subtitle: null, description: null },
    };
    const INPUT = { isbns: ['0-14-313072-2', '9780553562613', '9780132931755', '9780060281373', '9780143130727'] };

    it('asks Open Library once for every ISBN and Google Books only for the one it lacks, one row per book', async () => {
      scenario('open-library/books.batch', 'google-books/volumes.narnia-harpercollins');
      const answer = await data('getBatch', INPUT);
      expect(answer).toEqual({
        requested: 4,
        found: 4,
        results: [
          { isbns: ['0-14-313072-2', '9780143130727'], isbn_13: '9780143130727', status: 'found', book: IKIGAI },
          { isbns: ['9780553562613'], isbn_13: '9780553562613', status: 'found', book: SNOW_CRASH },
          {
            isbns: ['9780132931755'],
            isbn_13: '9780132931755',
            status: 'found',
            book: expect.objectContaining({ title: 'Working Effectively with Legacy Code', pages: 456 }),
          },
          { isbns: ['9780060281373'], isbn_13: '9780060281373', status: 'found', book: NARNIA },
        ],
        sources: [
          { ...found('open-library'), requests: 1 },
          { ...found('google-books'), requests: 1 },
        ],
        attribution: [OL_CREDIT, GB_CREDIT],
        freshness: { as_of: ISO, stale: false, reason: null },
      });
      expect(hitsOf('/api/books')).toEqual([
        bibkeys('9780143130727', '9780553562613', '9780132931755', '9780060281373'),
      ]);
      expect(hitsOf('/volumes')).toEqual([{ q: 'isbn:9780060281373' }]);
    });

    it('serves cached books without asking again and fetches only the new ones in one request', async () => {
      scenario('open-library/books.ikigai', 'google-books/volumes.empty');
      await data('getBook', { isbn: '9780143130727' });
      fake.hits.length = 0;
      scenario('open-library/books.no-such-isbn', 'google-books/volumes.empty');
      const answer = await data('getBatch', { isbns: ['9780143130727', '9780000000002'] });
      expect(answer.results.map((r: { status: string }) => r.status)).toEqual(['found', 'not_found']);
      expect(answer.sources).toEqual([
        { ...found('open-library'), requests: 1 },
        { ...notFound('google-books'), requests: 1 },
      ]);
      expect(hitsOf('/api/books')).toEqual([bibkeys('9780000000002')]);
    });

    it('marks rows unavailable when Open Library is down and Google Books cannot answer them', async () => {
      scenario('open-library/books.503', 'google-books/volumes.narnia-harpercollins', 'google-books/volumes.503');
      const answer = await data('getBatch', { isbns: ['9780060281373', '9780143130727'] });
      expect(answer.results).toEqual([
        { isbns: ['9780060281373'], isbn_13: '9780060281373', status: 'found', book: NARNIA },
        { isbns: ['9780143130727'], isbn_13: '9780143130727', status: 'unavailable', book: null },
      ]);
      expect(answer.sources).toEqual([
        {
          name: 'open-library',
          outcome: 'failed',
          error: 'UPSTREAM_ERROR: open-library answered HTTP 503',
          requests: 1,
        },
        {
          name: 'google-books',
          outcome: 'failed',
          error: 'UPSTREAM_ERROR: google-books answered HTTP 503',
          requests: 2,
        },
      ]);
    });

    it('answers the error envelope (not charged) when no ISBN could be answered', async () => {
      scenario('open-library/books.503', 'google-books/volumes.503');
      expect((await call('getBatch', { isbns: ['9780143130727', '9780553562613'] })).err).toMatchObject({
        code: 'UPSTREAM_ERROR',
        details: {
          upstreams: [
            { source: 'open-library', code: 'UPSTREAM_ERROR' },
            { source: 'google-books', code: 'UPSTREAM_ERROR' },
          ],
        },
      });
    });

    it('refuses a bad check digit naming its position, and more than 20 ISBNs, in the schema', async () => {
      expect((await call('getBatch', { isbns: ['9780143130727', '0553562615'] })).err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [{ field: 'isbns.1', message: 'ISBN-10 check digit does not match' }] },
      });
      expect((await call('getBatch', { isbns: Array(21).fill('9780143130727') })).err).toMatchObject({
        code: 'INVALID_INPUT',
        details: { issues: [{ field: 'isbns' }] },
      });
      expect((await call('getBatch', { isbns: [] })).err).toMatchObject({
        code: 'INVALID_INPUT',
        details: { issues: [{ field: 'isbns' }] },
      });
      expect(fake.hits).toHaveLength(0);
    });
  });

  describe('search', () => {
    it('searches Open Library by title with a limit, one row per work', async () => {
      scenario('open-library/search.lord-of-the-rings');
      expect(await data('search', { title: 'the lord of the rings', limit: 3 })).toEqual({
        query: { q: null, title: 'the lord of the rings', author: null, subject: null, limit: 3 },
        source: 'open-library',
        fallback: false,
        fallback_reason: null,
        total: 744,
        count: 3,
        results: [
          ['The Lord of the Rings', 'OL27448W', 251, 14625765, ['ger', 'eng', 'cat', 'por', 'jpn']],
          ['The Fellowship of the Ring', 'OL27513W', 296, 14627060, ['ita', 'dut', 'swe', 'ger', 'eng']],
          ['The Two Towers', 'OL27479W', 277, 14627564, ['por', 'hrv', 'eng']],
        ].map(([title, work, editions, coverId, languages]) => ({
          title,
          subtitle: null,
          authors: ['J.R.R. Tolkien'],
          first_publish_year: 1954,
          edition_count: editions,
          isbns: [],
          languages,
          subjects: [],
          cover: cover(coverId as number),
          work: { id: work, url: `https://openlibrary.org/works/${work}` },
          link: `https://openlibrary.org/works/${work}`,
        })),
        attribution: [OL_CREDIT],
        freshness: { as_of: ISO, stale: false, reason: null },
      });
      expect(hitsOf('/search.json')).toEqual([
        {
          title: 'the lord of the rings',
          limit: '3',
          fields: 'key,title,subtitle,author_name,first_publish_year,edition_count,cover_i,isbn,language,subject',
        },
      ]);
    });

    it('falls back to Google Books when Open Library search is down, and says why', async () => {
      scenario('open-library/search.503', 'google-books/search.narnia');
      const answer = await data('search', { q: 'narnia', limit: 2 });
      expect(answer).toMatchObject({
        source: 'google-books',
        fallback: true,
        fallback_reason: 'UPSTREAM_ERROR: open-library answered HTTP 503',
        total: 729,
        count: 2,
        attribution: [GB_CREDIT],
      });
      expect(answer.results[0]).toEqual({
        title: 'The Complete Chronicles of Narnia',
        subtitle: null,
        authors: ['C. S. Lewis'],
        first_publish_year: 2022,
        edition_count: null,
        isbns: ['9789356616974', '9356616973'],
        languages: ['eng'],
        subjects: ['Fiction'],
        cover: {
          small:
            'https://books.google.com/books/content?id=o9qXzwEACAAJ&printsec=frontcover&img=1&zoom=5&source=gbs_api',
          medium:
            'https://books.google.com/books/content?id=o9qXzwEACAAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api',
          large: null,
        },
        work: null,
        link: 'https://books.google.com/books?id=o9qXzwEACAAJ',
      });
      expect(hitsOf('/volumes')).toEqual([{ q: 'narnia', maxResults: '2', printType: 'books' }]);
    });

    it('answers uncharged, naming both sources, when Open Library search is down and the Google Books fallback finds nothing', async () => {
      scenario('open-library/search.503', 'google-books/volumes.empty');
      const expected = {
        code: 'UPSTREAM_ERROR',
        message:
          'No source could search: google-books: google-books found nothing; open-library: open-library answered ' +
          'HTTP 503',
        details: {
          upstreams: [
            { source: 'google-books', code: 'NOT_FOUND', message: 'google-books found nothing' },
            { source: 'open-library', code: 'UPSTREAM_ERROR', message: 'open-library answered HTTP 503' },
          ],
        },
      };
      expect((await call('search', { q: 'zzzz qqqq', limit: 2 })).err).toEqual(expected);
      expect((await call('search', { q: 'zzzz qqqq', limit: 2 })).err).toEqual(expected); // not cached as an answer
      expect(hitsOf('/volumes')).toHaveLength(2);
    });

    it('serves a cached search labelled stale when both sources fail after a day', async () => {
      scenario('open-library/search.lord-of-the-rings');
      const fresh = await data('search', { title: 'the lord of the rings', limit: 3 });
      scenario('open-library/search.503', 'google-books/volumes.503');
      const realNow = Date.now;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + DAY_MS + 60_000);
      // same cache entry: case is ignored
      const stale = await data('search', { title: 'The Lord of the Rings', limit: 3 });
      expect(stale.freshness).toEqual({
        as_of: fresh.freshness.as_of,
        stale: true,
        reason:
          'UPSTREAM_ERROR: No source could search: open-library: open-library answered HTTP 503; google-books: ' +
          'google-books answered HTTP 503',
      });
      expect(stale.results).toEqual(fresh.results);
    });

    it('answers the error envelope when both sources fail and nothing is cached', async () => {
      scenario('open-library/search.503', 'google-books/volumes.503');
      expect((await call('search', { author: 'Tolkien' })).err).toMatchObject({
        code: 'UPSTREAM_ERROR',
        message: expect.stringMatching(/^No source could search: /),
      });
    });

    it('answers UPSTREAM_TIMEOUT by the deadline when both sources are slower', async () => {
      fake.use([
        { ...fixture('open-library/books.slow'), request: { method: 'GET', path: '/search.json' } },
        fixture('google-books/volumes.slow'),
      ]);
      const started = Date.now();
      const { err } = await call('search', { q: 'dune' }, 300);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(err).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    });

    it('refuses a search with no terms, naming q, and a limit over 40', async () => {
      expect((await call('search', { limit: 5 })).err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [{ field: 'q', message: 'give at least one of q, title, author or subject' }] },
      });
      expect((await call('search', { q: 'dune', limit: 41 })).err).toMatchObject({
        code: 'INVALID_INPUT',
        details: { issues: [{ field: 'limit' }] },
      });
      expect((await call('search', { q: 'dune', isbn: '1' })).err).toMatchObject({ code: 'INVALID_INPUT' });
    });
  });

  describe('getHealth', () => {
    it('lists sources with licence terms and state, prices, cache and the endpoint catalog', async () => {
      const health = await data('getHealth', {});
      expect(health).toMatchObject({
        service: 'books',
        title: 'Book Metadata',
        status: 'ok',
        cache: { entries: 0, hits: 0, misses: 0, stale: 0, errors: 0 },
      });
      expect(health.sources.map((s: Record<string, unknown>) => [s.name, s.enabled, s.state, s.licence])).toEqual([
        [
          'open-library',
          true,
          'unknown',
          'Catalog data CC0 1.0 (public domain dedication); cover images carry their own rights',
        ],
        ['google-books', true, 'unknown', 'Google APIs Terms of Service; not an open licence'],
      ]);
      expect(health.tolls).toEqual(
        tollsOf([
          ['books.getBook', 'GET', '/toll/books/book', '0.005'],
          ['books.getBatch', 'POST', '/toll/books/batch', '0.02'],
          ['books.search', 'GET', '/toll/books/search', '0.005'],
          ['books.getHealth', 'GET', '/toll/books/health', null],
        ]),
      );
      expect(
        health.endpoints
          .map((e: { operation_id: string; method: string; path: string }) => `${e.method} ${e.path} ${e.operation_id}`)
          .sort(),
      ).toEqual([
        'GET /toll/books/book books.getBook',
        'GET /toll/books/health books.getHealth',
        'GET /toll/books/search books.search',
        'POST /toll/books/batch books.getBatch',
      ]);
    });
  });
});
