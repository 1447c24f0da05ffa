import { payoutYields, summarizePayouts, type Distribution } from '@toll/markets';
import type { YieldItem } from './data.schemas';

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
// whose ex-date is still ahead are left out of both (summarizePayouts, as the etf group reads them).
export function etfYield(input: EtfInputs): YieldItem {
  const summary = summarizePayouts(input.distributions, input.now);
  const last = summary.latest;
  const { forward_yield_pct, ttm_yield_pct } = payoutYields(summary, input.price);
  return {
    ticker: input.ticker,
    price: input.price,
    price_source: input.priceSource,
    frequency: summary.frequency,
    distributions_per_year: summary.perYear,
    last_distribution: last ? { ex_date: last.exDate, pay_date: last.payDate, amount: last.amount } : null,
    ttm_distributions: summary.ttm.total,
    ttm_yield_pct,
    forward_yield_pct,
    distributions_as_of: input.distributionsAsOf,
    source: input.distributionsSource,
  };
}
