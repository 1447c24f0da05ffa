import { type JsonLogger, upstreamLog } from '@toll/platform';
import type { UpstreamOptions } from '@toll/upstream';
import type { WikiConfig } from '../config';

// What both Wikipedia clients hand the service, whichever API answered.
export interface SearchResult {
  title: string | null; // the page a query resolves to; null when nothing matched
  suggestion: string | null; // the search's "did you mean", when it has one
}

export interface PageSummary {
  title: string;
  pageId: number | null;
  description: string | null;
  extract: string;
  disambiguation: boolean;
  revision: string | null;
}

export interface LinkedPage {
  title: string;
  description: string | null;
}

// Requests per second for one client: the REST and Action clients share one Wikimedia budget half and half.
const SHARE = 0.5;
// Tokens either client may spend at once; Wikimedia asks for ≤3 concurrent requests.
const BURST = 3;

// Settings common to both clients: identified User-Agent, optional token, deadline-bounded timeout, governor.
export const wikimediaUpstreamOptions = (config: WikiConfig, logger: JsonLogger): Omit<UpstreamOptions, 'name'> => ({
  baseUrls: [config.WIKI_WIKIPEDIA_URL],
  timeoutMs: config.WIKI_UPSTREAM_TIMEOUT_MS,
  userAgent: config.WIKI_USER_AGENT,
  headers: config.WIKI_WIKIMEDIA_TOKEN ? { authorization: `Bearer ${config.WIKI_WIKIMEDIA_TOKEN}` } : undefined,
  governor: { ratePerSecond: (config.WIKI_WIKIMEDIA_RATE_PER_MIN / 60) * SHARE, burst: BURST },
  log: upstreamLog(logger),
});
