import {
  inferFrequency,
  isoDay,
  multiplyDecimal,
  PER_YEAR,
  percentOf,
  sumDecimals,
  type Distribution,
} from '@toll/markets';
import type { YieldItem } from './data.schemas';

const DAY_MS = 86_400_000;

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
    forward_yield_pct:
      perYear && regular[0] ? percentOf(multiplyDecimal(regular[0].amount, perYear), input.price, 2) : null,
    distributions_as_of: input.distributionsAsOf,
    source: input.distributionsSource,
  };
}
