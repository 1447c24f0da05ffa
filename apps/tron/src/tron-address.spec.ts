import { addressWord, decodeTronAddress, uintWord } from './tron-address';

describe('TRON addresses', () => {
  it('accepts a checksummed address and exposes its account id', () => {
    expect(decodeTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')?.toString('hex')).toBe(
      '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
    expect(addressWord('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '000000000000000000000000a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
  });

  it('refuses a bad checksum, a wrong prefix or a wrong length', () => {
    expect(decodeTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
    expect(decodeTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBeNull();
    expect(decodeTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj')).toBeNull();
  });

  it('encodes amounts as ABI words', () => {
    expect(uintWord(1_000_000n)).toBe('00000000000000000000000000000000000000000000000000000000000f4240');
  });
});
