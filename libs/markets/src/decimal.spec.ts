import {
  compareDecimals,
  decimalFromNumber,
  decimalFromScaled,
  decimalFromText,
  multiplyDecimal,
  percentOf,
  roundDecimal,
  shiftDecimal,
  sumDecimals,
} from './decimal';

describe('decimal strings', () => {
  it('writes JSON numbers as the literal the provider sent, without exponents', () => {
    expect([97012.34, 1, 0.999871, 1e-7, -1.5e-9, 1e21, 142.37, -0].map(decimalFromNumber)).toEqual([
      '97012.34',
      '1',
      '0.999871',
      '0.0000001',
      '-0.0000000015',
      '1000000000000000000000',
      '142.37',
      '0',
    ]);
    expect(() => decimalFromNumber(Number.NaN)).toThrow(RangeError);
  });

  it('reads provider text and scaled integers exactly', () => {
    expect(decimalFromText(' $1,234.5000 ')).toBe('1234.5');
    expect(() => decimalFromText('N/A')).toThrow(RangeError);
    expect(decimalFromScaled('9701012345678', -8)).toBe('97010.12345678');
    expect(decimalFromScaled('12', 3)).toBe('12000');
    expect(decimalFromScaled('5', -10)).toBe('0.0000000005');
  });

  it('shifts, rounds half away from zero, sums and multiplies without floats', () => {
    expect(shiftDecimal('0.0557', 2)).toBe('5.57');
    expect(shiftDecimal('12.5', -3)).toBe('0.0125');
    expect([
      roundDecimal('0.98765', 4),
      roundDecimal('-1.23455', 4),
      roundDecimal('0.00004', 4),
      roundDecimal('2.5', 0),
    ]).toEqual(['0.9877', '-1.2346', '0', '3']);
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals([])).toBe('0');
    expect(multiplyDecimal('1.7935', 4)).toBe('7.174');
  });

  it('computes percentages from the exact ratio', () => {
    expect(percentOf('7.2165', '590.12', 2)).toBe('1.22');
    expect(percentOf('1', '8', 2)).toBe('12.5');
    expect(percentOf('1', '3', 4)).toBe('33.3333');
    expect(percentOf('0.0125', '1', 1)).toBe('1.3');
    expect(() => percentOf('1', '0', 2)).toThrow(RangeError);
  });

  it('compares decimal strings exactly, whatever their scale', () => {
    expect([
      compareDecimals('1.10', '1.1'),
      compareDecimals('0.30000000000000001', '0.3'),
      compareDecimals('-2', '1.5'),
      compareDecimals('12', '9.99'),
    ]).toEqual([0, 1, -1, 1]);
  });
});
