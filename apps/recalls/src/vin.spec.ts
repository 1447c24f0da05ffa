import { VIN_PATTERN, vinCheckDigit, vinCheckDigitValid } from './vin';

describe('VIN', () => {
  it.each(['1HGCM82633A004352', '1M8GDM9AXKP042788', '11111111111111111'])('accepts %s', (vin) => {
    expect(VIN_PATTERN.test(vin)).toBe(true);
    expect(vinCheckDigitValid(vin)).toBe(true);
  });

  it('computes the check digit, X for 10', () => {
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('refuses a wrong check digit and the letters I, O, Q', () => {
    expect(vinCheckDigitValid('1HGCM82643A004352')).toBe(false);
    for (const bad of ['1HGCM82633A00435', '1HGCM82633A0043521', '1HGCM82633I004352', '1hgcm82633a004352'])
      expect(VIN_PATTERN.test(bad)).toBe(false);
  });
});
