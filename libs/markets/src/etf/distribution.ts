// One distribution, normalized from any provider (docs/upstreams.md §2 "How to build the operations").
export interface Distribution {
  exDate: string; // YYYY-MM-DD
  recordDate: string | null;
  payDate: string | null;
  declaredDate: string | null;
  amount: string; // USD per share, decimal string
  kind: DistributionKind; // what the provider says the payment is
  regular: boolean; // false for specials and capital gains, which forward yields leave out
}

// Only what a provider states: Massive tells regular cash from specials and capital gains, Nasdaq says "Cash".
export type DistributionKind =
  'income' | 'special' | 'short_term_capital_gain' | 'long_term_capital_gain' | 'return_of_capital' | 'unspecified';

export type Frequency = 'monthly' | 'quarterly' | 'semiannual' | 'annual' | 'irregular';

export const PER_YEAR: Record<Exclude<Frequency, 'irregular'>, number> = {
  monthly: 12,
  quarterly: 4,
  semiannual: 2,
  annual: 1,
};

// What an ETF distribution provider answers (Nasdaq keyless, Massive/Polygon keyed).
export interface EtfSource {
  readonly name: 'nasdaq' | 'polygon';
  readonly enabled: boolean;
  distributions(ticker: string, deadline: number): Promise<Distribution[]>;
  price(ticker: string, deadline: number): Promise<string>;
}

const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysBetween = (later: string, earlier: string) => (Date.parse(later) - Date.parse(earlier)) / DAY_MS;

// Payment frequency from the median gap between regular ex-dates of the last 24 months:
// about 30 days is monthly, 91 quarterly, 182 semiannual, 365 annual.
export function inferFrequency(regularDesc: readonly Pick<Distribution, 'exDate'>[], today: string): Frequency {
  const cutoff = isoDay(Date.parse(today) - 730 * DAY_MS);
  const recent = regularDesc.filter((d) => d.exDate > cutoff);
  if (recent.length < 2) return 'irregular';
  const gaps = recent
    .slice(1)
    .map((d, i) => daysBetween(recent[i].exDate, d.exDate))
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  if (median <= 45) return 'monthly';
  if (median <= 120) return 'quarterly';
  if (median <= 240) return 'semiannual';
  if (median <= 400) return 'annual';
  return 'irregular';
}
