import { FREE, perCall } from '@toll/contracts';

// Every bridge price on one screen (spec §4.7).
export const PRICES = {
  score: perCall('0.01'),
  getBridges: FREE,
  getIncidents: FREE,
  getHealth: FREE,
} as const;
