export interface Bucket {
  rate: number; // tokens per second
  burst: number; // bucket size
}

export interface Decision {
  allowed: boolean;
  retryAfterMs: number; // until the next token, when refused
}

// One atomic take from a bucket in Redis, in one round trip (EVALSHA): refill by the time elapsed on Redis's clock
// (the same for every replica), take a token if there is one, and let an idle bucket expire once it would be full
// again. Returns {allowed 0|1, ms until the next token}.
export const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
if now > at then tokens = math.min(burst, tokens + (now - at) * rate / 1000) end
local allowed = 0
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  wait = math.ceil((1 - tokens) * 1000 / rate)
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'at', tostring(math.max(now, at)))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return {allowed, wait}
`;

// The same buckets in this process: the fallback when Redis is unset or unreachable. Bounded: past MAX_KEYS, buckets
// that have refilled are dropped (they are indistinguishable from new ones), then the oldest.
const MAX_KEYS = 100_000;

export class LocalBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number; full: number }>();

  take(key: string, { rate, burst }: Bucket, now = Date.now()): Decision {
    const b = this.buckets.get(key) ?? { tokens: burst, at: now, full: now };
    const tokens = Math.min(burst, b.tokens + (Math.max(0, now - b.at) * rate) / 1000);
    const allowed = tokens >= 1;
    const left = allowed ? tokens - 1 : tokens;
    this.buckets.delete(key); // re-inserted last: Map order is then least recently used first
    this.buckets.set(key, { tokens: left, at: Math.max(now, b.at), full: now + ((burst - left) * 1000) / rate });
    if (this.buckets.size > MAX_KEYS) this.prune(now);
    return { allowed, retryAfterMs: allowed ? 0 : Math.ceil(((1 - tokens) * 1000) / rate) };
  }

  private prune(now: number) {
    for (const [key, b] of this.buckets) if (b.full <= now) this.buckets.delete(key);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= MAX_KEYS * 0.9) break;
      this.buckets.delete(key);
    }
  }
}

// Clients a shared bucket refused, until their next token: their requests are refused here without asking Redis
// again, so a flood costs one Redis round trip per token, not per request. Exact, since nothing adds tokens sooner.
export class RefusedUntil {
  private readonly until = new Map<string, number>();

  remainingMs(key: string, now = Date.now()): number {
    const at = this.until.get(key);
    if (at === undefined) return 0;
    if (at > now) return at - now;
    this.until.delete(key);
    return 0;
  }

  refuse(key: string, ms: number, now = Date.now()) {
    if (this.until.size >= MAX_KEYS) for (const [k, at] of this.until) if (at <= now) this.until.delete(k);
    if (this.until.size < MAX_KEYS) this.until.set(key, now + ms);
  }
}
