import type { Listing, RankFactors } from './registry.schemas';

// What one call costs, as an exact fraction of micro-USD (per_block prices rarely divide evenly).
export interface CallPrice {
  micro: bigint;
  per: bigint;
}

const micro = (usd: string): bigint => {
  const [whole, frac = ''] = usd.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6));
};

// free → 0; per_call → usd; per_block → usd / requests; subscription and quote have no per-call price.
export function callPrice(pricing: Listing['pricing']): CallPrice | null {
  if (pricing.model === 'free') return { micro: 0n, per: 1n };
  if (pricing.model === 'per_call' && pricing.usd) return { micro: micro(pricing.usd), per: 1n };
  if (pricing.model === 'per_block' && pricing.usd && pricing.requests)
    return { micro: micro(pricing.usd), per: BigInt(pricing.requests) };
  return null;
}

export const withinCeiling = (price: CallPrice | null, maxUsd: string): boolean =>
  price !== null && price.micro <= micro(maxUsd) * price.per;

// USD with up to 9 decimals, rounded up at the 9th (a price is never shown lower than it is).
export function priceLabel(price: CallPrice): string {
  const nano = (price.micro * 1000n + price.per - 1n) / price.per;
  const whole = nano / 1_000_000_000n;
  const frac = (nano % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

export interface HealthStats {
  probes24h: number;
  okProbes24h: number;
  latencyP50Ms: number | null;
  lastProbeAt: Date;
}

export interface Candidate {
  listing: Listing;
  health: HealthStats | null;
  usage30d: number;
}

type Health = RankFactors['health'];
const HEALTH_ORDER: Record<Health, number> = { up: 3, degraded: 2, unmeasured: 1, down: 0 };
const DAY_MS = 86_400_000;
// Uptime is compared in whole percentage points and latency in 100 ms steps: differences below these are
// measurement noise, and letting them decide would make price and usage irrelevant.
const LATENCY_STEP_MS = 100;

interface Scored {
  c: Candidate;
  health: Health;
  uptime: number | null;
  latency: number | null;
  price: CallPrice | null;
}

function score(c: Candidate, now: number): Scored {
  const fresh = c.health && c.health.probes24h > 0 && now - c.health.lastProbeAt.getTime() < DAY_MS ? c.health : null;
  const uptime = fresh ? fresh.okProbes24h / fresh.probes24h : null;
  const health: Health = uptime === null ? 'unmeasured' : uptime >= 0.95 ? 'up' : uptime >= 0.5 ? 'degraded' : 'down';
  return { c, health, uptime, latency: fresh?.latencyP50Ms ?? null, price: callPrice(c.listing.pricing) };
}

const nullsLast = (
  a: number | bigint | null,
  b: number | bigint | null,
  cmp: (x: number | bigint, y: number | bigint) => number,
) => (a === null && b === null ? 0 : a === null ? 1 : b === null ? -1 : cmp(a, b));
const asc = (x: number | bigint, y: number | bigint) => (x < y ? -1 : x > y ? 1 : 0);

// The ranking order, one named step at a time (spec §4.1: verification, uptime/latency, price, usage).
const STEPS: Array<[NonNullable<RankFactors['ahead_of_next_by']>, (a: Scored, b: Scored) => number]> = [
  ['verified', (a, b) => Number(b.c.listing.verified) - Number(a.c.listing.verified)],
  ['health', (a, b) => HEALTH_ORDER[b.health] - HEALTH_ORDER[a.health]],
  [
    'uptime',
    (a, b) =>
      nullsLast(
        a.uptime === null ? null : Math.floor(a.uptime * 100),
        b.uptime === null ? null : Math.floor(b.uptime * 100),
        (x, y) => asc(y, x),
      ),
  ],
  [
    'latency',
    (a, b) =>
      nullsLast(
        a.latency === null ? null : Math.floor(a.latency / LATENCY_STEP_MS),
        b.latency === null ? null : Math.floor(b.latency / LATENCY_STEP_MS),
        asc,
      ),
  ],
  [
    'price',
    (a, b) =>
      nullsLast(a.price && a.price.micro * (b.price?.per ?? 1n), b.price && b.price.micro * (a.price?.per ?? 1n), asc),
  ],
  ['usage', (a, b) => b.c.usage30d - a.c.usage30d],
  ['published_at', (a, b) => a.c.listing.published_at.localeCompare(b.c.listing.published_at)],
];

const decidingStep = (a: Scored, b: Scored) => STEPS.find(([, cmp]) => cmp(a, b) !== 0)?.[0] ?? null;

function explain(s: Scored, by: RankFactors['ahead_of_next_by']): string {
  const h = s.c.health;
  const parts = [
    s.c.listing.verified ? 'verified' : 'unverified',
    s.uptime === null || !h
      ? 'no probe in the last 24 h'
      : `${s.health}: ${Math.floor(s.uptime * 100)}% of ${h.probes24h} probes answered in 24 ` +
        `h${s.latency === null ? '' : `, median ${s.latency} ms`}`,
    s.price ? `${priceLabel(s.price)} USD per call` : 'no per-call price',
    `returned by lookups on ${s.c.usage30d} client-days in 30 days`,
  ];
  return `${parts.join('; ')}${by ? `; ranked above the next result by ${by.replace('_', ' ')}` : ''}`;
}

// Ranks lookup results and says, for each, what ranked it.
export function rank(candidates: Candidate[], now = Date.now()): Array<Listing & { rank_factors: RankFactors }> {
  const scored = candidates.map((c) => score(c, now));
  scored.sort((a, b) => {
    for (const [, cmp] of STEPS) {
      const d = cmp(a, b);
      if (d) return d;
    }
    return a.c.listing.id.localeCompare(b.c.listing.id);
  });
  return scored.map((s, i) => {
    const by = i + 1 < scored.length ? decidingStep(s, scored[i + 1]) : null;
    const factors: RankFactors = {
      position: i + 1,
      verified: s.c.listing.verified,
      health: s.health,
      uptime_24h: s.uptime === null ? null : Math.round(s.uptime * 10_000) / 10_000,
      probes_24h: s.uptime === null ? 0 : (s.c.health?.probes24h ?? 0),
      latency_ms_p50: s.latency,
      last_probe_at: s.c.health?.lastProbeAt.toISOString() ?? null,
      price_per_call_usd: s.price ? priceLabel(s.price) : null,
      usage_30d: s.c.usage30d,
      ahead_of_next_by: by,
      explanation: explain(s, by),
    };
    return { ...s.c.listing, rank_factors: factors };
  });
}
