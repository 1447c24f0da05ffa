import { BaseConfig } from '@toll/platform';
import { z } from 'zod';

const ms = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export const NewsConfig = BaseConfig.extend({
  // GDELT, Wikimedia and Algolia all throttle or block anonymous or library-default agents (upstreams.md cross-cutting
  // 6).
  NEWS_USER_AGENT: z.string().min(1).max(200).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  NEWS_GDELT_URL: z.url().default('https://api.gdeltproject.org/api/v2'),
  // Spacing of the one GDELT queue: GDELT asks for at most one request every 5 s; 5.5 s keeps clear of it (upstreams.md
  // §11, §16).
  NEWS_GDELT_INTERVAL_MS: ms(1, 600_000, 5_500),
  // Cap on one GDELT request once its queue slot comes up; the caller's deadline can shorten it.
  NEWS_GDELT_TIMEOUT_MS: ms(100, 30_000, 8_000),
  // Trending primary: the Wikimedia feed API (most-read articles); off leaves Hacker News alone for trending.
  NEWS_WIKIMEDIA_ENABLED: z.stringbool().default(true),
  NEWS_WIKIMEDIA_URL: z.url().default('https://en.wikipedia.org/api/rest_v1/feed'),
  NEWS_WIKIMEDIA_TIMEOUT_MS: ms(100, 30_000, 3_000),
  // Fallback for search and trending; off if Algolia's terms stop fitting (it is tech news only either way).
  NEWS_HN_ENABLED: z.stringbool().default(true),
  NEWS_HN_URL: z.url().default('https://hn.algolia.com/api/v1'),
  NEWS_HN_TIMEOUT_MS: ms(100, 30_000, 3_000),
});
export type NewsConfig = z.infer<typeof NewsConfig>;
