import { createUpstream } from './upstream';

// Statuses that still prove the provider is up: any client error but 429 (a 404 at an API's root is an answer).
const ANSWERED = Array.from({ length: 100 }, (_, i) => 400 + i).filter((s) => s !== 429);

export interface HttpProbeOptions {
  name: string;
  url: string | readonly string[]; // a cheap address on the provider (its API root); several: up when any answers
  userAgent: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

// Resolves when the provider answered by the deadline; rejects with UPSTREAM_ERROR / UPSTREAM_TIMEOUT when it is
// unreachable, too slow, rate-limiting us or failing (5xx): with several URLs, the last one's failure once none
// answered. One attempt per URL, no governor: a probe is not a data call.
export type SourceProbe = (deadline: number) => Promise<void>;

export function httpProbe(options: HttpProbeOptions): SourceProbe {
  const urls = typeof options.url === 'string' ? [options.url] : [...options.url];
  const upstreams = urls.map((url) =>
    createUpstream({
      name: options.name,
      baseUrls: [url],
      timeoutMs: 60_000,
      userAgent: options.userAgent,
      headers: options.headers,
      maxAttempts: 1,
      fetch: options.fetch,
    }),
  );
  return async (deadline) => {
    let failure: unknown;
    for (const upstream of upstreams) {
      try {
        await upstream.getText('', {}, { deadline, answerStatuses: ANSWERED });
        return;
      } catch (e) {
        failure = e;
      }
    }
    throw failure;
  };
}
