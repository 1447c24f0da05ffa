import { fromAtomic, toAtomic, usdToLamports, usdToUsdcAtomic } from './amounts';

describe('amounts', () => {
  it('converts USD decimal strings to USDC atomic units exactly', () => {
    expect(usdToUsdcAtomic('0.005')).toBe(5000n);
    expect(usdToUsdcAtomic('0.50')).toBe(500000n);
    expect(usdToUsdcAtomic('12')).toBe(12000000n);
    expect(usdToUsdcAtomic('0.000001')).toBe(1n);
  });

  it('refuses amounts that would need rounding or are not decimals', () => {
    expect(() => usdToUsdcAtomic('0.0000001')).toThrow(RangeError);
    expect(() => toAtomic('1e-3', 6)).toThrow(RangeError);
    expect(() => toAtomic('-1', 6)).toThrow(RangeError);
    expect(toAtomic('1.2300000', 6)).toBe(1230000n);
  });

  it('formats atomic units back without trailing zeros', () => {
    expect(fromAtomic(5000n, 6)).toBe('0.005');
    expect(fromAtomic(12000000n, 6)).toBe('12');
    expect(fromAtomic(33334n, 9)).toBe('0.000033334');
  });

  it('quotes lamports rounded up so we are never paid less than the price', () => {
    expect(usdToLamports('0.005', '150')).toBe(33334n); // 33,333.33… lamports
    expect(usdToLamports('0.01', '200')).toBe(50000n); // exact
    expect(usdToLamports('0.50', '123.456789')).toBe(4050001n); // 4,050,000.03… rounds up
  });
});
