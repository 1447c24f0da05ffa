import { sumDecimals, multiplyDecimal, percentOf } from '../decimal';
import { inferFrequency, isoDay, PER_YEAR, type Distribution, type Frequency } from './distribution';

const DAY_MS = 86_400_000;

export interface PayoutSummary {
  frequency: Frequency;
  perYear: number | null;
  ttm: { total: string; count: number; from: string; to: string };
  annualized: string | null; // latest regular distribution × payments per year
  latestRegular: Distribution | null;
  latest: Distribution | null; // the latest paid distribution of any kind
}

// What a history says about the payer: frequency from the spacing of regular ex-dates (last 24 months),
// trailing-12-month cash (ex-dates in the last 365 days, declared future ex-dates left out) and the
// forward annualized amount. Specials and capital gains count in the trailing total, not the forward one.
export function summarizePayouts(history: readonly Distribution[], now: number): PayoutSummary {
  const today = isoDay(now);
  const from = isoDay(now - 364 * DAY_MS);
  const past = history.filter((d) => d.exDate <= today).sort((a, b) => b.exDate.localeCompare(a.exDate));
  const regular = past.filter((d) => d.regular);
  const trailing = past.filter((d) => d.exDate >= from);
  const frequency = inferFrequency(regular, today);
  const perYear = frequency === 'irregular' ? null : PER_YEAR[frequency];
  const latestRegular = regular[0] ?? null;
  return {
    frequency,
    perYear,
    ttm: { total: sumDecimals(trailing.map((d) => d.amount)), count: trailing.length, from, to: today },
    annualized: perYear && latestRegular ? multiplyDecimal(latestRegular.amount, perYear) : null,
    latestRegular,
    latest: past[0] ?? null,
  };
}

// Both yields on one price, in percent with 2 decimals; null where the amount is unknown.
export const payoutYields = (summary: PayoutSummary, price: string) => ({
  forward_yield_pct: summary.annualized ? percentOf(summary.annualized, price, 2) : null,
  ttm_yield_pct: percentOf(summary.ttm.total, price, 2),
});
