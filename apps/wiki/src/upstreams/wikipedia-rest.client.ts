// Wikipedia REST APIs: the page summary (RESTBase, https://en.wikipedia.org/api/rest_v1/#/Page%20content)
// and the core REST title search (https://www.mediawiki.org/wiki/API:REST_API/Reference#Search_titles);
// upstreams.md §12.
// Licence: summaries are CC BY-SA 4.0 (and GFDL) text: attribution and share-alike on reuse.
// Quota: the same 2026 Wikimedia per-client limits as the Action API (≤3 concurrent; identify with a
// User-Agent); summaries are edge-cached, so repeated titles are cheap for Wikimedia too.
// Odd shapes: `type` is "standard", "disambiguation", "mainpage" or "no-extract"; a missing page is HTTP 404
// with a problem body ({type, title, detail, uri}); title search errors are {errorKey, httpCode}.
// The old /page/related endpoint is gone (RESTBase clean-up 2024–25): related pages come from the Action API.
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { WikiConfig } from '../config';
import { wikimediaUpstreamOptions, type PageSummary, type SearchResult } from './wikipedia';

const NAME = 'wikipedia-rest';

const Summary = z.object({
  type: z.string(),
  title: z.string(),
  pageid: z.number().int().optional(),
  description: z.string().optional(),
  extract: z.string(),
  revision: z.string().optional(),
});

const TitleSearch = z.object({ pages: z.array(z.object({ title: z.string() })) });

// Titles travel as path segments with underscores for spaces; "/" must be escaped too ("AC/DC").
const titlePath = (title: string) => encodeURIComponent(title.replace(/ /g, '_'));

const isNotFound = (e: unknown) => e instanceof TollError && e.details?.status === 404;

@Injectable()
export class WikipediaRestClient {
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: WikiConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.api = createUpstream({ name: NAME, ...wikimediaUpstreamOptions(config, logger) });
  }

  // The lead summary, following redirects; null when the page does not exist.
  async summary(title: string, deadline: number): Promise<PageSummary | null> {
    try {
      const page = await this.api.getJson(
        `/api/rest_v1/page/summary/${titlePath(title)}`,
        { redirect: true },
        Summary,
        { deadline },
      );
      return {
        title: page.title,
        pageId: page.pageid ?? null,
        description: page.description ?? null,
        extract: page.extract,
        disambiguation: page.type === 'disambiguation',
        revision: page.revision ?? null,
      };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  // Title prefix search (fallback for the Action API's full-text search); it has no "did you mean".
  async searchTitle(term: string, deadline: number): Promise<SearchResult> {
    const found = await this.api.getJson('/w/rest.php/v1/search/title', { q: term, limit: 1 }, TitleSearch, {
      deadline,
    });
    return { title: found.pages[0]?.title ?? null, suggestion: null };
  }
}
