import { celsiusToFahrenheit, hpaToInHg, kmhToMph, mmToInches, msToKmh, round } from './readings';

describe('unit conversions', () => {
  it('uses the exact defining factors', () => {
    expect([celsiusToFahrenheit(100), celsiusToFahrenheit(-40), celsiusToFahrenheit(0)]).toEqual([212, -40, 32]);
    expect(kmhToMph(1.609344)).toBe(1);
    expect(mmToInches(25.4)).toBe(1);
    expect(msToKmh(10)).toBe(36);
    expect(round(hpaToInHg(1013.25), 2)).toBe(29.92); // standard atmosphere
  });

  it('rounds once, on the way out, and never answers -0', () => {
    expect(round(0.30000000000000004)).toBe(0.3);
    expect(Object.is(round(-0.04), 0)).toBe(true);
    expect(round(0.0078740157, 2)).toBe(0.01);
    expect(round(null)).toBeNull();
  });
});
