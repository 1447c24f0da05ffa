import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

export const WikiConfig = BaseConfig.extend({
  // One host serves both the REST (/api/rest_v1, /w/rest.php) and the Action (/w/api.php) APIs.
  WIKI_WIKIPEDIA_URL: z.url().default('https://en.wikipedia.org'),
  // Public article links in answers and attribution (kept apart from the API host, which may be a proxy).
  WIKI_ARTICLE_BASE_URL: z.url().default('https://en.wikipedia.org/wiki/'),
  // Wikimedia answers a library-default User-Agent with 403 and throttles unidentified clients (upstreams.md
  // cross-cutting 4).
  WIKI_USER_AGENT: z.string().min(1).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  // Optional Wikimedia OAuth 2 / personal API token: raises the per-client rate limit.
  WIKI_WIKIMEDIA_TOKEN: sensitive(z.string().min(1).optional()),
  // Our share of Wikimedia's per-client budget (upstreams.md §16: ≤150/min), split between the REST and Action clients.
  WIKI_WIKIMEDIA_RATE_PER_MIN: z.coerce.number().int().min(1).max(5_000).default(150),
  // Cap on a single upstream attempt; the caller's deadline can shorten it further.
  WIKI_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_500),
});
export type WikiConfig = z.infer<typeof WikiConfig>;
