import { FREE, perCall } from '@toll/contracts';

// Every short interest price on one screen (spec §4.9).
export const PRICES = {
  getShort: perCall('0.01'),
  getMostShorted: FREE,
  getHealth: FREE,
} as const;
