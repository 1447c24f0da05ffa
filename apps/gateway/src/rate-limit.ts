import { TollError } from '@toll/contracts';
import type { JsonLogger } from '@toll/platform';
import type { Telemetry } from '@toll/telemetry';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import Redis from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
import { clientKeyOf } from './client-address';
import type { GatewayConfig } from './config';
import { RateClassifier, type RateClass } from './rate-classes';
import type { RouteTable } from './route-table';
import { LocalBuckets, RefusedUntil, TAKE_SCRIPT, type Bucket, type Decision } from './token-bucket';

// After a Redis failure, this replica decides alone for this long before asking Redis again (a reconnect ends it
// sooner), so a slow Redis costs one timeout a second, not one per request.
const REDIS_RETRY_MS = 1_000;
const CONNECT_WAIT_MS = 2_000;
// A Redis at the edge of its timeout flips a replica between shared and local buckets every second or so: the log
// says so at most once a minute, with the number of changes it did not report (the gauge follows every change).
const LOG_EVERY_MS = 60_000;

type DecidedBy = 'redis' | 'local' | 'cache';
type RedisWithTake = Redis & { tollTake(key: string, rate: number, burst: number): Promise<[number, number]> };

const rateLimitMetrics = (telemetry: Telemetry) =>
  telemetry.metrics('gateway-rate-limit', (registry: Registry) => ({
    limited: new Counter({
      name: 'toll_gateway_rate_limited_total',
      help:
        'Requests refused with 429 by route class and what decided: redis (the shared bucket), cache (a client ' +
        'Redis refused, until its next token), local (this replica alone: Redis unset, down or slow)',
      labelNames: ['class', 'decided_by'] as const,
      registers: [registry],
    }),
    shared: new Gauge({
      name: 'toll_gateway_rate_limit_shared',
      help: '1 while the rate limits are shared through Redis, 0 while this replica keeps its own buckets',
      registers: [registry],
    }),
    redisFailures: new Counter({
      name: 'toll_gateway_rate_limit_redis_failures_total',
      help: 'Rate-limit decisions Redis did not answer in time (timeout) or at all (error)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
  }));

// Per-client token buckets, one per route class and client address, kept in Redis so every replica shares them.
// The limiter never takes the gateway down: when Redis is unset, unreachable or slower than
// GATEWAY_RATE_LIMIT_REDIS_TIMEOUT_MS, this replica decides with its own buckets (each 1/GATEWAY_RATE_LIMIT_REPLICAS of
// the shared one), says so once in the log and in toll_gateway_rate_limit_shared, and goes back to Redis when it
// answers.
export class RateLimiter {
  private readonly local = new LocalBuckets();
  private readonly refused = new RefusedUntil();
  private readonly metrics: ReturnType<typeof rateLimitMetrics>;
  private readonly limits: Record<RateClass, Bucket>;
  private readonly localLimits: Record<RateClass, Bucket>;
  private redis?: RedisWithTake;
  private redisDownUntil = 0;
  private shared?: boolean;
  private why?: string;
  private loggedAt = -Infinity;
  private unlogged = 0;
  private logTimer?: NodeJS.Timeout;

  constructor(
    private readonly config: GatewayConfig,
    private readonly logger: JsonLogger,
    telemetry: Telemetry,
  ) {
    this.metrics = rateLimitMetrics(telemetry);
    this.limits = {
      catalog: config.GATEWAY_RATE_LIMIT_CATALOG,
      discovery: config.GATEWAY_RATE_LIMIT_DISCOVERY,
      challenge: config.GATEWAY_RATE_LIMIT_CHALLENGE,
      mcp: config.GATEWAY_RATE_LIMIT_MCP,
      'free-op': config.GATEWAY_RATE_LIMIT_FREE_OP,
      paid: config.GATEWAY_RATE_LIMIT_PAID,
    };
    const replicas = config.GATEWAY_RATE_LIMIT_REPLICAS;
    this.localLimits = Object.fromEntries(
      Object.entries(this.limits).map(([c, b]) => [
        c,
        { rate: b.rate / replicas, burst: Math.max(1, Math.floor(b.burst / replicas)) },
      ]),
    ) as Record<RateClass, Bucket>;
  }

  bucketOf(rateClass: RateClass): Bucket {
    return this.limits[rateClass];
  }

  // Connects to Redis (waiting for its answer, so the first requests are shared too); never fails for want of Redis,
  // nor waits for it past its first refusal or CONNECT_WAIT_MS.
  async start(): Promise<void> {
    if (!this.config.REDIS_URL) {
      this.setShared(false, 'REDIS_URL is not set');
      return;
    }
    const redis = new Redis(this.config.REDIS_URL, {
      enableOfflineQueue: false, // while disconnected, fail at once (→ local buckets) instead of queueing
      // usable once connected (nothing to load: no persistence); a stalled Redis then times out
      enableReadyCheck: false,
      maxRetriesPerRequest: 0,
      commandTimeout: this.config.GATEWAY_RATE_LIMIT_REDIS_TIMEOUT_MS,
      connectTimeout: 1_000,
      retryStrategy: () => REDIS_RETRY_MS, // reconnect forever, once a second
    }) as RedisWithTake;
    redis.defineCommand('tollTake', { numberOfKeys: 1, lua: TAKE_SCRIPT }); // EVALSHA, EVAL once if Redis lacks it
    // every reconnect attempt: logged on change only
    redis.on('error', (err: Error) => this.setShared(false, err.message));
    redis.on('ready', () => ((this.redisDownUntil = 0), this.setShared(true)));
    this.redis = redis;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CONNECT_WAIT_MS);
      const done = () => (clearTimeout(timer), redis.off('error', done), redis.off('ready', done), resolve());
      redis.once('ready', done);
      redis.once('error', done);
    });
    if (redis.status !== 'ready') this.setShared(false, `Redis not reachable within ${CONNECT_WAIT_MS} ms`);
  }

  async take(rateClass: RateClass, client: string): Promise<Decision & { decidedBy: DecidedBy }> {
    const key = `${this.config.GATEWAY_RATE_LIMIT_KEY_PREFIX}${rateClass}:${client}`;
    const now = Date.now();
    const refusedMs = this.refused.remainingMs(key, now);
    if (refusedMs > 0) return this.counted(rateClass, { allowed: false, retryAfterMs: refusedMs, decidedBy: 'cache' });
    if (this.redis && now >= this.redisDownUntil) {
      const { rate, burst } = this.limits[rateClass];
      try {
        const [allowed, waitMs] = await this.redis.tollTake(key, rate, burst);
        this.setShared(true);
        if (!allowed) this.refused.refuse(key, waitMs);
        return this.counted(rateClass, { allowed: allowed === 1, retryAfterMs: waitMs, decidedBy: 'redis' });
      } catch (err) {
        const reason = /timed out/i.test((err as Error).message) ? 'timeout' : 'error';
        this.metrics?.redisFailures.inc({ reason });
        this.redisDownUntil = Date.now() + REDIS_RETRY_MS;
        this.setShared(false, (err as Error).message);
      }
    }
    return this.counted(rateClass, { ...this.local.take(key, this.localLimits[rateClass]), decidedBy: 'local' });
  }

  async close(): Promise<void> {
    clearTimeout(this.logTimer);
    this.redis?.disconnect();
  }

  private counted<D extends Decision & { decidedBy: DecidedBy }>(rateClass: RateClass, decision: D): D {
    if (!decision.allowed) this.metrics?.limited.inc({ class: rateClass, decided_by: decision.decidedBy });
    return decision;
  }

  // Logged when it changes only, at most once a minute: a Redis outage is one line when it starts and one when it
  // ends; changes in between are counted, and the state they leave is logged when the minute is over.
  private setShared(shared: boolean, why?: string) {
    if (this.shared === shared) return;
    this.shared = shared;
    this.why = why;
    this.metrics?.shared.set(shared ? 1 : 0);
    const wait = this.loggedAt + LOG_EVERY_MS - Date.now();
    if (wait <= 0) return this.logState();
    this.unlogged++;
    this.logTimer ??= setTimeout(() => this.logState(), wait).unref();
  }

  private logState() {
    this.logTimer = undefined;
    const changes = this.unlogged > 1 ? { changes: this.unlogged } : {};
    this.loggedAt = Date.now();
    this.unlogged = 0;
    if (this.shared) this.logger.event('info', 'rate limits shared through Redis', changes);
    else
      this.logger.event(this.config.REDIS_URL ? 'warn' : 'info', 'rate limits kept by this replica alone', {
        why: this.why,
        replicas: this.config.GATEWAY_RATE_LIMIT_REPLICAS, // each local bucket is 1/replicas of the shared one
        ...changes,
      });
  }
}

// Express middleware, after the body parsers: classifies the request, takes a token from its client's bucket for that
// class, and answers 429 with Retry-After when there is none.
export function rateLimit(limiter: RateLimiter, table: RouteTable, config: GatewayConfig): RequestHandler {
  const classifier = new RateClassifier(
    table,
    new Set(config.GATEWAY_RATE_LIMIT_DISCOVERY_OPERATIONS.split(',').filter(Boolean)),
  );
  return (req: Request, res: Response, next: NextFunction) => {
    const rateClass = classifier.classOf(req);
    if (!rateClass) return next();
    limiter
      .take(rateClass, clientKeyOf(req.ip))
      .then(
        (d) => (d.allowed ? next() : tooMany(req, res, rateClass, d.retryAfterMs, limiter.bucketOf(rateClass))),
        next,
      );
  };
}

// 429 in the error table's envelope (an MCP POST gets it as a JSON-RPC error, as the endpoint's other HTTP-level
// refusals), with Retry-After in whole seconds and the IETF draft's RateLimit-Policy and RateLimit headers.
function tooMany(req: Request, res: Response, rateClass: RateClass, retryAfterMs: number, bucket: Bucket) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const error = new TollError(
    'RATE_LIMITED',
    `Too many ${rateClass} requests from this client: retry after ${seconds} s`,
    {
      class: rateClass,
      retry_after_seconds: seconds,
      limit: { per_second: bucket.rate, burst: bucket.burst },
    },
  );
  const envelope = { error: { ...error.toJSON(), request_id: res.locals.requestId as string } };
  res.setHeader('Retry-After', String(seconds));
  res.setHeader(
    'RateLimit-Policy',
    `"${rateClass}";q=${bucket.burst};w=${Math.max(1, Math.ceil(bucket.burst / bucket.rate))}`,
  );
  res.setHeader('RateLimit', `"${rateClass}";r=0;t=${seconds}`);
  res.setHeader('cache-control', 'no-store');
  if (req.path !== '/mcp') return void res.status(429).json(envelope);
  const id = (req.body as { id?: unknown } | undefined)?.id;
  res.status(429).json({
    jsonrpc: '2.0',
    error: { code: -32000, message: error.message, data: envelope.error },
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
  });
}
