import { TollError } from '@toll/contracts';
import { z } from 'zod';
import type { Cached } from './cache';

export type SourceState = 'ok' | 'failing' | 'unknown' | 'disabled';

// How a group's health route shows one of its sources: what it is, its terms, and SourceStatus's report.
export const sourceHealth = <N extends z.ZodType>(name: N) =>
  z.object({
    name,
    role: z.string(),
    enabled: z.boolean(),
    licence: z.string(),
    terms: z.string(),
    state: z.enum(['ok', 'failing', 'unknown', 'disabled']).describe('Outcome of the latest call'),
    last_ok_at: z.string().nullable(),
    last_error_at: z.string().nullable(),
    last_error: z.string().nullable(),
  });

// How a group's health route shows its UpstreamCache: entries, then the cache's own counters (`stats`). Groups
// with more to say extend it (`cacheHealth.extend({ rounding: z.string() })`).
export const cacheHealth = z.object({
  entries: z.number().int(),
  hits: z.number().int(),
  misses: z.number().int(),
  stale: z.number().int(),
  errors: z.number().int(),
});

// A provider's latest outcome, as the groups that track it per provider report it on their health route.
export const lastOutcome = {
  last_success_at: z.string().nullable(),
  last_failure: z.object({ at: z.string(), code: z.string(), message: z.string() }).nullable(),
};

// One provider on those health routes: where it is, its licence and terms, its latest outcome.
export const providerHealth = z.object({
  id: z.string(),
  base_url: z.string(),
  license: z.string(),
  terms: z.string(),
  ...lastOutcome,
});

// Whether a provider's latest recorded outcome is a failure (a health route's "degraded").
export const failedLast = (o: { last_success_at: string | null; last_failure: { at: string } | null }): boolean =>
  o.last_failure !== null && (o.last_success_at === null || o.last_failure.at > o.last_success_at);

interface ProviderOutcome {
  success: string | null;
  failure: { at: string; code: string; message: string } | null;
  failing: boolean;
}

// Last success and last failure per provider, for the health routes that show lastOutcome: the group is degraded
// while a provider's latest call failed. An error that is no TollError is not the provider's doing and leaves its
// record as it was; of the TollErrors, `countsAsFailure` says which are failures (by default all but NOT_FOUND,
// which is an answer).
export class ProviderOutcomes<N extends string = string> {
  private readonly outcomes = new Map<N, ProviderOutcome>();

  constructor(
    private readonly now: () => number,
    private readonly countsAsFailure: (e: TollError) => boolean = (e) => e.code !== 'NOT_FOUND',
  ) {}

  async track<T>(provider: N, call: () => Promise<T>): Promise<T> {
    const o = this.outcomes.get(provider) ?? { success: null, failure: null, failing: false };
    this.outcomes.set(provider, o);
    const at = () => new Date(this.now()).toISOString();
    try {
      const value = await call();
      Object.assign(o, { success: at(), failing: false });
      return value;
    } catch (e) {
      if (e instanceof TollError && this.countsAsFailure(e))
        Object.assign(o, { failure: { at: at(), code: e.code, message: e.message }, failing: true });
      throw e;
    }
  }

  get failing(): boolean {
    return [...this.outcomes.values()].some((o) => o.failing);
  }

  isFailing(provider: N): boolean {
    return this.outcomes.get(provider)?.failing ?? false;
  }

  outcome(provider: N): { last_success_at: string | null; last_failure: ProviderOutcome['failure'] } {
    const o = this.outcomes.get(provider);
    return { last_success_at: o?.success ?? null, last_failure: o?.failure ?? null };
  }

  health(id: N, base_url: string, license: string, terms: string): z.infer<typeof providerHealth> {
    return { id, base_url, license, terms, ...this.outcome(id) };
  }
}

export interface SourceReport {
  state: SourceState;
  last_ok_at: string | null;
  last_error_at: string | null;
  last_error: string | null;
}

interface Outcome {
  okAt: number | null;
  errorAt: number | null;
  error: string | null;
}

// The latest outcome of each provider a group calls, for its health route. A provider that answered "no such
// thing" (NOT_FOUND) did answer, so it counts as ok.
export class SourceStatus<N extends string = string> {
  private readonly outcomes = new Map<N, Outcome>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async track<T>(name: N, run: () => Promise<T>): Promise<T> {
    try {
      const value = await run();
      this.ok(name);
      return value;
    } catch (e) {
      if (e instanceof TollError && e.code === 'NOT_FOUND') this.ok(name);
      else this.failed(name, e);
      throw e;
    }
  }

  ok(name: N) {
    this.outcomes.set(name, { ...this.outcomeOf(name), okAt: this.now() });
  }

  failed(name: N, e: unknown) {
    const error = e instanceof TollError ? `${e.code}: ${e.message}` : String(e);
    this.outcomes.set(name, { ...this.outcomeOf(name), errorAt: this.now(), error });
  }

  report(name: N, enabled = true): SourceReport {
    const o = this.outcomeOf(name);
    const state: SourceState = !enabled
      ? 'disabled'
      : o.okAt === null && o.errorAt === null
        ? 'unknown'
        : (o.errorAt ?? -1) > (o.okAt ?? -1)
          ? 'failing'
          : 'ok';
    const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
    return { state, last_ok_at: iso(o.okAt), last_error_at: iso(o.errorAt), last_error: o.error };
  }

  private outcomeOf(name: N): Outcome {
    return this.outcomes.get(name) ?? { okAt: null, errorAt: null, error: null };
  }
}

// One source's failure, as groups that ask several sources report it.
export interface SourceFailure {
  source: string;
  code: string;
  message: string;
}

export const failureOf = (source: string, e: unknown): SourceFailure =>
  e instanceof TollError
    ? { source, code: e.code, message: e.message }
    : { source, code: 'INTERNAL', message: String(e) };

// Every source failed: UPSTREAM_TIMEOUT only when each failure was one (the caller's deadline is what failed).
export function allSourcesFailed(what: string, failures: SourceFailure[]): TollError {
  const code =
    failures.length && failures.every((f) => f.code === 'UPSTREAM_TIMEOUT') ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR';
  return new TollError(code, `${what}: ${failures.map((f) => `${f.source}: ${f.message}`).join('; ')}`, {
    upstreams: failures,
  });
}

// No source could answer the question: some failed, and the others found nothing, which from them alone is not
// "there is none" (the failed source may have it). Uncharged like any upstream failure, naming every source tried,
// those that did answer first (the failover an agent would otherwise assume was not tried).
export function noSourceCouldAnswer(what: string, failures: SourceFailure[], foundNothing: string[]): TollError {
  const answered = foundNothing.map((source) => ({ source, code: 'NOT_FOUND', message: `${source} found nothing` }));
  const tried = [...answered, ...failures];
  return new TollError(
    failures.every((f) => f.code === 'UPSTREAM_TIMEOUT') ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR',
    `${what}: ${tried.map((f) => `${f.source}: ${f.message}`).join('; ')}`,
    {
      upstreams: tried,
    },
  );
}

// The freshness of an answer built from several cached parts: the oldest fetch dates it, and any stale part
// makes it stale (with that part's reason).
export function combinedFreshness(parts: Array<Cached<unknown>>): {
  as_of: string;
  stale: boolean;
  reason: string | null;
} {
  const asOf = parts.map((p) => p.freshness.fetchedAt).sort()[0] ?? new Date().toISOString();
  const stale = parts.find((p) => p.freshness.stale);
  return { as_of: asOf, stale: !!stale, reason: stale ? (stale.freshness.reason ?? 'refresh failed') : null };
}
