import { FREE, perCall } from '@toll/contracts';

// Every news price on one screen (spec §4.14).
export const PRICES = {
  search: perCall('0.005'),
  getTrending: perCall('0.005'),
  getTimeline: perCall('0.005'),
  getHealth: FREE,
} as const;
