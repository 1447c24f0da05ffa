import { FREE, perCall } from '@toll/contracts';

// Every Stock Screener price on one screen. The spec shows none for this group: a screen (up to 100 rows with
// every figure) costs what an ETF history does; one stock's row the spec's lowest price. The preview (count
// and first 3 tickers) is free, as the spec's ETF screener is, so an agent can tune a screen before paying.
export const PRICES = {
  screen: perCall('0.01'),
  getStock: perCall('0.005'),
  preview: FREE,
  getHealth: FREE,
} as const;
