import { assemble, priceStep, timeBucketHours, trimDecimal } from './heatmap';

describe('liquidation heatmap', () => {
  it('picks round price buckets', () => {
    expect(priceStep('84000', '88000')).toBe('200');
    expect(priceStep('3010.5', '3110.5')).toBe('5');
    expect(priceStep('141.2', '146.2')).toBe('0.25');
    expect(priceStep('100', '100')).toBe('0.05');
  });

  it('uses whole-hour time buckets, at most 24 per window', () => {
    expect([1, 24, 25, 48, 72].map(timeBucketHours)).toEqual([1, 1, 2, 2, 3]);
  });

  it('folds long and short of one price bucket into one cell', () => {
    const from = Date.parse('2026-11-24T00:00:00Z');
    const cells = [
      { bucket: 0, priceFrom: '86400.000', priceTo: '86600.000', posSide: 'long' as const, usd: '1000.50', events: 2 },
      { bucket: 0, priceFrom: '86400.000', priceTo: '86600.000', posSide: 'short' as const, usd: '20.00', events: 1 },
      { bucket: 1, priceFrom: '86600.000', priceTo: '86800.000', posSide: 'short' as const, usd: '5.25', events: 1 },
    ];
    expect(assemble(cells, from, 2, 1)).toEqual([
      {
        from: '2026-11-24T00:00:00.000Z',
        to: '2026-11-24T01:00:00.000Z',
        cells: [{ price_from: '86400', price_to: '86600', long_usd: '1000.5', short_usd: '20', events: 3 }],
      },
      {
        from: '2026-11-24T01:00:00.000Z',
        to: '2026-11-24T02:00:00.000Z',
        cells: [{ price_from: '86600', price_to: '86800', long_usd: '0', short_usd: '5.25', events: 1 }],
      },
    ]);
    expect(trimDecimal('12.3400')).toBe('12.34');
  });
});
