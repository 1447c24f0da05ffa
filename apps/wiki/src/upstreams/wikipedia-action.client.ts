// Wikipedia Action API (MediaWiki api.php): https://www.mediawiki.org/wiki/API:Query (list=search,
// prop=extracts, generator=links, CirrusSearch morelike:); upstreams.md §12.
// Licence: article text and local short descriptions are CC BY-SA 4.0 (and GFDL): reuse needs attribution
// and share-alike, so every answer carries it. WMF points heavy commercial reuse to Wikimedia Enterprise.
// Quota (2026 global limits): ~10/min unidentified, ~200/min with a descriptive User-Agent, more with a
// token; ≤3 concurrent; a library-default User-Agent gets 403 from the CDN.
// Odd shapes: failures often arrive as HTTP 200 with {"error":{"code","info"}} (readonly, maxlag,
// internal_api_error_*); a query without results has no `query` key at all.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Query, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { WikiConfig } from '../config';
import { wikimediaUpstreamOptions, type LinkedPage, type PageSummary, type SearchResult } from './wikipedia';

const NAME = 'wikipedia-action';
const PATH = '/w/api.php';
// The per-request maximum for ordinary clients: one call sees up to 500 links, which we rank ourselves.
const LINKS_PER_CALL = 'max';
// Similar pages asked of the morelike: search (enough for the largest `limit`).
const MORELIKE_PER_CALL = 50;

const Page = z.object({
  pageid: z.number().int().optional(),
  title: z.string(),
  missing: z.boolean().optional(),
  invalid: z.boolean().optional(),
  description: z.string().optional(),
  length: z.number().int().optional(),
  index: z.number().int().optional(),
  extract: z.string().optional(),
  pageprops: z.object({ disambiguation: z.string().optional() }).optional(),
});
type Page = z.infer<typeof Page>;

const ApiError = z.object({ code: z.string(), info: z.string().optional() });
interface ActionBody<Q> {
  error?: z.infer<typeof ApiError>;
  query?: Q;
}
const actionResponse = <Q extends z.ZodType>(query: Q) =>
  z.object({ error: ApiError.optional(), query: query.optional() });
const SearchResponse = actionResponse(
  z.object({
    searchinfo: z.object({ suggestion: z.string().optional() }).optional(),
    search: z.array(z.object({ title: z.string() })),
  }),
);
const PagesResponse = actionResponse(z.object({ pages: z.array(Page) }));

const existing = (p: Page) => p.pageid !== undefined && !p.missing && !p.invalid;
const linked = (p: Page): LinkedPage => ({ title: p.title, description: p.description ?? null });

@Injectable()
export class WikipediaActionClient {
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: WikiConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.api = createUpstream({ name: NAME, ...wikimediaUpstreamOptions(config, logger) });
  }

  // Full-text search; the top hit is the page a question resolves to.
  async search(term: string, deadline: number): Promise<SearchResult> {
    const query = await this.query(
      { list: 'search', srsearch: term, srlimit: 1, srprop: '', srinfo: 'suggestion' },
      SearchResponse,
      deadline,
    );
    return { title: query?.search[0]?.title ?? null, suggestion: query?.searchinfo?.suggestion ?? null };
  }

  // The intro as plain text (fallback for the REST summary); null when the page does not exist.
  async extract(title: string, deadline: number): Promise<PageSummary | null> {
    const query = await this.query(
      {
        prop: 'extracts|pageprops|description',
        exintro: 1,
        explaintext: 1,
        ppprop: 'disambiguation',
        redirects: 1,
        titles: title,
      },
      PagesResponse,
      deadline,
    );
    const page = query?.pages.find(existing);
    if (!page) return null;
    return {
      title: page.title,
      pageId: page.pageid ?? null,
      description: page.description ?? null,
      // The intro's first paragraph, the same unit the REST summary returns.
      extract: (page.extract ?? '').split('\n').find((line) => line.trim()) ?? '',
      disambiguation: page.pageprops?.disambiguation !== undefined,
      revision: null,
    };
  }

  // Articles the page links to, largest first: links come back alphabetically, and article length is the
  // one documented signal of weight in the same response.
  async links(title: string, limit: number, deadline: number): Promise<LinkedPage[]> {
    const query = await this.query(
      {
        generator: 'links',
        titles: title,
        gplnamespace: 0,
        gpllimit: LINKS_PER_CALL,
        prop: 'description|info',
        redirects: 1,
      },
      PagesResponse,
      deadline,
    );
    const pages = (query?.pages ?? []).filter(existing);
    return pages
      .sort((a, b) => (b.length ?? 0) - (a.length ?? 0) || a.title.localeCompare(b.title))
      .slice(0, limit)
      .map(linked);
  }

  // Pages CirrusSearch finds similar in text, most similar first.
  async moreLike(title: string, limit: number, deadline: number): Promise<LinkedPage[]> {
    const query = await this.query(
      {
        generator: 'search',
        gsrsearch: `morelike:${title}`,
        gsrnamespace: 0,
        gsrlimit: MORELIKE_PER_CALL,
        prop: 'description',
      },
      PagesResponse,
      deadline,
    );
    const pages = (query?.pages ?? []).filter((p) => existing(p) && p.title !== title);
    return pages
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .slice(0, limit)
      .map(linked);
  }

  // An HTTP 200 can still carry {"error": …}: that is a failure (and a reason to fall back), never "no results".
  private async query<Q>(params: Query, schema: z.ZodType<ActionBody<Q>>, deadline: number): Promise<Q | undefined> {
    const body = await this.api.getJson(
      PATH,
      { action: 'query', format: 'json', formatversion: 2, ...params },
      schema,
      { deadline },
    );
    if (body.error) {
      throw new TollError('UPSTREAM_ERROR', `${NAME} answered with an error: ${body.error.code}`, {
        upstream: NAME,
        code: body.error.code,
        info: body.error.info ?? null,
      });
    }
    return body.query;
  }
}
