import { FREE, perCall } from '@toll/contracts';

// Every Tron price on one screen (spec §4.5).
export const PRICES = {
  estimate: perCall('0.005'),
  getPrices: FREE,
  getHealth: FREE,
} as const;
