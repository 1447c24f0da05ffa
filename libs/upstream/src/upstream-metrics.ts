import { STEP_SECONDS, appMetrics } from '@toll/telemetry';
import { Counter, Histogram } from 'prom-client';

// Per app (libs/telemetry): every attempt of every outside call, and every cache lookup.
export const upstreamMetrics = () =>
  appMetrics('upstream', (registry) => ({
    // provider: the UpstreamOptions name (from code, never from input); outcome: 2xx..5xx, timeout, network.
    duration: new Histogram({
      name: 'toll_upstream_request_duration_seconds',
      help: 'Attempts of outside HTTP calls by provider and outcome',
      labelNames: ['provider', 'outcome'] as const,
      buckets: [...STEP_SECONDS, 10, 30],
      registers: [registry],
    }),
    // result: hit (fresh), miss (loaded), stale (served stale after a failed refresh), error (nothing to serve).
    cache: new Counter({
      name: 'toll_cache_requests_total',
      help: 'Cache lookups by result',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
  }));
