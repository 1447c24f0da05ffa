// Open Library (https://openlibrary.org/developers/api; upstreams.md §14a). Keyless.
// Licence: catalog data CC0 (no conditions; we credit Open Library anyway); cover images vary.
// Quota: 3 req/s for a User-Agent naming the app and a contact (a name without a contact gets 403); use the
// Books API to ask for many ISBNs in one request.
// Odd shapes: the Books API answers 200 with {} for unknown bibkeys and keys each result by the bibkey exactly
// as sent; `description` is a string or {type, value}; `covers` may hold -1 (a removed cover).
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { BooksConfig } from '../config';
import { isbnList, type SearchPage, type SearchTerms, type SourceBook } from './book-record';

const Text = z.union([z.string(), z.object({ value: z.string() })]);
const Strings = z.array(z.string()).optional();

const Edition = z.object({
  key: z.string(),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  authors: z.array(z.object({ key: z.string(), name: z.string().optional() })).optional(),
  publishers: Strings,
  publish_date: z.string().optional(),
  number_of_pages: z.number().int().optional(),
  languages: z.array(z.object({ key: z.string() })).optional(),
  subjects: Strings,
  description: Text.optional(),
  covers: z.array(z.number().int()).optional(),
  isbn_10: Strings,
  isbn_13: Strings,
  lccn: Strings,
  oclc_numbers: Strings,
  works: z.array(z.object({ key: z.string() })).optional(),
});
const BooksApi = z.record(z.string(), z.object({ info_url: z.string(), details: Edition }));

const SEARCH_FIELDS = 'key,title,subtitle,author_name,first_publish_year,edition_count,cover_i,isbn,language,subject';
const SearchResult = z.object({
  numFound: z.number().int(),
  docs: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      subtitle: z.string().optional(),
      author_name: Strings,
      first_publish_year: z.number().int().optional(),
      edition_count: z.number().int().optional(),
      cover_i: z.number().int().optional(),
      isbn: Strings,
      language: Strings,
      subject: Strings,
    }),
  ),
});

// Links point at the public site even when the API base URL is a proxy or a test double.
const SITE = 'https://openlibrary.org';
const COVERS = 'https://covers.openlibrary.org/b/id';
const coverOf = (id: number | undefined) =>
  id && id > 0
    ? { small: `${COVERS}/${id}-S.jpg`, medium: `${COVERS}/${id}-M.jpg`, large: `${COVERS}/${id}-L.jpg` }
    : null;
const idOf = (key: string) => key.split('/').pop() ?? key;
const SUBJECTS_MAX = 10;
const ISBNS_MAX = 10;

@Injectable()
export class OpenLibraryClient {
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: BooksConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.api = createUpstream({
      name: 'open-library',
      baseUrls: [config.BOOKS_OPENLIBRARY_URL],
      timeoutMs: config.BOOKS_OPENLIBRARY_TIMEOUT_MS,
      userAgent: config.BOOKS_USER_AGENT,
      governor: { ratePerSecond: config.BOOKS_OPENLIBRARY_RATE_PER_SECOND, burst: 3 },
      log: upstreamLog(logger),
    });
  }

  // Editions for many ISBN-13s in one Books API request; an ISBN Open Library does not know is absent.
  async editions(isbn13s: string[], deadline: number): Promise<Map<string, SourceBook>> {
    const found = await this.api.getJson(
      '/api/books',
      { bibkeys: isbn13s.map((i) => `ISBN:${i}`).join(','), format: 'json', jscmd: 'details' },
      BooksApi,
      { deadline },
    );
    const out = new Map<string, SourceBook>();
    for (const isbn of isbn13s) {
      const hit = found[`ISBN:${isbn}`];
      if (hit) out.set(isbn, this.edition(hit.details));
    }
    return out;
  }

  async search(terms: SearchTerms, deadline: number): Promise<SearchPage> {
    const { q, title, author, subject, limit } = terms;
    const found = await this.api.getJson(
      '/search.json',
      { q, title, author, subject, limit, fields: SEARCH_FIELDS },
      SearchResult,
      { deadline },
    );
    return {
      total: found.numFound,
      hits: found.docs.map((d) => ({
        title: d.title,
        subtitle: d.subtitle ?? null,
        authors: d.author_name ?? [],
        first_publish_year: d.first_publish_year ?? null,
        edition_count: d.edition_count ?? null,
        isbns: isbnList(d.isbn ?? [], ISBNS_MAX),
        languages: d.language ?? [],
        subjects: (d.subject ?? []).slice(0, SUBJECTS_MAX),
        cover: coverOf(d.cover_i),
        work: { id: idOf(d.key), url: `${SITE}${d.key}` },
        link: `${SITE}${d.key}`,
      })),
    };
  }

  private edition(e: z.infer<typeof Edition>): SourceBook {
    const work = e.works?.[0];
    return {
      source: 'open-library',
      title: e.title ?? null,
      subtitle: e.subtitle ?? null,
      authors: (e.authors ?? []).flatMap((a) => (a.name ? [{ name: a.name, id: idOf(a.key) }] : [])),
      publishers: e.publishers ?? [],
      publish_date: e.publish_date ?? null,
      pages: e.number_of_pages && e.number_of_pages > 0 ? e.number_of_pages : null,
      languages: (e.languages ?? []).map((l) => idOf(l.key)),
      subjects: e.subjects ?? [],
      description:
        e.description === undefined ? null : typeof e.description === 'string' ? e.description : e.description.value,
      cover: coverOf(e.covers?.find((c) => c > 0)),
      identifiers: {
        isbn_10: e.isbn_10 ?? [],
        isbn_13: e.isbn_13 ?? [],
        oclc: e.oclc_numbers ?? [],
        lccn: e.lccn ?? [],
        openlibrary: idOf(e.key),
        google_books: null,
      },
      work: work ? { id: idOf(work.key), url: `${SITE}${work.key}` } : null,
      link: `${SITE}${e.key}`,
    };
  }
}
