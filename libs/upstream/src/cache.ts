import { TollError } from '@toll/contracts';
import { noteRecording, withRecordingTime } from './replay';
import { upstreamMetrics } from './upstream-metrics';

export interface Freshness {
  source: string;
  fetchedAt: string; // ISO time the value was fetched upstream
  stale: boolean;
  reason?: string; // why a stale value was served
  replayed?: true; // the value is a recording (replay mode), fetchedAt its recording time
}

export interface Cached<T> {
  value: T;
  freshness: Freshness;
}

export interface CachePolicy {
  freshMs: number; // served as fresh for this long
  staleMs: number; // then kept this much longer, served (labelled stale) only when a refresh fails
}

interface Entry<T> {
  value: T;
  source: string;
  fetchedAt: number;
  replayed: boolean;
}

// Fresh/stale cache with single-flight loads per key and a bounded size (oldest entries go first).
export class SwrCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly inflight = new Map<string, Promise<Entry<unknown>>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  readonly stats = { hits: 0, misses: 0, stale: 0, errors: 0 };

  constructor(
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get<T>(
    key: string,
    policy: CachePolicy,
    load: () => Promise<{ value: T; source: string }>,
  ): Promise<Cached<T>> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    const age = entry ? this.now() - entry.fetchedAt : Infinity;
    if (entry && age <= policy.freshMs) {
      this.stats.hits++;
      upstreamMetrics()?.cache.inc({ result: 'hit' });
      return this.view(entry, policy);
    }
    this.stats.misses++;
    try {
      const loaded = this.view((await this.refresh(key, load)) as Entry<T>, policy);
      upstreamMetrics()?.cache.inc({ result: 'miss' });
      return loaded;
    } catch (e) {
      this.stats.errors++;
      if (entry && age <= policy.freshMs + policy.staleMs) {
        this.stats.stale++;
        upstreamMetrics()?.cache.inc({ result: 'stale' });
        const reason = e instanceof TollError ? `${e.code}: ${e.message}` : 'refresh failed';
        return this.view(entry, policy, reason);
      }
      upstreamMetrics()?.cache.inc({ result: 'error' });
      throw e;
    }
  }

  // Feeds (e.g. prices every ~30 min) refresh in the background so callers rarely wait on an upstream.
  keepFresh<T>(
    key: string,
    everyMs: number,
    load: () => Promise<{ value: T; source: string }>,
    onError: (e: unknown) => void,
  ) {
    const tick = () => this.refresh(key, load).catch(onError);
    void tick();
    const timer = setInterval(tick, everyMs);
    timer.unref();
    this.timers.add(timer);
  }

  peek<T>(key: string): Cached<T> | undefined {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    return entry && this.view(entry);
  }

  close() {
    for (const t of this.timers) clearInterval(t);
    this.timers.clear();
  }

  get size() {
    return this.entries.size;
  }

  private refresh<T>(key: string, load: () => Promise<{ value: T; source: string }>): Promise<Entry<T>> {
    const running = this.inflight.get(key);
    if (running) return running as Promise<Entry<T>>;
    const promise = withRecordingTime(load)
      .then(({ value: { value, source }, recordedAt }) => {
        const entry: Entry<T> = {
          value,
          source,
          fetchedAt: recordedAt ?? this.now(),
          replayed: recordedAt !== undefined,
        };
        this.entries.delete(key);
        this.entries.set(key, entry);
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        return entry;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  // stale: a refresh failed (reason given). A recording is judged against the clock like any fetch: older than the
  // operation's fresh window, it is stale however recently it was loaded.
  private view<T>(entry: Entry<T>, policy?: CachePolicy, failure?: string): Cached<T> {
    const fetchedAt = new Date(entry.fetchedAt).toISOString();
    if (!entry.replayed)
      return {
        value: entry.value,
        freshness: {
          source: entry.source,
          fetchedAt,
          stale: failure !== undefined,
          ...(failure ? { reason: failure } : {}),
        },
      };
    noteRecording(entry.fetchedAt);
    const old = policy !== undefined && this.now() - entry.fetchedAt > policy.freshMs;
    const reason =
      failure ??
      (policy && old
        ? `replayed recording from ${fetchedAt}, older than this operation's fresh window ` +
          `(${Math.round(policy.freshMs / 1000)} s)`
        : undefined);
    return {
      value: entry.value,
      freshness: {
        source: entry.source,
        fetchedAt,
        stale: reason !== undefined,
        ...(reason ? { reason } : {}),
        replayed: true,
      },
    };
  }
}
