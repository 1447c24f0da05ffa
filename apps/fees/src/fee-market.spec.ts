import { nearestRank, presentMarket, summarize } from './fee-market';

describe('fee market percentiles', () => {
  it('uses nearest rank: the smallest sample with at least p% of samples at or below it', () => {
    const sorted = [10n, 20n, 30n, 40n];
    expect([25, 50, 75, 90, 99, 100].map((p) => nearestRank(sorted, p))).toEqual([10n, 20n, 30n, 40n, 40n, 40n]);
    expect([25, 50, 99].map((p) => nearestRank([7n], p))).toEqual([7n, 7n, 7n]);
  });

  it('summarizes slots, counting zero-fee slots as samples', () => {
    const fees = [0n, 0n, 1001n, 5003n, 2503n, 8009n, 3001n, 50021n, 4007n, 7013n, 6007n, 100003n];
    const market = summarize(
      [],
      fees.map((fee, i) => ({ slot: 100 + i, fee })),
    );
    expect(presentMarket(market)).toEqual({
      accounts: [],
      unit: 'micro-lamports per compute unit',
      // sorted: 0 0 1001 2503 3001 4007 5003 6007 7013 8009 50021 100003; ranks ceil(p × 12 / 100) = 3, 6, 9, 11, 12
      percentiles: { p25: '1001', p50: '4007', p75: '7013', p90: '50021', p99: '100003' },
      min: '0',
      max: '100003',
      samples: 12,
      nonzero_samples: 10,
      slots: { first: 100, last: 111 },
    });
  });
});
