// Wikimedia featured feed, per wiki: https://en.wikipedia.org/api/rest_v1/feed/featured/YYYY/MM/DD
// (docs/upstreams.md §11). The api.wikimedia.org copy (/feed/v1/wikipedia/en/featured/…) answers the same
// body but that host is deprecated (announced for July 2026), so the per-wiki path is the default. Keyless. Page-view
// counts are CC0; titles are Wikipedia's and descriptions Wikidata's (CC0); we never pass on article extracts (CC BY-SA
// would then bind the caller). Limits (2026): about 200 requests/min per client with an identifying User-Agent, 403 for
// a library-default one (upstreams.md cross-cutting 4); we keep to 150/min, 3 at a time. Odd shapes: the feed for day D
// lists the most-read articles of D-1 (`mostread.date` = "YYYY-MM-DDZ"); early in a UTC day the newest feed can lack
// `mostread`; a date without a feed answers 404 with JSON.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { NewsConfig } from '../config';

const Featured = z.object({
  mostread: z
    .object({
      date: z.string(),
      articles: z.array(
        z.object({
          title: z.string(),
          views: z.number(),
          titles: z.object({ normalized: z.string() }).optional(),
          description: z.string().optional(),
          content_urls: z.object({ desktop: z.object({ page: z.string() }) }).optional(),
        }),
      ),
    })
    .optional(),
});

export interface MostReadArticle {
  title: string;
  url: string;
  views: number;
  description: string | null;
}

export interface MostReadDay {
  date: string; // YYYY-MM-DD the views were counted on
  articles: MostReadArticle[];
}

const pad = (n: number) => String(n).padStart(2, '0');

@Injectable()
export class WikimediaClient {
  private readonly api: Upstream;

  constructor(
    @Inject(APP_CONFIG) private readonly config: NewsConfig,
    @Inject(JsonLogger) logger: JsonLogger,
  ) {
    this.api = createUpstream({
      name: 'wikimedia',
      baseUrls: [config.NEWS_WIKIMEDIA_URL],
      timeoutMs: config.NEWS_WIKIMEDIA_TIMEOUT_MS,
      userAgent: config.NEWS_USER_AGENT,
      governor: { ratePerSecond: 150 / 60, burst: 3 }, // ≤150/min, ≤3 at once (upstreams.md §16)
      log: upstreamLog(logger),
    });
  }

  get enabled() {
    return this.config.NEWS_WIKIMEDIA_ENABLED;
  }

  // The most-read English Wikipedia articles of the day before `feedDay` (UTC), or null when not published yet.
  async mostRead(feedDay: Date, deadline: number): Promise<MostReadDay | null> {
    const path = `featured/${feedDay.getUTCFullYear()}/${pad(feedDay.getUTCMonth() + 1)}/${pad(feedDay.getUTCDate())}`;
    const { mostread } = await this.api.getJson(path, {}, Featured, { deadline });
    if (!mostread) return null;
    return {
      date: mostread.date.slice(0, 10),
      articles: mostread.articles.map((a) => ({
        title: a.titles?.normalized ?? a.title.replace(/_/g, ' '),
        url: a.content_urls?.desktop.page ?? `https://en.wikipedia.org/wiki/${encodeURIComponent(a.title)}`,
        views: a.views,
        description: a.description ?? null,
      })),
    };
  }
}
