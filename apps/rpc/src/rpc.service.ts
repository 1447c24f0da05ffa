import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, GroupHealth, jsonTextReply, type TollResponse } from '@toll/platform';
import type { RpcConfig } from './config';
import { errorAnswer, requestText, responseText, splitAnswers, type RawAnswer } from './json-rpc-text';
import { METHODS, cacheDecision, type Ttl } from './methods';
import { RpcCache, cacheKey } from './rpc-cache';
import type * as S from './rpc.schemas';
import { signatureOf } from './transaction-signature';
import { UpstreamPool, type Answered } from './upstream-pool';

// JSON-RPC errors that describe the node that answered, not the request: another upstream may succeed.
// -32004 block not available, -32005 node behind, -32011 history not on this node, -32014 block status
// not yet available, -32016 minContextSlot not reached.
const NODE_SPECIFIC_ERRORS = new Set([-32004, -32005, -32011, -32014, -32016]);
// JSON-RPC "internal error": used inside a batch for an item no upstream answered.
const INTERNAL_ERROR = -32603;

type CacheStatus = 'hit' | 'miss' | 'stale' | 'bypass';

interface Outcome {
  answer?: RawAnswer;
  failure?: TollError; // no upstream answered and nothing usable was cached
  cache: CacheStatus;
  upstream: string | null;
  fetchedAt?: number; // for answers from the cache
  staleReason?: string;
}

interface PendingRead {
  request: S.RpcRequest;
  key?: string; // set when the answer may be cached
  ttl?: Ttl;
  previous?: { answer: RawAnswer; upstream: string }; // a node-specific error, kept in case no other node answers
  resolve: (outcome: Outcome) => void;
}

const headerText = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
const answerOf = (answers: Map<unknown, RawAnswer>, id: number, single: boolean) =>
  (single ? [...answers.values()][0] : answers.get(id)) ??
  answers.get(null) ??
  errorAnswer(INTERNAL_ERROR, 'the upstream sent no answer for this request');

@Injectable()
export class RpcService implements OnModuleInit, OnApplicationShutdown {
  private readonly inflight = new Map<string, Promise<Outcome>>();

  constructor(
    private readonly pool: UpstreamPool,
    private readonly cache: RpcCache,
    private readonly groupHealth: GroupHealth,
    @Inject(APP_CONFIG) private readonly config: RpcConfig,
  ) {}

  onModuleInit() {
    this.pool.startProbing(this.config.RPC_HEALTH_INTERVAL_MS);
  }

  onApplicationShutdown() {
    this.pool.stop();
  }

  // One request or a batch, answered as JSON-RPC text with cache and upstream headers.
  async call(requests: S.RpcRequest[], batch: boolean, deadline: number): Promise<TollResponse> {
    const outcomes = await this.resolveAll(requests, deadline);
    // Nothing answered at all: an error (and the caller is not charged), not a 200 full of errors.
    const failed = outcomes.find((o) => o.failure);
    if (failed && outcomes.every((o) => o.failure)) throw failed.failure;
    const parts = outcomes.map((o, i) => responseText(requests[i].id, o.answer ?? this.asJsonRpcError(o.failure!)));
    return jsonTextReply(batch ? `[${parts.join(',')}]` : parts[0], this.headersOf(outcomes));
  }

  private resolveAll(requests: S.RpcRequest[], deadline: number): Promise<Outcome[]> {
    const reads: PendingRead[] = [];
    const queue = (request: S.RpcRequest, key?: string, ttl?: Ttl) =>
      new Promise<Outcome>((resolve) => reads.push({ request, key, ttl, resolve }));
    const outcomes = requests.map((request): Promise<Outcome> => {
      if (METHODS[request.method].write) return this.write(request, deadline);
      const decision = cacheDecision(request.method, request.params ?? [], this.config.RPC_CACHE_TTL_OVERRIDES);
      if (!decision.cacheable) {
        this.cache.stats.bypass++;
        return queue(request);
      }
      const key = cacheKey(request.method, request.params);
      const hit = this.cache.fresh(key);
      if (hit) {
        this.cache.stats.hits++;
        return Promise.resolve({
          answer: { result: hit.result },
          cache: 'hit',
          upstream: hit.upstream,
          fetchedAt: hit.fetchedAt,
        });
      }
      const running = this.inflight.get(key);
      if (running) {
        this.cache.stats.coalesced++;
        return running;
      }
      this.cache.stats.misses++;
      const pending = queue(request, key, decision.ttl);
      this.inflight.set(key, pending);
      void pending.finally(() => this.inflight.delete(key));
      return pending;
    });
    const size = this.config.RPC_UPSTREAM_BATCH_MAX;
    for (let i = 0; i < reads.length; i += size) void this.fetchReads(reads.slice(i, i + size), deadline);
    return Promise.all(outcomes);
  }

  // Cache misses and uncacheable reads, as one upstream request (a batch when there are several). Items that
  // got a node-specific error are asked again of another upstream while one is left and time remains.
  private async fetchReads(items: PendingRead[], deadline: number) {
    const asked = new Set<string>();
    let pending = items;
    while (pending.length) {
      const single = pending.length === 1;
      const texts = pending.map((p, i) => requestText(i, p.request.method, p.request.params));
      let answered: Answered<Map<unknown, RawAnswer>>;
      try {
        answered = await this.pool.read(single ? texts[0] : `[${texts.join(',')}]`, deadline, splitAnswers, asked);
      } catch (e) {
        for (const p of pending)
          p.resolve(p.previous ? this.answered(p, p.previous.answer, p.previous.upstream) : this.unanswered(p, e));
        return;
      }
      asked.add(answered.upstream);
      const retry: PendingRead[] = [];
      pending.forEach((p, i) => {
        const answer = answerOf(answered.value, i, single);
        const another = asked.size < this.pool.nodes.length && deadline > Date.now();
        if (answer.errorCode !== undefined && NODE_SPECIFIC_ERRORS.has(answer.errorCode) && another) {
          retry.push({ ...p, previous: { answer, upstream: answered.upstream } });
        } else {
          p.resolve(this.answered(p, answer, answered.upstream));
        }
      });
      pending = retry;
    }
  }

  private answered(p: PendingRead, answer: RawAnswer, upstream: string): Outcome {
    // Errors and null results (a transaction not landed yet, a missing block) are never kept.
    if (p.key && p.ttl && answer.result !== undefined && answer.result !== 'null')
      this.cache.store(p.key, { result: answer.result, upstream, fetchedAt: Date.now() }, p.ttl);
    return { answer, cache: p.key ? 'miss' : 'bypass', upstream };
  }

  private unanswered(p: PendingRead, e: unknown): Outcome {
    const failure = e instanceof TollError ? e : new TollError('UPSTREAM_ERROR', 'upstream call failed');
    const stale = p.key ? this.cache.stale(p.key) : undefined;
    if (!stale) return { failure, cache: p.key ? 'miss' : 'bypass', upstream: null };
    this.cache.stats.stale++;
    return {
      answer: { result: stale.result },
      cache: 'stale',
      upstream: stale.upstream,
      fetchedAt: stale.fetchedAt,
      staleReason: `${failure.code}: ${failure.message}`,
    };
  }

  private async write(request: S.RpcRequest, deadline: number): Promise<Outcome> {
    this.cache.stats.bypass++;
    try {
      const { value, upstream } = await this.pool.write(
        requestText(0, request.method, request.params),
        deadline,
        splitAnswers,
      );
      return { answer: answerOf(value, 0, true), cache: 'bypass', upstream };
    } catch (e) {
      if (!(e instanceof TollError)) throw e;
      // The signature lets the caller check getSignatureStatuses before deciding to send again.
      const signature = signatureOf(request.params);
      return {
        failure: signature ? new TollError(e.code, e.message, { ...e.details, signature }) : e,
        cache: 'bypass',
        upstream: null,
      };
    }
  }

  private asJsonRpcError(failure: TollError): RawAnswer {
    return errorAnswer(INTERNAL_ERROR, `${failure.code}: ${failure.message}`, {
      code: failure.code,
      ...failure.details,
    });
  }

  private headersOf(outcomes: Outcome[]): Record<string, string> {
    const headers: Record<string, string> = {
      'x-toll-cache': outcomes.map((o) => o.cache).join(','),
      'x-toll-upstream': outcomes.map((o) => o.upstream ?? 'none').join(','),
    };
    const now = Date.now();
    if (outcomes.some((o) => o.fetchedAt !== undefined))
      headers['x-toll-cache-age-ms'] = outcomes
        .map((o) => (o.fetchedAt === undefined ? '-' : String(now - o.fetchedAt)))
        .join(',');
    const stale = outcomes.filter((o) => o.cache === 'stale');
    if (stale.length) {
      headers['x-toll-stale'] = 'true';
      headers['x-toll-as-of'] = new Date(Math.min(...stale.map((o) => o.fetchedAt!))).toISOString();
      headers['x-toll-stale-reason'] = headerText(stale[0].staleReason!);
    }
    return headers;
  }

  upstreams(): S.GetUpstreamsOutput {
    const { RPC_HEDGE_ENABLED: enabled, RPC_HEDGE_MIN_MS: minMs, RPC_HEDGE_MAX_MS: maxMs } = this.config;
    return {
      upstreams: this.pool.ordered().map((n) => this.pool.snapshot(n)),
      hedging: { enabled, min_ms: minMs, max_ms: maxMs },
      probe_interval_ms: this.config.RPC_HEALTH_INTERVAL_MS,
    };
  }

  health(): S.HealthOutput {
    const upstreams = this.pool.nodes.map((n) => this.pool.snapshot(n));
    const { hits, misses, bypass, stale, coalesced } = this.cache.stats;
    const described = this.groupHealth.describe();
    return {
      ...described,
      // Degraded while any upstream is failing, out of rotation or behind; calls still go to the others.
      status: upstreams.every((u) => u.state === 'up' && u.consecutive_failures === 0) ? 'ok' : 'degraded',
      upstreams: upstreams.map(({ name, origin, state, latency_ms, slots_behind }) => ({
        name,
        origin,
        state,
        latency_ms,
        slots_behind,
      })),
      cache: {
        ...this.cache.size,
        max_entries: this.config.RPC_CACHE_MAX_ENTRIES,
        max_bytes: this.config.RPC_CACHE_MAX_BYTES,
        hits,
        misses,
        bypass,
        stale,
        coalesced,
        hit_ratio: hits + misses ? Math.round((hits / (hits + misses)) * 1000) / 1000 : null,
      },
    };
  }
}
