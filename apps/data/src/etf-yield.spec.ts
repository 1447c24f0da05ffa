import { inferFrequency, type Distribution } from '@toll/markets';
import { etfYield } from './etf-yield';

const d = (exDate: string, amount: string, regular = true): Distribution => ({
  exDate,
  recordDate: null,
  payDate: null,
  declaredDate: null,
  amount,
  kind: regular ? 'income' : 'special',
  regular,
});
const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('ETF yields', () => {
  it('infers the payment frequency from the median gap between regular ex-dates', () => {
    const monthly = Array.from({ length: 13 }, (_, i) =>
      d(new Date(Date.UTC(2026, 10 - i, 2)).toISOString().slice(0, 10), '0.4'),
    );
    expect(inferFrequency(monthly, '2026-11-22')).toBe('monthly');
    expect(inferFrequency([d('2026-09-19', '1'), d('2026-06-20', '1'), d('2026-03-20', '1')], '2026-11-22')).toBe(
      'quarterly',
    );
    expect(inferFrequency([d('2026-06-20', '1'), d('2025-12-19', '1')], '2026-11-22')).toBe('semiannual');
    expect(inferFrequency([d('2026-06-20', '1'), d('2025-06-20', '1')], '2026-11-22')).toBe('annual');
    expect(inferFrequency([d('2026-06-20', '1')], '2026-11-22')).toBe('irregular');
    expect(inferFrequency([d('2026-06-20', '1'), d('2023-06-20', '1')], '2026-11-22')).toBe('irregular');
  });

  it('gives trailing and forward yields; specials count in TTM only, future ex-dates in neither', () => {
    const item = etfYield({
      ticker: 'SPY',
      distributions: [
        d('2026-12-19', '1.81'),
        d('2026-09-19', '1.7935'),
        d('2026-06-20', '1.7609'),
        d('2026-03-20', '1.6963'),
        d('2025-12-19', '1.9658'),
        d('2025-12-19', '0.25', false),
        d('2025-09-19', '1.7385'),
      ],
      distributionsSource: 'polygon',
      distributionsAsOf: '2026-11-22T12:00:00.000Z',
      price: '589.87',
      priceSource: 'polygon',
      now: NOW,
    });
    expect(item).toEqual({
      ticker: 'SPY',
      price: '589.87',
      price_source: 'polygon',
      frequency: 'quarterly',
      distributions_per_year: 4,
      last_distribution: { ex_date: '2026-09-19', pay_date: null, amount: '1.7935' },
      ttm_distributions: '7.4665',
      ttm_yield_pct: '1.27',
      forward_yield_pct: '1.22',
      distributions_as_of: '2026-11-22T12:00:00.000Z',
      source: 'polygon',
    });
  });

  it('answers zero yields and no forward figure for a fund without distributions', () => {
    const item = etfYield({
      ticker: 'ARKK',
      distributions: [],
      distributionsSource: 'nasdaq',
      distributionsAsOf: 'x',
      price: '50',
      priceSource: 'nasdaq',
      now: NOW,
    });
    expect(item).toMatchObject({
      frequency: 'irregular',
      distributions_per_year: null,
      last_distribution: null,
      ttm_distributions: '0',
      ttm_yield_pct: '0',
      forward_yield_pct: null,
    });
  });
});
