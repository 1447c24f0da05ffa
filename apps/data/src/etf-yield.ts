import { multiplyDecimal, percentOf, sumDecimals } from './decimal';
import type { Frequency, YieldItem } from './data.schemas';

// One distribution, normalized from any provider (docs/upstreams.md §2 "How to build the operations").
export interface Distribution {
  exDate: string; // YYYY-MM-DD
  payDate: string | null;
  amount: string; // USD per share, decimal string
  regular: boolean; // false for specials and capital gains, which the forward yield leaves out
}

// What the yields section needs from an ETF provider (Nasdaq primary, Massive/Polygon fallback).
export interface EtfSource {
  readonly name: 'nasdaq' | 'polygon';
  distributions(ticker: string, deadline: number): Promise<Distribution[]>;
  price(ticker: string, deadline: number): Promise<string>;
}

const DAY_MS = 86_400_000;
const PER_YEAR: Record<Exclude<Frequency, 'irregular'>, number> = { monthly: 12, quarterly: 4, semiannual: 2, annual: 1 };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysBetween = (later: string, earlier: string) => (Date.parse(later) - Date.parse(earlier)) / DAY_MS;

// Payment frequency from the median gap between regular ex-dates of the last 24 months:
// about 30 days is monthly, 91 quarterly, 182 semiannual, 365 annual.
export function inferFrequency(regularDesc: readonly Distribution[], today: string): Frequency {
  const cutoff = isoDay(Date.parse(today) - 730 * DAY_MS);
  const recent = regularDesc.filter((d) => d.exDate > cutoff);
  if (recent.length < 2) return 'irregular';
  const gaps = recent.slice(1).map((d, i) => daysBetween(recent[i].exDate, d.exDate)).sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  if (median <= 45) return 'monthly';
  if (median <= 120) return 'quarterly';
  if (median <= 240) return 'semiannual';
  if (median <= 400) return 'annual';
  return 'irregular';
}

export interface EtfInputs {
  ticker: string;
  distributions: readonly Distribution[];
  distributionsSource: YieldItem['source'];
  distributionsAsOf: string;
  price: string;
  priceSource: YieldItem['price_source'];
  now: number;
}

// Both common annualized yields, side by side: trailing-12-month (cash with an ex-date in the last 365 days
// ÷ price) and forward (latest regular distribution × payments per year ÷ price). Declared distributions
// whose ex-date is still ahead are left out of both.
export function etfYield(input: EtfInputs): YieldItem {
  const today = isoDay(input.now);
  const yearAgo = isoDay(input.now - 365 * DAY_MS);
  const past = input.distributions.filter((d) => d.exDate <= today).sort((a, b) => b.exDate.localeCompare(a.exDate));
  const regular = past.filter((d) => d.regular);
  const ttm = sumDecimals(past.filter((d) => d.exDate > yearAgo).map((d) => d.amount));
  const frequency = inferFrequency(regular, today);
  const perYear = frequency === 'irregular' ? null : PER_YEAR[frequency];
  const last = past[0];
  return {
    ticker: input.ticker,
    price: input.price,
    price_source: input.priceSource,
    frequency,
    distributions_per_year: perYear,
    last_distribution: last ? { ex_date: last.exDate, pay_date: last.payDate, amount: last.amount } : null,
    ttm_distributions: ttm,
    ttm_yield_pct: percentOf(ttm, input.price, 2),
    forward_yield_pct: perYear && regular[0] ? percentOf(multiplyDecimal(regular[0].amount, perYear), input.price, 2) : null,
    distributions_as_of: input.distributionsAsOf,
    source: input.distributionsSource,
  };
}
