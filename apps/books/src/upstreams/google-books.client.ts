// Google Books API v1 volumes (https://developers.google.com/books/docs/v1/using; upstreams.md §14a).
// Keyless at low volume; a free key gives 1,000 requests/day. Terms: Google APIs Terms of Service; attribute
// Google Books and link back to the volume.
// Odd shapes: no match is 200 with {totalItems: 0} and no `items`; `q=isbn:` can return a volume whose
// identifiers do not include the ISBN (a loose match), which we treat as no match; pageCount may be 0; image
// links are http URLs (the same paths serve https).
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { BooksConfig } from '../config';
import { isbnList, marcLanguage, type SearchPage, type SearchTerms, type SourceBook } from './book-record';

const Volume = z.object({
  id: z.string(),
  volumeInfo: z.object({
    title: z.string().optional(),
    subtitle: z.string().optional(),
    authors: z.array(z.string()).optional(),
    publisher: z.string().optional(),
    publishedDate: z.string().optional(),
    description: z.string().optional(),
    industryIdentifiers: z.array(z.object({ type: z.string(), identifier: z.string() })).optional(),
    pageCount: z.number().int().optional(),
    categories: z.array(z.string()).optional(),
    imageLinks: z.object({ smallThumbnail: z.string().optional(), thumbnail: z.string().optional() }).optional(),
    language: z.string().optional(),
    canonicalVolumeLink: z.string().optional(),
  }),
});
type Volume = z.infer<typeof Volume>;
const Volumes = z.object({ totalItems: z.number().int(), items: z.array(Volume).optional() });

const https = (url: string | undefined) => (url ? url.replace(/^http:/, 'https:') : null);
const idsOf = (v: Volume, type: string) =>
  (v.volumeInfo.industryIdentifiers ?? []).filter((i) => i.type === type).map((i) => i.identifier);
const linkOf = (v: Volume) => `https://books.google.com/books?id=${encodeURIComponent(v.id)}`;

@Injectable()
export class GoogleBooksClient {
  private readonly api: Upstream;

  constructor(
    @Inject(APP_CONFIG) private readonly config: BooksConfig,
    @Inject(JsonLogger) logger: JsonLogger,
  ) {
    this.api = createUpstream({
      name: 'google-books',
      baseUrls: [config.BOOKS_GOOGLE_URL],
      timeoutMs: config.BOOKS_GOOGLE_TIMEOUT_MS,
      userAgent: config.BOOKS_USER_AGENT,
      governor: { ratePerSecond: config.BOOKS_GOOGLE_RATE_PER_SECOND, burst: 4 },
      log: upstreamLog(logger),
    });
  }

  get enabled() {
    return this.config.BOOKS_GOOGLE_ENABLED;
  }

  // The volume for one ISBN-13, or null when Google Books has none that carries it.
  async volume(isbn13: string, deadline: number): Promise<SourceBook | null> {
    const found = await this.api.getJson(
      '/volumes',
      { q: `isbn:${isbn13}`, key: this.config.BOOKS_GOOGLE_API_KEY },
      Volumes,
      { deadline },
    );
    const volume = (found.items ?? []).find((v) => idsOf(v, 'ISBN_13').includes(isbn13));
    return volume ? this.book(volume) : null;
  }

  async search(terms: SearchTerms, deadline: number): Promise<SearchPage> {
    const { q, title, author, subject, limit } = terms;
    const query = [q, title && `intitle:${title}`, author && `inauthor:${author}`, subject && `subject:${subject}`]
      .filter(Boolean)
      .join(' ');
    const found = await this.api.getJson(
      '/volumes',
      { q: query, maxResults: limit, printType: 'books', key: this.config.BOOKS_GOOGLE_API_KEY },
      Volumes,
      { deadline },
    );
    return {
      total: found.totalItems,
      hits: (found.items ?? []).map((v) => {
        const book = this.book(v);
        const year = Number(v.volumeInfo.publishedDate?.slice(0, 4));
        return {
          title: book.title ?? '',
          subtitle: book.subtitle,
          authors: book.authors.map((a) => a.name),
          first_publish_year: Number.isInteger(year) && year > 0 ? year : null,
          edition_count: null,
          isbns: isbnList([...book.identifiers.isbn_13, ...book.identifiers.isbn_10], 10),
          languages: book.languages,
          subjects: book.subjects,
          cover: book.cover,
          work: null,
          link: book.link,
        };
      }),
    };
  }

  private book(v: Volume): SourceBook {
    const info = v.volumeInfo;
    const thumb = https(info.imageLinks?.thumbnail);
    return {
      source: 'google-books',
      title: info.title ?? null,
      subtitle: info.subtitle ?? null,
      authors: (info.authors ?? []).map((name) => ({ name, id: null })),
      publishers: info.publisher ? [info.publisher] : [],
      publish_date: info.publishedDate ?? null,
      pages: info.pageCount && info.pageCount > 0 ? info.pageCount : null,
      languages: info.language ? [marcLanguage(info.language)] : [],
      subjects: info.categories ?? [],
      description: info.description ?? null,
      cover: thumb ? { small: https(info.imageLinks?.smallThumbnail), medium: thumb, large: null } : null,
      identifiers: {
        isbn_10: idsOf(v, 'ISBN_10'),
        isbn_13: idsOf(v, 'ISBN_13'),
        oclc: [],
        lccn: [],
        openlibrary: null,
        google_books: v.id,
      },
      work: null,
      link: linkOf(v),
    };
  }
}
