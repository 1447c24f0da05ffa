import { FREE, perCall } from '@toll/contracts';

// Every ETF price on one screen (spec §4.9).
export const PRICES = {
  getDistributions: perCall('0.01'),
  getScreener: FREE,
  getHealth: FREE,
} as const;
