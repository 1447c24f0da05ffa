import { compareRates, normalise, subtractRates } from './rates';

describe('funding rate normalisation', () => {
  it('puts 1 h, 4 h and 8 h venues on one hourly and annualized basis', () => {
    expect(normalise('0.0001', 8)).toEqual({
      rate: '0.0001',
      interval_hours: 8,
      hourly: '0.0000125',
      annualized: '0.1095',
    });
    expect(normalise('0.00005000', 4)).toEqual({
      rate: '0.00005',
      interval_hours: 4,
      hourly: '0.0000125',
      annualized: '0.1095',
    });
    expect(normalise('0.0000125', 1)).toEqual({
      rate: '0.0000125',
      interval_hours: 1,
      hourly: '0.0000125',
      annualized: '0.1095',
    });
  });

  it('keeps signs and rounds half away from zero at 12 decimals', () => {
    expect(normalise('-0.0000182221218054', 8)).toEqual({
      rate: '-0.000018222122',
      interval_hours: 8,
      hourly: '-0.000002277765',
      annualized: '-0.019953223377',
    });
    expect(normalise('0', 4)).toEqual({ rate: '0', interval_hours: 4, hourly: '0', annualized: '0' });
  });

  it('compares and subtracts exactly', () => {
    expect(compareRates('0.1095', '0.219')).toBe(-1);
    expect(subtractRates('0.219', '-0.0438')).toBe('0.2628');
  });

  it('refuses what is not a decimal rate or a sane interval', () => {
    expect(() => normalise('1e-4', 8)).toThrow('not a decimal rate: 1e-4');
    expect(() => normalise('0.0001', 0)).toThrow('funding interval out of range: 0');
  });
});
