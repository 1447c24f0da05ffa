// Hacker News Search by Algolia: https://hn.algolia.com/api (docs/upstreams.md §11). Keyless.
// Terms: HN and Algolia API terms; the content is the tech community's picks, in English, so it is only a
// labelled fallback for general news (disable with NEWS_HN_ENABLED=false). Quota: about 10,000 requests/hour per IP.
// Odd shapes: Ask/Show HN stories have `url: null` (we link the HN discussion instead); `points` can be null.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { NewsConfig } from '../config';
import type { Article } from '../news.schemas';

const Hits = z.object({
  hits: z.array(
    z.object({
      objectID: z.string(),
      title: z.string().nullable(),
      url: z.string().nullable().optional(),
      points: z.number().nullable().optional(),
      created_at_i: z.number(),
    }),
  ),
});
type Hit = z.infer<typeof Hits>['hits'][number];

export interface TopStory {
  title: string;
  url: string;
  points: number;
}

const linkOf = (h: Hit) => h.url || `https://news.ycombinator.com/item?id=${h.objectID}`;
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'news.ycombinator.com';
  }
};
const since = (days: number) => `created_at_i>${Math.floor(Date.now() / 1000) - days * 86_400}`;

@Injectable()
export class HnAlgoliaClient {
  private readonly api: Upstream;

  constructor(
    @Inject(APP_CONFIG) private readonly config: NewsConfig,
    @Inject(JsonLogger) logger: JsonLogger,
  ) {
    this.api = createUpstream({
      name: 'hn-algolia',
      baseUrls: [config.NEWS_HN_URL],
      timeoutMs: config.NEWS_HN_TIMEOUT_MS,
      userAgent: config.NEWS_USER_AGENT,
      log: upstreamLog(logger),
    });
  }

  get enabled() {
    return this.config.NEWS_HN_ENABLED;
  }

  // Stories matching q in the last `days`, newest first.
  async stories(q: string, days: number, max: number, deadline: number): Promise<Article[]> {
    const { hits } = await this.api.getJson(
      'search_by_date',
      { query: q, tags: 'story', numericFilters: since(days), hitsPerPage: max },
      Hits,
      { deadline },
    );
    return hits
      .filter((h) => h.title)
      .map((h) => ({
        title: h.title!,
        url: linkOf(h),
        domain: hostOf(linkOf(h)),
        published_at: new Date(h.created_at_i * 1000).toISOString(),
        language: null,
        source_country: null,
        image: null,
      }));
  }

  // The most upvoted stories posted in the last `days`.
  async top(days: number, max: number, deadline: number): Promise<TopStory[]> {
    const { hits } = await this.api.getJson(
      'search',
      { tags: 'story', numericFilters: since(days), hitsPerPage: max },
      Hits,
      { deadline },
    );
    return hits
      .filter((h) => h.title)
      .map((h) => ({ title: h.title!, url: linkOf(h), points: h.points ?? 0 }))
      .sort((a, b) => b.points - a.points);
  }
}
