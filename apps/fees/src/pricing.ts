import { FREE, perCall } from '@toll/contracts';

// Every fee-oracle price on one screen (spec §4.4).
export const PRICES = {
  getFees: FREE,
  estimate: perCall('0.005'),
  optimize: perCall('0.005'),
  getHealth: FREE,
} as const;
