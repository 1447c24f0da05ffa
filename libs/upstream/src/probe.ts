import { createUpstream } from './upstream';

// Statuses that still prove the provider is up: any client error but 429 (a 404 at an API's root is an answer).
const ANSWERED = Array.from({ length: 100 }, (_, i) => 400 + i).filter((s) => s !== 429);

export interface HttpProbeOptions {
  name: string;
  url: string; // a cheap address on the provider: its API root or a static document
  userAgent: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

// Resolves when the provider answered by the deadline; rejects with UPSTREAM_ERROR / UPSTREAM_TIMEOUT when it is
// unreachable, too slow, rate-limiting us or failing (5xx). One attempt, no governor: a probe is not a data call.
export type SourceProbe = (deadline: number) => Promise<void>;

export function httpProbe(options: HttpProbeOptions): SourceProbe {
  const upstream = createUpstream({ name: options.name, baseUrls: [options.url], timeoutMs: 60_000, userAgent: options.userAgent, headers: options.headers, maxAttempts: 1, fetch: options.fetch });
  return async (deadline) => {
    await upstream.getText('', {}, { deadline, answerStatuses: ANSWERED });
  };
}
