import { Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import {
  allSourcesFailed,
  combinedFreshness,
  failureOf,
  noSourceCouldAnswer,
  SourceStatus,
  SwrCache,
  type CachePolicy,
  type Cached,
} from '@toll/upstream';
import * as S from './books.schemas';
import { toIsbn10, toIsbn13 } from './isbn';
import type { SearchPage, SourceBook } from './upstreams/book-record';
import { GoogleBooksClient } from './upstreams/google-books.client';
import { OpenLibraryClient } from './upstreams/open-library.client';

const DAY = 86_400_000;
// Edition records (upstreams.md §16): CC0 catalog data that rarely changes; a miss is cached like an answer.
const RECORD: CachePolicy = { freshMs: 30 * DAY, staleMs: 365 * DAY };
// Search results move as records are added and edited: a day fresh, served stale up to a month while sources fail.
const SEARCH: CachePolicy = { freshMs: DAY, staleMs: 30 * DAY };
const CACHE_MAX_ENTRIES = 20_000;
// Google Books requests in flight at once for one batch (one per ISBN Open Library could not answer).
const GOOGLE_CONCURRENCY = 4;

const ATTRIBUTION: Record<S.SourceName, string> = {
  'open-library': 'Open Library (https://openlibrary.org), catalog data CC0',
  'google-books': 'Google Books (https://books.google.com)',
};
const SOURCES: Array<{ name: S.SourceName; role: string; licence: string; terms: string }> = [
  {
    name: 'open-library',
    role: 'primary: ISBN lookup (Books API, many ISBNs per request) and search',
    licence: 'Catalog data CC0 1.0 (public domain dedication); cover images carry their own rights',
    terms:
      'Keyless; identify with a User-Agent naming the app and a contact; 3 requests/s; bulk needs use the ' +
      'monthly dumps',
  },
  {
    name: 'google-books',
    role: 'second source: fills fields Open Library lacks, answers ISBNs it does not know, and search when it fails',
    licence: 'Google APIs Terms of Service; not an open licence',
    terms: 'Keyless at low volume or a free key (1,000 requests/day); attribute Google Books and link to the volume',
  },
];

const present = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
const union = (...lists: string[][]) => [...new Set(lists.flat())];

type Settled = PromiseSettledResult<Cached<SourceBook | null>>;
// One source's answer for one ISBN; null when the source was not asked.
type Part = { source: S.SourceName; result: Settled | null };

const answeredNone = (parts: Part[]) =>
  parts.flatMap((p) => (p.result?.status === 'fulfilled' && !p.result.value.value ? [p.source] : []));
const answered = (parts: Part[]) => parts.flatMap((p) => (p.result?.status === 'fulfilled' ? [p.result.value] : []));
const booksIn = (parts: Part[]) => answered(parts).flatMap((c) => (c.value ? [c.value] : []));
const failuresIn = (parts: Part[]) =>
  parts.flatMap((p) => (p.result?.status === 'rejected' ? [failureOf(p.source, p.result.reason)] : []));
// Open Library first, field by field; Google Books fills what Open Library lacks. Identifiers are the union.
export function merge(isbn13: string, parts: SourceBook[]): S.Book {
  const book: Record<string, unknown> = {};
  const fieldSources: Partial<Record<S.MergedField, S.SourceName | null>> = {};
  for (const field of S.MERGED_FIELDS) {
    const from = parts.find((p) => present(p[field]));
    book[field] = from ? from[field] : Array.isArray(parts[0]?.[field]) ? [] : null;
    fieldSources[field] = from?.source ?? null;
  }
  const ol = parts.find((p) => p.source === 'open-library');
  const gb = parts.find((p) => p.source === 'google-books');
  const isbn10 = toIsbn10(isbn13);
  return {
    ...(book as Pick<S.Book, S.MergedField>),
    isbn_13: isbn13,
    isbn_10: isbn10,
    identifiers: {
      isbn_10: union(isbn10 ? [isbn10] : [], ...parts.map((p) => p.identifiers.isbn_10)),
      isbn_13: union([isbn13], ...parts.map((p) => p.identifiers.isbn_13)),
      oclc: union(...parts.map((p) => p.identifiers.oclc)),
      lccn: union(...parts.map((p) => p.identifiers.lccn)),
      openlibrary: ol?.identifiers.openlibrary ?? null,
      google_books: gb?.identifiers.google_books ?? null,
    },
    work: ol?.work ?? null,
    links: { openlibrary: ol?.link ?? null, google_books: gb?.link ?? null },
    field_sources: fieldSources as S.Book['field_sources'],
  };
}

@Injectable()
export class BooksService {
  // Date.now is read at call time, so the clock a test moves is the clock the cache sees.
  private readonly cache = new SwrCache(CACHE_MAX_ENTRIES, () => Date.now());
  private readonly status = new SourceStatus<S.SourceName>();

  constructor(
    private readonly openLibrary: OpenLibraryClient,
    private readonly google: GoogleBooksClient,
  ) {}

  async getBook({ isbn }: S.GetBookInput, deadline: number): Promise<S.GetBookOutput> {
    const isbn13 = toIsbn13(isbn);
    // Both sources at once: Google Books fills the fields Open Library lacks, and answers when it fails.
    const [[ol], gb] = await Promise.all([
      this.fromOpenLibrary([isbn13], deadline).then((r) => r.settled),
      this.fromGoogle(isbn13, deadline),
    ]);
    const parts: Part[] = [
      { source: 'open-library', result: ol },
      { source: 'google-books', result: gb },
    ];
    const found = booksIn(parts);
    const failures = failuresIn(parts);
    // A source that failed may have the book: "not found" only when every source answered.
    if (!found.length && failures.length)
      throw noSourceCouldAnswer(`No source could look up ISBN ${isbn13}`, failures, answeredNone(parts));
    if (!found.length)
      throw new TollError('NOT_FOUND', `No book with ISBN ${isbn13} in Open Library or Google Books`, {
        isbn,
        isbn_13: isbn13,
      });
    return {
      query: { isbn },
      book: merge(isbn13, found),
      sources: parts.map((p) => this.use(p)),
      attribution: found.map((b) => ATTRIBUTION[b.source]),
      freshness: combinedFreshness(answered(parts)),
    };
  }

  async getBatch({ isbns }: S.GetBatchInput, deadline: number): Promise<S.GetBatchOutput> {
    const inputs = new Map<string, string[]>();
    for (const isbn of isbns) inputs.set(toIsbn13(isbn), [...(inputs.get(toIsbn13(isbn)) ?? []), isbn]);
    const wanted = [...inputs.keys()];
    const ol = await this.fromOpenLibrary(wanted, deadline);
    // Google Books only for the ISBNs Open Library does not have or could not answer: one request each, so
    // a batch costs one Open Library request however many ISBNs it holds.
    const gb = new Map<string, Settled | null>();
    let googleRequests = 0;
    const needGoogle = wanted.filter((_, i) => !booksIn([{ source: 'open-library', result: ol.settled[i] }]).length);
    for (let i = 0; i < needGoogle.length; i += GOOGLE_CONCURRENCY) {
      const slice = needGoogle.slice(i, i + GOOGLE_CONCURRENCY);
      const answers = await Promise.all(slice.map((isbn) => this.fromGoogle(isbn, deadline, () => googleRequests++)));
      slice.forEach((isbn, j) => gb.set(isbn, answers[j]));
    }
    const results = wanted.map((isbn, i) => {
      const parts: Part[] = [
        { source: 'open-library', result: ol.settled[i] },
        { source: 'google-books', result: gb.get(isbn) ?? null },
      ];
      const found = booksIn(parts);
      const status = found.length
        ? ('found' as const)
        : failuresIn(parts).length
          ? ('unavailable' as const)
          : ('not_found' as const);
      return {
        row: { isbns: inputs.get(isbn)!, isbn_13: isbn, status, book: found.length ? merge(isbn, found) : null },
        parts,
      };
    });
    const allParts = results.flatMap((r) => r.parts);
    if (results.every((r) => r.row.status === 'unavailable')) {
      // One failure per source is enough to say what went wrong.
      const failures = failuresIn(allParts);
      throw allSourcesFailed(
        'No source could look up the batch',
        failures.filter((f, i) => failures.findIndex((g) => g.source === f.source) === i),
      );
    }
    const contributing = new Set(
      results.flatMap((r) =>
        r.row.book ? Object.values(r.row.book.field_sources).filter((s): s is S.SourceName => s !== null) : [],
      ),
    );
    return {
      requested: wanted.length,
      found: results.filter((r) => r.row.status === 'found').length,
      results: results.map((r) => r.row),
      sources: [
        { ...this.batchUse('open-library', allParts), requests: ol.requests() },
        { ...this.batchUse('google-books', allParts), requests: googleRequests },
      ],
      attribution: SOURCES.filter((s) => contributing.has(s.name)).map((s) => ATTRIBUTION[s.name]),
      freshness: combinedFreshness(answered(allParts)),
    };
  }

  async search(input: S.SearchInput, deadline: number): Promise<S.SearchOutput> {
    const terms = { q: input.q, title: input.title, author: input.author, subject: input.subject, limit: input.limit };
    const key = `search:${JSON.stringify(Object.values(terms).map((v) => (typeof v === 'string' ? v.toLowerCase() : v)))}`;
    const cached = await this.cache.get<{ page: SearchPage; fallback_reason: string | null }>(key, SEARCH, async () => {
      try {
        return {
          value: {
            page: await this.status.track('open-library', () => this.openLibrary.search(terms, deadline)),
            fallback_reason: null,
          },
          source: 'open-library',
        };
      } catch (e) {
        if (!this.google.enabled) throw e;
        const first = failureOf('open-library', e);
        let page: SearchPage;
        try {
          page = await this.status.track('google-books', () => this.google.search(terms, deadline));
        } catch (second) {
          throw allSourcesFailed('No source could search', [first, failureOf('google-books', second)]);
        }
        // The fallback finding nothing is not "no such book" while the primary is down: uncharged, and not cached.
        if (page.total === 0) throw noSourceCouldAnswer('No source could search', [first], ['google-books']);
        return { value: { page, fallback_reason: `${first.code}: ${first.message}` }, source: 'google-books' };
      }
    });
    const source = cached.freshness.source as S.SourceName;
    const { page, fallback_reason } = cached.value;
    return {
      query: {
        q: input.q ?? null,
        title: input.title ?? null,
        author: input.author ?? null,
        subject: input.subject ?? null,
        limit: input.limit,
      },
      source,
      fallback: source !== 'open-library',
      fallback_reason,
      total: page.total,
      count: page.hits.length,
      results: page.hits,
      attribution: [ATTRIBUTION[source]],
      freshness: combinedFreshness([cached]),
    };
  }

  health(): Pick<S.HealthOutput, 'status' | 'sources' | 'cache'> {
    const sources = SOURCES.map((s) => {
      const enabled = s.name === 'open-library' || this.google.enabled;
      return { ...s, enabled, ...this.status.report(s.name, enabled) };
    });
    return {
      status: sources.some((s) => s.state === 'failing') ? 'degraded' : 'ok',
      sources,
      cache: { entries: this.cache.size, ...this.cache.stats },
    };
  }

  // Per-ISBN cache entries; the ones that need a fetch share one Books API request. SwrCache calls each load
  // synchronously inside get(), so every missing ISBN has joined `missing` before the request is sent.
  private async fromOpenLibrary(isbn13s: string[], deadline: number) {
    const missing: string[] = [];
    let request: Promise<Map<string, SourceBook>> | undefined;
    const fetchMissing = () =>
      (request ??= Promise.resolve().then(() =>
        this.status.track('open-library', () => this.openLibrary.editions(missing, deadline)),
      ));
    const settled = await Promise.allSettled(
      isbn13s.map((isbn) =>
        this.cache.get(`open-library:${isbn}`, RECORD, () => {
          missing.push(isbn);
          return fetchMissing().then((found) => ({ value: found.get(isbn) ?? null, source: 'open-library' }));
        }),
      ),
    );
    return { settled, requests: () => (request ? 1 : 0) };
  }

  private async fromGoogle(isbn13: string, deadline: number, onRequest: () => void = () => undefined) {
    if (!this.google.enabled) return null;
    const [result] = await Promise.allSettled([
      this.cache.get(`google-books:${isbn13}`, RECORD, async () => {
        onRequest();
        return {
          value: await this.status.track('google-books', () => this.google.volume(isbn13, deadline)),
          source: 'google-books',
        };
      }),
    ]);
    return result;
  }

  private use({ source, result }: Part): S.GetBookOutput['sources'][number] {
    if (!result) return { name: source, outcome: 'skipped', error: null };
    if (result.status === 'rejected') {
      const f = failureOf(source, result.reason);
      return { name: source, outcome: 'failed', error: `${f.code}: ${f.message}` };
    }
    return { name: source, outcome: result.value.value ? 'found' : 'not_found', error: null };
  }

  private batchUse(source: S.SourceName, parts: Part[]): S.GetBookOutput['sources'][number] {
    const uses = parts.filter((p) => p.source === source).map((p) => this.use(p));
    const failed = uses.find((u) => u.outcome === 'failed');
    if (failed) return failed;
    const outcome = uses.some((u) => u.outcome === 'found')
      ? 'found'
      : uses.some((u) => u.outcome === 'not_found')
        ? 'not_found'
        : 'skipped';
    return { name: source, outcome, error: null };
  }
}
