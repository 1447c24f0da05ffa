import { callPrice, priceLabel, rank, withinCeiling, type Candidate } from './ranking';
import type { Listing } from './registry.schemas';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const listing = (id: string, over: Partial<Listing> = {}): Listing => ({
  id,
  name: id,
  description: 'd',
  category: 'c',
  endpoint_url: `https://${id}.example/`,
  io_format: { request: 'json', response: 'json' },
  pricing: { model: 'per_call', usd: '0.01' },
  auth_method: 'x402',
  contact: { email: 'a@b.example' },
  capability_tags: ['t'],
  verified: false,
  published_at: '2026-11-01T00:00:00.000Z',
  ...over,
});
const health = (ok: number, of: number, latency: number | null, ageMs = 60_000) => ({
  probes24h: of,
  okProbes24h: ok,
  latencyP50Ms: latency,
  lastProbeAt: new Date(NOW - ageMs),
});
const order = (cs: Candidate[]) => rank(cs, NOW).map((r) => `${r.id}:${r.rank_factors.ahead_of_next_by}`);

describe('price of a listing', () => {
  it('reads a per-call price from each pricing model', () => {
    expect(callPrice({ model: 'free' })).toEqual({ micro: 0n, per: 1n });
    expect(callPrice({ model: 'per_call', usd: '0.005' })).toEqual({ micro: 5_000n, per: 1n });
    expect(callPrice({ model: 'per_block', usd: '1.5', requests: 1000 })).toEqual({ micro: 1_500_000n, per: 1000n });
    expect(callPrice({ model: 'subscription', usd: '9', period: 'month' })).toBeNull();
    expect(callPrice({ model: 'quote' })).toBeNull();
  });

  it('compares with the ceiling exactly, and shows prices rounded up at 9 decimals', () => {
    const third = callPrice({ model: 'per_block', usd: '0.01', requests: 3 })!;
    expect(withinCeiling(third, '0.003333')).toBe(false);
    expect(withinCeiling(third, '0.003334')).toBe(true);
    expect(withinCeiling(null, '1000')).toBe(false);
    expect(priceLabel(third)).toBe('0.003333334');
    expect(priceLabel({ micro: 12_000_000n, per: 1n })).toBe('12');
    expect(priceLabel({ micro: 0n, per: 1n })).toBe('0');
  });
});

describe('ranking', () => {
  it('puts verification first, whatever the measurements', () => {
    expect(
      order([
        { listing: listing('fast'), health: health(10, 10, 20), usage30d: 50 },
        { listing: listing('badge', { verified: true }), health: health(0, 10, null), usage30d: 0 },
      ]),
    ).toEqual(['badge:verified', 'fast:null']);
  });

  it('orders health up > degraded > unmeasured > down, then uptime in whole points', () => {
    const cs: Candidate[] = [
      { listing: listing('down'), health: health(4, 10, 50), usage30d: 0 },
      { listing: listing('never'), health: null, usage30d: 0 },
      // last probe over 24 h ago: unmeasured, tied with "never" down to the id
      { listing: listing('stale'), health: health(10, 10, 50, 25 * 3_600_000), usage30d: 0 },
      { listing: listing('degraded'), health: health(9, 10, 50), usage30d: 0 },
      { listing: listing('up-96'), health: health(96, 100, 50), usage30d: 0 },
      { listing: listing('up-100'), health: health(100, 100, 50), usage30d: 0 },
    ];
    expect(order(cs)).toEqual([
      'up-100:uptime',
      'up-96:health',
      'degraded:health',
      'never:null',
      'stale:health',
      'down:null',
    ]);
  });

  it('compares latency in 100 ms steps, so price and usage still matter', () => {
    const cs: Candidate[] = [
      {
        listing: listing('a', { pricing: { model: 'per_call', usd: '0.002' } }),
        health: health(5, 5, 20),
        usage30d: 9,
      },
      {
        listing: listing('b', { pricing: { model: 'per_call', usd: '0.001' } }),
        health: health(5, 5, 95),
        usage30d: 0,
      },
      {
        listing: listing('c', { pricing: { model: 'per_call', usd: '0.0001' } }),
        health: health(5, 5, 130),
        usage30d: 0,
      },
      {
        listing: listing('d', { pricing: { model: 'per_call', usd: '0.002' } }),
        health: health(5, 5, 60),
        usage30d: 3,
      },
      { listing: listing('e', { pricing: { model: 'quote' } }), health: health(5, 5, 60), usage30d: 99 },
    ];
    expect(order(cs)).toEqual(['b:price', 'a:usage', 'd:price', 'e:latency', 'c:null']);
  });

  it('breaks a full tie by age, then id, and explains each result', () => {
    const [first, second] = rank(
      [
        { listing: listing('young', { published_at: '2026-11-20T00:00:00.000Z' }), health: null, usage30d: 0 },
        { listing: listing('old'), health: null, usage30d: 0 },
      ],
      NOW,
    );
    expect(first.rank_factors.explanation).toBe(
      'unverified; no probe in the last 24 h; 0.01 USD per call; returned by lookups on 0 client-days in 30 ' +
        'days; ranked above the next result by published at',
    );
    expect([first.id, second.id, second.rank_factors.ahead_of_next_by]).toEqual(['old', 'young', null]);
  });
});
