import { bandOf, sunToTrx, sunToUsd, usdtToAtomic } from './energy';

describe('energy and money', () => {
  it('picks the band from whether the recipient holds USDT', () => {
    expect([bandOf(true).energy, bandOf(false).energy]).toEqual([64_285, 130_285]);
  });

  it('converts sun to TRX and USD exactly', () => {
    expect(sunToTrx(6_428_500n)).toBe('6.4285');
    expect(sunToUsd(6_428_500n, '0.2893')).toBe('1.86'); // 1.85976…
    expect(sunToUsd(13_378_500n, '0.2893')).toBe('3.87'); // 3.87040…
    expect(usdtToAtomic(12.5)).toBe(12_500_000n);
  });
});
