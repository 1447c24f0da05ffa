import { FREE, perCall } from '@toll/contracts';

// Every funding price on one screen (spec §4.11).
export const PRICES = {
  getFunding: perCall('0.005'),
  getLiquidations: perCall('0.005'),
  getTopFunded: FREE,
  getHealth: FREE,
} as const;
