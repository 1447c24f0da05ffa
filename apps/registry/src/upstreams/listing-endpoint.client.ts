// Listing endpoints: any http(s) URL a listing names (community submissions included), probed for
// reachability and latency only. Docs: none — these are strangers' services, so nothing about them is trusted:
// - SSRF: every connection goes through guardedLookup (public unicast addresses only; literal IPs checked
//   first, since sockets skip the lookup for them); redirects are not followed (a 3xx counts as an answer).
// - Terms/quota: at most one probe per listing per REGISTRY_PROBE_INTERVAL_SECONDS across all replicas, a
//   HEAD (GET only when HEAD is refused with 405/501), an identifying User-Agent, the body is never read.
// - Odd answers: x402 endpoints answer 402 and keyed APIs 401/403 without credentials — all count as up;
//   404/410 (wrong or retired URL) and 5xx count as down, as do timeouts and connection errors.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockedTargetError, guardedLookup, resolvePublic, type Resolver } from '@toll/upstream';

export interface ProbeOptions {
  timeoutMs: number; // for the whole probe (HEAD plus any GET)
  userAgent: string;
  allowPrivate: boolean;
  resolver?: Resolver;
}

export interface ProbeResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number | null; // time to response headers
  error: string | null;
}

const DOWN_STATUSES = new Set([404, 410]);

function send(
  url: URL,
  method: 'HEAD' | 'GET',
  options: ProbeOptions,
  deadline: number,
): Promise<{ status: number; latencyMs: number }> {
  const started = performance.now();
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      headers: { 'user-agent': options.userAgent, accept: '*/*' },
      lookup: guardedLookup(options.allowPrivate, options.resolver) as never,
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      agent: false, // a fresh socket per probe: no pooled connection skips the address check
    });
    req.once('response', (res: IncomingMessage) => {
      const latencyMs = Math.round(performance.now() - started);
      res.destroy(); // the status is all we need
      resolve({ status: res.statusCode ?? 0, latencyMs });
    });
    req.once('error', reject);
    req.end();
  });
}

const describe = (e: unknown): string => {
  if (e instanceof BlockedTargetError) return `blocked: ${e.message}`;
  const err = e as { name?: string; code?: string; message?: string };
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return 'timeout';
  return err.code ? `network: ${err.code}` : `network: ${err.message ?? 'error'}`;
};

export async function probeEndpoint(endpointUrl: string, options: ProbeOptions): Promise<ProbeResult> {
  const deadline = Date.now() + options.timeoutMs;
  try {
    const url = new URL(endpointUrl);
    await resolvePublic(url.hostname, options.allowPrivate, options.resolver);
    let answer = await send(url, 'HEAD', options, deadline);
    if (answer.status === 405 || answer.status === 501) answer = await send(url, 'GET', options, deadline);
    const ok = answer.status >= 100 && answer.status < 500 && !DOWN_STATUSES.has(answer.status);
    return { ok, statusCode: answer.status, latencyMs: answer.latencyMs, error: ok ? null : `HTTP ${answer.status}` };
  } catch (e) {
    return { ok: false, statusCode: null, latencyMs: null, error: describe(e).slice(0, 300) };
  }
}
