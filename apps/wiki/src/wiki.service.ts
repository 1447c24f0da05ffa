import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG } from '@toll/platform';
import { SwrCache, type CachePolicy, type Cached } from '@toll/upstream';
import type { WikiConfig } from './config';
import { searchTermOf } from './question';
import { SOURCES, SourceBoard, type SourceName } from './source-board';
import { WikipediaActionClient } from './upstreams/wikipedia-action.client';
import { WikipediaRestClient } from './upstreams/wikipedia-rest.client';
import type { LinkedPage, SearchResult } from './upstreams/wikipedia';
import {
  LICENSE,
  type GetAnswerInput,
  type GetAnswerOutput,
  type HealthOutput,
  type GetRelatedInput,
  type GetRelatedOutput,
} from './wiki.schemas';

const HOUR = 3_600_000;
// Search results, summaries and link lists (upstreams.md §16): content changes slowly and the 2026
// Wikimedia limits are strict, so one fetch serves a day.
const CONTENT_FRESH_MS = 24 * HOUR;
// Kept 7 days more and served, labelled stale, only while every provider fails.
const CONTENT_STALE_MS = 7 * 24 * HOUR;
const CONTENT: CachePolicy = { freshMs: CONTENT_FRESH_MS, staleMs: CONTENT_STALE_MS };
// Search terms, summaries and link lists held in memory (oldest dropped first).
const CACHE_MAX_ENTRIES = 5_000;
// Related articles kept per page: the largest `limit` a caller may ask for.
const RELATED_MAX = 50;
// Meanings offered for a disambiguation page.
const CANDIDATES_MAX = 20;

const sourceOf = (cached: Cached<unknown>) => cached.freshness.source as SourceName;

// The oldest fetch dates the answer; any stale part makes the whole answer stale.
function freshnessOf(parts: Array<Cached<unknown> | null>): GetAnswerOutput['freshness'] {
  const all = parts.filter((p): p is Cached<unknown> => p !== null).map((p) => p.freshness);
  const asOf = all.map((f) => f.fetchedAt).sort()[0];
  const stale = all.find((f) => f.stale);
  return stale ? { stale: true, as_of: asOf, reason: stale.reason ?? 'refresh failed' } : { stale: false, as_of: asOf };
}

// MediaWiki-style article path: underscores for spaces, and the characters it leaves readable.
const articlePath = (title: string) =>
  encodeURIComponent(title.replace(/ /g, '_')).replace(/%(?:2F|3A|40|24|2C|3B)/g, decodeURIComponent);

@Injectable()
export class WikiService {
  // Date.now is read at call time, so the clock a test moves is the clock the cache sees.
  private readonly cache = new SwrCache(CACHE_MAX_ENTRIES, () => Date.now());

  constructor(
    private readonly rest: WikipediaRestClient,
    private readonly action: WikipediaActionClient,
    private readonly board: SourceBoard,
    @Inject(APP_CONFIG) private readonly config: WikiConfig,
  ) {}

  async getAnswer({ q }: GetAnswerInput, deadline: number): Promise<GetAnswerOutput> {
    const { term, title, search } = await this.resolve(q, deadline);
    const summary = await this.cache.get(`summary:${title}`, CONTENT, () =>
      this.board.first([
        { source: SOURCES.summary, run: () => this.rest.summary(title, deadline) },
        { source: SOURCES.extracts, run: () => this.action.extract(title, deadline) },
      ]),
    );
    const page = summary.value;
    if (!page) throw new TollError('NOT_FOUND', `Wikipedia has no page "${title}"`, { q, search_term: term, title });
    const candidates = page.disambiguation ? await this.related(page.title, deadline) : null;
    return {
      query: q,
      search_term: term,
      title: page.title,
      page_id: page.pageId,
      url: this.articleUrl(page.title),
      description: page.description,
      answer: page.extract,
      disambiguation: page.disambiguation,
      candidates: candidates ? this.articles(candidates.value, CANDIDATES_MAX) : [],
      sources: { search: sourceOf(search), answer: sourceOf(summary), candidates: candidates && sourceOf(candidates) },
      attribution: this.attribution(page.title, page.revision),
      freshness: freshnessOf([search, summary, candidates]),
    };
  }

  async getRelated({ q, limit }: GetRelatedInput, deadline: number): Promise<GetRelatedOutput> {
    const { term, title, search } = await this.resolve(q, deadline);
    const related = await this.related(title, deadline);
    const articles = this.articles(related.value, limit);
    return {
      query: q,
      search_term: term,
      title,
      url: this.articleUrl(title),
      relation: sourceOf(related) === SOURCES.links.name ? 'linked' : 'similar',
      articles,
      count: articles.length,
      sources: { search: sourceOf(search), related: sourceOf(related) },
      attribution: this.attribution(title, null),
      freshness: freshnessOf([search, related]),
    };
  }

  health(): Pick<HealthOutput, 'status' | 'upstreams' | 'license' | 'cache'> {
    return {
      status: this.board.degraded ? ('degraded' as const) : ('ok' as const),
      upstreams: this.board.report(),
      license: {
        name: LICENSE.name,
        url: LICENSE.url,
        author: LICENSE.author,
        note:
          'Answers are extracted from English Wikipedia text (CC BY-SA 4.0): every response carries the article ' +
          'title, URL, licence and the changes made; reuse must credit it and share alike.',
      },
      cache: { entries: this.cache.size, ...this.cache.stats, fresh_ms: CONTENT_FRESH_MS, stale_ms: CONTENT_STALE_MS },
    };
  }

  // Question → page title. A miss from the primary full-text search is cached like any answer; the
  // fallback's narrower title search only ever proves a miss for this one call.
  private async resolve(q: string, deadline: number) {
    const term = searchTermOf(q);
    const notFound = (result: SearchResult) =>
      new TollError('NOT_FOUND', `No Wikipedia article matches "${term}"`, {
        q,
        search_term: term,
        suggestion: result.suggestion,
      });
    const search = await this.cache.get(`search:${term.toLowerCase()}`, CONTENT, () =>
      this.board.first([
        { source: SOURCES.search, run: () => this.action.search(term, deadline) },
        {
          source: SOURCES.searchTitle,
          run: async () => {
            const result = await this.rest.searchTitle(term, deadline);
            if (result.title === null) throw notFound(result);
            return result;
          },
        },
      ]),
    );
    if (search.value.title === null) throw notFound(search.value);
    return { term, title: search.value.title, search };
  }

  // Links from the page (primary), or text-similar pages when the link list cannot be had.
  private related(title: string, deadline: number) {
    return this.cache.get(`related:${title}`, CONTENT, () =>
      this.board.first([
        { source: SOURCES.links, run: () => this.action.links(title, RELATED_MAX, deadline) },
        { source: SOURCES.moreLike, run: () => this.action.moreLike(title, RELATED_MAX, deadline) },
      ]),
    );
  }

  private articles(pages: LinkedPage[], limit: number) {
    return pages
      .slice(0, limit)
      .map((p) => ({ title: p.title, description: p.description, url: this.articleUrl(p.title) }));
  }

  private articleUrl(title: string) {
    const base = this.config.WIKI_ARTICLE_BASE_URL;
    return `${base.endsWith('/') ? base : `${base}/`}${articlePath(title)}`;
  }

  private attribution(title: string, revision: string | null) {
    return {
      title,
      url: this.articleUrl(title),
      author: LICENSE.author,
      license: LICENSE.name,
      license_url: LICENSE.url,
      changes: LICENSE.changes,
      revision,
    };
  }
}
