import { canonicalJson } from '@toll/contracts';
import type { Ttl } from './methods';

export interface CachedAnswer {
  result: string; // raw JSON text of `result`
  upstream: string; // who produced it
  fetchedAt: number;
}

interface Entry extends CachedAnswer {
  freshUntil: number;
  keepUntil: number; // fresh, then kept this long for stale service on an outage
  bytes: number;
}

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
  maxEntryBytes: number;
}

// Results by request, least recently used out first, bounded by entries and by bytes. Values are the raw JSON
// text of `result`, so a hit costs no parsing and its size is known exactly.
export class RpcCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  readonly stats = { hits: 0, misses: 0, bypass: 0, stale: 0, coalesced: 0, stored: 0, tooLarge: 0, evicted: 0 };

  constructor(
    private readonly limits: CacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  // A fresh answer, or undefined (an expired entry stays for stale() until its keepUntil).
  fresh(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.freshUntil < this.now()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used
    return entry;
  }

  stale(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    return entry && entry.keepUntil >= this.now() ? entry : undefined;
  }

  store(key: string, answer: CachedAnswer, ttl: Ttl) {
    const bytes = key.length + answer.result.length;
    if (bytes > this.limits.maxEntryBytes) {
      this.stats.tooLarge++;
      return;
    }
    this.remove(key);
    const freshUntil = answer.fetchedAt + ttl.freshMs;
    this.entries.set(key, { ...answer, freshUntil, keepUntil: freshUntil + ttl.staleMs, bytes });
    this.bytes += bytes;
    this.stats.stored++;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
      if (entry.keepUntil >= this.now()) this.stats.evicted++;
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

// Objects with sorted keys, so {"a":1,"b":2} and {"b":2,"a":1} share an entry.
export const cacheKey = (method: string, params: unknown[] | undefined) => `${method}:${canonicalJson(params ?? [])}`;
