// Percentiles of getRecentPrioritizationFees samples (one per recent slot, at most 150): the lowest
// compute-unit price that landed in each slot, raised to the per-account minimum when accounts are given.
export const PERCENTILES = [25, 50, 75, 90, 99] as const;
export type Percentile = (typeof PERCENTILES)[number];

// Priority levels as percentiles, the same cut points as Helius's Low/Medium/High (docs/peers.md §3.1).
export const LEVELS = { low: 25, medium: 50, high: 75 } as const satisfies Record<string, Percentile>;
export type Priority = keyof typeof LEVELS;

export const METHOD =
  'Nearest-rank percentiles (the smallest sample with at least p% of samples at or below it) over every slot ' +
  'getRecentPrioritizationFees ' +
  'returns; each sample is the lowest price that landed in that slot (for given accounts: the highest ' +
  'per-account minimum), and slots ' +
  'with no paying transaction count as 0, as the RPC reports them.';

export interface Sample {
  slot: number;
  fee: bigint;
}

export interface FeeMarket {
  accounts: string[];
  samples: number;
  nonzeroSamples: number;
  firstSlot: number;
  lastSlot: number;
  min: bigint;
  max: bigint;
  percentiles: Record<Percentile, bigint>;
}

// rank = ceil(p·n / 100), in integers; samples must be non-empty.
export function nearestRank(sorted: bigint[], p: number): bigint {
  const rank = Math.floor((p * sorted.length + 99) / 100);
  return sorted[Math.max(rank, 1) - 1];
}

export function summarize(accounts: string[], samples: Sample[]): FeeMarket {
  const sorted = samples.map((s) => s.fee).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const slots = samples.map((s) => s.slot);
  return {
    accounts,
    samples: samples.length,
    nonzeroSamples: sorted.filter((f) => f > 0n).length,
    firstSlot: Math.min(...slots),
    lastSlot: Math.max(...slots),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    percentiles: Object.fromEntries(PERCENTILES.map((p) => [p, nearestRank(sorted, p)])) as Record<Percentile, bigint>,
  };
}

export function presentMarket(m: FeeMarket) {
  return {
    accounts: m.accounts,
    unit: 'micro-lamports per compute unit' as const,
    percentiles: Object.fromEntries(PERCENTILES.map((p) => [`p${p}`, m.percentiles[p].toString()])) as Record<
      `p${Percentile}`,
      string
    >,
    min: m.min.toString(),
    max: m.max.toString(),
    samples: m.samples,
    nonzero_samples: m.nonzeroSamples,
    slots: { first: m.firstSlot, last: m.lastSlot },
  };
}
