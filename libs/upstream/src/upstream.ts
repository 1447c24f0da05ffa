import { TollError } from '@toll/contracts';
import { SpanKind, span } from '@toll/telemetry';
import type { z } from 'zod';
import { RateGovernor, type Governor, type GovernorOptions } from './governor';
import { redactUrl } from './redact';
import { replayActive, replayFetch } from './replay';
import { upstreamMetrics } from './upstream-metrics';

// Statuses worth another attempt (on the next base URL when there is one):
const RETRYABLE_STATUS = new Set([
  429, // rate limited: another mirror or a later slot may answer
  500, // transient server error
  502, // bad gateway in front of the provider
  503, // overloaded or in maintenance
  504, // the provider's own gateway timed out
]);
// Network failures worth another attempt: the request never reached a working server.
const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
// Time we keep back from the caller's deadline to answer it (50 ms was too little: macro answered up to 30 ms late).
const DEADLINE_MARGIN_MS = 100;

export interface UpstreamOptions {
  name: string;
  baseUrls: string[];
  timeoutMs: number;
  userAgent: string;
  headers?: Record<string, string>;
  maxAttempts?: number;
  // options build a per-process bucket; a Governor may be shared (SharedRateGovernor)
  governor?: GovernorOptions | Governor;
  fetch?: typeof fetch;
  log?: (event: string, fields: Record<string, unknown>) => void;
}

export interface CallOptions {
  deadline?: number; // epoch ms by which the caller must have its answer
  headers?: Record<string, string>;
  // Non-2xx statuses whose body is an answer to parse, not a failure (e.g. a venue's 400 "unknown symbol").
  answerStatuses?: number[];
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface Upstream {
  readonly name: string;
  getJson<S extends z.ZodType>(path: string, query: Query, schema: S, options?: CallOptions): Promise<z.infer<S>>;
  getText(path: string, query: Query, options?: CallOptions): Promise<string>;
  getBytes(path: string, query: Query, options?: CallOptions): Promise<Buffer>; // a binary body (a ZIP file)
  // JSON body in, JSON out (JSON-RPC-like node APIs); retried like a GET, so only for calls without side effects.
  postJson<S extends z.ZodType>(path: string, body: unknown, schema: S, options?: CallOptions): Promise<z.infer<S>>;
}

// As Response.text() does: UTF-8, a leading byte-order mark dropped, invalid bytes replaced.
const decode = (bytes: Buffer) => new TextDecoder().decode(bytes);

const errorCode = (e: unknown): string | undefined =>
  (e as { cause?: { code?: string } })?.cause?.code ?? (e as { code?: string })?.code;

// The one wrapper for every external HTTP call: deadline-bounded timeouts, retries only on the listed
// failures, failover across base URLs, schema-checked bodies, a rate governor, redacted logs.
export function createUpstream(options: UpstreamOptions): Upstream {
  // Chosen per call, so replay mode switched on at start-up applies to clients created before it.
  const doFetch = (url: URL, init: RequestInit) => (options.fetch ?? (replayActive() ? replayFetch : fetch))(url, init);
  const governor =
    options.governor && 'take' in options.governor
      ? options.governor
      : options.governor
        ? new RateGovernor(options.governor)
        : undefined;
  const maxAttempts = options.maxAttempts ?? Math.max(2, options.baseUrls.length);
  const log = options.log ?? (() => undefined);

  async function request(
    path: string,
    query: Query,
    call: CallOptions,
    body?: string,
  ): Promise<{ bytes: Buffer; url: string }> {
    const deadline = call.deadline ?? Date.now() + options.timeoutMs;
    let lastError: TollError | undefined;
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const base = options.baseUrls[attempt % options.baseUrls.length];
      const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
      for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
      // The governor may make us wait, so the attempt's budget is what is left after it. A replayed call reaches no
      // provider, so no provider's rate limit applies to it (a demo on recordings would otherwise queue for nothing).
      if (governor && !(replayActive() && !options.fetch))
        await governor.take(deadline - DEADLINE_MARGIN_MS, options.name);
      const budget = Math.min(options.timeoutMs, deadline - Date.now() - DEADLINE_MARGIN_MS);
      if (budget <= 0)
        throw (
          lastError ??
          new TollError('UPSTREAM_TIMEOUT', `${options.name}: no time left before the deadline`, {
            upstream: options.name,
          })
        );
      const started = Date.now();
      const timer = upstreamMetrics()?.duration.startTimer({ provider: options.name });
      let res: Response;
      let bytes: Buffer;
      try {
        [res, bytes] = await span(
          `upstream ${options.name}`,
          SpanKind.CLIENT,
          { 'toll.upstream': options.name, 'http.request.method': body === undefined ? 'GET' : 'POST', attempt },
          async (s) => {
            const r = await doFetch(url, {
              ...(body === undefined ? {} : { method: 'POST', body }),
              headers: {
                'user-agent': options.userAgent,
                accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                ...options.headers,
                ...call.headers,
              },
              signal: AbortSignal.timeout(Math.max(1, budget)),
            });
            s?.setAttribute('http.response.status_code', r.status);
            return [r, Buffer.from(await r.arrayBuffer())] as const;
          },
        );
        timer?.({ outcome: `${Math.floor(res.status / 100)}xx` });
      } catch (e) {
        const timedOut = (e as Error)?.name === 'TimeoutError' || (e as Error)?.name === 'AbortError';
        timer?.({ outcome: timedOut ? 'timeout' : 'network' });
        log('upstream failure', {
          upstream: options.name,
          url: redactUrl(url),
          error: timedOut ? 'timeout' : (errorCode(e) ?? String(e)),
          ms: Date.now() - started,
        });
        lastError = timedOut
          ? new TollError('UPSTREAM_TIMEOUT', `${options.name} did not answer in ${budget} ms`, {
              upstream: options.name,
            })
          : new TollError('UPSTREAM_ERROR', `${options.name} unreachable`, {
              upstream: options.name,
              cause: errorCode(e) ?? 'network',
            });
        if (timedOut || RETRYABLE_CODES.has(errorCode(e) ?? '')) continue;
        throw lastError;
      }
      log('upstream call', {
        upstream: options.name,
        url: redactUrl(url),
        status: res.status,
        ms: Date.now() - started,
      });
      if (res.ok || call.answerStatuses?.includes(res.status)) return { bytes, url: redactUrl(url) };
      lastError = new TollError('UPSTREAM_ERROR', `${options.name} answered HTTP ${res.status}`, {
        upstream: options.name,
        status: res.status,
      });
      if (!RETRYABLE_STATUS.has(res.status)) throw lastError;
    }
    throw lastError ?? new TollError('UPSTREAM_ERROR', `${options.name} failed`, { upstream: options.name });
  }

  return {
    name: options.name,
    async getText(path, query, call = {}) {
      return decode((await request(path, query, call)).bytes);
    },
    async getBytes(path, query, call = {}) {
      return (await request(path, query, call)).bytes;
    },
    async getJson(path, query, schema, call = {}) {
      return parseJson(decode((await request(path, query, call)).bytes), schema);
    },
    async postJson(path, payload, schema, call = {}) {
      return parseJson(decode((await request(path, {}, call, JSON.stringify(payload))).bytes), schema);
    },
  };

  function parseJson<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // A 200 with an HTML or plain-text error page is an upstream error, not data.
      throw new TollError('UPSTREAM_ERROR', `${options.name} answered with a body that is not JSON`, {
        upstream: options.name,
        sample: text.slice(0, 120),
      });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new TollError('UPSTREAM_ERROR', `${options.name} answered with an unexpected shape`, {
        upstream: options.name,
        issues: parsed.error.issues
          .slice(0, 5)
          .map((i) => ({ field: i.path.join('.') || '(root)', message: i.message })),
      });
    }
    return parsed.data;
  }
}
