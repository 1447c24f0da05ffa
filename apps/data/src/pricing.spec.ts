import { DataConfig } from './config';
import { bundlePrice } from './pricing';

describe('bundle price', () => {
  it('charges 0.05 per call unless configured; "0" or "free" makes it free', () => {
    expect(bundlePrice(undefined)).toEqual({ per: 'call', usd: '0.05' });
    expect(bundlePrice(' 0.10 ')).toEqual({ per: 'call', usd: '0.10' });
    expect([bundlePrice('0'), bundlePrice('0.00'), bundlePrice('FREE')]).toEqual([null, null, null]);
  });

  it('refuses a bad value at start through the config schema', () => {
    expect(DataConfig.safeParse({ DATA_BUNDLE_PRICE_USD: 'cheap' }).success).toBe(false);
    expect(DataConfig.safeParse({ DATA_BUNDLE_PRICE_USD: '0.0000001' }).success).toBe(false);
    expect(DataConfig.parse({ DATA_BUNDLE_PRICE_USD: 'Free' }).DATA_BUNDLE_PRICE_USD).toBe('free');
  });
});
